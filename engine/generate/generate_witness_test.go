package generate

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// TestUniqueWithoutMatchesCount checks the masker's uniqueness test
// against the solver's count to two on every removal that masking can
// try: for each symmetry, completed grids masked down to minimal puzzles
// with orbits put back and taken out again, so that the witnesses kept
// from earlier tests meet puzzles with more and with fewer givens than
// the ones they came from. Every answer must be the count's, and each
// of the three ways to answer (a witness, a search that finds a second
// solution, searches that find none) must have been taken.
func TestUniqueWithoutMatchesCount(t *testing.T) {
	grids := 6
	if testing.Short() {
		grids = 2
	}
	var byWitness, bySearch, unique int
	// putting orbits back after each pass, later tests meet witnesses of
	// puzzles with fewer givens
	eachRemoval(rating.Evil, grids, 4, 99, func(round int) int { return 3 + round },
		func(m *masker, at removalAt, o int, q engine.Grid) bool {
			want := engine.CountSolutions(q, 2) == 1
			w, e := m.witnesses[o], emptyCells(&q)
			covered := w != [2]uint64{} && w[0]&^e[0] == 0 && w[1]&^e[1] == 0
			got := m.uniqueWithout(q, o)
			if got != want {
				t.Fatalf("%v: removing orbit %v of %s: uniqueWithout %v, the count says %v", at, m.orbits[o], m.p, got, want)
			}
			switch {
			case covered:
				byWitness++
			case got:
				unique++
			default:
				bySearch++
			}
			return got
		},
		func(m *masker) { checkWitnesses(t, m) })
	t.Logf("answers: %d by a witness, %d by a search finding a second solution, %d unique", byWitness, bySearch, unique)
	if byWitness == 0 || bySearch == 0 || unique == 0 {
		t.Errorf("a way of answering never taken: %d by a witness, %d by a search, %d unique", byWitness, bySearch, unique)
	}
}

// checkWitnesses checks that every witness the masker keeps is an
// unavoidable set of its grid: emptied from the solved grid, its cells
// leave a puzzle with more than one solution.
func checkWitnesses(t *testing.T, m *masker) {
	t.Helper()
	kept := 0
	for _, s := range m.witnesses {
		if s == [2]uint64{} {
			continue
		}
		kept++
		g := m.sol
		for c := range g {
			if s[c>>6]>>(c&63)&1 != 0 {
				g[c] = 0
			}
		}
		if n := engine.CountSolutions(g, 2); n != 2 {
			t.Fatalf("witness %x: the grid without its cells has %d solution(s), want more than one:\n%s", s, n, g)
		}
	}
	if kept == 0 {
		t.Fatal("no witness kept")
	}
}

// TestFreeDigits checks freeDigits against the digits a cell's row,
// column and box leave, counted one peer at a time.
func TestFreeDigits(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for range 50 {
		g := CompletedGrid(rng)
		for c := range g {
			if rng.IntN(2) == 0 {
				g[c] = 0
			}
		}
		for c := range g {
			want := uint16(0x3fe)
			for p := range g {
				same := p/9 == c/9 || p%9 == c%9 || (p/27 == c/27 && p%9/3 == c%9/3)
				if same && p != c && g[p] != 0 {
					want &^= 1 << g[p]
				}
			}
			if g[c] != 0 {
				want &^= 1 << g[c]
			}
			if got := freeDigits(&g, c); got != want {
				t.Fatalf("cell %d of %s: freeDigits %010b, want %010b", c, g, got, want)
			}
		}
	}
}

// TestCellMasks checks emptyCells, diffCells and zeroBytes against a
// cell-by-cell loop, on grids with every byte value at every place.
func TestCellMasks(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	for i := range 2000 {
		var g, h engine.Grid
		for c := range g {
			g[c] = uint8(rng.IntN(10))
			h[c] = g[c]
			if rng.IntN(3) == 0 {
				h[c] = uint8(rng.IntN(256))
			}
		}
		if i < 256 {
			for c := range g {
				g[c] = uint8(i) // every byte value, everywhere
			}
		}
		var wantEmpty, wantDiff [2]uint64
		for c := range g {
			if g[c] == 0 {
				wantEmpty[c>>6] |= 1 << (c & 63)
			}
			if g[c] != h[c] {
				wantDiff[c>>6] |= 1 << (c & 63)
			}
		}
		if got := emptyCells(&g); got != wantEmpty {
			t.Fatalf("emptyCells(%v) = %x, want %x", g, got, wantEmpty)
		}
		if got := diffCells(&g, &h); got != wantDiff {
			t.Fatalf("diffCells(%v, %v) = %x, want %x", g, h, got, wantDiff)
		}
	}
}
