//go:build goexperiment.simd && amd64

package engine

import (
	"math/bits"
	"simd/archsimd"
)

// This file is a port of tdoku's fastest solver (Tom Dillon's
// solver_dpll_triad_simd.cc, see docs/references.md) to Go 1.26's
// experimental simd/archsimd package: the same data layout, the same
// propagation and the same branching, on 256-bit vectors of 16-bit lanes
// (AVX2; the lane popcount uses AVX512-BITALG where the processor has it).
// docs/solver-log.md ("The SIMD port") says what it measured. The layout of
// the position is drawn in solve_triad_amd64.go.

// Only 256-bit vectors are used, tdoku's 128-bit ones living in the low
// half (or in both halves) of a 256-bit register: Go 1.26 moves 128-bit
// vectors between registers with legacy SSE instructions, which after
// 256-bit code cost a state transition on each use (docs/solver-log.md,
// "The SIMD port (opt-in)").

// simdCells is a vector of 16 lanes of 16 bits.
type simdCells = archsimd.Uint16x16

// simdAVX2 and simdBITALG say what the processor supports; solveSIMD and
// countSIMD need AVX2.
var (
	simdAVX2   = archsimd.X86.AVX2()
	simdBITALG = archsimd.X86.AVX512BITALG() && archsimd.X86.AVX512()
)

// simdSupported reports whether this build and this processor can run the
// SIMD solver.
func simdSupported() bool { return simdAVX2 }

func simdLd(p *[16]uint16) simdCells { return archsimd.LoadUint16x16(p) }

// simdShuf is _mm256_shuffle_epi8: bytes chosen within each 128-bit half,
// a control byte with its top bit set gives zero.
func simdShuf(x, ctl simdCells) simdCells {
	return x.AsUint8x32().PermuteOrZeroGrouped(ctl.AsInt8x32()).AsUint16x16()
}

func swapHalves(x simdCells) simdCells { return x.Select128FromPair(1, 0, x) }
func dupLo(x simdCells) simdCells      { return x.Select128FromPair(0, 0, x) }
func dupHi(x simdCells) simdCells      { return x.Select128FromPair(1, 1, x) }

// rotRows rotates each row (four lanes) of a 4×4 matrix by one lane.
func rotRows(x simdCells) simdCells {
	return x.AsUint8x32().PermuteOrZeroGrouped(simdT.rotateRows1.AsInt8x32()).AsUint16x16()
}

// popcounts9 counts the bits of each lane (values below 512).
func popcounts9(x simdCells) simdCells {
	if simdBITALG {
		return x.OnesCount()
	}
	lo := simdShuf(simdT.popLookup, x.And(simdT.low4))
	mid := simdShuf(simdT.popLookup, x.MulHigh(simdT.pow12).And(simdT.low4)) // x>>4
	hi := simdShuf(x, simdT.highByte)                                        // x>>8
	return lo.Add(mid).Add(hi)
}

func whichEqual(x, y simdCells) simdCells {
	return x.Equal(y).ToInt16x16().AsUint16x16()
}

func anyLess(x, y simdCells) bool {
	return !x.AsInt16x16().Less(y.AsInt16x16()).ToInt16x16().IsZero()
}

func whichNonZero(x simdCells) simdCells {
	var z archsimd.Int16x16
	return x.AsInt16x16().Greater(z).ToInt16x16().AsUint16x16()
}

// boxRestrict restricts box boxIdx to the candidates given (cells and
// negative triads), propagates within the box to a fixpoint and sends the
// eliminations to its two bands. It reports false on a contradiction.
// Callers first check that the candidates remove something (restricts):
// most do not, and the check inlined saves a call.
func boxRestrict(st *simdState, boxIdx int, candidates simdCells, fromVertical bool) bool {
	box := &st.boxen[boxIdx]
	cells := archsimd.LoadUint16x16(box)
	eliminating := cells.AndNot(candidates)
	boxI, boxJ := int(simdDiv3[boxIdx]), int(simdMod3[boxIdx])
	k := boxJ*3 + boxI
	mins := simdT.boxMinimums
	// the assertions and the eliminations they imply, gathered over the
	// loop: the band messages are linear in them (shuffles and ORs), so
	// they are built once after it
	var asserted, implied simdCells
	for {
		cells = cells.AndNot(eliminating)
		counts := popcounts9(cells)
		if anyLess(counts, mins) {
			return false
		}
		assertions := cells.And(whichEqual(counts, mins))
		assertions = gatherRows(cells).Or(assertions)
		assertions = gatherCols(cells).Or(assertions)
		// assertionsToEliminations, written out: a call here spills the
		// vectors live across it
		cellsOnly := assertions.And(simdT.cell3x3Mask)
		acrossRows := cellsOnly
		acrossRows = acrossRows.Or(rotRows(acrossRows))
		acrossRows = acrossRows.Or(acrossRows.AsUint32x8().PermuteScalarsGrouped(1, 0, 3, 2).AsUint16x16()) // rotRows2
		// the rows two apart (halves swapped), then one apart (quarters
		// swapped in each half, in-lane): 6 cycles where rotCols (VPERMD)
		// and rotCols2 in a row took 8
		acrossCols := cellsOnly.Or(cellsOnly.Select128FromPair(1, 0, cellsOnly))
		acrossCols = acrossCols.Or(acrossCols.AsUint32x8().PermuteScalarsGrouped(2, 3, 0, 1).AsUint16x16())
		newBox := acrossCols.Or(simdShuf(acrossCols, simdT.rowRotate3x3_1)).Or(simdShuf(acrossCols, simdT.rowRotate3x3_2))
		newBox = newBox.Or(acrossRows).Or(whichNonZero(cellsOnly))
		eliminating = newBox.Xor(cellsOnly).Or(eliminating)
		asserted = asserted.Or(assertions)
		implied = implied.Or(newBox)
		if cells.And(eliminating).IsZero() {
			break
		}
	}
	cells.Store(box)
	// the band eliminations, made in the high half where the bands keep
	// them: the horizontal band's from the horizontal triads (lanes 4-6
	// of both halves), the vertical band's from the vertical ones, which
	// are there already (lanes 12-14); one lane crossing on the way where
	// three were
	hTri := simdShuf(asserted, simdT.splitTriads)
	hTri = hTri.Or(swapHalves(hTri))
	hImp := simdShuf(implied, simdT.splitTriads)
	hImp = hImp.Or(swapHalves(hImp))
	shH, shV := &simdT.shiftsH[k], &simdT.shiftsV[k]
	h, v := boxI, 3+boxJ
	hb, vb := &st.bands[h], &st.bands[v]
	nh := archsimd.LoadUint16x16(hb).Or(simdShuf(hTri, shH[0])).Or(simdShuf(hImp, shH[1])).Or(simdShuf(hImp, shH[2]))
	nh.Store(hb)
	nv := archsimd.LoadUint16x16(vb).Or(simdShuf(asserted, shV[0])).Or(simdShuf(implied, shV[1])).Or(simdShuf(implied, shV[2]))
	nv.Store(vb)
	// Whether a band has eliminations pending (its two halves share a
	// bit), written out here rather than as a helper: an inlined call on
	// a line that emits no instruction of its own leaves a NOP (Go's
	// inline mark; docs/solver-log.md, round 2).
	ph := !nh.And(nh.Select128FromPair(1, 0, nh)).IsZero()
	pv := !nv.And(nv.Select128FromPair(1, 0, nv)).IsZero()
	if fromVertical {
		if ph {
			if !bandEliminateFrom(st, h, boxJ, nh) {
				return false
			}
			nv = archsimd.LoadUint16x16(vb)
			pv = !nv.And(nv.Select128FromPair(1, 0, nv)).IsZero()
		}
		return !pv || bandEliminateFrom(st, v, boxI, nv)
	}
	if pv {
		if !bandEliminateFrom(st, v, boxI, nv) {
			return false
		}
		nh = archsimd.LoadUint16x16(hb)
		ph = !nh.And(nh.Select128FromPair(1, 0, nh)).IsZero()
	}
	return !ph || bandEliminateFrom(st, h, boxJ, nh)
}

// restricts reports whether candidates remove something from box b.
func restricts(st *simdState, b int, candidates simdCells) bool {
	return !simdLd(&st.boxen[b]).AndNot(candidates).IsZero()
}

// pending reports whether band bi has eliminations still to apply.
func pending(st *simdState, bi int) bool {
	v := archsimd.LoadUint16x16(&st.bands[bi])
	return !v.And(v.Select128FromPair(1, 0, v)).IsZero()
}

// gatherRows returns the candidates that occur once in a row of the box
// matrix: the rows are combined in pairs (lanes two apart), then the
// pairs (one lane apart), a tree of depth two where rotating three times
// in a row was a chain of three. Written with archsimd's intrinsics:
// Go leaves a NOP for each inlined call on a line that emits no
// instruction of its own (an inline mark), and this runs in the
// innermost loop.
func gatherRows(cells simdCells) simdCells {
	s := cells.AsUint32x8().PermuteScalarsGrouped(1, 0, 3, 2).AsUint16x16() // rotated by two lanes
	one, two := cells.Or(s), cells.And(s)
	rot := simdT.rotateRows1.AsInt8x32()
	oneR := one.AsUint8x32().PermuteOrZeroGrouped(rot).AsUint16x16()
	twoR := two.AsUint8x32().PermuteOrZeroGrouped(rot).AsUint16x16()
	two = two.Or(twoR).Or(one.And(oneR))
	return cells.AndNot(two)
}

// gatherCols returns the candidates that occur once in a column of the box
// matrix: the rows are combined in pairs two apart (the halves swapped,
// one 3-cycle lane crossing) and then one apart (64-bit quarters swapped
// within each half), where three VPERMD in a row (3 cycles each) were
// the loop's longest chain.
func gatherCols(cells simdCells) simdCells {
	s := cells.Select128FromPair(1, 0, cells)
	one, two := cells.Or(s), cells.And(s)
	// (the rotations on the line of the ORs, which then carry their inline marks)
	two = two.Or(two.AsUint32x8().PermuteScalarsGrouped(2, 3, 0, 1).AsUint16x16()).Or(one.And(one.AsUint32x8().PermuteScalarsGrouped(2, 3, 0, 1).AsUint16x16()))
	return cells.AndNot(two)
}

// bandEliminate applies band bi's pending eliminations, asserts the triads
// its configurations force, and restricts the band's three boxes, the box
// fromPeer last. Callers first check that the band has eliminations
// pending.
func bandEliminate(st *simdState, bi, fromPeer int) bool {
	return bandEliminateFrom(st, bi, fromPeer, archsimd.LoadUint16x16(&st.bands[bi]))
}

// bandEliminateFrom is bandEliminate with the band's vector v as the
// caller has it in a register (boxRestrict has just stored it): no load
// waiting on that store.
func bandEliminateFrom(st *simdState, bi, fromPeer int, v simdCells) bool {
	band := &st.bands[bi]
	// configsToTriads written out, the rotation of the asserting triads
	// folded into elimA and elimB: an inlined call on a line that emits no
	// instruction of its own leaves a NOP (Go's inline mark)
	cfg := dupLo(v).AndNot(dupHi(v))
	triads := simdShuf(cfg, simdT.configsToTriads[0]).Or(simdShuf(cfg, simdT.configsToTriads[1]))
	counts := popcounts9(triads)
	asserting := triads.And(whichEqual(counts, simdT.all3))
	e := simdShuf(asserting, simdT.elimA).Or(simdShuf(asserting, simdT.elimB)).Or(simdShuf(asserting, simdT.elimC)).Or(simdShuf(asserting, simdT.elimD))
	cfg = cfg.AndNot(e.Or(swapHalves(e)))
	cfg.Select128FromPair(0, 3, v).Store(band)
	triads = simdShuf(cfg, simdT.configsToTriads[0]).Or(simdShuf(cfg, simdT.configsToTriads[1]))

	// the boxes in order from a table, indices masked: no bounds checks,
	// no modulo, and fewer values live (spilled) across the calls
	order := &simdPeerOrder[bi&7][fromPeer&3]
	v0 := bi >= 3
	cands := &simdT.triadsToCands[(bi/3)&1]
	b, c := int(order[0].box), triadsToBox(peerTriads(triads, order[0].peer), cands)
	if restricts(st, b, c) && !boxRestrict(st, b, c, v0) {
		return false
	}
	b, c = int(order[1].box), triadsToBox(peerTriads(triads, order[1].peer), cands)
	if restricts(st, b, c) && !boxRestrict(st, b, c, v0) {
		return false
	}
	b, c = int(order[2].box), triadsToBox(peerTriads(triads, order[2].peer), cands)
	return !restricts(st, b, c) || boxRestrict(st, b, c, v0)
}

// peerTriads has the positive triads of box peer p of a band in lanes 0-2
// of both halves.
// One VPERMD from a table, where a switch on p (dupLo, dupLo of
// rotHalves, dupHi) mispredicts.
func peerTriads(triads simdCells, p uint8) simdCells {
	return triads.AsUint32x8().Permute(simdT.peerTriads[p&3]).AsUint16x16()
}

// triadsToBox turns the positive triads of a box (lanes 0-2 of both
// halves) into the candidates of its cells and negative triads.
// cands is simdT.triadsToCands of the band's orientation.
func triadsToBox(triads simdCells, cands *[2]simdCells) simdCells {
	t := triads.Or(simdT.kAllAt3)
	return simdShuf(t, cands[0]).Or(simdShuf(t, cands[1]))
}

// search counts the solutions consistent with the position, up to the
// limit. It may change st.
func (sr *simdSearch) search(st *simdState) {
	sr.nodes++
	b, value := chooseBand(st)
	if b < 0 {
		sr.count++
		if sr.keep && sr.count == 1 {
			for i := range st.boxen {
				simdLd(&st.boxen[i]).Store(&sr.solution[i])
			}
		}
		return
	}
	band := &st.bands[b]
	// the configurations holding the digit: assign the first, then negate it
	var with uint8
	for i := range 6 {
		if band[i]&value != 0 {
			with |= 1 << i
		}
	}
	first := with & -with
	sr.guesses++
	// Go copies (and zeroes) memory with legacy SSE instructions: clear
	// the upper halves of the vector registers first, or each of them
	// would pay for a state transition.
	archsimd.ClearAVXUpperBits()
	cp := *st
	// the eliminations added in a register and the band passed on in it:
	// a 16-bit store and a 256-bit load of the same band stall (no store
	// forwarding)
	cb := &cp.bands[b]
	val := archsimd.BroadcastUint16x16(value)
	v := simdLd(cb).Or(whichNonZero(simdT.pendingBits.And(archsimd.BroadcastUint16x16(uint16(with &^ first)))).And(val))
	v.Store(cb)
	if v.And(v.Select128FromPair(1, 0, v)).IsZero() || bandEliminateFrom(&cp, b, 0, v) {
		sr.search(&cp)
		if sr.count >= sr.limit {
			return
		}
	}
	v = simdLd(band).Or(whichNonZero(simdT.pendingBits.And(archsimd.BroadcastUint16x16(uint16(first)))).And(val))
	v.Store(band)
	if v.And(v.Select128FromPair(1, 0, v)).IsZero() || bandEliminateFrom(st, b, 0, v) {
		sr.search(st)
	}
}

// reset sets st to the empty position: every band at its initial
// configurations, every box's cells and triads open to all nine digits.
func (st *simdState) reset() {
	cfg := simdT.initBand
	for i := range st.bands {
		cfg.Store(&st.bands[i])
	}
	all := archsimd.BroadcastUint16x16(kAll9)
	for i := range st.boxen {
		all.Store(&st.boxen[i])
	}
}

// init sets up the position of puzzle g: each given is eliminated in its
// own box, and its band eliminations are merged, then the six bands are
// propagated. It reports false on a contradiction or a value above 9.
func (st *simdState) init(g *Grid) bool {
	st.reset()
	givensOf := gridGivens(g)
	for b := range 3 {
		band := (*[27]uint8)(g[27*b : 27*b+27])
		givens := givensOf[b] // as fastState.init finds them
		for ; givens != 0; givens &= givens - 1 {
			i := bits.TrailingZeros32(givens)
			d := band[i]
			if d > 9 {
				return false
			}
			ix := &simdIndexing[27*b+i]
			box := &st.boxen[ix.box]
			simdLd(box).AndNot(simdT.cellAssign[d-1][ix.elem]).Store(box)
			cand := archsimd.BroadcastUint16x16(1 << (d - 1))
			h := &st.bands[ix.boxI]
			simdT.peerElemToConfig[ix.boxJ][ix.elemI].And(cand).Or(simdLd(h)).Store(h)
			v := &st.bands[3+ix.boxJ]
			simdT.peerElemToConfig[ix.boxI][ix.elemJ].And(cand).Or(simdLd(v)).Store(v)
		}
	}
	// tdoku's order, written out: a loop over a literal table of the six
	// (band, peer) pairs copies it to the stack with legacy SSE moves,
	// which after the vector code above pay for the dirty upper halves
	return (!pending(st, 0) || bandEliminate(st, 0, 1)) &&
		(!pending(st, 3) || bandEliminate(st, 3, 1)) &&
		(!pending(st, 1) || bandEliminate(st, 1, 2)) &&
		(!pending(st, 4) || bandEliminate(st, 4, 2)) &&
		(!pending(st, 2) || bandEliminate(st, 2, 0)) &&
		(!pending(st, 5) || bandEliminate(st, 5, 0))
}

// simdGrid reads the solution out of solved boxes: each cell's digit is
// the popcount of its bit and the bits below it, and byte shuffles place
// the digits of a band's three boxes in its 27 bytes of the grid (a loop
// over the 81 cells with a bit scan each took 4% of an easy puzzle's
// time).
func simdGrid(boxen *[9][16]uint16) Grid {
	var g Grid
	var last [32]uint8
	one := archsimd.BroadcastUint16x16(1)
	for band := range 3 {
		var out simdCells
		for k := range 3 {
			x := simdLd(&boxen[3*band+k])
			d := popcounts9(x.Or(x.Sub(one)))
			c := &simdT.gridBytes[k]
			out = out.Or(simdShuf(d, c[0])).Or(simdShuf(swapHalves(d), c[1]))
		}
		// bands 0 and 1 are stored 32 bytes wide, the next band
		// overwriting the 5 bytes past each; band 2 through last
		if band < 2 {
			out.AsUint8x32().Store((*[32]uint8)(g[27*band:]))
		} else {
			out.AsUint8x32().Store(&last)
		}
	}
	// the copies below and of the result use legacy SSE moves
	archsimd.ClearAVXUpperBits()
	copy(g[54:], last[:27])
	return g
}

// solveSIMD is solveFast on the SIMD solver: the solution count up to
// limit (at least 1), the first solution, and the search statistics
// (Guesses: branch points; Nodes: search nodes). The caller checks
// simdSupported.
func solveSIMD(g Grid, limit int) Result {
	var sr simdSearch
	sr.limit, sr.keep = limit, true
	var st simdState
	if st.init(&g) {
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
	sr := simdSearch{limit: limit}
	var st simdState
	if st.init(&g) {
		sr.search(&st)
	}
	archsimd.ClearAVXUpperBits()
	return sr.count
}
