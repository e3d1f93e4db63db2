package generate

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
)

// completedGridReference is CompletedGrid as first written, asking the
// solver at every position, and counting in ended how each attempt ended:
// the reference for the fill that asks it later.
func completedGridReference(rng *rand.Rand, ended map[string]int) engine.Grid {
	for {
		b, _ := engine.NewBoard(engine.Grid{})
		for {
			var empties []int
			for cell, d := range b.Digits {
				if d == 0 {
					empties = append(empties, cell)
				}
			}
			cell := empties[rng.IntN(len(empties))]
			m := b.Cands[cell]
			for k := rng.IntN(engine.Count(m)); k > 0; k-- {
				m &= m - 1
			}
			if !b.Place(cell, engine.Digit(m&-m)) || !engine.PropagateSingles(&b) {
				ended["contradiction"]++
				break
			}
			if b.Solved() {
				ended["filled by singles"]++
				return b.Digits
			}
			if b.Empty() > 60 {
				continue
			}
			res := engine.Solve(b.Digits)
			if res.Count == 1 {
				ended["one solution"]++
				return res.Solution
			}
			if res.Count == 0 {
				ended["no solution"]++
				break
			}
		}
	}
}

// TestCompletedGridAsksLater checks that the fill Generate uses, which asks
// the solver once per attempt and searches back only when it must, draws
// the grids of the fill that asks at every position, leaving the random
// source in the same state: CompletedGrid and the scratch's fill against
// the first version, seed by seed, with the next draws compared too. Every
// way an attempt ends (singles fill the grid, the solver finds one
// solution, or none, or singles meet a contradiction) must occur.
func TestCompletedGridAsksLater(t *testing.T) {
	seeds := 3000
	if testing.Short() {
		seeds = 1000
	}
	ended := map[string]int{}
	var kept [60]position
	for seed := range uint64(seeds) {
		ref, eager, lazy := rand.NewPCG(seed, 3), rand.NewPCG(seed, 3), rand.NewPCG(seed, 3)
		want := completedGridReference(rand.New(ref), ended)
		if got := CompletedGrid(rand.New(eager)); got != want {
			t.Fatalf("seed %d: CompletedGrid = %v, the first version %v", seed, got, want)
		}
		if got := completedGrid(rand.New(lazy), lazy, &kept); got != want {
			t.Fatalf("seed %d: completedGrid asking later = %v, the first version %v", seed, got, want)
		}
		if r, e, l := ref.Uint64(), eager.Uint64(), lazy.Uint64(); e != r || l != r {
			t.Fatalf("seed %d: next draws %x (CompletedGrid), %x (asking later), want %x: the source was left elsewhere", seed, e, l, r)
		}
	}
	t.Logf("attempts ended: %v", ended)
	for _, k := range []string{"contradiction", "filled by singles", "one solution", "no solution"} {
		if ended[k] == 0 {
			t.Errorf("no attempt ended with %s in %d grids: %v", k, seeds, ended)
		}
	}
}

// TestFirstDecided checks the binary search on made-up positions: the
// first of n positions with at most one solution, at each place, and none;
// the decided positions have one solution or none.
func TestFirstDecided(t *testing.T) {
	sol := CompletedGrid(rand.New(rand.NewPCG(4, 4)))
	var none engine.Grid // r1c9 sees 1-8 in its row and 9 in its column
	for c := range 8 {
		none[c] = uint8(c + 1)
	}
	none[17] = 9
	for _, decided := range []engine.Grid{sol, none} {
		want := engine.Solve(decided)
		for n := 1; n <= 12; n++ {
			for first := 0; first <= n; first++ {
				// the empty grid (many solutions) before first
				var kept [60]position
				for i := first; i < n; i++ {
					kept[i].digits = decided
				}
				res, at := firstDecided(kept[:n])
				wantAt := first
				if first == n {
					wantAt = -1
				}
				if at != wantAt {
					t.Fatalf("n %d, first decided %d: firstDecided says %d, want %d", n, first, at, wantAt)
				}
				if at >= 0 && res != want {
					t.Fatalf("n %d, first decided %d: result %+v, want %+v", n, first, res, want)
				}
			}
		}
	}
}
