package engine

import (
	"math/rand/v2"
	"testing"
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
