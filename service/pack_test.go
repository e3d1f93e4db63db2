package service

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine/rating"
)

func TestPackStopsWithContext(t *testing.T) {
	pool := &fakePool{}
	s := New(Config{DailySalt: "paper"}, Deps{Pool: pool, Store: &fakeStore{}, Now: fixedNow})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Pack(ctx, date("2026-12-01"), date("2026-12-31"), nil); !errors.Is(err, context.Canceled) || len(pool.generated) != 0 {
		t.Errorf("Pack with a canceled context = %v after %d generations, want context.Canceled and none", err, len(pool.generated))
	}
}

func TestPack(t *testing.T) {
	for _, tc := range []struct {
		name     string
		from, to string
		levels   []rating.Level
		want     int // records; -1: a *RangeError
	}{
		{"a week at two levels", "2026-12-21", "2026-12-27", []rating.Level{rating.Hard, rating.Easy, rating.Hard}, 14},
		{"a day at all levels", "2026-12-24", "2026-12-24", nil, 4},
		{"a month", "2026-12-01", "2026-12-31", []rating.Level{rating.Easy}, 31},
		{"more than a month", "2026-12-01", "2027-01-01", []rating.Level{rating.Easy}, -1},
		{"backwards", "2026-12-02", "2026-12-01", nil, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pool := &fakePool{}
			s := New(Config{DailySalt: "paper"}, Deps{Pool: pool, Store: &fakeStore{}, Now: fixedNow})
			ctx := WithReadAhead(context.Background()) // December is ahead of fixedNow
			recs, err := s.Pack(ctx, date(tc.from), date(tc.to), tc.levels)
			if tc.want < 0 {
				var re *RangeError
				if !errors.As(err, &re) {
					t.Fatalf("Pack = %v, want a *RangeError", err)
				}
				return
			}
			if err != nil || len(recs) != tc.want {
				t.Fatalf("Pack = %d records, %v; want %d", len(recs), err, tc.want)
			}
			for i, r := range recs {
				if i > 0 {
					p := recs[i-1]
					if r.Date.Before(p.Date) || (r.Date.Equal(p.Date) && r.Level <= p.Level) {
						t.Errorf("record %d (%s %s) after (%s %s): want (date, level) order", i, r.Date.Format(time.DateOnly), r.Level, p.Date.Format(time.DateOnly), p.Level)
					}
				}
				again, err := s.Daily(ctx, r.Date, r.Level)
				if err != nil || again.Puzzle != r.Puzzle {
					t.Errorf("%s %s: Pack's puzzle differs from Daily's (%v)", r.Date.Format(time.DateOnly), r.Level, err)
				}
			}
		})
	}
}
