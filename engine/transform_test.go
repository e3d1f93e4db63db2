package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

func TestTransformKeepsValidity(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	sol := MustParse(easySolution)
	puz := MustParse(easyPuzzle)
	if Identity().Apply(puz) != puz {
		t.Fatal("Identity().Apply changed the puzzle")
	}
	distinct := map[Grid]bool{}
	for range 100 {
		tr := RandomTransformation(rng)
		s, p := tr.Apply(sol), tr.Apply(puz)
		if !s.IsSolutionOf(&p) {
			t.Fatalf("%+v maps the solution to %v, not a solution of %v", tr, s, p)
		}
		if p.Givens() != puz.Givens() {
			t.Fatalf("%+v changed the number of givens", tr)
		}
		distinct[p] = true
	}
	if len(distinct) < 95 {
		t.Errorf("100 random transformations gave %d distinct puzzles", len(distinct))
	}
}

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
			g := MustParse(ps)
			tr := RandomTransformation(rng)
			h := tr.Apply(g)
			n1, s1 := oracleCount(g, 2)
			n2, s2 := oracleCount(h, 2)
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

func TestVariantOf(t *testing.T) {
	p, err := Generate(t.Context(), GenerateOptions{Level: Hard, Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	v := p.VariantOf(77)
	if v.Fresh || v.Variant != 77 || v.Seed != p.Seed || v.Level != p.Level || v.Score != p.Score {
		t.Errorf("VariantOf(77) = %+v", v)
	}
	if v.Puzzle == p.Puzzle {
		t.Errorf("VariantOf(77) kept the puzzle unchanged")
	}
	if w := p.VariantOf(77); w.Puzzle != v.Puzzle {
		t.Errorf("VariantOf(77) not deterministic")
	}
	checkPuzzle(t, v, Hard)
	if v.Rating != p.Rating {
		t.Errorf("VariantOf(77).Rating = %+v, want %+v", v.Rating, p.Rating)
	}
}

// TestApplyOutOfRange: Apply does not panic on cell values above 9 or on
// Rows/Cols entries above 8; such cells come out empty.
func TestApplyOutOfRange(t *testing.T) {
	var g Grid
	g[0], g[1], g[2], g[80] = 10, 255, 5, 9
	id := Identity()
	got := id.Apply(g)
	want := Grid{2: 5, 80: 9}
	if got != want {
		t.Errorf("Identity().Apply(%v) = %v, want %v", g, got, want)
	}
	bad := Identity()
	bad.Rows[0], bad.Cols[8] = 200, 255
	_ = bad.Apply(g) // must not panic
	var zero Transformation
	if got := zero.Apply(g); got != (Grid{}) {
		t.Errorf("Transformation{}.Apply(%v) = %v, want the empty grid", g, got)
	}
}
