package service

import (
	"context"
	"slices"
	"time"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// MaxPackDays bounds the dates of one print pack: a month, as a schedule,
// so a pack at four levels asks for at most 124 puzzles.
const MaxPackDays = MaxScheduleDays

// Pack returns the puzzles of the day of every date from..to (at most
// MaxPackDays) and every level of levels (all four when empty; a level
// listed twice counts once), in (date, level) order, each as Daily
// returns it: the stored one, generated and stored first when missing.
// It fails with *DateError or *RangeError before doing anything, and
// with the first error of Daily (the store down) or ctx's, checked
// between puzzles; the puzzles made by then stay stored.
// The embargo is Daily's: without the read-ahead grant (WithReadAhead)
// a day not public yet fails the pack with *EmbargoError.
func (s *Service) Pack(ctx context.Context, from, to time.Time, levels []rating.Level) ([]DailyRecord, error) {
	if s.pool == nil || s.store == nil {
		return nil, ErrNotReady
	}
	f, t, err := dayRange(from, to, MaxPackDays)
	if err != nil {
		return nil, err
	}
	uniq, err := levelSet(levels)
	if err != nil {
		return nil, err
	}
	uniq = slices.Sorted(slices.Values(uniq))
	var recs []DailyRecord
	for d := f; !d.After(t); d = d.AddDate(0, 0, 1) {
		for _, l := range uniq {
			// Daily finishes a generation it started even for a gone
			// client (others may wait on it): stop between puzzles.
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			rec, err := s.Daily(ctx, d, l)
			if err != nil {
				return nil, err
			}
			recs = append(recs, rec)
		}
	}
	return recs, nil
}
