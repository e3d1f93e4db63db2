package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// Sources of a stored puzzle of the day.
const (
	// SourceGenerated marks a puzzle the generator made from the date,
	// level and salt (on first request or by a schedule).
	SourceGenerated = "generated"
	// SourceCurated marks a puzzle an editor stored with PutDaily.
	SourceCurated = "curated"
)

// DailyRecord is a published puzzle of the day as the store keeps it:
// written once per (Date, Level), then served unchanged by every replica
// whatever generator it runs.
type DailyRecord struct {
	// Date is the calendar day, at 00:00 UTC.
	Date time.Time
	// Level is the level the puzzle is published at.
	Level rating.Level
	// Puzzle and Solution are the givens and the unique solution.
	Puzzle, Solution engine.Grid
	// Score and Hardest are the rater's score and hardest technique when
	// the puzzle was stored; RatedLevel is the level that score falls in,
	// which differs from Level only for a curated puzzle stored with force.
	Score      float64
	Hardest    string
	RatedLevel rating.Level
	// Seed is the generator seed of a generated puzzle, 0 for a curated one.
	Seed uint64
	// Source is SourceGenerated or SourceCurated.
	Source string
	// StoredAt is when the record was written, to the microsecond (what
	// PostgreSQL keeps), so that a record read back equals the one
	// written.
	StoredAt time.Time
}

// EnginePuzzle returns the record as the engine's puzzle type, the form
// the API writes.
func (d DailyRecord) EnginePuzzle() generate.Puzzle {
	return generate.Puzzle{
		Puzzle: d.Puzzle, Solution: d.Solution, Level: d.Level, Score: d.Score,
		Rating: rating.Rating{Level: d.RatedLevel, Score: d.Score, Hardest: d.Hardest},
		Seed:   d.Seed, Fresh: true,
	}
}

// ArchiveQuery selects stored puzzles of the day: dates From to To
// (inclusive), one level or all, at most Limit records after the cursor
// After (the last record of the previous page).
type ArchiveQuery struct {
	From, To time.Time
	// Level selects one level; 0 means all.
	Level rating.Level
	// After, if its Date is not zero, starts the page after that record
	// in (date, level) order.
	After ArchiveCursor
	// Limit is the page size, at least 1.
	Limit int
}

// ArchiveCursor is a position in the archive's (date, level) order.
type ArchiveCursor struct {
	Date  time.Time
	Level rating.Level
}

// DailyStore keeps the published puzzles of the day, shared by every
// replica that opens it. Implementations (package store: memory, SQLite,
// PostgreSQL) must be safe for concurrent use. Errors other than
// ErrNoDaily are failures of the store itself, which the service reports
// as *StoreError.
type DailyStore interface {
	// Get returns the record of (date, level), or ErrNoDaily.
	Get(ctx context.Context, date time.Time, level rating.Level) (DailyRecord, error)
	// Insert stores rec unless a record of its (Date, Level) exists, and
	// returns the record stored afterwards: rec, or the one that was
	// there first (written by another request or replica).
	Insert(ctx context.Context, rec DailyRecord) (DailyRecord, error)
	// Replace stores rec in place of any record of its (Date, Level).
	Replace(ctx context.Context, rec DailyRecord) error
	// List returns the records q selects in (date, level) order.
	List(ctx context.Context, q ArchiveQuery) ([]DailyRecord, error)
	// Ping reports whether the store is reachable.
	Ping(ctx context.Context) error
}

// storedAt is the StoredAt of a record written now.
func (s *Service) storedAt() time.Time { return s.now().UTC().Truncate(time.Microsecond) }

// ErrNoDaily is the store's answer to Get for a (date, level) with no
// record.
var ErrNoDaily = errors.New("no puzzle stored for this date and level")

// Causes of a store failure that the stores (package store) wrap into
// their errors where they can tell, so that a 503 and the log say which,
// without the driver's own text (it may hold addresses or secrets).
var (
	// ErrStoreUnreachable: the database refused or dropped the connection.
	ErrStoreUnreachable = errors.New("cannot be reached")
	// ErrStoreFull: the database is out of disk space; writes fail.
	ErrStoreFull = errors.New("is out of disk space")
	// ErrStoreGone: the SQLite file was deleted or replaced since it was
	// opened; writes would go to an unlinked file and be lost at restart.
	ErrStoreGone = errors.New("lost its database file (deleted or replaced)")
	// ErrStoreNotOpen: the store could not be opened yet (sudokud started
	// with the database down and keeps retrying).
	ErrStoreNotOpen = errors.New("is not open yet")
)

// StoreCause names the cause of err, a store failure, in a few words:
// "timeout", "unreachable", "disk-full", "file-gone", "not-open" or
// "error". It is the label of sudoku_store_errors_total.
func StoreCause(err error) string {
	switch {
	case errors.Is(err, ErrStoreNotOpen):
		// first: a store not open yet is that, whatever failed its open
		// (a migration lock waited on past the open timeout is not a
		// call past the store timeout)
		return "not-open"
	case errors.Is(err, context.DeadlineExceeded):
		return "timeout"
	case errors.Is(err, ErrStoreFull):
		return "disk-full"
	case errors.Is(err, ErrStoreGone):
		return "file-gone"
	case errors.Is(err, ErrStoreUnreachable):
		return "unreachable"
	}
	return "error"
}

// Cause says, for the client, why the store failed: what its cause
// allows to tell, never the driver's text.
func (e *StoreError) Cause() string {
	const store = "the store of published puzzles "
	switch StoreCause(e.Err) {
	case "timeout":
		return store + "did not answer within the store timeout"
	case "disk-full":
		return store + ErrStoreFull.Error() + ": puzzles of the day not stored yet cannot be saved"
	case "file-gone":
		return store + ErrStoreGone.Error()
	case "not-open":
		return store + ErrStoreNotOpen.Error() + " (the server retries)"
	case "unreachable":
		return store + ErrStoreUnreachable.Error()
	}
	return store + "failed"
}

// StoreError is a failure of the daily store (unreachable, timed out,
// refused a write): the request can be retried later.
type StoreError struct {
	// Op is the store call that failed: get, insert, replace or list.
	Op string
	// Err is the store's error.
	Err error
}

// Error names the call and the store's error.
func (e *StoreError) Error() string { return fmt.Sprintf("daily store %s: %v", e.Op, e.Err) }

// Unwrap returns the store's error.
func (e *StoreError) Unwrap() error { return e.Err }

// Kind returns KindUnavailable.
func (e *StoreError) Kind() engine.Kind { return KindUnavailable }

// storeErr wraps a store failure, but lets the caller's own context
// errors through unwrapped so a gone client is still a gone client.
func storeErr(ctx context.Context, op string, err error) error {
	if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return ctx.Err()
	}
	return &StoreError{Op: op, Err: err}
}
