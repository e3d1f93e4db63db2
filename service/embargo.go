package service

import (
	"context"
	"fmt"
	"time"
)

// The embargo, in one place: a date's puzzle of the day, and its
// solution, are public once that date has begun somewhere on Earth (see
// Embargoed); before that only a caller granted read-ahead
// (WithReadAhead) may read them. Daily refuses an embargoed date with
// *EmbargoError unless the context carries the grant, and Archive lists
// embargoed dates only with it, so a use-case that forgets to ask is
// refused rather than leaking: the grant is opt-in, the embargo the
// default. Schedule and PutDaily, which write, answer no puzzle the caller
// did not send.

// readAheadKey is the context key of the read-ahead grant.
type readAheadKey struct{}

// WithReadAhead returns ctx granting reads of puzzles of the day before
// their day: for a caller the boundary has checked may see ahead (the API
// for a key with scope daily:ahead; the operator's CLI, which holds the
// store itself).
func WithReadAhead(ctx context.Context) context.Context {
	return context.WithValue(ctx, readAheadKey{}, true)
}

// MayReadAhead reports whether ctx carries the read-ahead grant.
func MayReadAhead(ctx context.Context) bool {
	ok, _ := ctx.Value(readAheadKey{}).(bool)
	return ok
}

// EmbargoError refuses the puzzle of a day not public yet to a caller
// without the read-ahead grant. It says nothing about the puzzle, not even
// whether one is stored: it is decided before the store is asked.
type EmbargoError struct {
	// Date is the day asked for.
	Date time.Time
}

// Error names the day and when it becomes public.
func (e *EmbargoError) Error() string {
	return fmt.Sprintf("the puzzle of %s is not public until that day begins in UTC+14 (%s UTC)",
		e.Date.Format(time.DateOnly), e.Date.Add(-14*time.Hour).Format("2006-01-02 15:04"))
}

// Parameter returns "date", the input at fault.
func (e *EmbargoError) Parameter() string { return "date" }

// checkEmbargo returns *EmbargoError when day is not public at now and
// ctx lacks the read-ahead grant.
func (s *Service) checkEmbargo(ctx context.Context, day time.Time) error {
	if Embargoed(day, s.now()) && !MayReadAhead(ctx) {
		return &EmbargoError{Date: day}
	}
	return nil
}
