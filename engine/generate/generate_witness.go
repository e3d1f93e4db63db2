package generate

import (
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// The uniqueness test of masking (docs/generator.md, "The uniqueness
// test"). The masker's puzzle p has one solution, sol; q is p with the
// cells of one orbit emptied. Any other solution t of q agrees with sol on
// every given of q (they are p's), so it differs from sol somewhere in
// the orbit: q is unique exactly when no solution of q differs from sol
// in the orbit. Two things follow.
//
//   - The test needs no count to two: for each cell c of the orbit in
//     turn, with the cells before it as in sol, it asks the solver for
//     any solution (limit 1) with c holding another digit than sol's,
//     one that the givens of c's row, column and box leave. These cases
//     cover every other solution once, and each is a puzzle with more
//     givens than q.
//   - Such a solution t is a witness: the cells where t differs from sol
//     are an unavoidable set, whose digits can be swapped for t's with the
//     rest of the grid unchanged. Any later puzzle of the same sol whose
//     empty cells cover one of them has t as a second solution, and is not
//     unique without a search. Random masking tries every orbit at least
//     once, and the orbits that stay are those whose removal has a witness,
//     so most later tests of a grid (a later pass, isMinimal, tuned
//     masking's removals) end at a witness.

// maxWitnesses is how many witnesses a masker keeps, the newest: on
// TestGenerate's levels 64 catch 99% of what 128 do.
const maxWitnesses = 64

// witnesses holds the cells (bit c of the pair: cell c) where second
// solutions of puzzles of one completed grid differ from it, in a ring.
// They hold for that grid only: a masker for another grid starts empty.
type witnesses struct {
	sets [maxWitnesses][2]uint64
	n    int // sets in use
	next int // the slot the next one takes
}

// add keeps the cells where t differs from sol.
func (w *witnesses) add(t, sol *engine.Grid) {
	var s [2]uint64
	for c := range t {
		if t[c] != sol[c] {
			s[c>>6] |= 1 << (c & 63)
		}
	}
	w.sets[w.next] = s
	w.next = (w.next + 1) % maxWitnesses
	w.n = min(w.n+1, maxWitnesses)
}

// covered reports whether the cells empty holds all the cells of a
// witness: then the puzzle with those cells empty has a second solution.
func (w *witnesses) covered(empty [2]uint64) bool {
	for _, s := range w.sets[:w.n] {
		if s[0]&^empty[0] == 0 && s[1]&^empty[1] == 0 {
			return true
		}
	}
	return false
}

// emptyCells returns the empty cells of g, bit c for cell c.
func emptyCells(g *engine.Grid) [2]uint64 {
	var e [2]uint64
	for c, v := range g {
		if v == 0 {
			e[c>>6] |= 1 << (c & 63)
		}
	}
	return e
}

// uniqueWithout reports whether q, the masker's puzzle with the cells
// emptied (an orbit given in it), still has one solution, and keeps the
// second solution it finds as a witness (above).
func (m *masker) uniqueWithout(q engine.Grid, cells []int) bool {
	if m.witnesses.covered(emptyCells(&q)) {
		return false
	}
	g := q
	for _, c := range cells {
		for free := freeDigits(&g, c) &^ (1 << m.sol[c]); free != 0; free &= free - 1 {
			g[c] = uint8(bits.TrailingZeros16(free))
			if r := engine.SolveLimit(g, 1); r.Count > 0 {
				m.witnesses.add(&r.Solution, &m.sol)
				return false
			}
		}
		g[c] = m.sol[c]
	}
	return true
}

// freeDigits returns the digits (bit d for digit d) that no given of
// cell c's row, column or box holds in g.
func freeDigits(g *engine.Grid, c int) uint16 {
	r, col := c/9, c%9
	box := r/3*27 + col/3*3
	var used uint16
	for i := range 9 {
		used |= 1<<g[r*9+i] | 1<<g[i*9+col] | 1<<g[box+i/3*9+i%3]
	}
	return 0x3fe &^ used
}
