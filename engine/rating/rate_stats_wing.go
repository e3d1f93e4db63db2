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
		var pos [9]uint8
		n := 0
		for i, c := range units[u] {
			if m := b.Cands[c]; m != 0 && engine.Count(m) <= 5 {
				pos[n] = uint8(i)
				n++
			}
		}
		if n < 3 {
			continue
		}
		var walk func(from, depth int, set cellSet, union uint16) bool
		walk = func(from, depth int, set cellSet, union uint16) bool {
			if depth >= 3 && engine.Count(union) == depth+1 {
				if cell, digit, ok = ws.on(set, union); ok {
					return true
				}
			}
			if depth == 4 {
				return false
			}
			for i := from; i < n; i++ {
				c := int(units[u][pos[i]])
				un := union | b.Cands[c]
				if engine.Count(un) > 5 {
					continue
				}
				s := set
				s.add(c)
				if walk(i+1, depth+1, s, un) {
					return true
				}
			}
			return false
		}
		if walk(0, 0, cellSet{}, 0) {
			return cell, digit, true
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
// (cells set, digits union) remove, if any.
func (ws *wingScan) on(set cellSet, union uint16) (cell, digit int, ok bool) {
	for p := union; p != 0; p &= p - 1 {
		x := p & -p
		xi := bits.TrailingZeros16(x)
		xs := set.and(ws.holding[xi]) // the set's cells holding x
		for q := union &^ (x | (x - 1)); q != 0; q &= q - 1 {
			z := q & -q
			if ws.masks&(1<<pairIndex(x|z)) == 0 {
				continue
			}
			zi := bits.TrailingZeros16(z)
			zs := set.and(ws.holding[zi])
			for k := range 2 {
				for m := ws.bival[pairIndex(x|z)][k]; m != 0; m &= m - 1 {
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
	}
	return 0, 0, false
}
