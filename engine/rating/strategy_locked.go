package rating

import (
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// boxRows[p] and boxCols[p] are the rows and columns (0..2, as bits) of a
// box that positions p (bits 0..8, row-major) lie on; lineBoxPos[l] are the
// box positions on the lines of l (bits 0..2): rows for l, columns for
// l+8.
var boxRows, boxCols, lineBoxPos = func() (r, c [512]uint8, lp [16]uint16) {
	for p := range 512 {
		for k := range 9 {
			if p&(1<<k) != 0 {
				r[p] |= 1 << (k / 3)
				c[p] |= 1 << (k % 3)
			}
		}
	}
	for l := range 8 {
		for i := range 3 {
			if l&(1<<i) != 0 {
				lp[l] |= 0o7 << (3 * i)
				lp[8+l] |= 0o111 << i
			}
		}
	}
	return
}()

// multiPlace returns the digits (as bits) with two or more places in unit
// u, read from the prepared views: neither placed nor with one place (a
// digit with none, on a board without the solution, is weeded out by the
// caller's count).
func (f *finder) multiPlace(u int) uint16 {
	return engine.AllDigits &^ f.placed[u] &^ f.once[u]
}

// findPointing: a possible application is a box and a digit with 2 or more
// places in it; it is valid when those places lie on one row or column and
// the digit is a candidate elsewhere on that line, where it is removed.
// Cost: per box and digit with two or more places, two table lookups and
// one mask of the line's other places.
func findPointing(f *finder) int {
	s := 0
	for box := range 9 {
		u := 18 + box
		for dm := f.multiPlace(u); dm != 0; dm &= dm - 1 {
			d := bits.TrailingZeros16(dm) + 1
			p := f.places[u][d-1]
			if p&(p-1) == 0 {
				continue // fewer than two places
			}
			s++
			var line int
			var out uint16 // the line's places of d outside the box
			if rows := boxRows[p]; rows&(rows-1) == 0 {
				line = 3*(box/3) + bits.TrailingZeros8(rows)
				out = f.places[line][d-1] &^ (0o7 << (3 * (box % 3)))
			} else if cols := boxCols[p]; cols&(cols-1) == 0 {
				line = 9 + 3*(box%3) + bits.TrailingZeros8(cols)
				out = f.places[line][d-1] &^ (0o7 << (3 * (box / 3)))
			} else {
				continue
			}
			if out == 0 {
				continue // nothing to remove: not valid
			}
			for m := out; m != 0; m &= m - 1 {
				f.eliminate(int(units[line][bits.TrailingZeros16(m)]), engine.Bit(d))
			}
			f.commit(techPointing, f.unitCells(u, p), func() string {
				return fmt.Sprintf("pointing: in %s, %d can only be in %s (on %s), so it can't be elsewhere on %s: remove %s.",
					engine.UnitName(u), d, cellsText(unitCells(u, p)), engine.UnitName(line), engine.UnitName(line), f.elimText())
			})
		}
	}
	return s
}

// findClaiming: a possible application is a row or column and a digit with 2
// or more places in it; it is valid when those places lie in one box and the
// digit is a candidate elsewhere in that box, where it is removed. Cost:
// per line and digit with two or more places, three mask tests and one
// mask of the box's other places.
func findClaiming(f *finder) int {
	s := 0
	for u := range 18 {
		for dm := f.multiPlace(u); dm != 0; dm &= dm - 1 {
			d := bits.TrailingZeros16(dm) + 1
			p := f.places[u][d-1]
			if p&(p-1) == 0 {
				continue // fewer than two places
			}
			s++
			// Positions 0–2, 3–5 and 6–8 of a row (column) are in one box
			// each: boxRows gives the thirds (k/3) the places lie in.
			thirds := boxRows[p]
			if thirds&(thirds-1) != 0 {
				continue
			}
			third := bits.TrailingZeros8(thirds)
			// the box, and its positions on the line
			box, on := 3*(u/3)+third, uint16(0o7)<<(3*(u%3)) // a row's band, its third's stack
			if u >= 9 {
				box, on = 3*third+(u-9)/3, uint16(0o111)<<((u-9)%3) // a column's stack, its third's band
			}
			out := f.places[18+box][d-1] &^ on
			if out == 0 {
				continue // nothing to remove: not valid
			}
			for m := out; m != 0; m &= m - 1 {
				f.eliminate(int(units[18+box][bits.TrailingZeros16(m)]), engine.Bit(d))
			}
			f.commit(techClaiming, f.unitCells(u, p), func() string {
				return fmt.Sprintf("claiming: on %s, %d can only be in %s, all in box %d, so it can't be elsewhere in that box: remove %s.",
					engine.UnitName(u), d, cellsText(unitCells(u, p)), box+1, f.elimText())
			})
		}
	}
	return s
}

// findMultiLine is Ease and Toil's multi-line rule. For a digit and a band (three
// boxes side by side) or a stack: if in two of the boxes the digit's places
// lie on the same two lines, in the third box it must be on the remaining
// line, and it is removed from the other two lines there. A possible
// application is a digit, a band or stack where the digit is placed in none
// of the three boxes, and a choice of the target box.
func findMultiLine(f *finder) int {
	// the digits placed in some box of each band (0..2) and stack (3..5)
	var inGroup [6]uint16
	for box := range 9 {
		inGroup[box/3] |= f.placed[18+box]
		inGroup[3+box%3] |= f.placed[18+box]
	}
	s := 0
	for d := 1; d <= 9; d++ {
		for stack := range 2 { // 0: bands (lines are rows), 1: stacks (columns)
			lineOf := &boxRows
			if stack == 1 {
				lineOf = &boxCols
			}
			for g := range 3 {
				if inGroup[3*stack+g]&engine.Bit(d) != 0 {
					continue
				}
				s += 3 // each box of the group as the target
				var boxes [3]int
				var lines [3]uint8
				for i := range 3 {
					if stack == 0 {
						boxes[i] = 3*g + i
					} else {
						boxes[i] = g + 3*i
					}
					lines[i] = lineOf[f.places[18+boxes[i]][d-1]]
				}
				if lines[0] != lines[1] && lines[1] != lines[2] && lines[2] != lines[0] {
					continue // no two boxes on the same lines
				}
				for t := range 3 {
					a, b := multiLineOthers[t][0], multiLineOthers[t][1]
					if lines[a] != lines[b] || bits.OnesCount8(lines[a]) != 2 {
						continue
					}
					u := 18 + boxes[t]
					out := f.places[u][d-1] & lineBoxPos[8*stack+int(lines[a])]
					if out == 0 {
						continue // nothing to remove: not valid
					}
					for m := out; m != 0; m &= m - 1 {
						f.eliminate(int(units[u][bits.TrailingZeros16(m)]), engine.Bit(d))
					}
					var cells []int
					if f.explain {
						cells = append(unitCells(18+boxes[a], f.places[18+boxes[a]][d-1]), unitCells(18+boxes[b], f.places[18+boxes[b]][d-1])...)
					}
					kind := "rows"
					if stack == 1 {
						kind = "columns"
					}
					f.commit(techMultiLine, cells, func() string {
						return fmt.Sprintf("multi-line: in boxes %d and %d, %d is confined to the same two %s (%s), so in box %d it must be on the third: remove %s.",
							boxes[a]+1, boxes[b]+1, d, kind, cellsText(cells), boxes[t]+1, f.elimText())
					})
				}
			}
		}
	}
	return s
}

// multiLineOthers[t] are the two other boxes of a group when box t is the
// target, in the order the multi-line rule names them.
var multiLineOthers = [3][2]int{{1, 2}, {2, 0}, {0, 1}}
