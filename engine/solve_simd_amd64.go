//go:build goexperiment.simd && amd64

package engine

import (
	"math/bits"
	"simd/archsimd"
)

// This file is a port of tdoku's fastest solver (Tom Dillon's
// solver_dpll_triad_simd.cc, see docs/references.md) to Go 1.26's
// experimental simd/archsimd package: the same data layout, the same
// propagation and the same branching, with 128- and 256-bit vectors of
// 16-bit lanes (AVX2; the lane popcount uses AVX512-BITALG where the
// processor has it). docs/solver.md says what it measured.
//
// A box is a 4×4 matrix of 9-bit candidate sets in a vector of 16 lanes:
//
//	+---+---+---+---+   c: the candidates of the nine cells of the box
//	| c | c | c | H |   H: negative horizontal triads (the digits that are
//	+---+---+---+---+      NOT in the minirow of that row)
//	| c | c | c | H |   V: negative vertical triads (the digits NOT in the
//	+---+---+---+---+      minicolumn of that column)
//	| c | c | c | H |
//	+---+---+---+---+   each row and each column of the matrix holds each
//	| V | V | V |   |   digit exactly once
//	+---+---+---+---+
//
// A band (three boxes in a row, or three in a column) holds, for each
// digit, which of the six ways to place the digit in the band's nine
// triads (one per row and one per box) remain: six 9-bit sets, lanes 0-5
// of an 8-lane vector, numbered as in this table (X: the triad that holds
// the digit, for each box peer and element row or column of the band):
//
//	config      0       1       2       3       4       5
//	elem      0 1 2   0 1 2   0 1 2   0 1 2   0 1 2   0 1 2
//	peer0    | X . . | . X . | . . X | . . X | X . . | . X . |
//	peer1    | . X . | . . X | X . . | . X . | . . X | X . . |
//	peer2    | . . X | X . . | . X . | X . . | . X . | . . X |
//
// Beside the configurations, each band keeps the eliminations sent to it
// and not yet applied. The whole position is 480 bytes; a guess copies it.

type (
	simdCells16 = archsimd.Uint16x16
	simdCells08 = archsimd.Uint16x8
)

// simdBand is one band's configurations and pending eliminations.
type simdBand struct {
	configs [8]uint16
	elims   [8]uint16
}

// simdState is the position of the SIMD solver: six bands (three
// horizontal, three vertical) and nine boxes.
type simdState struct {
	bands [2][3]simdBand
	boxen [9][16]uint16
}

// simdSearch is the bookkeeping of one solve, as fastSearch is for the
// scalar solver.
type simdSearch struct {
	limit    int
	count    int
	guesses  int
	nodes    int
	keep     bool
	solution [9][16]uint16
}

// simdAVX2 and simdBITALG say what the processor supports; solveSIMD and
// countSIMD need AVX2.
var (
	simdAVX2   = archsimd.X86.AVX2()
	simdBITALG = archsimd.X86.AVX512BITALG() && archsimd.X86.AVX512()
)

// simdSupported reports whether this build and this processor can run the
// SIMD solver.
func simdSupported() bool { return simdAVX2 }

func simdLd16(p *[16]uint16) simdCells16 { return archsimd.LoadUint16x16(p) }
func simdLd08(p *[8]uint16) simdCells08  { return archsimd.LoadUint16x8(p) }

func simdJoin(lo, hi simdCells08) simdCells16 {
	var z simdCells16
	return z.SetLo(lo).SetHi(hi)
}

// shuf16 is _mm256_shuffle_epi8: bytes chosen within each 128-bit half,
// a control byte with its top bit set gives zero.
func simdShuf16(x, ctl simdCells16) simdCells16 {
	return x.AsUint8x32().PermuteOrZeroGrouped(ctl.AsInt8x32()).AsUint16x16()
}

func simdShuf08(x, ctl simdCells08) simdCells08 {
	return x.AsUint8x16().PermuteOrZero(ctl.AsInt8x16()).AsUint16x8()
}

// rotRows rotates each row (four lanes) of a 4×4 matrix by one lane.
func rotRows(x simdCells16) simdCells16 { return simdShuf16(x, simdT.rotateRows1) }

// rotRows2 rotates each row by two lanes.
func rotRows2(x simdCells16) simdCells16 {
	return x.AsUint32x8().PermuteScalarsGrouped(1, 0, 3, 2).AsUint16x16()
}

// rotCols rotates the rows of the matrix by one (_mm256_permute4x64_epi64
// with 0b00111001), with AVX2 instructions only.
func rotCols(x simdCells16) simdCells16 {
	sw := x.Select128FromPair(1, 0, x)
	return sw.AsUint8x32().ConcatShiftBytesRightGrouped(8, x.AsUint8x32()).AsUint16x16()
}

// rotCols2 rotates the rows of the matrix by two.
func rotCols2(x simdCells16) simdCells16 { return x.Select128FromPair(1, 0, x) }

// rotCols08 swaps the two 64-bit halves of an 8-lane vector.
func rotCols08(x simdCells08) simdCells08 {
	return x.AsUint32x4().PermuteScalars(2, 3, 0, 1).AsUint16x8()
}

// popcounts9 counts the bits of each lane (values below 512).
func popcounts9(x simdCells16) simdCells16 {
	if simdBITALG {
		return x.OnesCount()
	}
	lo := simdShuf16(simdT.popLookup, x.And(simdT.low4))
	mid := simdShuf16(simdT.popLookup, x.MulHigh(simdT.pow12).And(simdT.low4)) // x>>4
	hi := simdShuf16(x, simdT.highByte)                                        // x>>8
	return lo.Add(mid).Add(hi)
}

func whichEqual(x, y simdCells16) simdCells16 {
	return x.Equal(y).ToInt16x16().AsUint16x16()
}

func anyLess(x, y simdCells16) bool {
	return !x.AsInt16x16().Less(y.AsInt16x16()).ToInt16x16().IsZero()
}

func whichNonZero(x simdCells16) simdCells16 {
	var z archsimd.Int16x16
	return x.AsInt16x16().Greater(z).ToInt16x16().AsUint16x16()
}

// boxRestrict restricts box boxIdx to the candidates given (cells and
// negative triads), propagates within the box to a fixpoint and sends the
// eliminations to its two bands. It reports false on a contradiction.
func boxRestrict(st *simdState, boxIdx int, candidates simdCells16, fromVertical bool) bool {
	box := &st.boxen[boxIdx]
	cells := simdLd16(box)
	eliminating := cells.AndNot(candidates)
	if eliminating.IsZero() {
		return true
	}
	boxI, boxJ := boxIdx/3, boxIdx%3
	hb := &st.bands[0][boxI]
	vb := &st.bands[1][boxJ]
	hElims, vElims := simdLd08(&hb.elims), simdLd08(&vb.elims)
	mins := simdT.boxMinimums
	for {
		cells = cells.AndNot(eliminating)
		counts := popcounts9(cells)
		if anyLess(counts, mins) {
			return false
		}
		assertions := cells.And(whichEqual(counts, mins))
		assertions = gatherRows(cells, assertions)
		assertions = gatherCols(cells, assertions)
		eliminating, hElims, vElims = assertionsToEliminations(assertions, boxI, boxJ, eliminating, hElims, vElims)
		if cells.And(eliminating).IsZero() {
			break
		}
	}
	cells.Store(box)
	hElims.Store(&hb.elims)
	vElims.Store(&vb.elims)
	if fromVertical {
		return bandEliminate(st, 0, boxI, boxJ) && bandEliminate(st, 1, boxJ, boxI)
	}
	return bandEliminate(st, 1, boxJ, boxI) && bandEliminate(st, 0, boxI, boxJ)
}

// gatherRows adds to assertions the candidates that occur once in a row of
// the box matrix.
func gatherRows(cells, assertions simdCells16) simdCells16 {
	one := cells
	r := rotRows(cells)
	two := one.And(r)
	one = one.Or(r)
	r = rotRows(r)
	two = one.And(r).Or(two)
	one = one.Or(r)
	r = rotRows(r)
	two = one.And(r).Or(two)
	return cells.AndNot(two).Or(assertions)
}

// gatherCols adds to assertions the candidates that occur once in a column
// of the box matrix.
func gatherCols(cells, assertions simdCells16) simdCells16 {
	one := cells
	r := rotCols(cells)
	two := one.And(r)
	one = one.Or(r)
	r = rotCols(r)
	two = one.And(r).Or(two)
	one = one.Or(r)
	r = rotCols(r)
	two = one.And(r).Or(two)
	return cells.AndNot(two).Or(assertions)
}

// assertionsToEliminations turns the literals asserted in a box (a single
// candidate for cells, one or six for negative triads) into eliminations
// for the box itself and for its horizontal and vertical bands.
func assertionsToEliminations(assertions simdCells16, boxI, boxJ int,
	boxElims simdCells16, hElims, vElims simdCells08) (simdCells16, simdCells08, simdCells08) {
	cellsOnly := assertions.And(simdT.cell3x3Mask)
	acrossRows := cellsOnly
	acrossRows = acrossRows.Or(rotRows(acrossRows))
	acrossRows = acrossRows.Or(rotRows2(acrossRows))
	acrossCols := cellsOnly
	acrossCols = acrossCols.Or(rotCols(acrossCols))
	acrossCols = acrossCols.Or(rotCols2(acrossCols))
	newBox := acrossCols.Or(simdShuf16(acrossCols, simdT.rowRotate3x3_1)).Or(simdShuf16(acrossCols, simdT.rowRotate3x3_2))
	newBox = newBox.Or(acrossRows).Or(whichNonZero(cellsOnly))
	boxElims = newBox.Xor(cellsOnly).Or(boxElims)

	neg := simdJoin(horizontalTriads(assertions), verticalTriads(assertions))
	pos := simdJoin(horizontalTriads(newBox), verticalTriads(newBox))
	k := boxJ*3 + boxI
	ne := simdShuf16(neg, simdT.shift0x16[k]).Or(simdShuf16(pos, simdT.shift1x16[k])).Or(simdShuf16(pos, simdT.shift2x16[k]))
	return boxElims, hElims.Or(ne.GetLo()), vElims.Or(ne.GetHi())
}

// verticalTriads has the vertical triads of a box matrix in lanes 4-6.
func verticalTriads(x simdCells16) simdCells08 { return x.GetHi() }

// horizontalTriads has the horizontal triads of a box matrix in lanes 4-6.
func horizontalTriads(x simdCells16) simdCells08 {
	s := simdShuf16(x, simdT.splitTriads)
	return s.GetLo().Or(s.GetHi())
}

// bandEliminate applies the band's pending eliminations, asserts the
// triads the band's configurations force, and restricts the three boxes
// of the band, the box fromPeer last.
func bandEliminate(st *simdState, vertical, bandIdx, fromPeer int) bool {
	band := &st.bands[vertical][bandIdx]
	cfg := simdLd08(&band.configs)
	el := simdLd08(&band.elims)
	if cfg.And(el).IsZero() {
		return true
	}
	cfg = cfg.AndNot(el)
	triads := configsToTriads(cfg)
	counts := popcounts9(triads)
	asserting := triads.And(whichEqual(counts, simdT.all3))
	lo, hi := asserting.GetLo(), asserting.GetHi()
	lor, hir := rotCols08(lo), rotCols08(hi)
	cfg = cfg.AndNot(simdShuf08(lor, simdT.shift1[0]).Or(simdShuf08(lor, simdT.shift2[0])).Or(simdShuf08(lo, simdT.shift1[1])))
	cfg = cfg.AndNot(simdShuf08(lo, simdT.shift2[1]).Or(simdShuf08(hir, simdT.shift1[2])).Or(simdShuf08(hir, simdT.shift2[2])))
	cfg.Store(&band.configs)
	triads = configsToTriads(cfg)

	peers := &simdBoxPeers[vertical][bandIdx]
	p0, p1 := simdMod3[fromPeer+1], simdMod3[fromPeer+2]
	v := vertical != 0
	return boxRestrict(st, int(peers[p0]), triadsToBox(peerTriads(triads, p0), vertical), v) &&
		boxRestrict(st, int(peers[p1]), triadsToBox(peerTriads(triads, p1), vertical), v) &&
		boxRestrict(st, int(peers[fromPeer]), triadsToBox(peerTriads(triads, fromPeer), vertical), v)
}

// peerTriads has the positive triads of box peer p of a band in lanes 0-2.
func peerTriads(triads simdCells16, p int) simdCells08 {
	switch p {
	case 0:
		return triads.GetLo()
	case 1:
		return rotCols08(triads.GetLo())
	}
	return triads.GetHi()
}

// configsToTriads turns a band's configurations into the 3×3 matrix of
// positive triads, one row per box peer.
func configsToTriads(cfg simdCells08) simdCells16 {
	t := simdJoin(cfg, cfg)
	return simdShuf16(t, simdT.configsToTriads[0]).Or(simdShuf16(t, simdT.configsToTriads[1]))
}

// triadsToBox turns the positive triads of a box (lanes 0-2) into the
// candidates of its cells and negative triads.
func triadsToBox(triads simdCells08, orientation int) simdCells16 {
	t := triads.Or(simdT.kAllAt3)
	tt := simdJoin(t, t)
	return simdShuf16(tt, simdT.triadsToCands[orientation][0]).Or(simdShuf16(tt, simdT.triadsToCands[orientation][1]))
}

// chooseBand returns the band to branch on (0-2 horizontal, 3-5 vertical;
// -1 when every band is fixed, that is when the position is solved) and
// the digit bit to branch on: the unfixed band with the fewest
// configurations, and in it a digit with two configurations (else three,
// else four or more).
func chooseBand(st *simdState) (int, uint16) {
	best, bestVal := -1, uint16(0xffff)
	for b := range 6 {
		c := simdLd08(&st.bands[b/3][b%3].configs).AsUint64x2()
		n := uint16(bits.OnesCount64(c.GetElem(0)) + bits.OnesCount64(c.GetElem(1)))
		if v := n - 10; v < bestVal {
			best, bestVal = b, v
		}
	}
	if best < 0 || bestVal&0xff00 != 0 {
		return -1, 0
	}
	cfg := &st.bands[best/3][best%3].configs
	var one, two, three, four uint16
	for i := range 6 {
		c := cfg[i]
		four |= three & c
		three |= two & c
		two |= one & c
		one |= c
	}
	if x := two &^ three; x != 0 {
		return best, x & -x
	}
	if x := three &^ four; x != 0 {
		return best, x & -x
	}
	return best, four & -four
}

// search counts the solutions consistent with the position, up to the
// limit. It may change st.
func (sr *simdSearch) search(st *simdState) {
	sr.nodes++
	b, value := chooseBand(st)
	if b < 0 {
		sr.count++
		if sr.keep && sr.count == 1 {
			sr.solution = st.boxen
		}
		return
	}
	vertical, bandIdx := b/3, b%3
	band := &st.bands[vertical][bandIdx]
	// the configurations holding the digit: assign the first, then negate it
	var with uint8
	for i := range 6 {
		if band.configs[i]&value != 0 {
			with |= 1 << i
		}
	}
	first := with & -with
	sr.guesses++
	cp := *st
	cb := &cp.bands[vertical][bandIdx]
	for i := range 6 {
		if (with&^first)>>i&1 != 0 {
			cb.elims[i] |= value
		}
	}
	if bandEliminate(&cp, vertical, bandIdx, 0) {
		sr.search(&cp)
		if sr.count >= sr.limit {
			return
		}
	}
	band.elims[bits.TrailingZeros8(first)] |= value
	if bandEliminate(st, vertical, bandIdx, 0) {
		sr.search(st)
	}
}

// init sets up the position of puzzle g: each given is eliminated in its
// own box, and its band eliminations are merged, then the six bands are
// propagated. It reports false on a contradiction or a value above 9.
func (st *simdState) init(g *Grid) bool {
	*st = simdState{}
	for v := range 2 {
		for b := range 3 {
			st.bands[v][b].configs = [8]uint16{kAll9, kAll9, kAll9, kAll9, kAll9, kAll9, 0, 0}
		}
	}
	for i := range st.boxen {
		st.boxen[i] = [16]uint16{kAll9, kAll9, kAll9, kAll9, kAll9, kAll9, kAll9, kAll9,
			kAll9, kAll9, kAll9, kAll9, kAll9, kAll9, kAll9, kAll9}
	}
	for pos, d := range g {
		if d == 0 {
			continue
		}
		if d > 9 {
			return false
		}
		ix := &simdIndexing[pos]
		box := &st.boxen[ix.box]
		simdLd16(box).AndNot(simdT.cellAssign[d-1][ix.elem]).Store(box)
		cand := archsimd.BroadcastUint16x8(1 << (d - 1))
		h := &st.bands[0][ix.boxI].elims
		simdT.peerElemToConfig[ix.boxJ][ix.elemI].And(cand).Or(simdLd08(h)).Store(h)
		v := &st.bands[1][ix.boxJ].elims
		simdT.peerElemToConfig[ix.boxI][ix.elemJ].And(cand).Or(simdLd08(v)).Store(v)
	}
	return bandEliminate(st, 0, 0, 1) && bandEliminate(st, 1, 0, 1) &&
		bandEliminate(st, 0, 1, 2) && bandEliminate(st, 1, 1, 2) &&
		bandEliminate(st, 0, 2, 0) && bandEliminate(st, 1, 2, 0)
}

// simdGrid reads the solution out of solved boxes.
func simdGrid(boxen *[9][16]uint16) Grid {
	var g Grid
	for b := range 9 {
		base := (b/3)*27 + (b%3)*3
		for r := range 3 {
			for c := range 3 {
				g[base+9*r+c] = uint8(bits.TrailingZeros16(boxen[b][4*r+c]) + 1)
			}
		}
	}
	return g
}

// solveSIMD is solveFast on the SIMD solver: the solution count up to
// limit (at least 1), the first solution, and the search statistics
// (Guesses: branch points; Nodes: search nodes). The caller checks
// simdSupported.
func solveSIMD(g Grid, limit int) Result {
	var st simdState
	ok := st.init(&g)
	sr := simdSearch{limit: limit, keep: true}
	if ok {
		sr.search(&st)
	}
	archsimd.ClearAVXUpperBits()
	res := Result{Count: sr.count, Guesses: sr.guesses, Nodes: sr.nodes}
	if sr.count > 0 {
		res.Solution = simdGrid(&sr.solution)
	}
	return res
}

// countSIMD is solveSIMD without the solution.
func countSIMD(g Grid, limit int) int {
	var st simdState
	ok := st.init(&g)
	sr := simdSearch{limit: limit}
	if ok {
		sr.search(&st)
	}
	archsimd.ClearAVXUpperBits()
	return sr.count
}
