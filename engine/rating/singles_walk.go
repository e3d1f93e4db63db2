package rating

import (
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// singlesWalk solves p's board with singles alone the way a person
// scanning for the easiest single first does (Sudoku Explainer's order: a
// hidden single in a box 1.2, in a row or column 1.5, a naked single
// 2.3): each round places every hidden single in a box; only when there
// is none, every hidden single in a row or column; only when there is
// none of those either, every naked single. It returns how many rounds
// had to use rows or columns, and how many naked singles, until the
// board is solved or no single is left. Every round places all singles of
// its kind at once, so the counts do not depend on cell numbering or
// digit values.
//
// p records what changed since each kind last looked (markAll for a new
// board): a single of a kind can only appear where its units' places or
// its cells changed since that kind's last scan, which placed every
// single it found, so each scan looks only there. p is a copy: the
// walk's placements stay in it.
func singlesWalk(p propagation) (lineRounds, nakedRounds int) {
	var place [81]uint8
	for {
		var placing cellSet
		n := 0
		for kind := range 3 {
			n = p.singlesOfKind(kind, &place, &placing)
			if n > 0 {
				switch kind {
				case 1:
					lineRounds++
				case 2:
					nakedRounds++
				}
				break
			}
		}
		if n == 0 {
			return
		}
		placing.forEach(func(c int) {
			p.place(c, engine.Bit(int(place[c])))
			place[c] = 0
		})
	}
}

// boxUnits and lineUnits are the unit masks of the boxes and of the rows
// and columns.
const (
	lineUnits uint32 = 1<<18 - 1
	boxUnits  uint32 = (1<<27 - 1) &^ lineUnits
)

// singlesOfKind marks in place (and placing) the singles of one kind on
// p's board: 0 hidden singles in boxes, 1 in rows and columns, 2 naked
// singles, looking only at what changed since the kind's last scan (and
// forgetting it). It returns how many cells it marked; a cell two
// singles give is marked once.
func (p *propagation) singlesOfKind(kind int, place *[81]uint8, placing *cellSet) int {
	n := 0
	mark := func(c, d int) {
		if place[c] == 0 {
			place[c] = uint8(d)
			placing.add(c)
			n++
		}
	}
	if kind == 2 {
		p.cells.forEach(func(c int) {
			if m := p.b.Cands[c]; m != 0 && m&(m-1) == 0 {
				mark(c, engine.Digit(m))
			}
		})
		p.cells = cellSet{}
		return n
	}
	us := boxUnits
	if kind == 1 {
		us = lineUnits
	}
	for du := p.units & us; du != 0; du &= du - 1 {
		u := bits.TrailingZeros32(du)
		for dm := p.dirty[u] &^ p.placed[u]; dm != 0; dm &= dm - 1 {
			if pl := p.places[u][bits.TrailingZeros16(dm)]; pl != 0 && pl&(pl-1) == 0 {
				mark(int(units[u][bits.TrailingZeros16(pl)]), bits.TrailingZeros16(dm)+1)
			}
		}
		p.dirty[u] = 0
	}
	p.units &^= us
	return n
}
