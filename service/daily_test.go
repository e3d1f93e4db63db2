package service

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
)

func TestDailySharedAndCached(t *testing.T) {
	pool := &fakePool{}
	s := New(Config{DailySalt: "paper"}, Deps{Pool: pool})
	date := time.Date(2026, 11, 22, 23, 59, 0, 0, time.FixedZone("east", 3600))
	var wg sync.WaitGroup
	got := make([]engine.Puzzle, 8)
	for i := range got {
		wg.Go(func() {
			p, err := s.Daily(context.Background(), date, engine.Hard)
			if err != nil {
				t.Errorf("Daily = %v", err)
			}
			got[i] = p
		})
	}
	wg.Wait()
	want := engine.DailyOptions(time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC), engine.Hard, "paper")
	if len(pool.generated) != 1 || pool.generated[0] != want {
		t.Fatalf("8 concurrent Daily calls generated %+v, want once with %+v", pool.generated, want)
	}
	for i, p := range got {
		if p.Seed != want.Seed {
			t.Errorf("caller %d got seed %d, want %d", i, p.Seed, want.Seed)
		}
	}
}

func TestDailyErrorsAreNotCached(t *testing.T) {
	pool := &fakePool{genErr: errors.New("boom")}
	s := New(Config{}, Deps{Pool: pool})
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if _, err := s.Daily(context.Background(), day, engine.Easy); err == nil {
		t.Fatal("Daily with a failing generator succeeded")
	}
	pool.mu.Lock()
	pool.genErr = nil
	pool.mu.Unlock()
	if _, err := s.Daily(context.Background(), day, engine.Easy); err != nil {
		t.Errorf("Daily after the failure = %v, want a retry that succeeds", err)
	}
	if len(pool.generated) != 2 {
		t.Errorf("generations = %d, want 2", len(pool.generated))
	}
}

func TestDailyRangeAndEviction(t *testing.T) {
	pool := &fakePool{}
	s := New(Config{}, Deps{Pool: pool})
	for _, d := range []time.Time{FirstDaily.AddDate(0, 0, -1), LastDaily.AddDate(0, 0, 1)} {
		var de *DateError
		if _, err := s.Daily(context.Background(), d, engine.Easy); !errors.As(err, &de) {
			t.Errorf("Daily(%s) = %v, want *DateError", d.Format(time.DateOnly), err)
		}
	}
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return day.AddDate(0, 0, maxDailyEntries+9) }
	for i := range maxDailyEntries + 10 {
		if _, err := s.Daily(context.Background(), day.AddDate(0, 0, i), engine.Easy); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(s.daily.entries); n > maxDailyEntries {
		t.Errorf("cache holds %d entries, want at most %d", n, maxDailyEntries)
	}
	// The most recent date is still cached; the first was evicted.
	before := len(pool.generated)
	if _, err := s.Daily(context.Background(), day.AddDate(0, 0, maxDailyEntries+9), engine.Easy); err != nil || len(pool.generated) != before {
		t.Errorf("latest date regenerated (%v)", err)
	}
	if _, err := s.Daily(context.Background(), day, engine.Easy); err != nil || len(pool.generated) != before+1 {
		t.Errorf("evicted first date not regenerated (%v)", err)
	}
}

// TestDailyEvictionKeepsToday floods the cache with far dates: today's
// puzzles, the ones most asked for, must stay cached.
func TestDailyEvictionKeepsToday(t *testing.T) {
	pool := &fakePool{}
	s := New(Config{}, Deps{Pool: pool})
	today := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return today }
	for _, d := range []time.Time{today, today.AddDate(0, 0, -1), today.AddDate(0, 0, 1)} {
		if _, err := s.Daily(context.Background(), d, engine.Easy); err != nil {
			t.Fatal(err)
		}
	}
	// Future dates first (the oldest cached date is then today's), then
	// past ones.
	for _, start := range []time.Time{time.Date(2090, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)} {
		for i := range 2 * maxDailyEntries {
			if _, err := s.Daily(context.Background(), start.AddDate(0, 0, i), engine.Easy); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := len(s.daily.entries); n > maxDailyEntries {
		t.Errorf("cache holds %d entries, want at most %d", n, maxDailyEntries)
	}
	before := len(pool.generated)
	for _, d := range []time.Time{today, today.AddDate(0, 0, -1), today.AddDate(0, 0, 1)} {
		if _, err := s.Daily(context.Background(), d, engine.Easy); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(pool.generated) - before; n != 0 {
		t.Errorf("after a flood of far dates, %d of today's and its neighbours' puzzles were generated again, want 0", n)
	}
}
