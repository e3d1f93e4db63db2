package rating

import (
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// eliminateSeeingAll removes the digit z (one bit) from every cell that
// sees all of cells: the cells holding z, intersected with the peers of
// each, in increasing order.
func (f *finder) eliminateSeeingAll(z uint16, cells ...int) {
	set := f.holding[engine.Digit(z)-1]
	for _, c := range cells {
		set = set.and(peerSet[c])
	}
	for w := range 2 {
		for m := set[w]; m != 0; m &= m - 1 {
			f.eliminate(w<<6|bits.TrailingZeros64(m), z)
		}
	}
}

// findXYWing: a possible application is a pivot with two candidates x/y and
// two two-candidate peers, one sharing x and the other y with it; it is
// valid when the peers are x/z and y/z for the same z and some cell seeing
// both peers has z, which is removed: whichever the pivot is, one peer is z.
// The pattern lies in the pivot's units (its cache version, like
// findWXYZWing's); the cells it could remove from only lose candidates.
func findXYWing(f *finder) int {
	s := 0
	bi := f.small().with[2]
	for w := range 2 {
		for m := bi[w]; m != 0; m &= m - 1 {
			p := w<<6 | bits.TrailingZeros64(m)
			s += f.cached(cacheXY, p, f.cache.peers(p), func() int { return xyAt(f, p, f.b.Cands[p], bi) })
		}
	}
	return s
}

// xyAt is findXYWing with pivot p holding pm; bi is the board's bivalue
// cells. The possible applications are the pairs of one peer sharing x and
// one sharing y, |X|·|Y|; only a pair whose other digits are equal is
// looked at further, in increasing order of its cells.
func xyAt(f *finder, p int, pm uint16, bi cellSet) int {
	var cs [20]int
	var ms [20]uint16
	n, nx := 0, 0
	x := pm & -pm
	set := peerSet[p].and(bi)
	for w := range 2 {
		for m := set[w]; m != 0; m &= m - 1 {
			c := w<<6 | bits.TrailingZeros64(m)
			cm := f.b.Cands[c]
			if sh := cm & pm; sh != 0 && sh != pm {
				cs[n], ms[n] = c, cm
				n++
				if sh == x {
					nx++
				}
			}
		}
	}
	for i := range n {
		a, am := cs[i], ms[i]
		want := (pm &^ am) | (am &^ pm) // the other pivot digit and z
		for j := i + 1; j < n; j++ {
			if ms[j] != want {
				continue
			}
			b, bm := cs[j], ms[j]
			z := am &^ pm
			f.eliminateSeeingAll(z, a, b)
			f.commit(techXYWing, f.cells(p, a, b), func() string {
				return fmt.Sprintf("xy-wing: %s is %s, and %s (%s) and %s (%s) see it, so one of them is %s: remove %s.",
					engine.CellName(p), digitsText(pm), engine.CellName(a), digitsText(am), engine.CellName(b), digitsText(bm), digitsText(z), f.elimText())
			})
		}
	}
	return nx * (n - nx)
}

// findXYZWing: a possible application is a pivot with three candidates and
// two two-candidate peers with different candidates inside the pivot's; it
// is valid when the three cells share one digit z and some cell seeing all
// three has z, which is removed.
func findXYZWing(f *finder) int {
	s := 0
	sv := f.small()
	bi := sv.with[2]
	for w := range 2 {
		for m := sv.with[3][w]; m != 0; m &= m - 1 {
			p := w<<6 | bits.TrailingZeros64(m)
			s += f.cached(cacheXYZ, p, f.cache.peers(p), func() int { return xyzAt(f, p, f.b.Cands[p], bi) })
		}
	}
	return s
}

// xyzAt is findXYZWing with pivot p holding pm; bi is the board's bivalue
// cells. The possible applications are the pairs of its bivalue peers
// inside pm with different candidates.
func xyzAt(f *finder, p int, pm uint16, bi cellSet) int {
	s := 0
	var cs [20]int
	var ms [20]uint16
	n := 0
	set := peerSet[p].and(bi)
	for w := range 2 {
		for m := set[w]; m != 0; m &= m - 1 {
			c := w<<6 | bits.TrailingZeros64(m)
			if cm := f.b.Cands[c]; cm&^pm == 0 {
				cs[n], ms[n] = c, cm
				n++
			}
		}
	}
	for i := range n {
		a, am := cs[i], ms[i]
		for j := i + 1; j < n; j++ {
			b, bm := cs[j], ms[j]
			if am == bm {
				continue
			}
			s++
			z := am & bm
			f.eliminateSeeingAll(z, p, a, b)
			f.commit(techXYZWing, f.cells(p, a, b), func() string {
				return fmt.Sprintf("xyz-wing: %s is %s and sees %s (%s) and %s (%s), so one of the three is %s: remove %s.",
					engine.CellName(p), digitsText(pm), engine.CellName(a), digitsText(am), engine.CellName(b), digitsText(bm), digitsText(z), f.elimText())
			})
		}
	}
	return s
}

// findWXYZWing finds WXYZ-wings in Sudoku Explainer's general form: four
// cells holding four digits between them, a pivot and three of its peers,
// where every digit but one (z) is restricted (all the wing's cells holding
// it see each other, so it is in at most one of them). Four cells must take
// four values from four digits, one each; the restricted digits fill at
// most three, so z is in one of its cells, and it is removed from every cell
// seeing all of them. A possible application is a pivot with 2..4
// candidates and three of its peers with 2..4 candidates, the four holding
// four digits together.
func findWXYZWing(f *finder) int {
	s := 0
	sv := f.small()
	small := sv.with[2].or(sv.with[3]).or(sv.with[4])
	for w := range 2 {
		for m := small[w]; m != 0; m &= m - 1 {
			p := w<<6 | bits.TrailingZeros64(m)
			s += f.cached(cacheWXYZ, p, f.cache.peers(p), func() int { return wxyzAt(f, p, f.b.Cands[p], small) })
		}
	}
	return s
}

// wxyzAt is findWXYZWing with pivot p holding pm; small is the board's
// cells with 2..4 candidates. Its peers among them that add at most
// 4−|pm| digits to pm are the wing's candidates; a pair of them already
// holding more than 4 digits with pm is not extended.
func wxyzAt(f *finder, p int, pm uint16, small cellSet) int {
	s := 0
	var cs [20]int
	var ms [20]uint16
	n := 0
	set := peerSet[p].and(small)
	for w := range 2 {
		for m := set[w]; m != 0; m &= m - 1 {
			c := w<<6 | bits.TrailingZeros64(m)
			if cm := f.b.Cands[c]; engine.Count(cm|pm) <= 4 {
				cs[n], ms[n] = c, cm
				n++
			}
		}
	}
	for i := range n {
		a, ca := cs[i], ms[i]
		am := ca | pm
		for j := i + 1; j < n; j++ {
			b, cb := cs[j], ms[j]
			bm := am | cb
			if engine.Count(bm) > 4 {
				continue
			}
			// The pivot sees a, b and c; a digit is unrestricted when
			// two of a, b, c that don't see each other hold it.
			var freeAB uint16
			if !peerSet[a].has(b) {
				freeAB = ca & cb
			}
			for l := j + 1; l < n; l++ {
				c, cc := cs[l], ms[l]
				union := bm | cc
				if engine.Count(union) != 4 {
					continue
				}
				s++
				z := freeAB
				if !peerSet[a].has(c) {
					z |= ca & cc
				}
				if !peerSet[b].has(c) {
					z |= cb & cc
				}
				if engine.Count(z) != 1 {
					continue
				}
				cells := [4]int{p, a, b, c}
				var holders [4]int
				k := 0
				for _, x := range cells {
					if f.b.Cands[x]&z != 0 {
						holders[k] = x
						k++
					}
				}
				f.eliminateSeeingAll(z, holders[:k]...)
				f.commit(techWXYZWing, f.cells(p, a, b, c), func() string {
					return fmt.Sprintf("wxyz-wing: %s, %s, %s and %s hold only %s, and only %s is in two of them that don't see each other, so one of them is %s: remove %s.",
						engine.CellName(p), engine.CellName(a), engine.CellName(b), engine.CellName(c), digitsText(union), digitsText(z), digitsText(z), f.elimText())
				})
			}
		}
	}
	return s
}

// cells returns its arguments in explain mode and nil otherwise.
func (f *finder) cells(cs ...int) []int {
	if !f.explain {
		return nil
	}
	return append([]int(nil), cs...)
}
