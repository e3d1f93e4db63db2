package rating

import (
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// propagation is the board of an assumption being followed (assume,
// assumePlus) with the views the rules read kept up to date as
// candidates go: the places of each digit in each unit and the digits
// placed in each unit (as finder.places and finder.placed), and what
// changed since the rules last looked. So a singles wave checks only the
// digits whose places changed in a unit (a hidden single or a digit
// without a place can appear nowhere else) and the cells that lost a
// candidate, and a locked-candidates pass reads the places instead of
// rebuilding them from the candidates.
type propagation struct {
	b       engine.Board
	places  [27][9]uint16 // places[u][d-1]: positions in unit u where d is a candidate
	placed  [27]uint16    // the digits placed in each unit
	holding [9]cellSet    // holding[d-1]: the cells where d is a candidate

	cells   cellSet    // the cells that lost a candidate since the last singles scan
	units   uint32     // the units with a bit in dirty
	dirty   [27]uint16 // dirty[u]: the digits whose places in u changed since the last singles scan
	changed uint16     // the digits that lost a candidate since the last locked-candidates pass
}

// start sets p to f's round board, whose views (finder.views) must be
// computed, with nothing changed.
func (p *propagation) start(f *finder) {
	p.b = *f.b
	p.places = f.places
	p.placed = f.placed
	p.holding = f.holding
	p.cells, p.units, p.dirty, p.changed = cellSet{}, 0, [27]uint16{}, 0
}

// startBoard sets p to b, computing its views: for tests, and callers
// without a finder.
func (p *propagation) startBoard(b *engine.Board) {
	p.b = *b
	p.index()
}

// startGrid sets p to the board of puzzle g (engine.NewBoard's: every
// given placed, its digit gone from its peers' candidates) and computes
// its views. It reports false where NewBoard does: a digit out of range,
// two givens of one digit in a unit, or an empty cell without a
// candidate.
func (p *propagation) startGrid(g *engine.Grid) bool {
	b, ok := engine.NewBoard(*g)
	if !ok {
		return false
	}
	p.b = b
	p.index()
	return true
}

// index computes p's views of its board, with nothing changed.
func (p *propagation) index() {
	b := &p.b
	p.places = [27][9]uint16{}
	p.placed = [27]uint16{}
	p.holding = [9]cellSet{}
	for c := range 81 {
		cu, pos := &cellUnits[c], &unitPos[c]
		if d := b.Digits[c]; d != 0 {
			bit := engine.Bit(int(d))
			p.placed[cu[0]] |= bit
			p.placed[cu[1]] |= bit
			p.placed[cu[2]] |= bit
			continue
		}
		row, col, box := &p.places[cu[0]], &p.places[cu[1]], &p.places[cu[2]]
		for m := b.Cands[c]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			row[d] |= pos[0]
			col[d] |= pos[1]
			box[d] |= pos[2]
			p.holding[d].add(c)
		}
	}
	p.cells, p.units, p.dirty, p.changed = cellSet{}, 0, [27]uint16{}, 0
}

// empty returns the number of empty cells of p's board: each row's
// cells without a digit. Cost: 9 popcounts.
func (p *propagation) empty() int {
	n := 0
	for r := range 9 {
		n += 9 - engine.Count(p.placed[r])
	}
	return n
}

// markAll records every empty cell and every digit of every unit as
// changed, so that the next scan looks at the whole board.
func (p *propagation) markAll() {
	for c := range 81 {
		if p.b.Digits[c] == 0 {
			p.cells.add(c)
		}
	}
	p.units = 1<<27 - 1
	for u := range p.dirty {
		p.dirty[u] = engine.AllDigits
	}
}

// remove takes candidate d (bit) from cell c, which holds it, and
// reports whether c keeps a candidate. Cost: a few operations per unit.
func (p *propagation) remove(c int, bit uint16) bool {
	m := p.b.Cands[c] &^ bit
	p.b.Cands[c] = m
	d := bits.TrailingZeros16(bit)
	p.holding[d][c>>6] &^= 1 << (c & 63)
	p.cells.add(c)
	p.changed |= bit
	p.units |= cellUnitBits[c]
	cu, pos := &cellUnits[c], &unitPos[c]
	p.places[cu[0]][d] &^= pos[0]
	p.places[cu[1]][d] &^= pos[1]
	p.places[cu[2]][d] &^= pos[2]
	p.dirty[cu[0]] |= bit
	p.dirty[cu[1]] |= bit
	p.dirty[cu[2]] |= bit
	return m != 0
}

// place puts digit d (bit) in empty cell c and removes it from the
// candidates of its peers. It reports false when a peer is left without
// a candidate (and stops there). Cost: a few operations per unit for
// each candidate c loses, and per peer holding d.
func (p *propagation) place(c int, bit uint16) bool {
	m := p.b.Cands[c]
	d := bits.TrailingZeros16(bit)
	p.b.Digits[c] = uint8(d + 1)
	p.b.Cands[c] = 0
	p.changed |= m
	p.units |= cellUnitBits[c]
	cu, pos := &cellUnits[c], &unitPos[c]
	row, col, box := cu[0], cu[1], cu[2]
	p.placed[row] |= bit
	p.placed[col] |= bit
	p.placed[box] |= bit
	p.places[row][d] = 0 // c, and the peers that lose d below
	p.places[col][d] = 0
	p.places[box][d] = 0
	o := m &^ bit
	p.dirty[row] |= o
	p.dirty[col] |= o
	p.dirty[box] |= o
	for ; o != 0; o &= o - 1 {
		e := bits.TrailingZeros16(o)
		p.places[row][e] &^= pos[0]
		p.places[col][e] &^= pos[1]
		p.places[box][e] &^= pos[2]
		p.holding[e][c>>6] &^= 1 << (c & 63)
	}
	p.holding[d][c>>6] &^= 1 << (c & 63)
	q := peerSet[c].and(p.holding[d])
	for w := range 2 {
		for qm := q[w]; qm != 0; qm &= qm - 1 {
			if !p.remove(w<<6|bits.TrailingZeros64(qm), bit) {
				return false
			}
		}
	}
	return true
}

// cellUnitBits[c] has bit u set for each of c's three units.
var cellUnitBits = func() (m [81]uint32) {
	for c := range m {
		for _, u := range cellUnits[c] {
			m[c] |= 1 << u
		}
	}
	return
}()

// assume places d in cell and applies singles as singles does, reporting
// a failed placement as a contradiction after 0 waves. The board must have
// no single before (true past tier 1, which found none), so the first
// wave looks only where the placement changed it.
func (p *propagation) assume(cell, d int) (waves int, contradiction bool) {
	bit := engine.Bit(d)
	if p.b.Cands[cell]&bit == 0 || !p.place(cell, bit) {
		return 0, true
	}
	return p.singles()
}

// singles applies naked and hidden singles in waves (the math-fun list's
// level 1): each wave finds every single of the board and places them
// all at once. It reports whether a contradiction appeared (a cell
// without candidates, a unit with no place for a missing digit, or two
// singles clashing) and after how many waves; without a contradiction it
// runs to the fixpoint and reports the waves it took. Waves, unlike single
// placements, do not depend on the order cells are scanned in, so the
// count is the same on isomorphic boards.
//
// The board must have had no single before the changes p records (the
// cells that lost a candidate, the digits whose places changed in a
// unit): a single or a contradiction can only appear there, so a wave
// looks only there, and the next one only at what it changed. Cost: at
// most 81 waves, O(changes) each.
func (p *propagation) singles() (waves int, contradiction bool) {
	var place [81]uint8
	for {
		var placing cellSet // the cells place holds a digit for, this wave
		for w := range 2 {
			for dm := p.cells[w]; dm != 0; dm &= dm - 1 {
				c := w<<6 | bits.TrailingZeros64(dm)
				m := p.b.Cands[c]
				if p.b.Digits[c] != 0 {
					continue
				}
				if m == 0 {
					return waves, true
				}
				if m&(m-1) == 0 {
					place[c] = uint8(bits.TrailingZeros16(m) + 1)
					placing.add(c)
				}
			}
		}
		for du := p.units; du != 0; du &= du - 1 {
			u := bits.TrailingZeros32(du)
			for dm := p.dirty[u] &^ p.placed[u]; dm != 0; dm &= dm - 1 {
				d := bits.TrailingZeros16(dm)
				pl := p.places[u][d]
				if pl == 0 {
					return waves, true
				}
				if pl&(pl-1) != 0 {
					continue
				}
				c := units[u][bits.TrailingZeros16(pl)]
				if place[c] != 0 && int(place[c]) != d+1 {
					return waves, true
				}
				place[c] = uint8(d + 1)
				placing.add(int(c))
			}
			p.dirty[u] = 0
		}
		p.cells, p.units = cellSet{}, 0
		if placing.empty() {
			return waves, false
		}
		waves++
		for w := range 2 {
			for pm := placing[w]; pm != 0; pm &= pm - 1 {
				c := w<<6 | bits.TrailingZeros64(pm)
				bit := engine.Bit(int(place[c]))
				place[c] = 0
				if p.b.Cands[c]&bit == 0 || !p.place(c, bit) {
					return waves, true
				}
			}
		}
	}
}
