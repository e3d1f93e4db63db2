package generate

import (
	"fmt"
	"math/rand/v2"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// A puzzle of the newspapers' easy kind and its solution.
const (
	easyPuzzle   = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	easySolution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
)

// defaultModel is the committed score model.
var defaultModel = rating.DefaultModel()

// removalAt says where eachRemoval is: the symmetry, the grid and the
// pass over its orbits.
type removalAt struct {
	sym         Symmetry
	grid, round int
}

func (a removalAt) String() string {
	return fmt.Sprintf("%v, grid %d, round %d", a.sym, a.grid, a.round)
}

// eachRemoval offers try every removal that masking can try, the way the
// tests of masking's removal tests want them: for each symmetry, grids
// completed grids (seeds 0.., stream stream), each masked by rounds passes
// over its orbits in random order (try says whether the removal is kept,
// and the puzzle becomes q when it is) with a few orbits put back after
// each pass (putBack(round) of them, drawn at random), so that removals
// are tried on puzzles with many and with few givens. done, when not nil,
// sees each masker at the end of its grid.
func eachRemoval(level rating.Level, grids, rounds int, stream uint64, putBack func(round int) int,
	try func(m *masker, at removalAt, o int, q engine.Grid) bool, done func(m *masker)) {
	for _, sym := range symmetries {
		for seed := range uint64(grids) {
			rng := rand.New(rand.NewPCG(seed, stream))
			budget := maxGenerateRatings
			m := newMasker(CompletedGrid(rng), rng, Options{Level: level, Symmetry: sym}, &budget)
			for round := range rounds {
				for _, o := range m.shuffled() {
					if !m.isGiven(o) {
						continue
					}
					if q := m.without(o); try(m, removalAt{sym, int(seed), round}, o, q) {
						m.p = q
					}
				}
				for range putBack(round) {
					if o := m.rng.IntN(len(m.orbits)); !m.isGiven(o) {
						m.add(o)
					}
				}
			}
			if done != nil {
				done(m)
			}
		}
	}
}
