package engine

import (
	"context"
	"errors"
	"fmt"
)

// Kind classifies an error by what went wrong from the caller's side, so
// that a caller (the HTTP layer, the CLI) can answer every error of a kind
// alike without knowing its type: a 400 for KindInvalid, a 503 for
// KindOverloaded. The errors of this package and of the service carry
// their kind (a Kind method); KindOf finds it. The zero Kind, KindInternal,
// is any error without one: a fault of the program, not of the input.
type Kind uint8

// The kinds, by what the caller can do about them.
const (
	// KindInternal is an unclassified error: a bug or a broken environment.
	KindInternal Kind = iota
	// KindInvalid is a parameter or option outside its domain (an unknown
	// level or algorithm, a count out of range, impossible options).
	KindInvalid
	// KindMalformed is puzzle text or rows that are no grid (*ParseError).
	KindMalformed
	// KindConflict is a well-formed grid whose givens repeat a digit in a
	// unit (*ConflictError).
	KindConflict
	// KindUnsolvable is a puzzle without solution.
	KindUnsolvable
	// KindAmbiguous is a puzzle with several solutions where the operation
	// needs exactly one.
	KindAmbiguous
	// KindBudgetExceeded is a search stopped by its work budget: the answer
	// is unknown, another algorithm may find it.
	KindBudgetExceeded
	// KindInfeasible is generation that found no puzzle meeting its
	// options within its attempts.
	KindInfeasible
	// KindOverloaded is a refusal for want of capacity: retry later.
	KindOverloaded
	// KindNotReady is a part not yet warmed up, or shutting down.
	KindNotReady
	// KindTimeout is a deadline that passed (context.DeadlineExceeded).
	KindTimeout
	// KindCanceled is a caller that went away (context.Canceled).
	KindCanceled
	// KindFirstCaller is the first kind free for the packages above
	// engine: the service numbers the kinds of its own errors (its daily
	// store's) from here, so that engine lists only kinds its own errors
	// and the context's can have. String names them "Kind(n)".
	KindFirstCaller
)

var kindNames = [...]string{
	KindInternal: "internal", KindInvalid: "invalid", KindMalformed: "malformed",
	KindConflict: "conflict", KindUnsolvable: "unsolvable", KindAmbiguous: "ambiguous",
	KindBudgetExceeded: "budget-exceeded", KindInfeasible: "infeasible",
	KindOverloaded: "overloaded", KindNotReady: "not-ready", KindTimeout: "timeout",
	KindCanceled: "canceled",
}

// String returns the kind's lower-case name ("invalid", "not-ready", ...).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// KindOf returns the kind of err: that of the first error in its chain
// (errors.As order) with a Kind() Kind method; else KindTimeout or
// KindCanceled for an error wrapping context.DeadlineExceeded or
// context.Canceled; else KindInternal (nil included).
func KindOf(err error) Kind {
	var k interface{ Kind() Kind }
	switch {
	case errors.As(err, &k):
		return k.Kind()
	case errors.Is(err, context.DeadlineExceeded):
		return KindTimeout
	case errors.Is(err, context.Canceled):
		return KindCanceled
	}
	return KindInternal
}

// NewError returns an error of kind k with the given text, for sentinel
// errors compared with errors.Is: each call returns a distinct error.
func NewError(k Kind, text string) error {
	return &kindError{kind: k, text: text}
}

// kindError is the error of NewError.
type kindError struct {
	kind Kind
	text string
}

func (e *kindError) Error() string { return e.text }

// Kind returns the error's kind.
func (e *kindError) Kind() Kind { return e.kind }
