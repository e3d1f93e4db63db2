package rating

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
)

// members are the candidates of a subset search: n positions (of a
// unit's cells, digits or lines, in increasing order) and the mask of
// each (its candidates, places or cover lines).
type members struct {
	n    int
	pos  [9]uint8
	mask [9]uint16
}

// add appends position p with mask m.
func (ms *members) add(p int, m uint16) {
	ms.pos[ms.n], ms.mask[ms.n] = uint8(p), m
	ms.n++
}

// kSubsets calls fn with every k-subset sub of ms (2 ≤ k ≤ 4, sub as bits
// of the positions) whose masks hold exactly k bits together (union), in
// increasing order of its members, and returns the number of k-subsets of
// ms, C(n, k): the possible applications. A subset whose first members
// already hold more than k bits is not extended, so fn sees only the
// candidates for a subset, fish or hidden set.
func kSubsets(ms *members, k int, fn func(sub, union uint16)) int {
	n := ms.n
	if n < k {
		return 0
	}
	pos, masks := &ms.pos, &ms.mask
	// Nested loops, one per member, each skipping members that would take
	// the union past k bits.
	for i := 0; i <= n-k; i++ {
		ui := masks[i]
		si := uint16(1) << pos[i]
		if engine.Count(ui) > k {
			continue
		}
		for j := i + 1; j <= n-k+1; j++ {
			uj := ui | masks[j]
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
				ul := uj | masks[l]
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
					if uq := ul | masks[q]; engine.Count(uq) == 4 {
						fn(sl|1<<pos[q], uq)
					}
				}
			}
		}
	}
	return binomials[n][k]
}

// binomials[n][k] is C(n, k) for the n ≤ 9 and k ≤ 4 of kSubsets.
var binomials = func() (b [10][5]int) {
	for n := range 10 {
		b[n][0] = 1
		for k := 1; k < 5 && k <= n; k++ {
			b[n][k] = b[n-1][k-1] + b[n-1][k]
		}
	}
	return
}()

// findNakedSubsets finds naked pairs, triples and quads (k = 2, 3, 4). A
// possible application is a unit and k of its empty cells having 2..k
// candidates each; it is valid when the k cells hold only k digits together
// and some other cell of the unit has one of them, which is removed.
//
// The round's smallCells view gives each unit's cells with 2..k
// candidates (eligible); a unit with fewer than k of them has no possible
// application and is not looked at further.
func findNakedSubsets(f *finder, k, tech int) int {
	sv := f.small()
	s := 0
	for u := range units {
		eligible := sv.upTo(k, u) // positions of the unit's cells with 2..k candidates
		if engine.Count(eligible) < k {
			continue
		}
		s += f.cached(cacheNaked+k-2, u, f.cache.unit(u), func() int { return nakedSubsetsIn(f, k, tech, u, eligible) })
	}
	return s
}

// nakedSubsetsIn is findNakedSubsets in unit u, whose cells with 2..k
// candidates are at the positions of eligible.
func nakedSubsetsIn(f *finder, k, tech, u int, eligible uint16) int {
	var ms members
	for m := eligible; m != 0; m &= m - 1 {
		i := bits.TrailingZeros16(m)
		ms.add(i, f.b.Cands[units[u][i]])
	}
	return kSubsets(&ms, k, func(sub, union uint16) {
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
	var ms members
	for dm := f.multiPlace(u); dm != 0; dm &= dm - 1 {
		d := bits.TrailingZeros16(dm)
		if p := f.places[u][d]; engine.Count(p) <= k && p&(p-1) != 0 {
			ms.add(d, p)
		}
	}
	// positions are digits−1 here, so the subsets are digit masks as Bit
	// makes them
	return kSubsets(&ms, k, func(digits, where uint16) {
		for m := where; m != 0; m &= m - 1 {
			f.eliminate(int(units[u][bits.TrailingZeros16(m)]), engine.AllDigits&^digits)
		}
		f.commit(tech, f.unitCells(u, where), func() string {
			return fmt.Sprintf("%s: in %s the digits %s fit only in %s, so those cells hold nothing else: remove %s.",
				strings.ReplaceAll(f.techs[tech].Name, "-", " "), engine.UnitName(u), digitsText(digits), cellsText(unitCells(u, where)), f.elimText())
		})
	})
}
