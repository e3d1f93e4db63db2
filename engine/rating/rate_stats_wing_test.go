package rating

import (
	"math/bits"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// TestWingsSound looks for an almost-locked-set wing wherever the path of
// a hard puzzle reaches a chain: the candidate a wing removes must be one
// the board has and the solution has not, and on these puzzles (Sudoku
// Explainer rates many of them 5.5–6.6 for their wings) wings must exist,
// but not everywhere.
func TestWingsSound(t *testing.T) {
	rs := datasettest.Load(t, dataset.CalibSudokuExchange, 0)
	if testing.Short() {
		rs = rs[:200]
	}
	with, without := 0, 0
	for _, r := range rs {
		g := engine.MustParse(r.Puzzle())
		sol := engine.Solve(g).Solution
		_, steps, err := Explain(g)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := engine.NewBoard(g)
		for _, st := range steps {
			if st.Tier == TierChains {
				if c, d, ok := wing(&b, new(holdingOf(&b))); ok {
					with++
					if b.Cands[c]&engine.Bit(d) == 0 || int(sol[c]) == d {
						t.Fatalf("%s: a wing removes %d from %s (candidates %s, solution %d)", r.Puzzle(), d, engine.CellName(c), digitsText(b.Cands[c]), sol[c])
					}
				} else {
					without++
				}
			}
			for _, e := range st.Eliminations {
				b.Eliminate(e.Cell, engine.Bit(e.Digit))
			}
			for _, p := range st.Placements {
				if b.Digits[p.Cell] == 0 {
					b.Place(p.Cell, p.Digit)
				}
			}
		}
	}
	if with == 0 || without == 0 {
		t.Fatalf("wings found before %d chain steps and not before %d: want some of each", with, without)
	}
	t.Logf("wings before %d chain steps, none before %d", with, without)
}

// holdingOf returns, for each digit d, the cells of b holding d as a
// candidate (holding[d-1]); the finder builds the same view inline in
// its round preparation.
func holdingOf(b *engine.Board) (holding [9]cellSet) {
	for c, m := range b.Cands {
		for mm := m; mm != 0; mm &= mm - 1 {
			holding[bits.TrailingZeros16(mm)].add(c)
		}
	}
	return holding
}
