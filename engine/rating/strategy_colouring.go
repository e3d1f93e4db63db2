package rating

import (
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// Colouring works on one digit's conjugate pairs (units where it has
// exactly two places). A cluster is a connected set of such pairs; giving
// its cells two colours alternately, one colour holds the digit and the
// other does not.

// colouring is the clusters of one digit: colour 2k and 2k+1 are the two
// colours of cluster k.
type colouring struct {
	n    int         // colours: twice the clusters
	sets [82]cellSet // cells of each colour
	sees [82]cellSet // cells seeing some cell of each colour, when refuted
	// refuted: some AIC refutes a candidate of the digit (chainSearch.refute).
	// Every colouring elimination is an AIC's (a colour trap's cell, a
	// wrapped colour's cells, a multi-colouring's target: each is ON at
	// the start of a chain through the cluster that ends OFF on it), so
	// for the other digits the clusters are only counted, and sees is not
	// computed.
	refuted bool
}

// colour builds the clusters of digit d on f's board. A cluster's
// conjugate pairs form a bipartite graph (one cell of each pair holds d in
// the solution), so its colours are the parities of the breadth-first
// layers from its first cell. Cost: O(27) units to find the pairs, then a
// breadth-first pass by whole layers over at most 81 cells, a few word
// operations per cell.
func colour(f *finder, d int, col *colouring) {
	cs := f.chains()
	adj := &cs.adj // adj[c]: c's conjugate partners, for the linked cells
	var linked cellSet
	for u := range units {
		if p := f.places[u][d-1]; engine.Count(p) == 2 {
			a, b := int(units[u][bits.TrailingZeros16(p)]), int(units[u][15-bits.LeadingZeros16(p)])
			if !linked.has(a) {
				linked.add(a)
				adj[a] = cellSet{}
			}
			if !linked.has(b) {
				linked.add(b)
				adj[b] = cellSet{}
			}
			adj[a].add(b)
			adj[b].add(a)
		}
	}
	// A cluster's conjugate pairs are bipartite: no odd cycle.
	cs.clusters = pairComponents(linked, adj, cs.clusters[:0])
	col.n = 0
	for _, k := range cs.clusters {
		col.sets[col.n], col.sets[col.n+1] = k.even, k.odd
		col.n += 2
	}
	if !col.refuted {
		return
	}
	for i := range col.n {
		var s0, s1 uint64
		set := &col.sets[i]
		for w := range 2 {
			for m := set[w]; m != 0; m &= m - 1 {
				p := &peerSet[w<<6|bits.TrailingZeros64(m)]
				s0, s1 = s0|p[0], s1|p[1]
			}
		}
		col.sees[i] = cellSet{s0, s1}
	}
}

// colours returns the clusters of digit d for the round, computing those of
// every digit on first use (simple and multi-colouring share them).
func colours(f *finder, d int) *colouring {
	cs := f.chains()
	if cs.colouredIn != f.round {
		if cs.refutedIn != f.round {
			cs.refute(f)
		}
		var refuted uint16
		for _, m := range cs.refuted {
			refuted |= m
		}
		for e := 1; e <= 9; e++ {
			cs.colours[e-1].refuted = refuted&engine.Bit(e) != 0
			colour(f, e, &cs.colours[e-1])
		}
		cs.colouredIn = f.round
	}
	return &cs.colours[d-1]
}

// findSimpleColouring: for each digit, a possible application is a cluster
// of two or more conjugate pairs (a single pair is a plain strong link). It
// is valid when two cells of one colour see each other (a colour wrap: that
// colour is false, and the digit is removed from all its cells) or when a
// cell outside the cluster sees both colours (a colour trap: one of them is
// true, so that cell is not the digit).
func findSimpleColouring(f *finder) int {
	s := 0
	for d := 1; d <= 9; d++ {
		col := colours(f, d)
		for k := 0; k < col.n; k += 2 {
			a, b := col.sets[k], col.sets[k+1]
			if a.count()+b.count() < 4 {
				continue
			}
			s++
			if !col.refuted {
				continue // nothing to remove
			}
			var wrap cellSet
			for i, x := range [2]cellSet{a, b} {
				if !x.and(col.sees[k+i]).empty() {
					wrap = x
				}
			}
			if !wrap.empty() {
				wrap.forEach(func(c int) { f.eliminate(c, engine.Bit(d)) })
			} else {
				col.sees[k].and(col.sees[k+1]).forEach(func(c int) {
					if !a.has(c) && !b.has(c) {
						f.eliminate(c, engine.Bit(d))
					}
				})
			}
			f.commit(techSimpleColouring, f.colourCells(a, b), func() string {
				if !wrap.empty() {
					return fmt.Sprintf("simple-colouring on %d: colour the chain of conjugate pairs alternately, %s one colour and %s the other; exactly one colour is %d, and two cells of %s see each other, so that colour is not %d: remove %s.",
						d, cellsText(wrap.cells()), cellsText(a.or(b).minus(wrap).cells()), d, cellsText(wrap.cells()), d, f.elimText())
				}
				return fmt.Sprintf("simple-colouring on %d: colour the chain of conjugate pairs alternately, %s one colour and %s the other; exactly one colour is %d, so a cell seeing both colours is not %d: remove %s.",
					d, cellsText(a.cells()), cellsText(b.cells()), d, d, f.elimText())
			})
		}
	}
	return s
}

// findMultiColouring: for each digit, a possible application is a pair of
// clusters. It is valid when a colour of one sees a colour of the other (so
// not both are true, and one of their two opposite colours is) and some
// cell sees both opposite colours, which is not the digit.
func findMultiColouring(f *finder) int {
	s := 0
	for d := 1; d <= 9; d++ {
		col := colours(f, d)
		n := col.n
		if !col.refuted {
			s += n / 2 * (n/2 - 1) / 2 // the pairs of clusters: nothing to remove
			continue
		}
		for k := 0; k < n; k += 2 {
			for l := k + 2; l < n; l += 2 {
				s++
				for _, i := range [2]int{k, k + 1} {
					for _, j := range [2]int{l, l + 1} {
						if col.sees[i].and(col.sets[j]).empty() {
							continue
						}
						oi, oj := i^1, j^1 // the opposite colours: one of them is d
						col.sees[oi].and(col.sees[oj]).forEach(func(c int) {
							if !col.sets[oi].has(c) && !col.sets[oj].has(c) {
								f.eliminate(c, engine.Bit(d))
							}
						})
						f.commit(techMultiColouring, f.colourCells(col.sets[i], col.sets[oi], col.sets[j], col.sets[oj]), func() string {
							return fmt.Sprintf("multi-colouring on %d: in two chains of conjugate pairs, %s (one colour of the first) sees %s (one colour of the second), so they are not both %d and %s or %s is %d: remove %s.",
								d, cellsText(col.sets[i].cells()), cellsText(col.sets[j].cells()), d, cellsText(col.sets[oi].cells()), cellsText(col.sets[oj].cells()), d, f.elimText())
						})
					}
				}
			}
		}
	}
	return s
}

// colourCells returns the cells of sets in explain mode and nil otherwise.
func (f *finder) colourCells(sets ...cellSet) []int {
	if !f.explain {
		return nil
	}
	var all cellSet
	for _, s := range sets {
		all = all.or(s)
	}
	return all.cells()
}
