package rating

import "github.com/sudokuhq/sudoku/engine"

// smallCells is a view of the round's board for the searches of tiers 2–5
// that build their patterns from cells with few candidates (naked subsets,
// XY-, XYZ- and WXYZ-wings): one pass over the board, made on the round's
// first use (finder.small) and shared by the tiers searched after it.
type smallCells struct {
	round uint64 // the round (finder.round) it was built in; 0: never
	// with[n] is the set of the cells with exactly n candidates (n = 2,
	// 3, 4; with[0] and with[1] stay empty).
	with [5]cellSet
	// exact[n-2][u] has the positions in unit u of its cells with exactly
	// n candidates (n = 2, 3, 4); see upTo.
	exact [3][27]uint16
}

// upTo returns the positions in unit u of its cells with 2..k candidates
// (k = 2, 3, 4): the members of its naked k-subsets.
func (sv *smallCells) upTo(k, u int) uint16 {
	m := sv.exact[0][u]
	if k >= 3 {
		m |= sv.exact[1][u]
	}
	if k >= 4 {
		m |= sv.exact[2][u]
	}
	return m
}

// small returns the round's smallCells view.
func (f *finder) small() *smallCells {
	sv := &f.cache.small
	if sv.round != f.round {
		sv.build(f.b)
		sv.round = f.round
	}
	return sv
}

// build fills sv from b. Cost: one pass over the 81 cells, and four mask
// operations per cell with 2..4 candidates.
func (sv *smallCells) build(b *engine.Board) {
	sv.with = [5]cellSet{}
	sv.exact = [3][27]uint16{}
	for c := range 81 {
		n := engine.Count(b.Cands[c])
		if n < 2 || n > 4 {
			continue
		}
		sv.with[n].add(c)
		u, pos, ex := &cellUnits[c], &unitPos[c], &sv.exact[n-2]
		ex[u[0]] |= pos[0]
		ex[u[1]] |= pos[1]
		ex[u[2]] |= pos[2]
	}
}
