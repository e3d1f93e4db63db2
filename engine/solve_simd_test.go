package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// needSIMD skips a test of the SIMD solver where this build or this
// processor has none (a build without GOEXPERIMENT=simd, or no AVX2): the
// scalar solver, which such builds run, is tested on its own.
func needSIMD(t *testing.T) {
	t.Helper()
	if !simdSupported() {
		t.Skip("no SIMD solver in this build or on this processor")
	}
}

// checkSIMDAgainstFast requires the SIMD solver to agree with the scalar
// one on g for limits 1 to 3: the same count from solveSIMD and countSIMD,
// a valid solution whenever there is one, the zero grid when there is
// none, and the same solution when it is unique.
func checkSIMDAgainstFast(t *testing.T, name string, g Grid) {
	t.Helper()
	for _, limit := range []int{1, 2, 3} {
		want := solveFast(g, limit)
		got := solveSIMD(g, limit)
		if got.Count != want.Count {
			t.Fatalf("%s: solveSIMD(%s, %d).Count = %d, want %d", name, g, limit, got.Count, want.Count)
		}
		if n := countSIMD(g, limit); n != want.Count {
			t.Fatalf("%s: countSIMD(%s, %d) = %d, want %d", name, g, limit, n, want.Count)
		}
		switch {
		case want.Count == 0 && got.Solution != (Grid{}):
			t.Fatalf("%s: solveSIMD(%s, %d).Solution = %s, want the zero grid", name, g, limit, got.Solution)
		case want.Count > 0 && !got.Solution.IsSolutionOf(&g):
			t.Fatalf("%s: solveSIMD(%s, %d).Solution = %s is no solution", name, g, limit, got.Solution)
		case want.Count == 1 && limit > 1 && got.Solution != want.Solution:
			t.Fatalf("%s: solveSIMD(%s, %d).Solution = %s, want %s", name, g, limit, got.Solution, want.Solution)
		}
	}
}

// TestSolveSIMDOnData runs the differential check on every puzzle of the
// puzzle lists of ../shared/data (the first 100 of each in -short mode).
func TestSolveSIMDOnData(t *testing.T) {
	needSIMD(t)
	n := 0 // all
	if testing.Short() {
		n = 100
	}
	for _, file := range []string{dataset.Clue17, dataset.Unbiased1000, dataset.Top1465, dataset.NorvigTop95,
		dataset.NorvigHardest, dataset.Hardest1106, dataset.Hardest1905, dataset.Serg} {
		for _, p := range datasettest.LoadPuzzles(t, file, n) {
			checkSIMDAgainstFast(t, file, MustParse(p))
		}
	}
}

// TestSolveSIMDRandom runs the differential check on random grids with
// most givens removed (often several solutions), with a wrong digit added
// (often none), with conflicting givens, and on a few edge cases.
func TestSolveSIMDRandom(t *testing.T) {
	needSIMD(t)
	rng := rand.New(rand.NewPCG(22, 3))
	n := 20000
	if testing.Short() {
		n = 1000
	}
	seen := map[int]int{}
	for i := range n {
		sol := randomGrid(rng)
		var g Grid
		for _, c := range rng.Perm(81)[:17+rng.IntN(30)] {
			g[c] = sol[c]
		}
		switch i % 4 {
		case 1: // a wrong digit in an empty cell
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		case 2: // any digit anywhere, conflicts included
			for range 1 + rng.IntN(3) {
				g[rng.IntN(81)] = uint8(rng.IntN(10))
			}
		}
		checkSIMDAgainstFast(t, "random", g)
		seen[solveFast(g, 2).Count]++
	}
	for c := range 3 {
		if seen[c] == 0 {
			t.Errorf("no random grid with %d solutions (counts %v): the test checks too little", c, seen)
		}
	}
	var empty, bad, clash Grid
	bad[5] = 10
	clash[0], clash[1] = 5, 5
	full := randomGrid(rng)
	for name, g := range map[string]Grid{"empty": empty, "value 10": bad, "clash": clash, "full": full} {
		checkSIMDAgainstFast(t, name, g)
	}
}
