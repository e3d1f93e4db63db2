package rating

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/internal/oracle"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// TestTransformKeepsRating maps real puzzles from the shared data with random
// transformations and checks that the solution count (by the oracle), the
// rater's score, level and technique counts stay exactly the same.
func TestTransformKeepsRating(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 10
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, name := range []string{dataset.SERated, dataset.Serg} {
		for _, ps := range datasettest.LoadPuzzles(t, name, n) {
			g := engine.MustParse(ps)
			tr := engine.RandomTransformation(rng)
			h := tr.Apply(g)
			n1, s1 := oracle.Count(g, 2)
			n2, s2 := oracle.Count(h, 2)
			if n1 != n2 || (n1 == 1 && tr.Apply(s1) != s2) {
				t.Fatalf("%s: %d solutions, transformed %d", ps, n1, n2)
			}
			if n1 != 1 {
				continue
			}
			r1, err1 := Rate(g)
			r2, err2 := Rate(h)
			if (err1 == nil) != (err2 == nil) || r1.Score != r2.Score || r1.Level != r2.Level ||
				r1.HardestTier != r2.HardestTier || r1.Counts != r2.Counts {
				t.Errorf("Rate(%s) = %+v, %v; transformed %v = %+v, %v", ps, r1, err1, h, r2, err2)
			}
		}
	}
}
