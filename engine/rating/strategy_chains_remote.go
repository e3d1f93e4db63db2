package rating

import "math/bits"

// Remote pairs without a search. A remote-pair chain refuting (c, d)
// alternates between the two digits of its pair P over cells holding
// exactly P, each seeing the next: ON(c, d) makes d false in every cell of
// P seeing c, so those are e (the other digit); a cell of P seeing a cell
// that is g is then the other digit of g, and so on; c is refuted when
// some cell of P seeing c becomes d. Along a walk between two cells of P
// the digit flips at each step, so within a component of P's cells
// (joined when they see each other) which digits are reached depends only
// on parities: when the component has an odd cycle, every cell of it
// takes both digits; else, from a cell that is e, the cells at even
// distance are e and those at odd distance d. So c is refuted exactly
// when some component has an odd cycle and a cell seeing c, or has cells
// at both parities seeing c. This is run's answer (any length, the remote
// pair's rule) for every start at once, from one breadth-first pass per
// pair.

// pairComponent is a connected component of a graph on cells (the cells
// holding one pair of digits joined when they see each other, or one
// digit's conjugate pairs): its cells by the parity of their distance from
// its first cell, and whether it has an odd cycle.
type pairComponent struct {
	even, odd cellSet
	oddCycle  bool
}

// pairComponents appends the components of cells, joined by adj (adj[c]:
// the cells c is joined to; peerSet for remote pairs, the conjugate
// partners for colouring), to comps. Breadth first by whole layers: a
// layer's cells are joined to the next layer's, and an edge inside a
// layer closes an odd cycle. Cost: a few word operations per cell. The
// sets are handled word by word: cellSet values built in registers and
// read back through memory cost more than the work.
func pairComponents(cells cellSet, adj *[81]cellSet, comps []pairComponent) []pairComponent {
	for r0, r1 := cells[0], cells[1]; r0|r1 != 0; {
		// a new component from the first cell left, r: the cells left
		var f0, f1 uint64 // the layer
		if r0 != 0 {
			f0 = r0 & -r0
		} else {
			f1 = r1 & -r1
		}
		r0, r1 = r0&^f0, r1&^f1
		var e0, e1, o0, o1 uint64 // the even and odd layers
		odd := false
		for even := true; f0|f1 != 0; even = !even {
			if even {
				e0, e1 = e0|f0, e1|f1
			} else {
				o0, o1 = o0|f0, o1|f1
			}
			var s0, s1 uint64 // the cells the layer is joined to
			for m := f0; m != 0; m &= m - 1 {
				p := &adj[bits.TrailingZeros64(m)]
				s0, s1 = s0|p[0], s1|p[1]
			}
			for m := f1; m != 0; m &= m - 1 {
				p := &adj[64+bits.TrailingZeros64(m)]
				s0, s1 = s0|p[0], s1|p[1]
			}
			odd = odd || s0&f0|s1&f1 != 0
			f0, f1 = s0&r0, s1&r1
			r0, r1 = r0&^f0, r1&^f1
		}
		comps = append(comps, pairComponent{even: cellSet{e0, e1}, odd: cellSet{o0, o1}, oddCycle: odd})
	}
	return comps
}

// remotePairRefutes reports whether a remote pair over the components
// comps of one pair's cells refutes a candidate of the pair in a cell
// whose peers are sees.
func remotePairRefutes(sees cellSet, comps []pairComponent) bool {
	for _, pc := range comps {
		even, odd := !sees.and(pc.even).empty(), !sees.and(pc.odd).empty()
		if even && odd || pc.oddCycle && (even || odd) {
			return true
		}
	}
	return false
}
