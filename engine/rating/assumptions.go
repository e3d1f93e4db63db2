package rating

import "github.com/sudokuhq/sudoku/engine"

// assumptionMemo is the round's record of the assumptions "cell is
// digit" followed by singles (assume) on the round's board: the forcing
// chains, the unit forcing nets and trial read the same assumptions, and
// the dynamic forcing chains start from them (their singles part is the
// same; only locked candidates come on top). Each assumption is followed
// at most once a round. It is the finder's (made on first use and kept),
// stamped with the round it is for, so a new round makes it stale.
type assumptionMemo struct {
	round  uint64
	at     [81][9]int16 // at[c][d-1]: 1 + the index into res of "c is d"; 0: not followed this round
	res    []assumed
	digits []engine.Grid // digits[i]: the digits on the board after res[i], when it broke nothing
}

// assumed is the result of one assumption: the singles waves it took and
// whether it broke the grid (see assume).
type assumed struct {
	waves int
	bad   bool
}

// assumptions returns f's memo, cleared when it is for an earlier round.
func (f *finder) assumptions() *assumptionMemo {
	if f.memo == nil {
		f.memo = new(assumptionMemo)
	}
	am := f.memo
	if am.round != f.round {
		am.round = f.round
		am.at = [81][9]int16{}
		am.res = am.res[:0]
		am.digits = am.digits[:0]
	}
	return am
}

// assumption returns the result of assuming that cell is d on the round's
// board and following singles (assume): the waves, whether it broke the
// grid, and, when it did not, the digits on the board after it (read
// only; valid until the next round). It follows the assumption on its
// first call of the round; later calls cost a lookup.
func (f *finder) assumption(cell, d int) (waves int, bad bool, digits *engine.Grid) {
	am := f.assumptions()
	if i := am.at[cell][d-1]; i > 0 {
		r := am.res[i-1]
		return r.waves, r.bad, &am.digits[i-1]
	}
	var p propagation
	p.start(f)
	waves, bad = p.assume(cell, d)
	am.res = append(am.res, assumed{waves, bad})
	am.digits = append(am.digits, p.b.Digits)
	am.at[cell][d-1] = int16(len(am.res))
	return waves, bad, &am.digits[len(am.digits)-1]
}

// followed reports the result of "cell is d" if assumption followed it in
// this round (see assumption).
func (f *finder) followed(cell, d int) (waves int, bad bool, digits *engine.Grid, ok bool) {
	if f.memo == nil || f.memo.round != f.round {
		return 0, false, nil, false
	}
	am := f.memo
	i := am.at[cell][d-1]
	if i == 0 {
		return 0, false, nil, false
	}
	r := am.res[i-1]
	return r.waves, r.bad, &am.digits[i-1], true
}
