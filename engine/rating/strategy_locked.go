package rating

import (
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// findPointing: a possible application is a box and a digit with 2 or more
// places in it; it is valid when those places lie on one row or column and
// the digit is a candidate elsewhere on that line, where it is removed.
func findPointing(f *finder) int {
	s := 0
	for box := range 9 {
		u := 18 + box
		for d := 1; d <= 9; d++ {
			p := f.places[u][d-1]
			if engine.Count(p) < 2 {
				continue
			}
			s++
			var rows, cols uint16
			for m := p; m != 0; m &= m - 1 {
				k := bits.TrailingZeros16(m)
				rows |= 1 << (k / 3)
				cols |= 1 << (k % 3)
			}
			first := int(units[u][bits.TrailingZeros16(p)])
			line := -1
			switch {
			case engine.Count(rows) == 1:
				line = int(rowOf[first])
			case engine.Count(cols) == 1:
				line = 9 + int(colOf[first])
			default:
				continue
			}
			for _, c := range units[line] {
				if int(boxOf[c]) != box {
					f.eliminate(int(c), engine.Bit(d))
				}
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
// digit is a candidate elsewhere in that box, where it is removed.
func findClaiming(f *finder) int {
	s := 0
	for u := range 18 {
		for d := 1; d <= 9; d++ {
			p := f.places[u][d-1]
			if engine.Count(p) < 2 {
				continue
			}
			s++
			// Positions 0–2, 3–5 and 6–8 of a row (column) are in one box each.
			third := 0
			switch {
			case p&^0o7 == 0:
			case p&^0o70 == 0:
				third = 1
			case p&^0o700 == 0:
				third = 2
			default:
				continue
			}
			box := 3*(u/3) + third // a row's band, its third's stack
			if u >= 9 {
				box = 3*third + (u-9)/3 // a column's stack, its third's band
			}
			for _, c := range units[18+box] {
				if !inUnit(int(c), u) {
					f.eliminate(int(c), engine.Bit(d))
				}
			}
			f.commit(techClaiming, f.unitCells(u, p), func() string {
				return fmt.Sprintf("claiming: on %s, %d can only be in %s, all in box %d, so it can't be elsewhere in that box: remove %s.",
					engine.UnitName(u), d, cellsText(unitCells(u, p)), box+1, f.elimText())
			})
		}
	}
	return s
}

// inUnit reports whether cell c lies in row or column unit u (0..17).
func inUnit(c, u int) bool {
	if u < 9 {
		return int(rowOf[c]) == u
	}
	return int(colOf[c]) == u-9
}

// findMultiLine is Ease and Toil's multi-line rule. For a digit and a band (three
// boxes side by side) or a stack: if in two of the boxes the digit's places
// lie on the same two lines, in the third box it must be on the remaining
// line, and it is removed from the other two lines there. A possible
// application is a digit, a band or stack where the digit is placed in none
// of the three boxes, and a choice of the target box.
func findMultiLine(f *finder) int {
	s := 0
	for d := 1; d <= 9; d++ {
		for stack := range 2 { // 0: bands (lines are rows), 1: stacks (columns)
			for g := range 3 {
				var boxes [3]int
				var lines [3]uint16
				skip := false
				for i := range 3 {
					if stack == 0 {
						boxes[i] = 3*g + i
					} else {
						boxes[i] = g + 3*i
					}
					u := 18 + boxes[i]
					if f.placed[u]&engine.Bit(d) != 0 {
						skip = true
						break
					}
					for m := f.places[u][d-1]; m != 0; m &= m - 1 {
						k := bits.TrailingZeros16(m)
						if stack == 0 {
							lines[i] |= 1 << (k / 3)
						} else {
							lines[i] |= 1 << (k % 3)
						}
					}
				}
				if skip {
					continue
				}
				for t := range 3 {
					s++
					a, b := (t+1)%3, (t+2)%3
					if lines[a] != lines[b] || engine.Count(lines[a]) != 2 {
						continue
					}
					u := 18 + boxes[t]
					for k, c := range units[u] {
						var l int
						if stack == 0 {
							l = k / 3
						} else {
							l = k % 3
						}
						if lines[a]&(1<<l) != 0 {
							f.eliminate(int(c), engine.Bit(d))
						}
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
