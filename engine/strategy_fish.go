package engine

import (
	"fmt"
	"math/bits"
)

// fishLines names the base and cover line kinds of a fish.
var fishLines = [2]string{"rows", "columns"}

// findFish finds X-wings, swordfish and jellyfish (k = 2, 3, 4). For a digit,
// a possible application is k base lines (all rows, or all columns) where the
// digit has 2..k places each; it is valid when those places lie in only k
// cross lines together and the digit is a candidate elsewhere on the cross
// lines, where it is removed: the k base lines must put the digit on the k
// cross lines.
func findFish(f *finder, k, tech int) int {
	s := 0
	for d := 1; d <= 9; d++ {
		for o := range 2 { // o = 0: base rows, cover columns; 1: the reverse
			var eligible uint16
			for i := range 9 {
				if n := Count(f.places[9*o+i][d-1]); n >= 2 && n <= k {
					eligible |= 1 << i
				}
			}
			if Count(eligible) < k {
				continue
			}
			combinations(eligible, k, func(base uint16) {
				s++
				var cover uint16
				for m := base; m != 0; m &= m - 1 {
					cover |= f.places[9*o+bits.TrailingZeros16(m)][d-1]
				}
				if Count(cover) != k {
					return
				}
				for m := cover; m != 0; m &= m - 1 {
					cu := 9*(1-o) + bits.TrailingZeros16(m)
					for i, c := range Units[cu] {
						if base&(1<<i) == 0 {
							f.eliminate(int(c), Bit(d))
						}
					}
				}
				var cells []int
				if f.explain {
					for m := base; m != 0; m &= m - 1 {
						u := 9*o + bits.TrailingZeros16(m)
						cells = append(cells, unitCells(u, f.places[u][d-1])...)
					}
				}
				f.commit(tech, cells, func() string {
					return fmt.Sprintf("%s on %d: in %s %s, %d can only be in %s %s, so it can't be elsewhere in those %s: remove %s.",
						Techniques[tech].Name, d, fishLines[o], linesText(base), d, fishLines[1-o], linesText(cover), fishLines[1-o], f.elimText())
				})
			})
		}
	}
	return s
}

// linesText names line indexes of mask, 1-based: "2, 5 and 8".
func linesText(mask uint16) string {
	var s string
	n := Count(mask)
	i := 0
	for m := mask; m != 0; m &= m - 1 {
		if i > 0 && i == n-1 {
			s += " and "
		} else if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(bits.TrailingZeros16(m) + 1)
		i++
	}
	return s
}
