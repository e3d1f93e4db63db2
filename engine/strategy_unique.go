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
