package rating

import (
	"fmt"

	"github.com/sudokuhq/sudoku/engine"
)

// wingPeers returns the peers of pivot whose candidates pass keep, in
// increasing cell order, in buf. Placed cells (no candidates) never pass.
func wingPeers(b *engine.Board, pivot int, buf []int, keep func(m uint16) bool) []int {
	buf = buf[:0]
	for _, p := range peers[pivot] {
		if m := b.Cands[p]; m != 0 && keep(m) {
			buf = append(buf, int(p))
		}
	}
	return buf
}

// eliminateSeeingAll removes digit mask z from every cell that sees all of
// cells.
func (f *finder) eliminateSeeingAll(z uint16, cells ...int) {
	set := peerSet[cells[0]]
	for _, c := range cells[1:] {
		set = set.and(peerSet[c])
	}
	set.forEach(func(c int) {
		if f.b.Cands[c]&z != 0 {
			f.eliminate(c, z)
		}
	})
}

// findXYWing: a possible application is a pivot with two candidates x/y and
// two two-candidate peers, one sharing x and the other y with it; it is
// valid when the peers are x/z and y/z for the same z and some cell seeing
// both peers has z, which is removed: whichever the pivot is, one peer is z.
// The pattern lies in the pivot's units (its cache version, like
// findWXYZWing's); the cells it could remove from only lose candidates.
func findXYWing(f *finder) int {
	s := 0
	for p := range 81 {
		pm := f.b.Cands[p]
		if engine.Count(pm) != 2 {
			continue
		}
		s += f.cached(cacheXY, p, f.cache.peers(p), func() int { return xyAt(f, p, pm) })
	}
	return s
}

// xyAt is findXYWing with pivot p holding pm.
func xyAt(f *finder, p int, pm uint16) int {
	s := 0
	var buf [20]int
	peers := wingPeers(f.b, p, buf[:0], func(m uint16) bool { return engine.Count(m) == 2 && engine.Count(m&pm) == 1 })
	for i, a := range peers {
		for _, b := range peers[i+1:] {
			am, bm := f.b.Cands[a], f.b.Cands[b]
			if am&pm == bm&pm {
				continue
			}
			s++
			z := am &^ pm
			if bm&^pm != z {
				continue
			}
			f.eliminateSeeingAll(z, a, b)
			f.commit(techXYWing, f.cells(p, a, b), func() string {
				return fmt.Sprintf("xy-wing: %s is %s, and %s (%s) and %s (%s) see it, so one of them is %s: remove %s.",
					engine.CellName(p), digitsText(pm), engine.CellName(a), digitsText(am), engine.CellName(b), digitsText(bm), digitsText(z), f.elimText())
			})
		}
	}
	return s
}

// findXYZWing: a possible application is a pivot with three candidates and
// two two-candidate peers with different candidates inside the pivot's; it
// is valid when the three cells share one digit z and some cell seeing all
// three has z, which is removed.
func findXYZWing(f *finder) int {
	s := 0
	for p := range 81 {
		pm := f.b.Cands[p]
		if engine.Count(pm) != 3 {
			continue
		}
		s += f.cached(cacheXYZ, p, f.cache.peers(p), func() int { return xyzAt(f, p, pm) })
	}
	return s
}

// xyzAt is findXYZWing with pivot p holding pm.
func xyzAt(f *finder, p int, pm uint16) int {
	s := 0
	var buf [20]int
	peers := wingPeers(f.b, p, buf[:0], func(m uint16) bool { return engine.Count(m) == 2 && m&^pm == 0 })
	for i, a := range peers {
		for _, b := range peers[i+1:] {
			am, bm := f.b.Cands[a], f.b.Cands[b]
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
	for p := range 81 {
		pm := f.b.Cands[p]
		if n := engine.Count(pm); n < 2 || n > 4 {
			continue
		}
		s += f.cached(cacheWXYZ, p, f.cache.peers(p), func() int { return wxyzAt(f, p, pm) })
	}
	return s
}

// wxyzAt is findWXYZWing with pivot p holding pm.
func wxyzAt(f *finder, p int, pm uint16) int {
	s := 0
	var buf [20]int
	peers := wingPeers(f.b, p, buf[:0], func(m uint16) bool {
		n := engine.Count(m)
		return n >= 2 && n <= 4 && engine.Count(m|pm) <= 4
	})
	for i, a := range peers {
		ca := f.b.Cands[a]
		am := ca | pm
		for j := i + 1; j < len(peers); j++ {
			b := peers[j]
			cb := f.b.Cands[b]
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
			for _, c := range peers[j+1:] {
				cc := f.b.Cands[c]
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
				n := 0
				for _, x := range cells {
					if f.b.Cands[x]&z != 0 {
						holders[n] = x
						n++
					}
				}
				f.eliminateSeeingAll(z, holders[:n]...)
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
