package main

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
	"github.com/sudokuhq/sudoku/store"
)

func TestEachArchivedFollowsPages(t *testing.T) {
	ctx := service.WithReadAhead(context.Background())
	st := store.NewMemory()
	day := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	const days = 3
	for d := range days {
		for _, l := range []rating.Level{rating.Easy, rating.Hard} {
			if _, err := st.Insert(ctx, service.DailyRecord{Date: day.AddDate(0, 0, d), Level: l, Source: service.SourceGenerated}); err != nil {
				t.Fatal(err)
			}
		}
	}
	svc := service.New(service.Config{}, service.Deps{Store: st})
	q := service.ArchiveQuery{From: day, To: day.AddDate(0, 0, days-1)}
	stop := errors.New("stop")
	tests := []struct {
		name    string
		limit   int
		stopAt  int // fn fails at this record; 0: never
		want    int // records seen
		wantErr error
	}{
		{"one page", 100, 0, 2 * days, nil},
		{"pages of one", 1, 0, 2 * days, nil},
		{"pages of four", 4, 0, 2 * days, nil},
		{"fn stops it", 1, 3, 3, stop},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			q := q
			q.Limit = tt.limit
			var seen []service.DailyRecord
			err := eachArchived(ctx, svc, q, func(r service.DailyRecord) error {
				seen = append(seen, r)
				if len(seen) == tt.stopAt {
					return stop
				}
				return nil
			})
			if !errors.Is(err, tt.wantErr) || len(seen) != tt.want {
				t.Fatalf("eachArchived = %d records, %v; want %d, %v", len(seen), err, tt.want, tt.wantErr)
			}
			for i := 1; i < len(seen); i++ {
				a, b := seen[i-1], seen[i]
				if !a.Date.Before(b.Date) && !(a.Date.Equal(b.Date) && a.Level < b.Level) {
					t.Errorf("record %d (%s %s) does not follow %s %s", i, b.Date.Format(time.DateOnly), b.Level, a.Date.Format(time.DateOnly), a.Level)
				}
			}
		})
	}
}
