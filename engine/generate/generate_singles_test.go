package generate

import (
	"math/bits"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// TestSinglesRefillMatchesSolvesBySingles checks singles-only masking's
// test against SolvesBySingles on every removal it tries, for each
// symmetry: completed grids masked down to singles-minimal puzzles, then
// with orbits put back and masked again, so that removals are tried on
// puzzles with many and with few givens. Each answer must be
// SolvesBySingles', and each way of answering (all emptied cells naked
// singles, propagation reaching them, propagation stalling) must occur.
func TestSinglesRefillMatchesSolvesBySingles(t *testing.T) {
	grids := 8
	if testing.Short() {
		grids = 3
	}
	var naked, reached, stalled int
	eachRemoval(rating.Easy, grids, 3, 7, func(round int) int { return 4 + 2*round },
		func(m *masker, at removalAt, o int, q engine.Grid) bool {
			if !m.singles {
				t.Fatal("an easy masker not in singles mode")
			}
			got, want := singlesRefill(q, m.orbits[o]), SolvesBySingles(q)
			if got != want {
				t.Fatalf("%v: removing orbit %v of %s: singlesRefill %v, SolvesBySingles %v", at, m.orbits[o], m.p, got, want)
			}
			allNaked := true
			for _, c := range m.orbits[o] {
				allNaked = allNaked && bits.OnesCount16(freeDigits(&q, c)) == 1
			}
			switch {
			case allNaked:
				naked++
			case got:
				reached++
			default:
				stalled++
			}
			return got
		}, nil)
	t.Logf("answers: %d all naked singles, %d reached by propagation, %d stalled", naked, reached, stalled)
	if naked == 0 || reached == 0 || stalled == 0 {
		t.Errorf("a way of answering never taken: %d naked, %d reached, %d stalled", naked, reached, stalled)
	}
}
