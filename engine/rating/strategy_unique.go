package rating

import (
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
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
		switch engine.Count(f.b.Cands[c]) {
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
		if engine.Count(f.places[row][d-1]) == 3 {
			f.put(tri, d)
			f.commit(techBUGPlusOne, f.cells(tri), func() string {
				return fmt.Sprintf("bug+1: every empty cell but %s has two candidates; without its %d the grid would have two solutions, so %s is %d.", engine.CellName(tri), d, engine.CellName(tri), d)
			})
			break
		}
	}
	return 1
}

// findUniqueRectangle finds unique rectangles of types 1, 2 and 4. Four
// empty cells on two rows, two columns and two boxes that could all hold
// only the same two digits a and b would be a deadly pattern: a and b could
// be swapped, giving two solutions. Since the puzzle has one, the pattern
// must be broken: when three of the cells hold just a and b, the fourth
// cannot be a or b (type 1); when two hold just a and b and the other two
// just a, b and the same c, one of those two is c, which is removed from
// every cell seeing both (type 2); when the other two share a row or
// column where a has no other place, one of them is a, so neither is b
// (type 4). A possible application is such a rectangle whose cells all
// hold a and b, two on one side (the floor) holding nothing else.
func findUniqueRectangle(f *finder) int {
	s := 0
	bi := &f.small().exact[0] // the positions of each unit's bivalue cells
	for line := range 18 {    // the floor's row (0..8) or column (9..17)
		u := &units[line]
		for is := bi[line]; is != 0; is &= is - 1 {
			i := bits.TrailingZeros16(is)
			ab := f.b.Cands[u[i]]
			for js := is & (is - 1); js != 0; js &= js - 1 {
				j := bits.TrailingZeros16(js)
				if f.b.Cands[u[j]] != ab {
					continue
				}
				// i and j are the floor's positions on line; the roof is
				// on another line of the same kind, in the other band or
				// stack when i and j share a box, else in the same one.
				sameBox := i/3 == j/3
				first := line - line%9
				for other := first; other < first+9; other++ {
					o := &units[other]
					if other == line || sameBox == (other%9/3 == line%9/3) {
						continue
					}
					x, y := int(o[i]), int(o[j])
					if f.b.Cands[x]&ab != ab || f.b.Cands[y]&ab != ab {
						continue
					}
					if line >= 9 && (f.b.Cands[x] == ab || f.b.Cands[y] == ab) {
						continue // a row side is a floor too: counted with the rows
					}
					if f.b.Cands[x] == ab && f.b.Cands[y] == ab && other < line {
						continue // two floors: counted from the first
					}
					s++
					uniqueRectangle(f, [4]int{int(u[i]), int(u[j]), x, y}, ab)
				}
			}
		}
	}
	return s
}

// uniqueRectangle applies types 1, 2 and 4 to the rectangle cells on
// digits ab.
func uniqueRectangle(f *finder, cells [4]int, ab uint16) {
	var extra [4]int
	n := 0
	for _, c := range cells {
		if f.b.Cands[c] != ab {
			extra[n] = c
			n++
		}
	}
	if n > 2 {
		return
	}
	switch n {
	case 1:
		c := extra[0]
		f.eliminate(c, ab)
		f.commit(techUniqueRectangle, f.cells(cells[:]...), func() string {
			return fmt.Sprintf("unique rectangle: %s would be a deadly pattern on %s (two solutions), and only %s holds more, so it is not %s: remove %s.",
				cellsText(cells[:]), digitsText(ab), engine.CellName(c), digitsText(ab), f.elimText())
		})
	case 2:
		x, y := extra[0], extra[1]
		if z := f.b.Cands[x] &^ ab; engine.Count(z) == 1 && f.b.Cands[y]&^ab == z { // type 2
			f.eliminateSeeingAll(z, x, y)
			f.commit(techUniqueRectangle, f.cells(cells[:]...), func() string {
				return fmt.Sprintf("unique rectangle: %s would be a deadly pattern on %s (two solutions), so %s or %s is %s: remove %s.",
					cellsText(cells[:]), digitsText(ab), engine.CellName(x), engine.CellName(y), digitsText(z), f.elimText())
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
			return
		}
		for m := ab; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m) + 1
			if engine.Count(f.places[u][d-1]) != 2 {
				continue
			}
			other := ab &^ engine.Bit(d)
			f.eliminate(x, other)
			f.eliminate(y, other)
			f.commit(techUniqueRectangle, f.cells(cells[:]...), func() string {
				return fmt.Sprintf("unique rectangle: %s would be a deadly pattern on %s (two solutions); %d is only in %s or %s on %s, so one of them is %d and neither can be %s: remove %s.",
					cellsText(cells[:]), digitsText(ab), d, engine.CellName(x), engine.CellName(y), engine.UnitName(u), d, digitsText(other), f.elimText())
			})
		}
	}
}
