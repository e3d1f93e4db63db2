package engine

import "fmt"

// wingPeers returns the two-candidate peers of pivot whose candidates pass
// keep, in increasing cell order, in buf.
func wingPeers(b *Board, pivot int, buf []int, keep func(m uint16) bool) []int {
	buf = buf[:0]
	for _, p := range Peers[pivot] {
		m := b.Cands[p]
		if Count(m) == 2 && keep(m) {
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
func findXYWing(f *finder) int {
	s := 0
	var buf [20]int
	for p := range 81 {
		pm := f.b.Cands[p]
		if Count(pm) != 2 {
			continue
		}
		peers := wingPeers(f.b, p, buf[:0], func(m uint16) bool { return Count(m&pm) == 1 })
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
						CellName(p), digitsText(pm), CellName(a), digitsText(am), CellName(b), digitsText(bm), digitsText(z), f.elimText())
				})
			}
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
	var buf [20]int
	for p := range 81 {
		pm := f.b.Cands[p]
		if Count(pm) != 3 {
			continue
		}
		peers := wingPeers(f.b, p, buf[:0], func(m uint16) bool { return m&^pm == 0 })
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
						CellName(p), digitsText(pm), CellName(a), digitsText(am), CellName(b), digitsText(bm), digitsText(z), f.elimText())
				})
			}
		}
	}
	return s
}

// findWXYZWing: a possible application is a pivot with four candidates and
// three two-candidate peers with pairwise different candidates inside the
// pivot's; it is valid when the three peers share one digit z, together
// cover the pivot's four, and some cell seeing all four cells has z, which
// is removed: if the pivot is not z it is the other digit of one peer, which
// is then z.
func findWXYZWing(f *finder) int {
	s := 0
	var buf [20]int
	for p := range 81 {
		pm := f.b.Cands[p]
		if Count(pm) != 4 {
			continue
		}
		peers := wingPeers(f.b, p, buf[:0], func(m uint16) bool { return m&^pm == 0 })
		for i, a := range peers {
			am := f.b.Cands[a]
			for j := i + 1; j < len(peers); j++ {
				b := peers[j]
				bm := f.b.Cands[b]
				if bm == am {
					continue
				}
				for _, c := range peers[j+1:] {
					cm := f.b.Cands[c]
					if cm == am || cm == bm {
						continue
					}
					s++
					z := am & bm & cm
					if Count(z) != 1 || am|bm|cm != pm {
						continue
					}
					f.eliminateSeeingAll(z, p, a, b, c)
					f.commit(techWXYZWing, f.cells(p, a, b, c), func() string {
						return fmt.Sprintf("wxyz-wing: %s is %s and sees %s (%s), %s (%s) and %s (%s), so one of the four is %s: remove %s.",
							CellName(p), digitsText(pm), CellName(a), digitsText(am), CellName(b), digitsText(bm), CellName(c), digitsText(cm), digitsText(z), f.elimText())
					})
				}
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
