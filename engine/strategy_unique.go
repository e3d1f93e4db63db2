package engine

import (
	"fmt"
	"math/bits"
)

// findBUGPlusOne is the bivalue universal grave plus one. When every empty
// cell has two candidates except one cell with three, the board without
// that cell's extra digit would let every digit appear exactly twice in each
// unit, a deadly pattern with two solutions; since the puzzle has one
// solution, the three-candidate cell holds the digit that appears three
// times in its row, which is placed. The one possible application is the
// board itself (checked whenever the tier is searched).
func findBUGPlusOne(f *finder) int {
	tri := -1
	for c := range 81 {
		if f.b.Digits[c] != 0 {
			continue
		}
		switch Count(f.b.Cands[c]) {
		case 2:
		case 3:
			if tri >= 0 {
				return 1
			}
			tri = c
		default:
			return 1
		}
	}
	if tri < 0 {
		return 1
	}
	row := int(rowOf[tri])
	for m := f.b.Cands[tri]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(m) + 1
		if Count(f.places[row][d-1]) == 3 {
			f.put(tri, d)
			f.commit(techBUGPlusOne, f.cells(tri), func() string {
				return fmt.Sprintf("bug+1: every empty cell but %s has two candidates; without its %d the grid would have two solutions, so %s is %d.", CellName(tri), d, CellName(tri), d)
			})
			break
		}
	}
	return 1
}

// findUniqueRectangle finds unique rectangles of types 1 and 2. Four empty
// cells on two rows, two columns and two boxes that could all hold only
// the same two digits a and b would be a deadly pattern: a and b could be
// swapped, giving two solutions. Since the puzzle has one, the pattern
// must be broken: when three of the cells hold just a and b, the fourth
// cannot be a or b (type 1); when two hold just a and b and the other two
// just a, b and the same c, one of those two is c, which is removed from
// every cell seeing both (type 2); when the other two share a row or
// column where a has no other place, one of them is a, so neither is b
// (type 4). A possible application is a rectangle of
// empty cells on two boxes and a pair of digits all four hold, two of them
// holding nothing else.
func findUniqueRectangle(f *finder) int {
	s := 0
	for r1 := range 9 {
		for r2 := r1 + 1; r2 < 9; r2++ {
			sameBand := r1/3 == r2/3
			for c1 := range 9 {
				for c2 := c1 + 1; c2 < 9; c2++ {
					if sameBand == (c1/3 == c2/3) {
						continue // one box, or four
					}
					cells := [4]int{9*r1 + c1, 9*r1 + c2, 9*r2 + c1, 9*r2 + c2}
					common := AllDigits
					for _, c := range cells {
						common &= f.b.Cands[c] // 0 for a placed cell
					}
					if Count(common) < 2 {
						continue
					}
					for m := common; m != 0; m &= m - 1 {
						for m2 := m & (m - 1); m2 != 0; m2 &= m2 - 1 {
							ab := m&-m | m2&-m2
							s += uniqueRectangle(f, cells, ab)
						}
					}
				}
			}
		}
	}
	return s
}

// uniqueRectangle checks the rectangle cells on digits ab for types 1 and
// 2; it returns 1 when the rectangle is a possible application.
func uniqueRectangle(f *finder, cells [4]int, ab uint16) int {
	var extra [4]int
	n := 0
	for _, c := range cells {
		if f.b.Cands[c] != ab {
			extra[n] = c
			n++
		}
	}
	if n > 2 {
		return 0
	}
	switch n {
	case 1:
		c := extra[0]
		f.eliminate(c, ab)
		f.commit(techUniqueRectangle, f.cells(cells[:]...), func() string {
			return fmt.Sprintf("unique rectangle: %s would be a deadly pattern on %s (two solutions), and only %s holds more, so it is not %s: remove %s.",
				cellsText(cells[:]), digitsText(ab), CellName(c), digitsText(ab), f.elimText())
		})
	case 2:
		x, y := extra[0], extra[1]
		if z := f.b.Cands[x] &^ ab; Count(z) == 1 && f.b.Cands[y]&^ab == z { // type 2
			f.eliminateSeeingAll(z, x, y)
			f.commit(techUniqueRectangle, f.cells(cells[:]...), func() string {
				return fmt.Sprintf("unique rectangle: %s would be a deadly pattern on %s (two solutions), so %s or %s is %s: remove %s.",
					cellsText(cells[:]), digitsText(ab), CellName(x), CellName(y), digitsText(z), f.elimText())
			})
		}
		// Type 4: x and y share a row or column where one of a, b (d) has
		// no other place, so one of them is d; were the other the second
		// digit, the four cells would be the deadly pattern.
		u := -1
		switch {
		case rowOf[x] == rowOf[y]:
			u = int(rowOf[x])
		case colOf[x] == colOf[y]:
			u = 9 + int(colOf[x])
		}
		if u < 0 {
			return 1
		}
		for m := ab; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m) + 1
			if Count(f.places[u][d-1]) != 2 {
				continue
			}
			other := ab &^ Bit(d)
			f.eliminate(x, other)
			f.eliminate(y, other)
			f.commit(techUniqueRectangle, f.cells(cells[:]...), func() string {
				return fmt.Sprintf("unique rectangle: %s would be a deadly pattern on %s (two solutions); %d is only in %s or %s on %s, so one of them is %d and neither can be %s: remove %s.",
					cellsText(cells[:]), digitsText(ab), d, CellName(x), CellName(y), UnitName(u), d, digitsText(other), f.elimText())
			})
		}
	}
	return 1
}
