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
		for i := range 9 {
			if p := f.places[9*o+i][d-1]; engine.Count(p) <= k && p&(p-1) != 0 {
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

// turbotOn is findTurbotFish on digit d.
func turbotOn(f *finder, d int) int {
	s := 0
	var links [27][2]int
	n := strongLinks(f, d, &links)
	for i := range n {
		for j := i + 1; j < n; j++ {
			a, b := links[i], links[j]
			if a[0] == b[0] || a[0] == b[1] || a[1] == b[0] || a[1] == b[1] {
				continue
			}
			s++
			for _, o := range [4][2]int{{0, 0}, {0, 1}, {1, 0}, {1, 1}} {
				// a[o0] sees b[o1]: then a's other end or b's other end holds d.
				x, y := a[o[0]], b[o[1]]
				if !peerSet[x].has(y) {
					continue
				}
				e1, e2 := a[1-o[0]], b[1-o[1]]
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

// threeLinkOn is findThreeLinkFish on digit d.
func threeLinkOn(f *finder, d int) int {
	s := 0
	var links [27][2]int
	n := strongLinks(f, d, &links)
	for j := range n { // the middle link
		m := links[j]
		// the links joined at each end of the middle one, with their
		// joined and free ends
		var at [2][27][3]int
		var na [2]int
		for o := range 2 {
			if o == 1 && na[0] == 0 {
				break // nothing joins the first end
			}
			for i := range n {
				if i == j {
					continue
				}
				if a, e, ok := joined(links[i], m[o], m); ok {
					at[o][na[o]] = [3]int{i, a, e}
					na[o]++
				}
			}
		}
		for _, x := range at[0][:na[0]] {
			for _, y := range at[1][:na[1]] {
				a, ea, c, ec := x[1], x[2], y[1], y[2]
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

// strongLinks puts the strong links of digit d (the two places of each
// unit where it has exactly two) in links and returns how many there are.
func strongLinks(f *finder, d int, links *[27][2]int) int {
	n := 0
	for u := range units {
		if p := f.places[u][d-1]; engine.Count(p) == 2 {
			links[n] = [2]int{int(units[u][bits.TrailingZeros16(p)]), int(units[u][15-bits.LeadingZeros16(p)])}
			n++
		}
	}
	return n
}

// joined reports whether strong link l joins cell x of the middle link m:
// one end of l (a) sees x, neither end is a cell of m; it returns that end
// and l's other end (its free end).
func joined(l [2]int, x int, m [2]int) (a, free int, ok bool) {
	for _, e := range l {
		if e == m[0] || e == m[1] {
			return 0, 0, false
		}
	}
	for o := range 2 {
		if peerSet[l[o]].has(x) {
			return l[o], l[1-o], true
		}
	}
	return 0, 0, false
}
