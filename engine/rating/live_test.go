package rating

import (
	"reflect"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// TestLiveBoardChangesNothing rates puzzles of every level with the live
// board (tier 1 searched where the board changed, the views copied from
// it) and without (every round searched and viewed from scratch): the
// ratings and explanations must be the same.
func TestLiveBoardChangesNothing(t *testing.T) {
	var ps []string
	for _, name := range []string{dataset.CalibKrazyDad, dataset.CalibCoach, dataset.Top1465} {
		rs := datasettest.LoadPuzzles(t, name, 0)
		step := len(rs) / 150
		if testing.Short() {
			step *= 5
		}
		for i := 0; i < len(rs); i += max(step, 1) {
			ps = append(ps, rs[i])
		}
	}
	live, whole := NewRater(DefaultModel()), &Rater{model: DefaultModel(), noLive: true}
	singles := 0
	for _, p := range ps {
		g := engine.MustParse(p)
		r1, s1, err1 := live.Explain(g)
		r2, s2, err2 := whole.Explain(g)
		if err1 != nil || err2 != nil {
			t.Fatalf("Explain(%s): %v, %v", p, err1, err2)
		}
		if !reflect.DeepEqual(r1, r2) || !reflect.DeepEqual(s1, s2) {
			t.Fatalf("Explain(%s) differs with the live board:\n%+v\n%+v", p, r1, r2)
		}
		singles += int(r1.Counts.n[techNakedSingle] + r1.Counts.n[techHiddenSingle])
	}
	if singles == 0 {
		t.Fatal("no single on any path: tier 1 was never tested")
	}
}
