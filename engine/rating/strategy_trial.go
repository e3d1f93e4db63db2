package rating

import (
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// fewestCandidates returns the smallest candidate count (2..9) of an empty
// cell of b, or 10 when every cell is placed.
func fewestCandidates(b *engine.Board) int {
	minN := 10
	for c := range 81 {
		if n := engine.Count(b.Cands[c]); n >= 2 && n < minN {
			minN = n
		}
	}
	return minN
}

// findTrial is the last resort, searched only when no chain and no forcing
// chain or net from a cell with the fewest candidates makes progress. The
// rater, which has the solution, removes the wrong candidates of those
// cells whose singles propagation runs the most waves before stalling (all
// ties together), as a solver who guesses would after a deeper search. So
// it is bounded and deterministic. A possible application is one of those
// cells.
func findTrial(f *finder) int {
	minN := fewestCandidates(f.b)
	if minN == 10 || f.solution == nil {
		return 0
	}
	s := 0
	best := -1
	var reach [81]int
	for c := range 81 {
		m := f.b.Cands[c]
		reach[c] = -1
		if engine.Count(m) != minN {
			continue
		}
		s++
		sd := int(f.solution[c])
		for mm := m &^ engine.Bit(sd); mm != 0; mm &= mm - 1 {
			d := bits.TrailingZeros16(mm) + 1
			n, _, _ := f.assumption(c, d) // followed already by findForcingChains, mostly
			reach[c] = max(reach[c], n)
			f.deep = true
		}
		best = max(best, reach[c])
	}
	for c := range 81 {
		if reach[c] != best || best < 0 {
			continue
		}
		sd := int(f.solution[c])
		wrong := f.b.Cands[c] &^ engine.Bit(sd)
		f.eliminate(c, wrong)
		if minN == 2 {
			f.put(c, sd)
		}
		f.commit(techTrial, f.cells(c), func() string {
			return fmt.Sprintf("trial: %s can't be %s: assuming it leads to a contradiction only after further guesses, so it is %d.", engine.CellName(c), digitsText(wrong), sd)
		})
	}
	return s
}
