package service

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// The dates the daily puzzle is served for: a century, enough for any
// archive or forward schedule, and a bound on what a client can make the
// service generate.
var (
	FirstDaily = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	LastDaily  = time.Date(2100, 12, 31, 0, 0, 0, 0, time.UTC)
)

// earliestZone is the time zone where each day starts first (UTC+14, the
// Line Islands): a date's puzzle is public once that day has begun there,
// and before that only keys allowed to see ahead may read it.
var earliestZone = time.FixedZone("UTC+14", 14*60*60)

// maxDailyEntries bounds the daily cache: four levels for a month of
// dates, far more than the few dates newspapers pull at once.
const maxDailyEntries = 128

// DefaultStoreTimeout bounds one call to the daily store: a look-up or an
// insert takes milliseconds, so 2 s only cuts off a store that is down or
// overloaded, and the request answers 503 instead of waiting.
const DefaultStoreTimeout = 2 * time.Second

// DateError reports a daily date outside FirstDaily..LastDaily.
type DateError struct{ Date time.Time }

// Error names the date and the range of dates served.
func (e *DateError) Error() string {
	return fmt.Sprintf("date %s is out of range: want %s to %s", e.Date.Format(time.DateOnly),
		FirstDaily.Format(time.DateOnly), LastDaily.Format(time.DateOnly))
}

// Kind returns engine.KindInvalid.
func (e *DateError) Kind() engine.Kind { return engine.KindInvalid }

// Parameter returns "date", the input at fault.
func (e *DateError) Parameter() string { return "date" }

// Day returns date's calendar day (in date's own location) at 00:00 UTC,
// or a *DateError when it is outside FirstDaily..LastDaily.
func Day(date time.Time) (time.Time, error) {
	day := time.Date(date.Year(), date.Month(), date.Day(), 0, 0, 0, 0, time.UTC)
	if day.Before(FirstDaily) || day.After(LastDaily) {
		return day, &DateError{Date: day}
	}
	return day, nil
}

// Today returns the latest public day at now: the calendar date in
// earliestZone (UTC+14), at 00:00 UTC.
func Today(now time.Time) time.Time {
	t := now.In(earliestZone)
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
}

// Embargoed reports whether day's puzzle is not public yet at now: the day
// has not begun anywhere on Earth.
func Embargoed(day, now time.Time) bool {
	return day.After(Today(now))
}

type dailyKey struct {
	date  string
	level rating.Level
}

// dailyEntry is a cached or in-flight puzzle of the day; done closes when
// rec and err are set.
type dailyEntry struct {
	done chan struct{}
	rec  DailyRecord
	err  error
}

// dailyCache holds public puzzles of the day read so far, which never
// change, so that every request after the first is a map look-up; and the
// in-flight look-ups, so that concurrent first requests share one.
// Embargoed dates are not kept: an editor may still replace them, on any
// replica.
type dailyCache struct {
	mu      sync.Mutex
	entries map[dailyKey]*dailyEntry
}

// Daily returns the puzzle of the day for date (its calendar day) and
// level. The stored record wins: the first request (or schedule) of a
// (date, level) generates generate.DailyOptions with the service's salt on
// the pool's workers and inserts it into the store unless another request
// or replica did first; from then on every replica serves the stored
// puzzle, whatever generator it runs. It fails with *DateError for a date
// out of range, *EmbargoError for a day not public yet unless ctx carries
// the read-ahead grant (WithReadAhead; checked before the cache or the
// store is asked), *StoreError when the store fails,
// context.DeadlineExceeded past the generation deadline.
func (s *Service) Daily(ctx context.Context, date time.Time, level rating.Level) (DailyRecord, error) {
	if s.pool == nil || s.store == nil {
		return DailyRecord{}, ErrNotReady
	}
	if err := level.Check(); err != nil {
		return DailyRecord{}, err
	}
	day, err := Day(date)
	if err != nil {
		return DailyRecord{}, err
	}
	if err := s.checkEmbargo(ctx, day); err != nil {
		return DailyRecord{}, err
	}
	key := dailyKey{day.Format(time.DateOnly), level}

	c := &s.daily
	c.mu.Lock()
	e, ok := c.entries[key]
	if !ok {
		if c.entries == nil {
			c.entries = make(map[dailyKey]*dailyEntry)
		}
		if len(c.entries) >= maxDailyEntries {
			c.evictLocked(s.now().UTC())
		}
		e = &dailyEntry{done: make(chan struct{})}
		c.entries[key] = e
	}
	c.mu.Unlock()

	if !ok {
		// This request looks up (and maybe generates); the work outlives
		// the client (others may wait on it) but not the generation
		// deadline.
		gctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.GenerateTimeout)
		e.rec, _, e.err = s.loadOrCreate(gctx, day, level)
		cancel()
		if e.err != nil || Embargoed(day, s.now()) {
			c.mu.Lock()
			delete(c.entries, key) // a later request asks the store again
			c.mu.Unlock()
		}
		close(e.done)
		return e.rec, e.err
	}
	select {
	case <-e.done:
		return e.rec, e.err
	case <-ctx.Done():
		return DailyRecord{}, ctx.Err()
	}
}

// loadOrCreate returns the stored record of (day, level), generating and
// inserting it first if there is none; created reports whether this call's
// insert is the one stored (it may lose to another request or replica).
func (s *Service) loadOrCreate(ctx context.Context, day time.Time, level rating.Level) (rec DailyRecord, created bool, err error) {
	rec, err = s.storeGet(ctx, day, level)
	if !errors.Is(err, ErrNoDaily) {
		return rec, false, err
	}
	opt := s.cfg.dailyKey().Options(day, level)
	opt.Rater = s.cfg.Rater // a house model sets the daily's level too
	p, err := s.pool.Generate(ctx, opt)
	if err != nil {
		return DailyRecord{}, false, err
	}
	rec = DailyRecord{Date: day, Level: level, Puzzle: p.Puzzle, Solution: p.Solution, Score: p.Score,
		Hardest: p.Rating.Hardest, RatedLevel: p.Level, Seed: p.Seed, Source: SourceGenerated, StoredAt: s.storedAt()}
	sctx, cancel := context.WithTimeout(ctx, s.cfg.StoreTimeout)
	defer cancel()
	stored, err := s.store.Insert(sctx, rec)
	if err != nil {
		return DailyRecord{}, false, storeErr(ctx, "insert", err)
	}
	return stored, stored.Puzzle == rec.Puzzle && stored.StoredAt.Equal(rec.StoredAt), nil
}

// storeGet is the store's Get within the store timeout; ErrNoDaily passes
// through, other errors become *StoreError.
func (s *Service) storeGet(ctx context.Context, day time.Time, level rating.Level) (DailyRecord, error) {
	sctx, cancel := context.WithTimeout(ctx, s.cfg.StoreTimeout)
	defer cancel()
	rec, err := s.store.Get(sctx, day, level)
	if err != nil && !errors.Is(err, ErrNoDaily) {
		return DailyRecord{}, storeErr(ctx, "get", err)
	}
	return rec, err
}

// forget drops (day, level) from the cache once it is done, after an
// editor replaced it.
func (c *dailyCache) forget(key dailyKey) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.entries[key]; ok {
		select {
		case <-e.done:
			delete(c.entries, key)
		default:
		}
	}
}

// evictLocked drops the finished entry whose date is farthest from today
// (UTC), so that a flood of far past or future dates evicts its own kind
// and never the puzzles most asked for; today and the days beside it
// (newspapers west and east of UTC publish them) are never evicted.
func (c *dailyCache) evictLocked(now time.Time) {
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	var (
		victim *dailyKey
		far    time.Duration
	)
	for k, e := range c.entries {
		select {
		case <-e.done:
		default:
			continue // in flight: someone waits on it
		}
		d, err := time.Parse(time.DateOnly, k.date)
		if err != nil {
			continue
		}
		dist := d.Sub(today).Abs()
		if dist <= 24*time.Hour {
			continue
		}
		if victim == nil || dist > far {
			k := k
			victim, far = &k, dist
		}
	}
	if victim != nil {
		delete(c.entries, *victim)
	}
}
