package rating

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
)

// ALS-XZ. An almost locked set (ALS) is N cells of one unit whose
// candidates are N+1 digits together: take any one digit away and the
// others are locked in its cells. Two ALSs A and B without a common cell
// have a restricted common digit X when X is in both and every cell of A
// holding X sees every cell of B holding X: then X is in at most one of
// them, so the other is locked. For every other digit Z both hold, one of
// the two sets then holds Z, so Z is removed from every cell outside them
// seeing all the cells of A and B that hold Z. (The doubly linked form,
// two restricted commons, proves more; the rater applies its two singly
// linked halves only.)
//
// The search builds the round's ALSs once, from the units' empty cells
// with bitmask unions, with one entry per digit of each set: its cells
// holding the digit and the cells holding it that see all of those. The
// sets are then taken in turn and put in buckets by digit and first cell
// holding it, so that for a set A and a digit X only the earlier sets
// whose first cell holding X sees all of A's are tried as B, and most of
// those are rejected by digit masks before their cells are compared.

// alsMaxCells bounds the sets searched: 2 or 3 cells (build's loops), so
// pairs of 4 to 6 cells, with at most alsMaxCells+1 digits per set. A
// bivalue cell is an ALS of one cell too, but an ALS-XZ with one is an
// XY-wing, XYZ-wing, WXYZ-wing or XY-chain the rater finds earlier: on
// the 3,451 puzzles of ../shared/data/tdoku_magictour_top1465.txt and
// calib_sudokuexchange_diabolical.tsv, allowing them adds ALS-XZ to 2
// more puzzles and saves 4 of 1,574 forcing rounds, while they make the
// search half as costly again. Sets of 4 cells more than double its cost,
// which the rater's speed on the hardest puzzles cannot afford
// (docs/rating.md).
const alsMaxCells = 3

// alsSet is one almost locked set of the round's board.
type alsSet struct {
	cells cellSet
	mask  uint16 // its N+1 digits
	reach uint16 // its digits d some cell outside it holding d sees all its cells holding d
	unit  uint8
	n     uint8 // its N cells
	first int32 // its entries, one per digit in increasing order, start at alsSearch.entries[first]
}

// alsEntry is one digit d of one ALS: the set's cells holding d (1 to 3,
// the first repeated to fill holders), the cells holding d that see all of
// those (the targets), and the next set of its bucket (the sets holding d
// whose first cell holding d is the same). It repeats the set's digits,
// read first when a bucket is searched.
type alsEntry struct {
	targets cellSet
	mask    uint16
	holders [alsMaxCells]uint8
	set     int32 // index into alsSearch.sets
	next    int32 // the next entry of the bucket, -1 at its end
}

// alsSearch is the scratch of the ALS-XZ search, kept with the chain
// scratch between ratings.
type alsSearch struct {
	sets    []alsSet
	entries []alsEntry
	head    [9][81]int32 // head[d-1][c]: first entry of the bucket of d and c, if used
	used    [9]cellSet   // used[d-1]: the cells with a bucket of d
	holding [9]cellSet   // the cells holding each digit
}

// entry returns the entry of digit d (0-based, in a.mask) of set a.
func (as *alsSearch) entry(a *alsSet, d int) *alsEntry {
	return &as.entries[int(a.first)+engine.Count(a.mask&(1<<d-1))]
}

// build collects the ALSs of f's board and their entries. A set is found
// in one unit only: cells of a box that are all in one row or column are
// found in that line.
func (as *alsSearch) build(f *finder) {
	b := f.b
	as.sets = as.sets[:0]
	as.entries = as.entries[:0]
	as.holding = f.holding
	for u := range units {
		// the unit's cells that can be in a set: positions and digits
		var pos [9]uint8
		var cands [9]uint16
		n := 0
		for p, c := range units[u] {
			if m := b.Cands[c]; m != 0 && engine.Count(m) <= alsMaxCells+1 {
				pos[n], cands[n] = uint8(p), m
				n++
			}
		}
		// every 2 or 3 of them holding one digit more than cells
		for i := range n {
			for j := i + 1; j < n; j++ {
				mj := cands[i] | cands[j]
				cj := engine.Count(mj)
				if cj > alsMaxCells+1 {
					continue
				}
				sj := uint16(1)<<pos[i] | 1<<pos[j]
				if cj == 3 && alsOwns(u, sj) {
					as.add(f, u, sj, mj)
				}
				for k := j + 1; k < n; k++ {
					if mk := mj | cands[k]; engine.Count(mk) == 4 {
						if sk := sj | 1<<pos[k]; alsOwns(u, sk) {
							as.add(f, u, sk, mk)
						}
					}
				}
			}
		}
	}
}

// alsOwns reports whether unit u is where the ALS at positions set of u
// is counted: cells of one line are counted in that line.
func alsOwns(u int, set uint16) bool {
	if u/9 != engine.UnitBox {
		return true
	}
	// positions 0..8 of a box are row-major: one row is 7<<3k, one column 73<<k
	for k := range 3 {
		if set&^(7<<(3*k)) == 0 || set&^(73<<k) == 0 {
			return false
		}
	}
	return true
}

// add adds the ALS at positions set of unit u, holding digits mask, with
// its entries and reach.
func (as *alsSearch) add(f *finder, u int, set, mask uint16) {
	a := alsSet{mask: mask, unit: uint8(u), n: uint8(engine.Count(set)), first: int32(len(as.entries))}
	cells := &units[u]
	for m := set; m != 0; m &= m - 1 {
		a.cells.add(int(cells[bits.TrailingZeros16(m)]))
	}
	places := &f.places[u]
	for m := mask; m != 0; m &= m - 1 {
		d := bits.TrailingZeros16(m)
		e := alsEntry{mask: mask, set: int32(len(as.sets))}
		h := set & places[d]
		c := cells[bits.TrailingZeros16(h)]
		e.holders = [alsMaxCells]uint8{c, c, c}
		// the targets word by word: a cellSet value stored and read back
		// at each step costs more than the step
		t0, t1 := as.holding[d][0], as.holding[d][1]
		for i := 0; h != 0; i, h = i+1, h&(h-1) {
			c := cells[bits.TrailingZeros16(h)]
			e.holders[i] = c
			p := &peerSet[c]
			t0, t1 = t0&p[0], t1&p[1]
		}
		e.targets = cellSet{t0, t1}
		if t0|t1 != 0 {
			a.reach |= 1 << d
		}
		as.entries = append(as.entries, e)
	}
	as.sets = append(as.sets, a)
}

// findALSXZ: a possible application is two ALSs without a common cell, a
// restricted common digit X of theirs and another digit Z they share that
// some cell outside each set sees in all its cells holding Z; it is valid
// when a cell holding Z sees all the cells of both holding Z, and Z is
// removed from it. Eliminations an easier chain technique already made in
// this round are not counted again. Cost: building the sets (each unit's
// pairs and triples of cells with at most 4 candidates), then, for each
// set and digit, a walk over the buckets of the cells that see its cells
// holding the digit, each bucket entry rejected by a mask test or two
// cell-set operations.
func findALSXZ(f *finder) int {
	as := &f.chains().als
	as.build(f)
	prior := f.elim
	as.used = [9]cellSet{}
	s := 0
	// Each set searches the buckets and then joins them, so each pair is
	// met once, from its later set.
	for i := range as.sets {
		a := &as.sets[i]
		k := int(a.first)
		for mx := a.mask; mx != 0; mx &= mx - 1 {
			x := bits.TrailingZeros16(mx)
			ea := &as.entries[k]
			k++
			if a.reach&^(1<<x) == 0 {
				continue // no other digit to remove
			}
			// the sets word by word: cellSet values stored and read back
			// in this loop cost more than its tests
			t0, t1 := ea.targets[0], ea.targets[1]
			used := &as.used[x]
			for w := range 2 {
				near := used[0] & t0
				if w == 1 {
					near = used[1] & t1
				}
				for m := near; m != 0; m &= m - 1 {
					c := w<<6 | bits.TrailingZeros64(m)
					for e := as.head[x][c]; e >= 0; e = as.entries[e].next {
						eb := &as.entries[e]
						zs := a.mask & a.reach & eb.mask &^ (1 << x)
						if zs == 0 || !inWords(t0, t1, eb.holders[0]) || !inWords(t0, t1, eb.holders[1]) || !inWords(t0, t1, eb.holders[2]) {
							continue // nothing to remove, or x is not restricted
						}
						b := &as.sets[eb.set]
						if zs &= b.reach; zs == 0 || a.cells[0]&b.cells[0]|a.cells[1]&b.cells[1] != 0 {
							continue
						}
						s++
						alsXZ(f, as, b, a, x, zs, &prior)
					}
				}
			}
		}
		k = int(a.first)
		for mx := a.mask; mx != 0; mx &= mx - 1 {
			x := bits.TrailingZeros16(mx)
			c := int(as.entries[k].holders[0])
			if !as.used[x].has(c) {
				as.used[x].add(c)
				as.head[x][c] = -1
			}
			as.entries[k].next = as.head[x][c]
			as.head[x][c] = int32(k)
			k++
		}
	}
	return s
}

// inWords reports whether cell c is in the cell set of words t0, t1.
func inWords(t0, t1 uint64, c uint8) bool {
	t := t0
	if c >= 64 {
		t = t1
	}
	return t>>(c&63)&1 != 0
}

// alsXZ removes the digits zs from the cells outside a and b seeing all
// their cells holding them, given their restricted common x (0-based), not
// counting the eliminations of prior, and commits the application.
func alsXZ(f *finder, as *alsSearch, a, b *alsSet, x int, zs uint16, prior *[81]uint16) {
	for m := zs; m != 0; m &= m - 1 {
		z := bits.TrailingZeros16(m)
		bit := uint16(1) << z
		as.entry(a, z).targets.and(as.entry(b, z).targets).forEach(func(c int) {
			f.eliminate(c, bit&^prior[c])
		})
	}
	f.commit(techALSXZ, f.alsPattern(a, b), func() string {
		var held []string
		for m := zs; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m) + 1
			if slices.ContainsFunc(f.curEl, func(e Candidate) bool { return e.Digit == d }) {
				held = append(held, fmt.Sprintf("one of them holds %d", d))
			}
		}
		return fmt.Sprintf("als-xz: the almost locked sets %s and %s share the restricted common %d (its cells in them all see each other, so at most one set has it and the other is locked), so %s: remove %s.",
			alsText(a), alsText(b), x+1, strings.Join(held, ", and "), f.elimText())
	})
}

// alsText names an ALS, "r1c2, r1c5 in row 1 (1/4/7)".
func alsText(a *alsSet) string {
	var names []string
	a.cells.forEach(func(c int) { names = append(names, engine.CellName(c)) })
	return fmt.Sprintf("%s in %s (%s)", strings.Join(names, ", "), engine.UnitName(int(a.unit)), digitsText(a.mask))
}

// alsPattern returns the cells of a, then of b, in explain mode and nil
// otherwise.
func (f *finder) alsPattern(a, b *alsSet) []int {
	if !f.explain {
		return nil
	}
	return append(a.cells.cells(), b.cells.cells()...)
}
