package service

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// Limits of publishing.
const (
	// MaxScheduleDays bounds the dates of one schedule call: a month, the
	// longest print run a newspaper plans at once, and at four levels 124
	// generations, the most one call should queue on the pool.
	MaxScheduleDays = 31
	// MaxArchivePage is the largest page of the archive: a hundred records
	// are about 30 KB of JSON.
	MaxArchivePage = 100
	// DefaultArchivePage is the archive's page size when none is asked for.
	DefaultArchivePage = 50
	// scheduleMargin is kept of a schedule's deadline to write the answer:
	// the dates not reached by then are reported pending.
	scheduleMargin = time.Second
)

// RangeError reports a bad date range: From after To, or longer than
// Max days (0: no bound).
type RangeError struct {
	// From and To are the first and last day asked for.
	From, To time.Time
	// Max is the most days a range may span, 0 for no bound.
	Max int
}

// Error names the range and what is wrong with it.
func (e *RangeError) Error() string {
	from, to := e.From.Format(time.DateOnly), e.To.Format(time.DateOnly)
	if e.To.Before(e.From) {
		return fmt.Sprintf("range %s to %s ends before it starts", from, to)
	}
	return fmt.Sprintf("range %s to %s spans %d days: at most %d", from, to, days(e.From, e.To), e.Max)
}

// Kind returns engine.KindInvalid.
func (e *RangeError) Kind() engine.Kind { return engine.KindInvalid }

// Parameter returns "to", the end of the range, at fault whether it comes
// before the start or too long after it.
func (e *RangeError) Parameter() string { return "to" }

func days(from, to time.Time) int { return int(to.Sub(from).Hours()/24) + 1 }

// dayRange checks and normalizes a range of dates: both in range, from not
// after to, at most maxDays long when maxDays > 0.
func dayRange(from, to time.Time, maxDays int) (time.Time, time.Time, error) {
	f, err := Day(from)
	if err != nil {
		return f, f, err
	}
	t, err := Day(to)
	if err != nil {
		return f, t, err
	}
	if t.Before(f) || (maxDays > 0 && days(f, t) > maxDays) {
		return f, t, &RangeError{From: f, To: t, Max: maxDays}
	}
	return f, t, nil
}

// levelSet returns levels each once, in order (all four when empty, as
// schedules and packs read no levels), or the error of a bad level: a
// repeat would generate or print a puzzle twice.
func levelSet(levels []rating.Level) ([]rating.Level, error) {
	if len(levels) == 0 {
		all := rating.Levels()
		return all[:], nil
	}
	var uniq []rating.Level
	for _, l := range levels {
		if err := l.Check(); err != nil {
			return nil, err
		}
		if !slices.Contains(uniq, l) {
			uniq = append(uniq, l)
		}
	}
	return uniq, nil
}

// Statuses of a ScheduleEntry.
const (
	// ScheduleCreated: this call generated and stored the puzzle.
	ScheduleCreated = "created"
	// ScheduleExisting: a puzzle was stored already (and stays).
	ScheduleExisting = "existing"
	// SchedulePending: not reached before the call's deadline; schedule
	// again.
	SchedulePending = "pending"
)

// ScheduleEntry is the outcome of one (date, level) of a schedule.
type ScheduleEntry struct {
	Date   time.Time
	Level  rating.Level
	Status string
}

// Schedule makes sure a puzzle is stored for every date from..to and every
// level (all four when levels is empty; a level listed twice counts
// once), generating the missing ones on
// the pool as Daily does. It is idempotent: stored puzzles stay, and a
// repeated call only fills in what is missing. Dates not reached within
// ctx's deadline (less a margin for the answer), or refused for want of
// pool capacity, come back SchedulePending; call again to finish them.
// It fails with *DateError or *RangeError (at most MaxScheduleDays)
// before doing anything.
func (s *Service) Schedule(ctx context.Context, from, to time.Time, levels []rating.Level) ([]ScheduleEntry, error) {
	if s.pool == nil || s.store == nil {
		return nil, ErrNotReady
	}
	f, t, err := dayRange(from, to, MaxScheduleDays)
	if err != nil {
		return nil, err
	}
	if levels, err = levelSet(levels); err != nil {
		return nil, err
	}
	wctx := ctx
	if dl, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		wctx, cancel = context.WithDeadline(ctx, dl.Add(-scheduleMargin))
		defer cancel()
	}
	var entries []ScheduleEntry
	for d := f; !d.After(t); d = d.AddDate(0, 0, 1) {
		for _, l := range levels {
			entries = append(entries, ScheduleEntry{Date: d, Level: l, Status: SchedulePending})
		}
	}
	// As many at once as the pool has workers to run them: more would
	// only wait in its queue.
	sem := make(chan struct{}, Cores())
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
	)
	for i := range entries {
		select {
		case sem <- struct{}{}:
		case <-wctx.Done():
		}
		if wctx.Err() != nil {
			break
		}
		wg.Go(func() {
			defer func() { <-sem }()
			e := &entries[i]
			_, created, err := s.loadOrCreate(wctx, e.Date, e.Level)
			if err != nil {
				// Out of time or of pool capacity: the entry stays
				// pending for the next call. Anything else fails the call.
				if wctx.Err() == nil && engine.KindOf(err) != engine.KindOverloaded {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
				}
				return
			}
			e.Status = ScheduleExisting
			if created {
				e.Status = ScheduleCreated
			}
		})
	}
	wg.Wait()
	if firstErr != nil {
		return entries, firstErr
	}
	if err := ctx.Err(); err != nil {
		return entries, err
	}
	return entries, nil
}

// LevelError reports a curated puzzle the rater puts at another level than
// the one it is published at.
type LevelError struct {
	// Want is the level asked for, Got the level the rater gives.
	Want, Got rating.Level
	// Score is the rater's score.
	Score float64
}

// Error names both levels and the score.
func (e *LevelError) Error() string {
	return fmt.Sprintf("the puzzle rates %s (score %.2f), not %s: choose another puzzle or level, or set force", e.Got, e.Score, e.Want)
}

// Kind returns engine.KindInvalid: the level asked for is wrong for the
// puzzle.
func (e *LevelError) Kind() engine.Kind { return engine.KindInvalid }

// Parameter returns "level".
func (e *LevelError) Parameter() string { return "level" }

// PublishedError refuses to replace the puzzle of a date that is public
// already: a published puzzle never changes.
type PublishedError struct {
	// Date is the public day.
	Date time.Time
}

// Error names the day.
func (e *PublishedError) Error() string {
	return fmt.Sprintf("the puzzle of %s is public already and never changes", e.Date.Format(time.DateOnly))
}

// Kind returns KindImmutable.
func (e *PublishedError) Kind() engine.Kind { return KindImmutable }

// PutDaily stores an editor's puzzle as the puzzle of (date, level). The
// puzzle must be well-formed with exactly one solution (*engine.ConflictError,
// engine.ErrNoSolution, engine.ErrMultipleSolutions) and rated at level
// unless force is set (*LevelError); the rating is recorded either way.
// Until the date is public (see Embargoed) it replaces whatever was
// stored; once public, the stored puzzle stays (*PublishedError), though
// putting the same puzzle again succeeds, and a public day with nothing
// stored takes the puzzle only if no request stores one first. created reports whether no
// puzzle was stored for the date and level before.
func (s *Service) PutDaily(ctx context.Context, date time.Time, level rating.Level, puzzle engine.Grid, force bool) (rec DailyRecord, created bool, err error) {
	if s.store == nil {
		return rec, false, ErrNotReady
	}
	if err := level.Check(); err != nil {
		return rec, false, err
	}
	day, err := Day(date)
	if err != nil {
		return rec, false, err
	}
	rating, err := s.Rate(ctx, puzzle)
	if err != nil {
		return rec, false, err
	}
	if rating.Level != level && !force {
		return rec, false, &LevelError{Want: level, Got: rating.Level, Score: rating.Score}
	}
	old, err := s.storeGet(ctx, day, level)
	existed := err == nil
	switch {
	case err == nil && old.Puzzle == puzzle:
		return old, false, nil
	case err == nil && !Embargoed(day, s.now()):
		return old, false, &PublishedError{Date: day}
	case err != nil && !errors.Is(err, ErrNoDaily):
		return rec, false, err
	}
	res := engine.Solve(puzzle)
	rec = DailyRecord{Date: day, Level: level, Puzzle: puzzle, Solution: res.Solution, Score: rating.Score,
		Hardest: rating.Hardest, RatedLevel: rating.Level, Source: SourceCurated, StoredAt: s.storedAt()}
	sctx, cancel := context.WithTimeout(ctx, s.cfg.StoreTimeout)
	defer cancel()
	if !Embargoed(day, s.now()) {
		// A public day with nothing stored: insert only if still absent,
		// for a request on any replica may be storing its generated
		// puzzle now, and may be serving it already.
		stored, err := s.store.Insert(sctx, rec)
		if err != nil {
			return DailyRecord{}, false, storeErr(ctx, "insert", err)
		}
		if stored.Puzzle != puzzle {
			return stored, false, &PublishedError{Date: day}
		}
		return stored, true, nil
	}
	if err := s.store.Replace(sctx, rec); err != nil {
		return DailyRecord{}, false, storeErr(ctx, "replace", err)
	}
	s.daily.forget(dailyKey{day.Format(time.DateOnly), level})
	return rec, !existed, nil
}

// ArchivePage is one page of the archive and the cursor of the next
// (Next.Date zero on the last page).
type ArchivePage struct {
	Records []DailyRecord
	Next    ArchiveCursor
}

// Archive lists the stored puzzles of q (From..To, one level or all) in
// (date, level) order, q.Limit at a time (DefaultArchivePage when 0, at
// most MaxArchivePage). Without the read-ahead grant (WithReadAhead) the
// range ends at the last public day: embargoed days are never listed, and
// the store is asked the same question whether any are stored or not. It
// fails with *DateError or *RangeError for a bad range.
func (s *Service) Archive(ctx context.Context, q ArchiveQuery) (ArchivePage, error) {
	if s.store == nil {
		return ArchivePage{}, ErrNotReady
	}
	var err error
	if q.From, q.To, err = dayRange(q.From, q.To, 0); err != nil {
		return ArchivePage{}, err
	}
	if q.Level != 0 {
		if err := q.Level.Check(); err != nil {
			return ArchivePage{}, err
		}
	}
	if q.Limit <= 0 {
		q.Limit = DefaultArchivePage
	}
	q.Limit = min(q.Limit, MaxArchivePage)
	if !MayReadAhead(ctx) {
		if today := Today(s.now()); q.To.After(today) {
			q.To = today
		}
		if q.To.Before(q.From) {
			return ArchivePage{}, nil // only embargoed days asked for
		}
	}
	sctx, cancel := context.WithTimeout(ctx, s.cfg.StoreTimeout)
	defer cancel()
	recs, err := s.store.List(sctx, q)
	if err != nil {
		return ArchivePage{}, storeErr(ctx, "list", err)
	}
	page := ArchivePage{Records: recs}
	if len(recs) == q.Limit {
		last := recs[len(recs)-1]
		page.Next = ArchiveCursor{Date: last.Date, Level: last.Level}
	}
	return page, nil
}
