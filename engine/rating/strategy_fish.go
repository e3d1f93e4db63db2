package rating

import (
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
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
		s += f.cached(cacheFish+k-2, d, f.cache.digit(d), func() int { return fishOn(f, k, tech, d) })
	}
	return s
}

// fishOn is findFish on digit d.
func fishOn(f *finder, k, tech, d int) int {
	s := 0
	for o := range 2 { // o = 0: base rows, cover columns; 1: the reverse
		var ms members
		lines := f.places[9*o : 9*o+9]
		for i := range lines {
			if p := lines[i][d-1]; p&(p-1) != 0 && engine.Count(p) <= k {
				ms.add(i, p)
			}
		}
		s += kSubsets(&ms, k, func(base, cover uint16) {
			for m := cover; m != 0; m &= m - 1 {
				cu := 9*(1-o) + bits.TrailingZeros16(m)
				for i, c := range units[cu] {
					if base&(1<<i) == 0 {
						f.eliminate(int(c), engine.Bit(d))
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
					f.techs[tech].Name, d, fishLines[o], linesText(base), d, fishLines[1-o], linesText(cover), fishLines[1-o], f.elimText())
			})
		})
	}
	return s
}

// linesText names line indexes of mask, 1-based: "2, 5 and 8".
func linesText(mask uint16) string {
	var s string
	n := engine.Count(mask)
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

// findTurbotFish finds the two-strong-link chains on one digit (turbot fish;
// skyscraper and two-string kite are its shapes). A strong link is a unit
// where the digit has exactly two places, so one of them holds it. A
// possible application is a digit and two strong links of it on four
// different cells; it is valid when one end of the first link sees one end
// of the second (so they are not both the digit), and a cell seeing both
// other ends has the digit, which is removed: one of those ends holds it.
func findTurbotFish(f *finder) int {
	s := 0
	for d := 1; d <= 9; d++ {
		s += f.cached(cacheTurbot, d, f.cache.digit(d), func() int { return turbotOn(f, d) })
	}
	return s
}

// turbotOn is findTurbotFish on digit d. The possible applications are
// counted per first link i as the later links minus those sharing a cell
// with it; only the later links with an end seeing one of i's ends (from
// the link index) are looked at further, in the order of the links.
func turbotOn(f *finder, d int) int {
	s := 0
	ls := f.links(d)
	for i := range ls.n {
		a := ls.ends[i]
		share := ls.at[a[0]] | ls.at[a[1]] // i and the links sharing a cell with it
		later := above(i) & (1<<ls.n - 1)
		s += bits.OnesCount32(later &^ share)
		for js := (ls.sees(int(a[0])) | ls.sees(int(a[1]))) & later &^ share; js != 0; js &= js - 1 {
			b := ls.ends[bits.TrailingZeros32(js)]
			for _, o := range [4][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
				// a[o0] sees b[o1]: then a's other end or b's other end holds d.
				x, y := int(a[o[0]]), int(b[o[1]])
				if !peerSet[x].has(y) {
					continue
				}
				e1, e2 := int(a[1-o[0]]), int(b[1-o[1]])
				f.eliminateSeeingAll(engine.Bit(d), e1, e2)
				if f.progress {
					f.commit(techTurbotFish, f.cells(e1, x, y, e2), func() string {
						return fmt.Sprintf("turbot fish on %d: %s or %s is %d, %s or %s is %d, and %s sees %s, so %s or %s is %d: remove %s.",
							d, engine.CellName(e1), engine.CellName(x), d, engine.CellName(y), engine.CellName(e2), d, engine.CellName(x), engine.CellName(y), engine.CellName(e1), engine.CellName(e2), d, f.elimText())
					})
					break
				}
			}
		}
	}
	return s
}

// findThreeLinkFish finds the three-strong-link chains on one digit, the
// turbot fish with a third strong link (Sudoku Explainer's 3-strong-link
// fish, 5.4–5.5): strong links L1, L2, L3 on six different cells, an end
// of L1 seeing an end of L2 and L2's other end seeing an end of L3. Then
// L1's other end or L3's other end holds the digit (were L1's free end
// not the digit, L1's joined end would be, so L2's joined end would not,
// L2's other end would, and L3's joined end would not: L3's free end
// would), and a cell seeing both free ends loses it. A possible
// application is a digit and such a chain of three strong links.
func findThreeLinkFish(f *finder) int {
	s := 0
	for d := 1; d <= 9; d++ {
		s += f.cached(cacheThreeLink, d, f.cache.digit(d), func() int { return threeLinkOn(f, d) })
	}
	return s
}

// threeLinkOn is findThreeLinkFish on digit d. The links joined at an
// end x of the middle link come from the link index: those with an end
// seeing x and no end on the middle link, in the order of the links.
func threeLinkOn(f *finder, d int) int {
	s := 0
	ls := f.links(d)
	// the links joined at each end of the middle one, with their joined
	// and free ends
	var at [2][27][3]uint8
	for j := range ls.n { // the middle link
		m := [2]int{int(ls.ends[j][0]), int(ls.ends[j][1])}
		var na [2]int
		for o := range 2 {
			if o == 1 && na[0] == 0 {
				break // nothing joins the first end
			}
			for is := ls.sees(m[o]) &^ ls.at[m[0]] &^ ls.at[m[1]]; is != 0; is &= is - 1 {
				i := bits.TrailingZeros32(is)
				l := ls.ends[i]
				if !peerSet[l[0]].has(m[o]) {
					l[0], l[1] = l[1], l[0]
				}
				at[o][na[o]] = [3]uint8{uint8(i), l[0], l[1]}
				na[o]++
			}
		}
		for _, x := range at[0][:na[0]] {
			for _, y := range at[1][:na[1]] {
				a, ea, c, ec := int(x[1]), int(x[2]), int(y[1]), int(y[2])
				if x[0] == y[0] || a == c || a == ec || ea == c || ea == ec {
					continue
				}
				s++
				f.eliminateSeeingAll(engine.Bit(d), ea, ec)
				if f.progress {
					f.commit(techThreeLinkFish, f.cells(ea, a, m[0], m[1], c, ec), func() string {
						return fmt.Sprintf("three-link fish on %d: %s or %s is %d, %s or %s is %d, %s or %s is %d, and %s sees %s, %s sees %s, so %s or %s is %d: remove %s.",
							d, engine.CellName(ea), engine.CellName(a), d, engine.CellName(m[0]), engine.CellName(m[1]), d, engine.CellName(c), engine.CellName(ec), d,
							engine.CellName(a), engine.CellName(m[0]), engine.CellName(m[1]), engine.CellName(c), engine.CellName(ea), engine.CellName(ec), d, f.elimText())
					})
				}
			}
		}
	}
	return s
}
