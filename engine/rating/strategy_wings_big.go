package rating

import (
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// findVWXYZWing finds VWXYZ-wings in Sudoku Explainer's form (6.2–6.6,
// below its chains): an almost locked set A of 4 cells of one unit holding
// 5 digits, and a bivalue cell w = {x, z} outside it, both digits in A,
// where every cell of A holding x sees w. If w is x, A loses x and is
// locked on its other 4 digits, z among them; so z is in w or in A, and
// it leaves every cell outside A that sees w and every cell of A holding z
// (and the same with x and z swapped). When both x and z are restricted,
// the five cells hold five digits, each at most once, so each exactly
// once, and every digit leaves the cells seeing all its cells of the
// wing. The smaller form (3 cells, the WXYZ-wing) is found in tier 5 by findWXYZWing, whose pivot is A's cell
// holding x. A possible application is such a set and a bivalue cell
// holding two of its digits. It is searched first in tier 7, only where no
// chain is left (docs/rating.md).
func findVWXYZWing(f *finder) int {
	var ws wingScan
	for c := range 81 {
		if m := f.b.Cands[c]; engine.Count(m) == 2 {
			ws.bival[pairIndex(m)].add(c)
			ws.masks |= 1 << pairIndex(m)
		}
	}
	if ws.masks == 0 {
		return 0
	}
	ws.holding = f.holding
	s := 0
	for u := range units {
		var cs [9]int
		n := 0
		for _, c := range units[u] {
			if m := f.b.Cands[c]; m != 0 && engine.Count(m) <= 5 {
				cs[n] = int(c)
				n++
			}
		}
		for i := 0; i < n; i++ {
			mi := f.b.Cands[cs[i]]
			for j := i + 1; j < n; j++ {
				mj := mi | f.b.Cands[cs[j]]
				if engine.Count(mj) > 5 {
					continue
				}
				for k := j + 1; k < n; k++ {
					mk := mj | f.b.Cands[cs[k]]
					if engine.Count(mk) > 5 {
						continue
					}
					for l := k + 1; l < n; l++ {
						if union := mk | f.b.Cands[cs[l]]; engine.Count(union) == 5 {
							s += vwxyzOn(f, &ws, u, [4]int{cs[i], cs[j], cs[k], cs[l]}, union)
						}
					}
				}
			}
		}
	}
	return s
}

// vwxyzOn records every VWXYZ-wing of the almost locked set als (in unit
// u, holding union) and a bivalue cell, and returns how many bivalue cells
// holding two of its digits it checked.
func vwxyzOn(f *finder, ws *wingScan, u int, als [4]int, union uint16) int {
	var set cellSet
	for _, c := range als {
		set.add(c)
	}
	s := 0
	for p := union; p != 0; p &= p - 1 {
		x := p & -p
		for q := union &^ (x | (x - 1)); q != 0; q &= q - 1 {
			z := q & -q
			pi := pairIndex(x | z)
			if ws.masks&(1<<pi) == 0 {
				continue
			}
			cands := ws.bival[pi].minus(set)
			for wi := range 2 {
				for wm := cands[wi]; wm != 0; wm &= wm - 1 {
					s++
					vwxyzWith(f, ws, u, als, set, union, x, z, wi<<6|bits.TrailingZeros64(wm))
				}
			}
		}
	}
	return s
}

// vwxyzWith records the VWXYZ-wings of the almost locked set als (cells
// set, digits union, in unit u) with the bivalue cell w holding x and z:
// one for each of the two digits whose set cells all see w.
func vwxyzWith(f *finder, ws *wingScan, u int, als [4]int, set cellSet, union, x, z uint16, w int) {
	xi, zi := bits.TrailingZeros16(x), bits.TrailingZeros16(z)
	xr := set.and(ws.holding[xi]).minus(peerSet[w]).empty() // every set cell holding x sees w
	zr := set.and(ws.holding[zi]).minus(peerSet[w]).empty()
	if xr && zr {
		// Both restricted: five cells, five digits, each digit at most
		// once, so each exactly once, and every digit leaves the cells
		// seeing all the cells holding it.
		all := set
		all.add(w)
		for dm := union; dm != 0; dm &= dm - 1 {
			d := dm & -dm
			vwxyzRemove(f, u, als, w, x|z, union, all.and(ws.holding[bits.TrailingZeros16(d)]), d, 0)
		}
		return
	}
	if xr {
		vwxyzRemove(f, u, als, w, x|z, union, set.and(ws.holding[zi]), z, x)
	}
	if zr {
		vwxyzRemove(f, u, als, w, x|z, union, set.and(ws.holding[xi]), x, z)
	}
}

// vwxyzRemove removes digit d from the cells outside the wing that see w
// and every cell of holders (the wing's other cells holding d); rd is the
// restricted digit of the bivalue cell w (wm), or 0 when both are.
func vwxyzRemove(f *finder, u int, als [4]int, w int, wm, union uint16, holders cellSet, d, rd uint16) {
	targets := peerSet[w]
	holders.forEach(func(c int) { targets = targets.and(peerSet[c]) })
	di := bits.TrailingZeros16(d)
	targets = targets.and(f.holding[di])
	if targets.empty() {
		return
	}
	targets.forEach(func(c int) { f.eliminate(c, d) })
	f.commit(techVWXYZWing, f.cells(w, als[0], als[1], als[2], als[3]), func() string {
		var why string
		if rd == 0 {
			why = fmt.Sprintf("it sees all of them holding %s, so the five cells hold five digits, each once", digitsText(wm))
		} else {
			why = fmt.Sprintf("it sees all of them holding %s, so if it is %s they are locked on the other four", digitsText(rd), digitsText(rd))
		}
		hs := holders
		hs.add(w)
		return fmt.Sprintf("vwxyz-wing: %s in %s hold only %s, one digit more than cells; %s is %s and %s: either way one of %s is %s: remove %s.",
			cellsText(als[:]), engine.UnitName(u), digitsText(union), engine.CellName(w), digitsText(wm), why, cellsText(hs.cells()), digitsText(d), f.elimText())
	})
}
