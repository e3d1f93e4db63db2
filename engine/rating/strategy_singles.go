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

// findSinglesLive is tier 1 (findNakedSingles, then findHiddenSingles) on
// the rating's live board (finder.live), looking only where the board
// changed since the last round's: every single of the previous round was
// placed, and a round above tier 1 found none, so a naked single can
// only be a cell that lost a candidate, and a hidden single a digit whose
// places changed in a unit. It finds the same singles in the same order
// and counts the same possible applications (every empty cell, and every
// unit and digit not placed in it), for work in proportion to the
// changes instead of the board.
func findSinglesLive(f *finder) int {
	p := &f.live
	// Each empty cell is a possible naked single, and a unit misses as
	// many digits as it has empty cells (its digits are distinct): so
	// each empty cell adds one possible hidden single in each of its
	// three units.
	s := 4 * p.empty()
	p.cells.forEach(func(c int) {
		if m := p.b.Cands[c]; p.b.Digits[c] == 0 && m&(m-1) == 0 && m != 0 {
			d := engine.Digit(m)
			f.put(c, d)
			f.commit(techNakedSingle, f.cells(c), func() string {
				return fmt.Sprintf("%s can only be %d: every other digit is already in its row, column or box.", engine.CellName(c), d)
			})
		}
	})
	for du := p.units; du != 0; du &= du - 1 {
		u := bits.TrailingZeros32(du)
		for dm := p.dirty[u] &^ p.placed[u]; dm != 0; dm &= dm - 1 {
			pl := p.places[u][bits.TrailingZeros16(dm)]
			if pl == 0 || pl&(pl-1) != 0 {
				continue
			}
			d := bits.TrailingZeros16(dm) + 1
			c := int(units[u][bits.TrailingZeros16(pl)])
			f.put(c, d)
			f.commit(techHiddenSingle, f.cells(c), func() string {
				return fmt.Sprintf("%s is the only place for %d in %s.", engine.CellName(c), d, engine.UnitName(u))
			})
		}
		p.dirty[u] = 0
	}
	p.cells, p.units = cellSet{}, 0
	return s
}
