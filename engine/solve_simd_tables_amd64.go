//go:build goexperiment.simd && amd64

package engine

import "simd/archsimd"

// simdTables holds the vector constants of the SIMD solver, loaded from
// triadT (solve_triad_tables_amd64.go, which documents each): the same
// fields as archsimd vectors.
type simdTables struct {
	cellAssign                     [9][16]simdCells
	peerElemToConfig               [3][4]simdCells
	shiftsH, shiftsV               [9][3]simdCells
	elimA, elimB, elimC, elimD     simdCells
	configsToTriads                [2]simdCells
	triadsToCands                  [2][2]simdCells // [orientation]
	cell3x3Mask                    simdCells
	rowRotate3x3_1, rowRotate3x3_2 simdCells
	rotateRows1                    simdCells
	peerTriads                     [4]archsimd.Uint32x8 // [3] unused: indexed with p&3
	splitTriads                    simdCells
	boxMinimums                    simdCells
	pendingBits                    simdCells
	gridBytes                      [3][2]simdCells
	all3                           simdCells
	kAllAt3                        simdCells
	initBand                       simdCells
	popLookup, low4, pow12         simdCells
	highByte                       simdCells
}

var (
	simdT = *newSIMDTables()
	// simdPeerOrder[band][fromPeer]: the order in which bandEliminate
	// restricts the band's boxes (the peer after fromPeer, the next, then
	// fromPeer); sized to powers of two so that masked indices need no
	// bounds checks (rows 6-7 and column 3 unused).
	simdPeerOrder = newSIMDPeerOrder()
)

// simdPeerStep is one box of a band: its index and its peer position in
// the band.
type simdPeerStep struct{ box, peer uint8 }

func newSIMDPeerOrder() (t [8][4][3]simdPeerStep) {
	for bi := range 6 {
		for from := range 3 {
			for k, p := range [3]int{(from + 1) % 3, (from + 2) % 3, from} {
				t[bi][from][k] = simdPeerStep{box: simdBoxPeers[bi][p], peer: uint8(p)}
			}
		}
	}
	return t
}

func newSIMDTables() *simdTables {
	t := new(simdTables)
	if !archsimd.X86.AVX2() {
		return t // never used: the solver is not selected
	}
	c := &triadT
	ld := func(a *lanes16) simdCells { return archsimd.LoadUint16x16(a) }
	for d := range c.cellAssign {
		for i := range c.cellAssign[d] {
			t.cellAssign[d][i] = ld(&c.cellAssign[d][i])
		}
	}
	for p := range c.peerElemToConfig {
		for e := range c.peerElemToConfig[p] {
			t.peerElemToConfig[p][e] = ld(&c.peerElemToConfig[p][e])
		}
	}
	for k := range c.shiftsH {
		for r := range c.shiftsH[k] {
			t.shiftsH[k][r] = ld(&c.shiftsH[k][r])
			t.shiftsV[k][r] = ld(&c.shiftsV[k][r])
		}
	}
	t.elimA, t.elimB, t.elimC, t.elimD = ld(&c.elimA), ld(&c.elimB), ld(&c.elimC), ld(&c.elimD)
	t.configsToTriads = [2]simdCells{ld(&c.configsToTriads[0]), ld(&c.configsToTriads[1])}
	for o := range c.triadsToCands {
		t.triadsToCands[o] = [2]simdCells{ld(&c.triadsToCands[o][0]), ld(&c.triadsToCands[o][1])}
	}
	t.cell3x3Mask = ld(&c.cell3x3Mask)
	t.rowRotate3x3_1, t.rowRotate3x3_2 = ld(&c.rowRotate3x3_1), ld(&c.rowRotate3x3_2)
	t.rotateRows1 = ld(&c.rotateRows1)
	for p := range c.peerTriads {
		t.peerTriads[p] = archsimd.LoadUint32x8(&c.peerTriads[p])
	}
	t.splitTriads = ld(&c.splitTriads)
	t.boxMinimums = ld(&c.boxMinimums)
	t.pendingBits = ld(&c.pendingBits)
	for k := range c.gridBytes {
		t.gridBytes[k] = [2]simdCells{ld(&c.gridBytes[k][0]), ld(&c.gridBytes[k][1])}
	}
	t.all3, t.kAllAt3, t.initBand = ld(&c.all3), ld(&c.kAllAt3), ld(&c.initBand)
	t.popLookup, t.low4, t.pow12 = ld(&c.popLookup), ld(&c.low4), ld(&c.pow12)
	t.highByte = ld(&c.highByte)
	return t
}
