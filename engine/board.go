package engine

import "math/bits"

// Board is a puzzle in progress as the math-fun list's 729-bit board: for each
// of the 81 cells a 9-bit candidate mask (bit d-1 set when digit d is still
// possible), next to the digits already placed.
//
//	Cands[cell]  . . . . . . . 9 8 7 6 5 4 3 2 1   (bit 15 .. bit 0)
//	             unused        candidate digits
//
// Invariants kept by Place and Eliminate: a placed cell has Cands == 0 and
// its digit is a candidate of none of its peers; an empty cell whose mask
// becomes 0 is a contradiction, reported by the false result.
//
// The zero Board is not valid; use NewBoard. A Board is a value of 243 bytes:
// copying it is the whole cost of a backtracking step.
type Board struct {
	Digits Grid       // placed digits, 0 for empty cells
	Cands  [81]uint16 // candidate masks of empty cells, 0 for placed ones
}

// AllDigits is the candidate mask with all nine digits.
const AllDigits uint16 = 0x1ff

// Bit returns the candidate mask of digit d (1..9).
func Bit(d int) uint16 { return 1 << (d - 1) }

// digitBits[d] is Bit(d) for the digits 1-9 and 0 for an empty cell (and
// anything else a byte holds): a load where Bit would need a branch.
var digitBits = func() (t [256]uint16) {
	for d := 1; d <= 9; d++ {
		t[d] = Bit(d)
	}
	return
}()

// Digit returns the digit of a single-candidate mask.
func Digit(m uint16) int { return bits.TrailingZeros16(m) + 1 }

// Count returns the number of candidates in mask m.
func Count(m uint16) int { return bits.OnesCount16(m) }

// NewBoard returns the board of puzzle g with every given placed and its digit
// removed from the candidates of its peers. It reports false when a given is
// out of range, two givens of one digit share a unit, or the givens leave
// some empty cell without a candidate; the board then means nothing. It
// costs one pass over the cells for the digits each unit holds and one for
// the candidates, rather than 20 peers per given.
func NewBoard(g Grid) (Board, bool) {
	var b Board
	var placed [27]uint16 // the digits each unit holds
	// No branch on whether a cell is given (givens and empty cells come in
	// no order): an empty cell adds no digit and a given keeps no
	// candidate; the tests left are true only for a bad grid.
	for cell, d := range g {
		if d > 9 {
			return b, false
		}
		bit, cu := digitBits[d], &cellUnits[cell]
		if (placed[cu[0]]|placed[cu[1]]|placed[cu[2]])&bit != 0 {
			return b, false
		}
		placed[cu[0]] |= bit
		placed[cu[1]] |= bit
		placed[cu[2]] |= bit
	}
	b.Digits = g
	for cell, d := range g {
		cu := &cellUnits[cell]
		m := AllDigits &^ (placed[cu[0]] | placed[cu[1]] | placed[cu[2]]) & emptyCands[d]
		if m|uint16(d) == 0 {
			return b, false
		}
		b.Cands[cell] = m
	}
	return b, true
}

// emptyCands[d] is AllDigits for an empty cell (d = 0) and 0 for a given.
var emptyCands = [10]uint16{AllDigits}

// Place puts digit d in cell and removes d from the candidates of its 20
// peers. It reports false when that leaves a peer without a candidate. It does
// not check that d was a candidate of cell. Cost: 20 mask updates.
func (b *Board) Place(cell, d int) bool {
	b.Digits[cell] = uint8(d)
	b.Cands[cell] = 0
	m := Bit(d)
	ok := true
	for _, p := range peers[cell] {
		// no branch on whether the peer had d (a coin toss): the store is
		// cheaper; a peer loses its last candidate only when d was it
		c := b.Cands[p]
		if c == m {
			ok = false
		}
		b.Cands[p] = c &^ m
	}
	return ok
}

// Eliminate removes the candidates in mask from cell and reports whether the
// cell still has a candidate (or was already placed).
func (b *Board) Eliminate(cell int, mask uint16) bool {
	if b.Digits[cell] != 0 {
		return true
	}
	b.Cands[cell] &^= mask
	return b.Cands[cell] != 0
}

// Solved reports whether every cell holds a digit.
func (b *Board) Solved() bool {
	for _, d := range b.Digits {
		if d == 0 {
			return false
		}
	}
	return true
}

// Empty returns the number of empty cells.
func (b *Board) Empty() int { return 81 - b.Digits.Givens() }

// PropagateSingles places naked singles (a cell with one candidate) and
// hidden singles (a digit with one place in a unit) until neither applies.
// The baseline solver and the generator share it.
// It reports false on a contradiction: a cell without candidates, or a digit
// with no place in a unit.
func PropagateSingles(b *Board) bool { return propagateSingles(b, nil) }

// PropagateSinglesUntil is PropagateSingles that stops early, after the
// first pass (of the naked singles or of the units) that leaves every cell
// of cells placed, and reports whether they all are: false when singles
// stall first, or on a contradiction. Stopping early changes which other
// cells are placed, never whether these are: passes only add placements,
// and a single stays a single while other digits are placed. It can miss a
// contradiction that a longer run would find, so it answers for a board
// known to have a solution. With no cells it is PropagateSingles. The
// generator's singles-only masking asks it whether the cells it just
// emptied come back (SolvesBySingles' question, answered without
// propagating the rest of the board).
func PropagateSinglesUntil(b *Board, cells []int) bool {
	return propagateSingles(b, cells) && b.allPlaced(cells)
}

// allPlaced reports whether every cell of cells holds a digit (true for
// none).
func (b *Board) allPlaced(cells []int) bool {
	for _, c := range cells {
		if b.Digits[c] == 0 {
			return false
		}
	}
	return true
}

// propagateSingles is PropagateSingles, stopping after a pass that leaves
// every cell of until placed (never for none).
func propagateSingles(b *Board, until []int) bool {
	for progress := true; progress; {
		progress = false
		for cell, m := range b.Cands {
			// Placed cells (m == 0) are half the board, in no order a
			// branch predicts: the tests below are true only for a naked
			// single and for an empty cell without candidates, both rare.
			if x := uint32(m); x&(x-1)|(x-1)>>31 == 0 { // one candidate
				if !b.Place(cell, Digit(m)) {
					return false
				}
				progress = true
			} else if m|uint16(b.Digits[cell]) == 0 {
				return false
			}
		}
		if len(until) > 0 && b.allPlaced(until) {
			return true
		}
		for u := range units {
			var once, twice, placed uint16
			for _, cell := range units[u] {
				m := b.Cands[cell]
				twice |= once & m
				once |= m
				// no branch on whether the cell is placed
				placed |= digitBits[b.Digits[cell]]
			}
			if once|placed != AllDigits {
				return false
			}
			for single := once &^ twice; single != 0; single &= single - 1 {
				bit := single & -single
				for _, cell := range units[u] {
					if b.Cands[cell]&bit != 0 {
						if !b.Place(int(cell), Digit(bit)) {
							return false
						}
						progress = true
						break
					}
				}
			}
		}
		if len(until) > 0 && b.allPlaced(until) {
			return true
		}
	}
	return true
}
