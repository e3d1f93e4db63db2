package rating

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
)

// kSubsets calls fn with every k-subset sub of the positions in eligible
// (2 ≤ k ≤ 4) whose masks hold exactly k bits together (union), in
// increasing order of its members, and returns the number of k-subsets of
// eligible, C(n, k): the possible applications. A subset whose first
// members already hold more than k bits is not extended, so fn sees only
// the candidates for a subset, fish or hidden set.
func kSubsets(masks *[9]uint16, eligible uint16, k int, fn func(sub, union uint16)) int {
	var pos [9]uint8
	n := 0
	for m := eligible; m != 0; m &= m - 1 {
		pos[n] = uint8(bits.TrailingZeros16(m))
		n++
	}
	// Nested loops, one per member, each skipping members that would take
	// the union past k bits.
	for i := 0; i <= n-k; i++ {
		ui := masks[pos[i]]
		si := uint16(1) << pos[i]
		if engine.Count(ui) > k {
			continue
		}
		for j := i + 1; j <= n-k+1; j++ {
			uj := ui | masks[pos[j]]
			if engine.Count(uj) > k {
				continue
			}
			sj := si | 1<<pos[j]
			if k == 2 {
				if engine.Count(uj) == 2 {
					fn(sj, uj)
				}
				continue
			}
			for l := j + 1; l <= n-k+2; l++ {
				ul := uj | masks[pos[l]]
				if engine.Count(ul) > k {
					continue
				}
				sl := sj | 1<<pos[l]
				if k == 3 {
					if engine.Count(ul) == 3 {
						fn(sl, ul)
					}
					continue
				}
				for q := l + 1; q < n; q++ {
					if uq := ul | masks[pos[q]]; engine.Count(uq) == 4 {
						fn(sl|1<<pos[q], uq)
					}
				}
			}
		}
	}
	return binomial(n, k)
}

// binomial returns C(n, k) for the small n and k of kSubsets.
func binomial(n, k int) int {
	if k < 0 || k > n {
		return 0
	}
	r := 1
	for i := range k {
		r = r * (n - i) / (i + 1)
	}
	return r
}

// findNakedSubsets finds naked pairs, triples and quads (k = 2, 3, 4). A
// possible application is a unit and k of its empty cells having 2..k
// candidates each; it is valid when the k cells hold only k digits together
// and some other cell of the unit has one of them, which is removed.
func findNakedSubsets(f *finder, k, tech int) int {
	s := 0
	for u := range units {
		s += f.cached(cacheNaked+k-2, u, f.cache.unit(u), func() int { return nakedSubsetsIn(f, k, tech, u) })
	}
	return s
}

// nakedSubsetsIn is findNakedSubsets in unit u.
func nakedSubsetsIn(f *finder, k, tech, u int) int {
	var eligible uint16
	for i, c := range units[u] {
		if n := engine.Count(f.b.Cands[c]); n >= 2 && n <= k {
			eligible |= 1 << i
		}
	}
	if engine.Count(eligible) < k {
		return 0
	}
	var masks [9]uint16
	for i, c := range units[u] {
		masks[i] = f.b.Cands[c]
	}
	return kSubsets(&masks, eligible, k, func(sub, union uint16) {
		for i, c := range units[u] {
			if sub&(1<<i) == 0 {
				f.eliminate(int(c), union)
			}
		}
		f.commit(tech, f.unitCells(u, sub), func() string {
			return fmt.Sprintf("%s: %s hold only %s between them, so no other cell of %s can: remove %s.",
				strings.ReplaceAll(f.techs[tech].Name, "-", " "), cellsText(unitCells(u, sub)), digitsText(union), engine.UnitName(u), f.elimText())
		})
	})
}

// findHiddenSubsets finds hidden pairs, triples and quads (k = 2, 3, 4). A
// possible application is a unit and k digits not placed in it having 2..k
// places each; it is valid when those digits fit in only k cells together
// and one of those cells has another candidate, which is removed.
func findHiddenSubsets(f *finder, k, tech int) int {
	s := 0
	for u := range units {
		s += f.cached(cacheHidden+k-2, u, f.cache.unit(u), func() int { return hiddenSubsetsIn(f, k, tech, u) })
	}
	return s
}

// hiddenSubsetsIn is findHiddenSubsets in unit u.
func hiddenSubsetsIn(f *finder, k, tech, u int) int {
	var eligible uint16 // digit bits
	for d := 1; d <= 9; d++ {
		if n := engine.Count(f.places[u][d-1]); n >= 2 && n <= k {
			eligible |= engine.Bit(d)
		}
	}
	if engine.Count(eligible) < k {
		return 0
	}
	// positions are digits−1 here, so eligible and the subsets are digit
	// masks as Bit makes them
	return kSubsets(&f.places[u], eligible, k, func(digits, where uint16) {
		for m := where; m != 0; m &= m - 1 {
			f.eliminate(int(units[u][bits.TrailingZeros16(m)]), engine.AllDigits&^digits)
		}
		f.commit(tech, f.unitCells(u, where), func() string {
			return fmt.Sprintf("%s: in %s the digits %s fit only in %s, so those cells hold nothing else: remove %s.",
				strings.ReplaceAll(f.techs[tech].Name, "-", " "), engine.UnitName(u), digitsText(digits), cellsText(unitCells(u, where)), f.elimText())
		})
	})
}
