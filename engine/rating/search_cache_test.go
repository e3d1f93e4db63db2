package rating

import (
	"reflect"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// TestSearchCacheChangesNothing rates and explains puzzles of every kind
// with the search cache and without it: every field of the rating and
// every step must be the same.
func TestSearchCacheChangesNothing(t *testing.T) {
	var ps []string
	for _, name := range []string{dataset.CalibCoach, dataset.CalibSudokuExchange, dataset.Top1465} {
		rs := datasettest.LoadPuzzles(t, name, 0)
		step := len(rs) / 150
		if testing.Short() {
			step *= 5
		}
		for i := 0; i < len(rs); i += max(step, 1) {
			ps = append(ps, rs[i])
		}
	}
	cached, uncached := NewRater(DefaultModel()), &Rater{model: DefaultModel(), noCache: true}
	hits := 0
	for _, p := range ps {
		g := engine.MustParse(p)
		r1, s1, err1 := cached.Explain(g)
		r2, s2, err2 := uncached.Explain(g)
		if err1 != nil || err2 != nil {
			t.Fatalf("Explain(%s): %v, %v", p, err1, err2)
		}
		if !reflect.DeepEqual(r1, r2) || !reflect.DeepEqual(s1, s2) {
			t.Fatalf("Explain(%s) differs with the cache:\n%+v\n%+v", p, r1, r2)
		}
		if r1.HardestTier >= TierChains {
			hits++
		}
	}
	if hits == 0 {
		t.Fatal("no puzzle reached the chains: the cache was never used")
	}
}
