package service

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/sudokuhq/sudoku/engine"
)

// The dates the daily puzzle is served for: a century, enough for any
// archive or forward schedule, and a bound on what a client can make the
// service generate.
var (
	FirstDaily = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	LastDaily  = time.Date(2100, 12, 31, 0, 0, 0, 0, time.UTC)
)

// maxDailyEntries bounds the daily cache: four levels for a month of
// dates, far more than the few dates newspapers pull at once.
const maxDailyEntries = 128

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

type dailyKey struct {
	date  string
	level engine.Level
}

// dailyEntry is a cached or in-flight puzzle of the day; done closes when
// pz and err are set.
type dailyEntry struct {
	done chan struct{}
	pz   engine.Puzzle
	err  error
}

// dailyCache holds the puzzles of the day generated so far, so that every
// request after the first is a map look-up, and concurrent first requests
// share one generation.
type dailyCache struct {
	mu      sync.Mutex
	entries map[dailyKey]*dailyEntry
}

// Daily returns the puzzle of the day for date (its calendar day, UTC) and
// level: engine.DailyOptions with the service's salt, generated on the
// pool's workers once and cached. The same date, level and salt give the
// same puzzle on every replica. It fails with *DateError for a date out of
// range, with context.DeadlineExceeded past the generation deadline.
func (s *Service) Daily(ctx context.Context, date time.Time, level engine.Level) (engine.Puzzle, error) {
	if s.pool == nil {
		return engine.Puzzle{}, ErrNotReady
	}
	if err := level.Check(); err != nil {
		return engine.Puzzle{}, err
	}
	day := time.Date(date.Year(), date.Month(), date.Day(), 0, 0, 0, 0, time.UTC)
	if day.Before(FirstDaily) || day.After(LastDaily) {
		return engine.Puzzle{}, &DateError{Date: day}
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
		// This request generates; the generation outlives the client
		// (others may wait on it) but not the generation deadline.
		gctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.GenerateTimeout)
		e.pz, e.err = s.pool.Generate(gctx, engine.DailyOptions(day, level, s.cfg.DailySalt))
		cancel()
		if e.err != nil {
			c.mu.Lock()
			delete(c.entries, key) // a later request tries again
			c.mu.Unlock()
		}
		close(e.done)
		return e.pz, e.err
	}
	select {
	case <-e.done:
		return e.pz, e.err
	case <-ctx.Done():
		return engine.Puzzle{}, ctx.Err()
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
