package generate

import (
	"math/bits"
	"math/rand/v2"
	"testing"

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
	for _, sym := range symmetries {
		for seed := range uint64(grids) {
			rng := rand.New(rand.NewPCG(seed, 7))
			budget := maxGenerateRatings
			m := newMasker(CompletedGrid(rng), rng, Options{Level: rating.Easy, Symmetry: sym}, &budget)
			if !m.singles {
				t.Fatal("an easy masker not in singles mode")
			}
			for round := range 3 {
				for _, o := range m.shuffled() {
					if !m.isGiven(o) {
						continue
					}
					q := m.without(o)
					got, want := singlesRefill(q, m.orbits[o]), SolvesBySingles(q)
					if got != want {
						t.Fatalf("%v, grid %d, round %d: removing orbit %v of %s: singlesRefill %v, SolvesBySingles %v",
							sym, seed, round, m.orbits[o], m.p, got, want)
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
					if got {
						m.p = q
					}
				}
				for range 4 + 2*round {
					if o := m.rng.IntN(len(m.orbits)); !m.isGiven(o) {
						m.add(o)
					}
				}
			}
		}
	}
	t.Logf("answers: %d all naked singles, %d reached by propagation, %d stalled", naked, reached, stalled)
	if naked == 0 || reached == 0 || stalled == 0 {
		t.Errorf("a way of answering never taken: %d naked, %d reached, %d stalled", naked, reached, stalled)
	}
}
