package api

import (
	"errors"
	"net/http"
	"strconv"
	"strings"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/apikey"
	"github.com/sudokuhq/sudoku/service"
)

// ProblemTypeBase prefixes every problem type: the anchors are the error
// table of docs/service.md, so a type URI leads to its explanation.
const ProblemTypeBase = "https://github.com/sudokuhq/sudoku/blob/main/docs/service.md#"

// Problem is an RFC 9457 problem details body, served as
// application/problem+json. Beside the standard members it carries a few
// extensions that say where the input is wrong.
type Problem struct {
	Type     string `json:"type"`
	Title    string `json:"title"`
	Status   int    `json:"status"`
	Detail   string `json:"detail,omitempty"`
	Instance string `json:"instance,omitempty"`

	// Code is a stable machine-readable name, the fragment of Type.
	Code string `json:"code"`
	// RequestID is the request's X-Request-ID, to find its log line.
	RequestID string `json:"request_id,omitempty"`
	// Parameter names the query parameter or body member at fault.
	Parameter string `json:"parameter,omitempty"`
	// Position of a bad character in the puzzle text (bad-char).
	Offset *int   `json:"offset,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	Char   string `json:"char,omitempty"`
	// Found is the number of cells, rows or values found (cell-count,
	// row-count, row-length).
	Found *int `json:"found,omitempty"`
	// Cells names the cells at fault ("r1c1"): the bad value, or the two
	// conflicting givens.
	Cells []string `json:"cells,omitempty"`
	// Digit and Unit describe a conflict: the digit given twice and the
	// row, column or box holding it ("row 1", "box 5").
	Digit int    `json:"digit,omitempty"`
	Unit  string `json:"unit,omitempty"`
	// Allowed lists the accepted values of Parameter, when they are few.
	Allowed []string `json:"allowed,omitempty"`
	// Solutions is 0 on a no-solution problem, so that a /solve client
	// reads the count from either answer.
	Solutions *int `json:"solutions,omitempty"`
	// RetryAfter is the advised wait in seconds (429, 503), also sent as
	// the Retry-After header.
	RetryAfter int `json:"retry_after,omitempty"`

	// wwwAuthenticate is the challenge of a 401 or 403, sent as the
	// WWW-Authenticate header.
	wwwAuthenticate string
	// acceptEncoding, when set, is sent as the Accept-Encoding header (a
	// 415 for a content coding).
	acceptEncoding string
}

// paramError is a bad query parameter or body member: 400.
type paramError struct {
	name    string
	reason  string
	allowed []string
}

func (e *paramError) Error() string { return "invalid parameter " + e.name + ": " + e.reason }

// Kind returns engine.KindInvalid.
func (e *paramError) Kind() engine.Kind { return engine.KindInvalid }

// Parameter names the parameter.
func (e *paramError) Parameter() string { return e.name }

// Allowed lists its accepted values, when they are few.
func (e *paramError) Allowed() []string { return e.allowed }

// fieldError is an error about one member of the request body other than
// the puzzle (the player's grid of /hint): its problem names the member.
type fieldError struct {
	field string
	err   error
}

func (e *fieldError) Error() string { return e.field + ": " + e.err.Error() }
func (e *fieldError) Unwrap() error { return e.err }

// Parameter names the member.
func (e *fieldError) Parameter() string { return e.field }

// decodeError is a request body that could not be read as the expected
// JSON: 400, 415 for the wrong content type, or 408 when the body did not
// arrive within the server's read timeout.
type decodeError struct {
	status int
	reason string
	err    error
	// acceptIdentity marks a 415 for a content coding: the answer says
	// Accept-Encoding: identity (RFC 7694).
	acceptIdentity bool
}

func (e *decodeError) Error() string {
	if e.err != nil {
		return e.reason + ": " + e.err.Error()
	}
	return e.reason
}

func (e *decodeError) Unwrap() error { return e.err }

// statusClientClosed is logged when the client went away before the
// answer (nginx's convention); the client never sees it.
const statusClientClosed = 499

// kindProblem is what every error of one engine.Kind answers.
type kindProblem struct {
	status int
	code   string // the problem type's fragment, unless the error has its own
	title  string
	detail string // replaces the error's text when set
	hint   string // appended to the error's text
	param  string // the parameter at fault, unless the error names one
	retry  int    // Retry-After seconds
}

// kindProblems maps each kind of domain error to its problem: the one table
// where errors become statuses. A kind missing here is a 500.
var kindProblems = map[engine.Kind]kindProblem{
	engine.KindInvalid:        {status: http.StatusBadRequest, code: "bad-parameter", title: "Invalid parameter"},
	engine.KindMalformed:      {status: http.StatusUnprocessableEntity, code: "invalid-puzzle", title: "Invalid puzzle"}, // a *engine.ParseError gives its own code
	engine.KindConflict:       {status: http.StatusUnprocessableEntity, code: "conflict", title: "Conflicting givens"},
	engine.KindUnsolvable:     {status: http.StatusUnprocessableEntity, code: "no-solution", title: "Puzzle has no solution"},
	engine.KindAmbiguous:      {status: http.StatusUnprocessableEntity, code: "multiple-solutions", title: "Puzzle has more than one solution", hint: "; this operation needs a puzzle with exactly one"},
	engine.KindBudgetExceeded: {status: http.StatusUnprocessableEntity, code: "budget-exceeded", title: "Search budget exceeded", hint: "; try the default algorithm", param: "algorithm"},
	engine.KindInfeasible:     {status: http.StatusUnprocessableEntity, code: "generation-failed", title: "No puzzle meets the options", hint: "; try another symmetry or level"},
	engine.KindOverloaded:     {status: http.StatusServiceUnavailable, code: "overloaded", title: "Service overloaded", retry: 1},
	engine.KindNotReady:       {status: http.StatusServiceUnavailable, code: "not-ready", title: "Service not ready", retry: 1},
	engine.KindTimeout:        {status: http.StatusGatewayTimeout, code: "deadline", title: "Deadline exceeded", detail: "the answer was not ready within the request deadline"},
	engine.KindCanceled:       {status: statusClientClosed, code: "canceled", title: "Request canceled", detail: "the request ended before the answer was ready"},
	service.KindUnavailable:   {status: http.StatusServiceUnavailable, code: "store-unavailable", title: "Daily store unavailable", detail: "the store of published puzzles did not answer; retry shortly", retry: storeRetryAfter},
	service.KindImmutable:     {status: http.StatusConflict, code: "daily-published", title: "Puzzle already public"},
	service.KindTooCostly:     {status: http.StatusServiceUnavailable, code: "too-costly", title: "Too costly to find now", retry: tooCostlyRetryAfter},
}

// tooCostlyRetryAfter is the advised wait, in seconds, after a targeted
// /generate (min_score, max_score, technique) found no puzzle within its
// budget: long enough for the workers to be free again.
const tooCostlyRetryAfter = 5

// storeRetryAfter is the advised wait, in seconds, after a store failure:
// long enough for a database fail-over or a restart of its pod.
const storeRetryAfter = 5

// problemFor maps an error to its problem: the request-body errors of this
// package by their own rules, every other error by its kind
// (kindProblems), with the specifics the error offers (the parameter at
// fault and its allowed values, a parse position, conflicting cells).
// Anything without a kind is a 500 whose detail stays in the log.
func problemFor(err error) Problem {
	var (
		maxBytes *http.MaxBytesError
		decode   *decodeError
		accept   *notAcceptableError
	)
	switch {
	case errors.As(err, &maxBytes):
		return Problem{Status: http.StatusRequestEntityTooLarge, Code: "body-too-large", Title: "Request body too large",
			Detail: "the request body is larger than " + strconv.FormatInt(maxBytes.Limit, 10) + " bytes"}
	case errors.As(err, &decode):
		switch decode.status {
		case http.StatusUnsupportedMediaType:
			p := Problem{Status: decode.status, Code: "unsupported-media-type", Title: "Unsupported media type", Detail: decode.reason}
			if decode.acceptIdentity {
				p.acceptEncoding = "identity"
			}
			return p
		case http.StatusRequestTimeout:
			return Problem{Status: decode.status, Code: "request-timeout", Title: "Request timeout", Detail: decode.reason}
		}
		return Problem{Status: http.StatusBadRequest, Code: "malformed-json", Title: "Malformed JSON body", Detail: decode.reason}
	case errors.As(err, &accept):
		return Problem{Status: http.StatusNotAcceptable, Code: "not-acceptable", Title: "Not acceptable", Detail: accept.Error(), Allowed: accept.offers}
	}
	kind := engine.KindOf(err)
	kp, ok := kindProblems[kind]
	if !ok {
		return internalProblem()
	}
	p := Problem{Status: kp.status, Code: kp.code, Title: kp.title, Detail: err.Error() + kp.hint, Parameter: kp.param, RetryAfter: kp.retry}
	if kp.detail != "" {
		p.Detail = kp.detail
	}
	if se := (*service.StoreError)(nil); errors.As(err, &se) {
		p.Detail = se.Cause() + "; retry shortly" // the driver's text stays in the log
	}
	if kind == engine.KindUnsolvable {
		zero := 0
		p.Solutions = &zero // a /solve client reads the count from either answer
	}
	addDetails(&p, err)
	return p
}

// parameterError is an error that names the input at fault: a query
// parameter or body member ("level", "count", "puzzle"...).
type parameterError interface {
	error
	Parameter() string
}

// allowedError is an error that lists the values its input accepts.
type allowedError interface {
	error
	Allowed() []string
}

// addDetails fills in what the errors of err's chain say about where the
// input is wrong. The outermost parameter wins: a body member (fieldError)
// names itself over the puzzle error it wraps.
func addDetails(p *Problem, err error) {
	if e, ok := errors.AsType[parameterError](err); ok {
		p.Parameter = strings.ToLower(e.Parameter())
	}
	if e, ok := errors.AsType[allowedError](err); ok {
		p.Allowed = e.Allowed()
	}
	if e, ok := errors.AsType[*engine.ParseError](err); ok {
		p.Code = e.Code.String()
		switch e.Code {
		case engine.ErrBadChar:
			off := e.Offset
			p.Offset, p.Line, p.Column, p.Char = &off, e.Line, e.Column, string(e.Char)
		case engine.ErrCellCount, engine.ErrRowCount, engine.ErrRowLength:
			found := e.Found
			p.Found = &found
		case engine.ErrValue:
			p.Cells = []string{engine.CellName(9*e.Row + e.Col)}
		}
	}
	if e, ok := errors.AsType[*engine.ConflictError](err); ok {
		p.Digit, p.Unit = e.Digit, engine.UnitName(e.Unit)
		p.Cells = []string{engine.CellName(e.Cells[0]), engine.CellName(e.Cells[1])}
	}
}

func internalProblem() Problem {
	return Problem{Status: http.StatusInternalServerError, Code: "internal", Title: "Internal server error",
		Detail: "the error was logged; quote the request ID when reporting it"}
}

func levelNames() []string {
	names := make([]string, len(rating.Levels()))
	for i, l := range rating.Levels() {
		names[i] = l.String()
	}
	return names
}

// writeError answers the request with the problem for err. Server faults
// (5xx but the expected 503 and 504) are logged with the error; client
// faults are not: the access log line already records them.
func writeError(w http.ResponseWriter, r *http.Request, log *zap.Logger, err error) {
	if _, ok := errors.AsType[*service.EmbargoError](err); ok {
		// The service refused a day not public yet: the request lacks
		// the key or the scope that grants reading ahead.
		ae := requireScope(r, apikey.DailyAhead, "the puzzle of a day that has not begun in UTC+14")
		if ae == nil { // a key with the scope, refused anyway: never expected
			ae = &authError{status: http.StatusForbidden, scope: apikey.DailyAhead, reason: err.Error()}
		}
		writeProblem(w, r, ae.problem())
		return
	}
	p := problemFor(err)
	if p.Status == http.StatusInternalServerError {
		requestLogger(r.Context(), log).Error("request failed", zap.Error(err))
	}
	writeProblem(w, r, p)
}

// writeProblem writes p as application/problem+json, filling in its type,
// instance and request ID.
func writeProblem(w http.ResponseWriter, r *http.Request, p Problem) {
	p.Type = ProblemTypeBase + p.Code
	p.Instance = r.URL.Path
	p.RequestID = RequestID(r.Context())
	if p.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(p.RetryAfter))
	}
	if p.wwwAuthenticate != "" {
		w.Header().Set("WWW-Authenticate", p.wwwAuthenticate)
	}
	if p.acceptEncoding != "" {
		w.Header().Set("Accept-Encoding", p.acceptEncoding)
	}
	encode(w, r, p.Status, "application/problem+json", p)
}
