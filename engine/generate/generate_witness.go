package generate

import (
	"encoding/binary"
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
//     rest of the grid unchanged. A later puzzle of the same sol whose
//     empty cells cover it has t as a second solution, and is not unique
//     without a search. The set holds cells of the orbit, which stays
//     given while its removal fails, so it serves the later tests of that
//     orbit: random masking tries each orbit once, and isMinimal, later
//     passes and tuned masking's removals and swaps try the ones that
//     stayed again, mostly ending at their witness.

// witnesses holds, per orbit, the cells (bit c of the pair: cell c) where
// the last second solution found on removing it differs from the grid;
// none is the zero pair (a second solution differs somewhere). They hold
// for that grid only: a masker for another grid starts with none.
type witnesses [81][2]uint64

// diffCells returns the cells where t and sol differ.
func diffCells(t, sol *engine.Grid) [2]uint64 {
	var s [2]uint64
	for k := 0; k < 80; k += 8 {
		x := binary.LittleEndian.Uint64(t[k:]) ^ binary.LittleEndian.Uint64(sol[k:])
		s[k>>6] |= (^zeroBytes(x) & 0xff) << (k & 63)
	}
	if t[80] != sol[80] {
		s[1] |= 1 << 16
	}
	return s
}

// emptyCells returns the empty cells of g.
func emptyCells(g *engine.Grid) [2]uint64 {
	var e [2]uint64
	for k := 0; k < 80; k += 8 {
		e[k>>6] |= zeroBytes(binary.LittleEndian.Uint64(g[k:])) << (k & 63)
	}
	if g[80] == 0 {
		e[1] |= 1 << 16
	}
	return e
}

// zeroBytes returns bit i set for each byte i of x that is zero.
func zeroBytes(x uint64) uint64 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	// the high bit of each byte: set when the byte is not zero
	nz := ((x & low7) + low7 | x) &^ low7
	// gather the eight high bits, inverted, into the low byte
	return (^nz & 0x8080808080808080 >> 7 * 0x0102040810204080) >> 56
}

// uniqueWithout reports whether q, the masker's puzzle with orbit o
// (given in it) emptied, still has one solution, and keeps the second
// solution it finds as the orbit's witness (above).
func (m *masker) uniqueWithout(q engine.Grid, o int) bool {
	if w := m.witnesses[o]; w != [2]uint64{} {
		if e := emptyCells(&q); w[0]&^e[0] == 0 && w[1]&^e[1] == 0 {
			return false
		}
	}
	g := q
	for _, c := range m.orbits[o] {
		for free := freeDigits(&g, c) &^ (1 << m.sol[c]); free != 0; free &= free - 1 {
			g[c] = uint8(bits.TrailingZeros16(free))
			if r := engine.SolveLimit(g, 1); r.Count > 0 {
				m.witnesses[o] = diffCells(&r.Solution, &m.sol)
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
