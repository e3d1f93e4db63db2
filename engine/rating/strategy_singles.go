package rating

import (
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// findNakedSingles: each empty cell is a possible application; it is valid
// when the cell has a single candidate, which is placed.
func findNakedSingles(f *finder) int {
	s := 0
	for c := range 81 {
		m := f.b.Cands[c]
		if f.b.Digits[c] != 0 {
			continue
		}
		s++
		if engine.Count(m) == 1 {
			d := engine.Digit(m)
			f.put(c, d)
			f.commit(techNakedSingle, f.cells(c), func() string {
				return fmt.Sprintf("%s can only be %d: every other digit is already in its row, column or box.", engine.CellName(c), d)
			})
		}
	}
	return s
}

// findHiddenSingles: each unit and digit not yet placed in it is a possible
// application; it is valid when the digit has a single place in the unit.
func findHiddenSingles(f *finder) int {
	s := 0
	for u := range units {
		s += 9 - engine.Count(f.placed[u])
		for m := f.once[u] &^ f.placed[u]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m) + 1
			c := f.placeOf(u, d)
			f.put(c, d)
			f.commit(techHiddenSingle, f.cells(c), func() string {
				return fmt.Sprintf("%s is the only place for %d in %s.", engine.CellName(c), d, engine.UnitName(u))
			})
		}
	}
	return s
}

// placeOf returns the cell of unit u holding candidate d (the first one).
func (f *finder) placeOf(u, d int) int {
	for _, c := range units[u] {
		if f.b.Cands[c]&engine.Bit(d) != 0 {
			return int(c)
		}
	}
	return -1
}
