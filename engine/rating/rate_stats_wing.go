package rating

import (
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// wingExists reports whether an almost-locked-set wing removes a
// candidate of b: a bivalue cell w = {x, z} and an almost locked set A (3
// or 4 cells of one unit holding one digit more than they are cells, x and
// z among them) where every cell of A holding x sees w, and a cell outside
// A seeing w and every cell of A holding z has z. (If w is x, A loses x
// and is locked on its other digits, z among them; so z is in w or in A.)
// Sudoku Explainer knows these as the WXYZ- and VWXYZ-wings (5.5–6.4),
// below every chain (6.5 and up): a chain round where such a wing exists
// is easier than one where only a chain gets through (Rating.Path.NeedsChain).
// The rater reads this only as a feature of the round: it does not apply
// the wing (doing so measurably agreed less with Sudoku Explainer and
// coach, docs/rating.md). Cost: the sets of up to 4 cells of each unit
// holding at most 5 digits, and for each the bivalue cells holding two of
// its digits; it stops at the first wing.
// holding is b's cells holding each digit (finder.holding).
func wingExists(b *engine.Board, holding *[9]cellSet) bool {
	_, _, ok := wing(b, holding)
	return ok
}

// wing returns a candidate (cell, digit) that an almost-locked-set wing
// removes from b, the first it finds (see wingExists).
func wing(b *engine.Board, holding *[9]cellSet) (cell, digit int, ok bool) {
	ws := wingScan{holding: *holding}
	for c := range 81 {
		if m := b.Cands[c]; engine.Count(m) == 2 {
			ws.bival[pairIndex(m)].add(c)
			ws.masks |= 1 << pairIndex(m)
		}
	}
	if ws.masks == 0 {
		return 0, 0, false
	}
	for u := range units {
		// the unit's cells with at most 5 candidates, then every 3 or 4
		// of them holding one digit more than cells, pruned as the union
		// grows past 5 digits
		var cs [9]int
		var ms [9]uint16
		n := 0
		for _, c := range units[u] {
			if m := b.Cands[c]; m != 0 && engine.Count(m) <= 5 {
				cs[n], ms[n] = int(c), m
				n++
			}
		}
		for i := 0; i < n; i++ {
			for j := i + 1; j < n; j++ {
				mj := ms[i] | ms[j]
				if engine.Count(mj) > 5 {
					continue
				}
				for k := j + 1; k < n; k++ {
					mk := mj | ms[k]
					nk := engine.Count(mk)
					if nk > 5 {
						continue
					}
					var set cellSet
					set.add(cs[i])
					set.add(cs[j])
					set.add(cs[k])
					if nk == 4 {
						if cell, digit, ok = ws.on(set, mk); ok {
							return cell, digit, true
						}
					}
					for l := k + 1; l < n; l++ {
						if ml := mk | ms[l]; engine.Count(ml) == 5 {
							s4 := set
							s4.add(cs[l])
							if cell, digit, ok = ws.on(s4, ml); ok {
								return cell, digit, true
							}
						}
					}
				}
			}
		}
	}
	return 0, 0, false
}

// wingScan is a board's cells by candidate and its bivalue cells by pair.
type wingScan struct {
	holding [9]cellSet
	bival   [36]cellSet // bival[pairIndex(m)]: the cells holding just the pair m
	masks   uint64      // bit pairIndex(m) for each pair m with a bivalue cell
}

// pairIndex numbers a two-digit mask 0..35.
func pairIndex(m uint16) int {
	lo := bits.TrailingZeros16(m)
	hi := 15 - bits.LeadingZeros16(m)
	return hi*(hi-1)/2 + lo
}

// on returns a candidate that a bivalue cell and the almost locked set
// (cells set, digits union) remove, if any. It tries only the pairs of
// the set's digits some bivalue cell holds (pairsOf), in pairIndex order.
func (ws *wingScan) on(set cellSet, union uint16) (cell, digit int, ok bool) {
	for pm := pairsOf[union] & ws.masks; pm != 0; pm &= pm - 1 {
		pi := bits.TrailingZeros64(pm)
		xi, zi := int(pairDigits[pi][0]), int(pairDigits[pi][1])
		xs := set.and(ws.holding[xi]) // the set's cells holding x
		zs := set.and(ws.holding[zi])
		for k := range 2 {
			for m := ws.bival[pi][k]; m != 0; m &= m - 1 {
				w := k<<6 | bits.TrailingZeros64(m)
				if set.has(w) {
					continue
				}
				// w is x (and the set has z) or z (and the set has x).
				for r := range 2 {
					// rc: the set's cells of the restricted digit, zc and
					// d: those of the removed one, and that digit.
					rc, zc, d := xs, zs, zi
					if r == 1 {
						rc, zc, d = zs, xs, xi
					}
					if !rc.minus(peerSet[w]).empty() {
						continue // not restricted: a cell of the set holding it misses w
					}
					holders := peerSet[w]
					zc.forEach(func(c int) { holders = holders.and(peerSet[c]) })
					if t := holders.and(ws.holding[d]).minus(set); !t.empty() {
						return t.first(), d + 1, true
					}
				}
			}
		}
	}
	return 0, 0, false
}

// pairsOf[m] has bit pairIndex(p) for each pair p of the digits of mask
// m, and pairDigits[i] is the two digits (0-based, lower first) of pair
// index i.
var pairsOf, pairDigits = func() (ps [512]uint64, pd [36][2]uint8) {
	for x := range 9 {
		for z := x + 1; z < 9; z++ {
			pd[pairIndex(1<<x|1<<z)] = [2]uint8{uint8(x), uint8(z)}
		}
	}
	for m := range ps {
		for i, p := range pd {
			if m&(1<<p[0]) != 0 && m&(1<<p[1]) != 0 {
				ps[m] |= 1 << i
			}
		}
	}
	return
}()
