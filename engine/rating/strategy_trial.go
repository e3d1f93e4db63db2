package rating

import (
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// assume places d in cell of b and applies singles as singlesFrom does,
// reporting a failed placement as a contradiction after 0 waves. b must
// have no single before (true past tier 1, which found none), so the first
// wave looks only where the placement changed the board.
func assume(b *engine.Board, cell, d int) (waves int, contradiction bool) {
	var cells cellSet
	units := uint32(0)
	for _, u := range cellUnits[cell] {
		units |= 1 << u
	}
	for _, p := range peers[cell] {
		if b.Cands[p]&engine.Bit(d) != 0 {
			cells.add(int(p))
			for _, u := range cellUnits[p] {
				units |= 1 << u
			}
		}
	}
	if b.Cands[cell]&engine.Bit(d) == 0 || !b.Place(cell, d) {
		return 0, true
	}
	return singlesFrom(b, cells, units)
}

// singlesFrom applies naked and hidden singles to b in waves (the math-fun
// list's level 1): each wave finds every single of the board and places
// them all at once. It reports whether a contradiction appeared (a cell
// without candidates, a unit with no place for a missing digit, or two
// singles clashing) and after how many waves; without a contradiction it
// runs to the fixpoint and reports the waves it took. Waves, unlike single
// placements, do not depend on the order cells are scanned in, so the
// count is the same on isomorphic boards.
//
// The first wave looks only at dirtyCells and dirtyUnits; a later one only
// at what the previous wave changed (the cells that lost a candidate and
// their units, and the units of the placed cells): a single or a
// contradiction can only appear there. Cost: at most 81 waves, O(changed)
// each.
func singlesFrom(b *engine.Board, dirtyCells cellSet, dirtyUnits uint32) (waves int, contradiction bool) {
	var place [81]uint8
	// placed[u]: the digits placed in unit u, for the units in known,
	// read from b on a unit's first scan and kept up to date by the
	// placements, so that later scans read only the candidates.
	var placed [27]uint16
	var known uint32
	for {
		var placing cellSet // the cells place holds a digit for, this wave
		for w := range 2 {
			for dm := dirtyCells[w]; dm != 0; dm &= dm - 1 {
				c := w<<6 | bits.TrailingZeros64(dm)
				if b.Digits[c] != 0 {
					continue
				}
				m := b.Cands[c]
				if m == 0 {
					return waves, true
				}
				if m&(m-1) == 0 {
					place[c] = uint8(engine.Digit(m))
					placing.add(c)
				}
			}
		}
		for du := dirtyUnits; du != 0; du &= du - 1 {
			u := bits.TrailingZeros32(du)
			// A placed cell has no candidates (Board), so the scan needs
			// no branch on it.
			var once, twice uint16
			have := placed[u]
			if known&(1<<u) == 0 {
				for _, c := range units[u] {
					m := b.Cands[c]
					twice |= once & m
					once |= m
					have |= digitBits[b.Digits[c]]
				}
				placed[u] = have
				known |= 1 << u
			} else {
				for _, c := range units[u] {
					m := b.Cands[c]
					twice |= once & m
					once |= m
				}
			}
			if (once|have)&engine.AllDigits != engine.AllDigits {
				return waves, true
			}
			for single := once &^ twice &^ have; single != 0; single &= single - 1 {
				d := bits.TrailingZeros16(single) + 1
				for _, c := range units[u] {
					if b.Cands[c]&engine.Bit(d) != 0 {
						if place[c] != 0 && int(place[c]) != d {
							return waves, true
						}
						place[c] = uint8(d)
						placing.add(int(c))
						break
					}
				}
			}
		}
		if placing.empty() {
			return waves, false
		}
		waves++
		dirtyCells, dirtyUnits = cellSet{}, 0
		for w := range 2 {
			for pm := placing[w]; pm != 0; pm &= pm - 1 {
				c := w<<6 | bits.TrailingZeros64(pm)
				d := place[c]
				place[c] = 0
				bit := engine.Bit(int(d))
				if b.Cands[c]&bit == 0 {
					return waves, true
				}
				dirtyUnits |= cellUnitBits[c]
				for _, u := range cellUnits[c] {
					placed[u] |= bit // only read once u is known
				}
				b.Digits[c] = d
				b.Cands[c] = 0
				for _, p := range peers[c] {
					if b.Cands[p]&bit != 0 {
						b.Cands[p] &^= bit
						if b.Cands[p] == 0 {
							return waves, true
						}
						dirtyCells.add(int(p))
						dirtyUnits |= cellUnitBits[p]
					}
				}
			}
		}
	}
}

// digitBits[d] is Bit(d) for a digit and 0 for an empty cell (d = 0).
var digitBits = [10]uint16{0, 1, 2, 4, 8, 16, 32, 64, 128, 256}

// cellUnitBits[c] has bit u set for each of c's three units.
var cellUnitBits = func() (m [81]uint32) {
	for c := range m {
		for _, u := range cellUnits[c] {
			m[c] |= 1 << u
		}
	}
	return
}()

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
