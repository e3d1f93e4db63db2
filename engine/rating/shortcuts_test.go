package rating

import (
	"reflect"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// TestShortcutsChangeNothing rates and explains puzzles of every kind
// with each of the rater's shortcuts and without it: every field of the
// rating and every step must be the same. The shortcuts: the search cache
// (the vain parts of tiers 2–5 not searched again until a cell they read
// changes) and the live board (tier 1 searched only where the board
// changed, the round's views copied from the board instead of computed).
func TestShortcutsChangeNothing(t *testing.T) {
	tests := []struct {
		name    string
		files   []string
		without *Rater
		used    func(Rating) bool // the shortcut had work to skip on this path
	}{
		{"search cache", []string{dataset.CalibCoach, dataset.CalibSudokuExchange, dataset.Top1465},
			&Rater{model: DefaultModel(), noCache: true},
			func(r Rating) bool { return r.HardestTier >= TierChains }},
		{"live board", []string{dataset.CalibKrazyDad, dataset.CalibCoach, dataset.Top1465},
			&Rater{model: DefaultModel(), noLive: true},
			func(r Rating) bool { return r.Counts.n[techNakedSingle]+r.Counts.n[techHiddenSingle] > 0 }},
	}
	with := NewRater(DefaultModel())
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			used := 0
			for _, p := range samplePuzzles(t, tt.files) {
				g := engine.MustParse(p)
				r1, s1, err1 := with.Explain(g)
				r2, s2, err2 := tt.without.Explain(g)
				if err1 != nil || err2 != nil {
					t.Fatalf("Explain(%s): %v, %v", p, err1, err2)
				}
				if !reflect.DeepEqual(r1, r2) || !reflect.DeepEqual(s1, s2) {
					t.Fatalf("Explain(%s) differs without the %s:\n%+v\n%+v", p, tt.name, r1, r2)
				}
				if tt.used(r1) {
					used++
				}
			}
			if used == 0 {
				t.Fatalf("no path where the %s had work to skip: it was never tested", tt.name)
			}
		})
	}
}

// samplePuzzles returns about 150 puzzles spread over each file (30 with
// -short).
func samplePuzzles(t *testing.T, files []string) []string {
	var ps []string
	for _, name := range files {
		rs := datasettest.LoadPuzzles(t, name, 0)
		step := len(rs) / 150
		if testing.Short() {
			step *= 5
		}
		for i := 0; i < len(rs); i += max(step, 1) {
			ps = append(ps, rs[i])
		}
	}
	return ps
}
