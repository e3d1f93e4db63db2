package rating

import (
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// strongLinkSet holds the strong links of one digit (the two places of
// each unit where it has exactly two), in unit order, indexed so that the
// turbot and three-link fish find the links touching a cell with a few
// mask operations instead of testing every pair of links.
type strongLinkSet struct {
	round uint64 // the round (finder.round) the set was built in; 0: never
	n     int
	ends  [27][2]uint8 // link i's two cells, the lower first
	// inUnit[u] has bit i when link i has an end in unit u; at[c] has bit
	// i when c is an end of link i (kept only for the ends: build clears
	// the previous links' entries).
	inUnit [27]uint32
	at     [81]uint32
}

// links returns the strong links of digit d on the round's board, built
// once per round: the turbot fish (tier 4) and the three-link fish (tier
// 5) share them.
func (f *finder) links(d int) *strongLinkSet {
	ls := &f.cache.links[d-1]
	if ls.round != f.round {
		ls.build(f, d)
		ls.round = f.round
	}
	return ls
}

// build fills ls with the strong links of digit d. Cost: the 27 units'
// places, and a few mask operations per link.
func (ls *strongLinkSet) build(f *finder, d int) {
	for _, e := range ls.ends[:ls.n] {
		ls.at[e[0]], ls.at[e[1]] = 0, 0
	}
	ls.inUnit = [27]uint32{}
	n := 0
	for u := range units {
		p := f.places[u][d-1]
		if engine.Count(p) != 2 {
			continue
		}
		e0, e1 := units[u][bits.TrailingZeros16(p)], units[u][15-bits.LeadingZeros16(p)]
		ls.ends[n] = [2]uint8{e0, e1}
		bit := uint32(1) << n
		ls.at[e0] |= bit
		ls.at[e1] |= bit
		for _, e := range [2]uint8{e0, e1} {
			cu := &cellUnits[e]
			ls.inUnit[cu[0]] |= bit
			ls.inUnit[cu[1]] |= bit
			ls.inUnit[cu[2]] |= bit
		}
		n++
	}
	ls.n = n
}

// sees returns the links with an end that sees end e of a link (a peer of
// e): those with an end in one of e's units, since a link with an end at
// e has its other end in e's units too.
func (ls *strongLinkSet) sees(e int) uint32 {
	cu := &cellUnits[e]
	return ls.inUnit[cu[0]] | ls.inUnit[cu[1]] | ls.inUnit[cu[2]]
}

// above returns the links after link i.
func above(i int) uint32 { return ^uint32(0) << (i + 1) }
