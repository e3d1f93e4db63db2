package rating

import "math/bits"

// cellSet is a set of cells as an 81-bit mask: cell c is bit c&63 of word
// c>>6. It is the rater's one set type; every operation is a few word
// operations.
type cellSet [2]uint64

func (s *cellSet) add(c int)              { s[c>>6] |= 1 << (c & 63) }
func (s cellSet) has(c int) bool          { return s[c>>6]&(1<<(c&63)) != 0 }
func (s cellSet) and(t cellSet) cellSet   { return cellSet{s[0] & t[0], s[1] & t[1]} }
func (s cellSet) or(t cellSet) cellSet    { return cellSet{s[0] | t[0], s[1] | t[1]} }
func (s cellSet) minus(t cellSet) cellSet { return cellSet{s[0] &^ t[0], s[1] &^ t[1]} }
func (s cellSet) empty() bool             { return s[0]|s[1] == 0 }
func (s cellSet) count() int              { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }

// first returns the lowest cell of a non-empty s.
func (s cellSet) first() int {
	if s[0] != 0 {
		return bits.TrailingZeros64(s[0])
	}
	return 64 + bits.TrailingZeros64(s[1])
}

// forEach calls fn for each cell of s in increasing order.
func (s cellSet) forEach(fn func(c int)) {
	for w := range 2 {
		for m := s[w]; m != 0; m &= m - 1 {
			fn(w<<6 | bits.TrailingZeros64(m))
		}
	}
}

// cells returns the cells of s in increasing order.
func (s cellSet) cells() []int {
	var cs []int
	s.forEach(func(c int) { cs = append(cs, c) })
	return cs
}

// peerSet[c] is the set of the 20 peers of c.
var peerSet = func() (ps [81]cellSet) {
	for c := range 81 {
		for _, p := range peers[c] {
			ps[c].add(int(p))
		}
	}
	return
}()
