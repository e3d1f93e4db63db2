package engine

import (
	"fmt"
	"math/bits"
	"strings"
)

// combinations calls fn with every k-subset of the positions in mask (1 ≤ k ≤ 4),
// as a mask, in increasing order of its members.
func combinations(mask uint16, k int, fn func(sub uint16)) {
	var pos [9]uint8
	n := 0
	for m := mask; m != 0; m &= m - 1 {
		pos[n] = uint8(bits.TrailingZeros16(m))
		n++
	}
	b := func(i int) uint16 { return 1 << pos[i] }
	for i := 0; i < n; i++ {
		if k == 1 {
			fn(b(i))
			continue
		}
		for j := i + 1; j < n; j++ {
			if k == 2 {
				fn(b(i) | b(j))
				continue
			}
			for l := j + 1; l < n; l++ {
				if k == 3 {
					fn(b(i) | b(j) | b(l))
					continue
				}
				for m := l + 1; m < n; m++ {
					fn(b(i) | b(j) | b(l) | b(m))
				}
			}
		}
	}
}

// findNakedSubsets finds naked pairs, triples and quads (k = 2, 3, 4). A
// possible application is a unit and k of its empty cells having 2..k
// candidates each; it is valid when the k cells hold only k digits together
// and some other cell of the unit has one of them, which is removed.
func findNakedSubsets(f *finder, k, tech int) int {
	s := 0
	for u := range units {
		var eligible uint16
		for i, c := range units[u] {
			if n := Count(f.b.Cands[c]); n >= 2 && n <= k {
				eligible |= 1 << i
			}
		}
		if Count(eligible) < k {
			continue
		}
		combinations(eligible, k, func(sub uint16) {
			s++
			var union uint16
			for m := sub; m != 0; m &= m - 1 {
				union |= f.b.Cands[units[u][bits.TrailingZeros16(m)]]
			}
			if Count(union) != k {
				return
			}
			for i, c := range units[u] {
				if sub&(1<<i) == 0 {
					f.eliminate(int(c), union)
				}
			}
			f.commit(tech, f.unitCells(u, sub), func() string {
				return fmt.Sprintf("%s: %s hold only %s between them, so no other cell of %s can: remove %s.",
					strings.ReplaceAll(f.techs[tech].Name, "-", " "), cellsText(unitCells(u, sub)), digitsText(union), UnitName(u), f.elimText())
			})
		})
	}
	return s
}

// findHiddenSubsets finds hidden pairs, triples and quads (k = 2, 3, 4). A
// possible application is a unit and k digits not placed in it having 2..k
// places each; it is valid when those digits fit in only k cells together
// and one of those cells has another candidate, which is removed.
func findHiddenSubsets(f *finder, k, tech int) int {
	s := 0
	for u := range units {
		var eligible uint16 // digit bits
		for d := 1; d <= 9; d++ {
			if n := Count(f.places[u][d-1]); n >= 2 && n <= k {
				eligible |= Bit(d)
			}
		}
		if Count(eligible) < k {
			continue
		}
		combinations(eligible, k, func(digits uint16) {
			s++
			var where uint16
			for m := digits; m != 0; m &= m - 1 {
				where |= f.places[u][bits.TrailingZeros16(m)]
			}
			if Count(where) != k {
				return
			}
			for m := where; m != 0; m &= m - 1 {
				f.eliminate(int(units[u][bits.TrailingZeros16(m)]), AllDigits&^digits)
			}
			f.commit(tech, f.unitCells(u, where), func() string {
				return fmt.Sprintf("%s: in %s the digits %s fit only in %s, so those cells hold nothing else: remove %s.",
					strings.ReplaceAll(f.techs[tech].Name, "-", " "), UnitName(u), digitsText(digits), cellsText(unitCells(u, where)), f.elimText())
			})
		})
	}
	return s
}
