package service

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

func TestDailySharedAndCached(t *testing.T) {
	pool := &fakePool{}
	s := New(Config{DailySalt: "paper"}, Deps{Pool: pool, Store: &fakeStore{}})
	date := time.Date(2026, 11, 22, 23, 59, 0, 0, time.FixedZone("east", 3600))
	var wg sync.WaitGroup
	got := make([]DailyRecord, 8)
	for i := range got {
		wg.Go(func() {
			p, err := s.Daily(context.Background(), date, rating.Hard)
			if err != nil {
				t.Errorf("Daily = %v", err)
			}
			got[i] = p
		})
	}
	wg.Wait()
	want := generate.DailyOptions(time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC), rating.Hard, "paper")
	want.Rater = rating.DefaultRater() // Config.Rater nil: the committed model
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
	s := New(Config{}, Deps{Pool: pool, Store: &fakeStore{}})
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	if _, err := s.Daily(context.Background(), day, rating.Easy); err == nil {
		t.Fatal("Daily with a failing generator succeeded")
	}
	pool.mu.Lock()
	pool.genErr = nil
	pool.mu.Unlock()
	if _, err := s.Daily(context.Background(), day, rating.Easy); err != nil {
		t.Errorf("Daily after the failure = %v, want a retry that succeeds", err)
	}
	if len(pool.generated) != 2 {
		t.Errorf("generations = %d, want 2", len(pool.generated))
	}
}

func TestDailyRangeAndEviction(t *testing.T) {
	pool := &fakePool{}
	s := New(Config{}, Deps{Pool: pool, Store: &fakeStore{}})
	for _, d := range []time.Time{FirstDaily.AddDate(0, 0, -1), LastDaily.AddDate(0, 0, 1)} {
		var de *DateError
		if _, err := s.Daily(context.Background(), d, rating.Easy); !errors.As(err, &de) {
			t.Errorf("Daily(%s) = %v, want *DateError", d.Format(time.DateOnly), err)
		}
	}
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return day.AddDate(0, 0, maxDailyEntries+9) }
	for i := range maxDailyEntries + 10 {
		if _, err := s.Daily(context.Background(), day.AddDate(0, 0, i), rating.Easy); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(s.daily.entries); n > maxDailyEntries {
		t.Errorf("cache holds %d entries, want at most %d", n, maxDailyEntries)
	}
	// The most recent date is still cached; the first was evicted, and is
	// read again from the store, not generated.
	st := s.store.(*fakeStore)
	before, gets := len(pool.generated), st.gets
	if _, err := s.Daily(context.Background(), day.AddDate(0, 0, maxDailyEntries+9), rating.Easy); err != nil || st.gets != gets {
		t.Errorf("latest date read from the store again (%v)", err)
	}
	if _, err := s.Daily(context.Background(), day, rating.Easy); err != nil || st.gets != gets+1 || len(pool.generated) != before {
		t.Errorf("evicted first date: %d store reads, %d generations (%v), want 1 and 0", st.gets-gets, len(pool.generated)-before, err)
	}
}

// fixedNow is the clock of the publishing tests: 2026-11-25 10:00 UTC,
// when 2026-11-26 has begun in UTC+14 and 2026-11-27 has not.
func fixedNow() time.Time { return time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC) }

func TestDailyStoredPuzzleWins(t *testing.T) {
	day := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	stored := DailyRecord{Date: day, Level: rating.Hard, Puzzle: engine.Grid{1}, Seed: 42, Source: SourceCurated}
	pool := &fakePool{}
	st := &fakeStore{recs: map[dailyKey]DailyRecord{{"2026-03-01", rating.Hard}: stored}}
	s := New(Config{DailySalt: "other-generator"}, Deps{Pool: pool, Store: st, Now: fixedNow})
	got, err := s.Daily(context.Background(), day, rating.Hard)
	if err != nil {
		t.Fatal(err)
	}
	if got.Seed != 42 || got.Puzzle != stored.Puzzle || len(pool.generated) != 0 {
		t.Errorf("Daily = seed %d after %d generations, want the stored seed 42 and none", got.Seed, len(pool.generated))
	}
}

func TestDailyStoreFailure(t *testing.T) {
	st := &fakeStore{err: errors.New("connection refused")}
	s := New(Config{}, Deps{Pool: &fakePool{}, Store: st, Now: fixedNow})
	_, err := s.Daily(context.Background(), time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC), rating.Easy)
	var se *StoreError
	if !errors.As(err, &se) || se.Op != "get" {
		t.Fatalf("Daily with a failing store = %v, want *StoreError of get", err)
	}
	// Readiness does not follow the shared store: an outage would take
	// every replica out of the Service at once, while everything but the
	// uncached dailies still works.
	s = New(Config{}, Deps{Store: st})
	if !s.Ready() {
		t.Error("Ready() = false with a failing store: one database blip would drain the fleet")
	}
}

func TestDailyEmbargoedIsNotCached(t *testing.T) {
	st := &fakeStore{}
	s := New(Config{}, Deps{Pool: &fakePool{}, Store: st, Now: fixedNow})
	for _, tt := range []struct {
		date      time.Time
		wantReads int
	}{
		{time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), 1}, // public in UTC+14: cached
		{time.Date(2026, 11, 27, 0, 0, 0, 0, time.UTC), 3}, // embargoed: read every time
	} {
		before := st.gets
		for range 3 {
			if _, err := s.Daily(WithReadAhead(context.Background()), tt.date, rating.Easy); err != nil {
				t.Fatal(err)
			}
		}
		if n := st.gets - before; n != tt.wantReads {
			t.Errorf("3 Daily(%s): %d store reads, want %d", tt.date.Format(time.DateOnly), n, tt.wantReads)
		}
	}
}

func TestEmbargoed(t *testing.T) {
	tests := []struct {
		now  time.Time
		day  string
		want bool
	}{
		{time.Date(2026, 11, 25, 9, 59, 0, 0, time.UTC), "2026-11-25", false},
		{time.Date(2026, 11, 25, 9, 59, 0, 0, time.UTC), "2026-11-26", true}, // 23:59 in UTC+14
		{time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC), "2026-11-26", false},
		{time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC), "2026-11-27", true},
	}
	for _, tt := range tests {
		day, _ := time.Parse(time.DateOnly, tt.day)
		if got := Embargoed(day, tt.now); got != tt.want {
			t.Errorf("Embargoed(%s, %s) = %t, want %t", tt.day, tt.now.Format(time.RFC3339), got, tt.want)
		}
	}
}

// TestDailyEvictionKeepsToday floods the cache with far dates: today's
// puzzles, the ones most asked for, must stay cached.
func TestDailyEvictionKeepsToday(t *testing.T) {
	pool := &fakePool{}
	st := &fakeStore{}
	s := New(Config{}, Deps{Pool: pool, Store: st})
	// 11:00 UTC: tomorrow has begun in UTC+14, so it is public and cached.
	today := time.Date(2026, 11, 25, 11, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return today }
	for _, d := range []time.Time{today, today.AddDate(0, 0, -1), today.AddDate(0, 0, 1)} {
		if _, err := s.Daily(context.Background(), d, rating.Easy); err != nil {
			t.Fatal(err)
		}
	}
	// Future dates first (embargoed: never cached), then past ones.
	ahead := WithReadAhead(context.Background())
	for _, start := range []time.Time{time.Date(2090, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)} {
		for i := range 2 * maxDailyEntries {
			if _, err := s.Daily(ahead, start.AddDate(0, 0, i), rating.Easy); err != nil {
				t.Fatal(err)
			}
		}
	}
	if n := len(s.daily.entries); n > maxDailyEntries {
		t.Errorf("cache holds %d entries, want at most %d", n, maxDailyEntries)
	}
	before := st.gets
	for _, d := range []time.Time{today, today.AddDate(0, 0, -1), today.AddDate(0, 0, 1)} {
		if _, err := s.Daily(context.Background(), d, rating.Easy); err != nil {
			t.Fatal(err)
		}
	}
	if n := st.gets - before; n != 0 {
		t.Errorf("after a flood of far dates, %d of today's and its neighbours' puzzles were read from the store again, want 0 (cached)", n)
	}
}
