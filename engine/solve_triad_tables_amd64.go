//go:build amd64

package engine

import "unsafe"

// The constants of tdoku's triad solver (docs/references.md: Tom Dillon's
// solver_dpll_triad_simd.cc) as plain arrays of 16 lanes of 16 bits, one
// vector each: the single home of these tables. The archsimd port
// (solve_simd_tables_amd64.go) loads its vectors from them and the
// assembly port (solve_asm_amd64.s) reads them in place, at the offsets of
// solve_asm_amd64.h, which TestTriadTableOffsets checks against this
// struct.

// kAll9 is the set of all nine digits.
const kAll9 = 0x1ff

// Byte-shuffle controls that pick 16-bit lane 0-7 of a 128-bit half
// (_mm_shuffle_epi8 on bytes, two per lane); sZ gives zero.
const (
	s00 = 0x0100
	s01 = 0x0302
	s02 = 0x0504
	s03 = 0x0706
	s04 = 0x0908
	s05 = 0x0b0a
	s06 = 0x0d0c
	s07 = 0x0f0e
	sZ  = 0xffff
)

// lanes16 is one 256-bit vector: 16 lanes of 16 bits.
type lanes16 = [16]uint16

// triadTables holds the vector constants of the triad solvers. 8-lane
// constants of tdoku sit in one half, or in both, of a 16-lane vector.
// The assembly reads the fields by offset: keep solve_asm_amd64.h in step
// with their order (TestTriadTableOffsets fails otherwise).
type triadTables struct {
	rotateRows1                    lanes16 // rotates each row (four lanes) of a box by one lane
	cell3x3Mask                    lanes16
	rowRotate3x3_1, rowRotate3x3_2 lanes16
	boxMinimums                    lanes16
	splitTriads                    lanes16
	configsToTriads                [2]lanes16
	// elimA-elimD: the shuffles of bandEliminate that turn the triads a
	// band asserts into the configurations they exclude.
	elimA, elimB, elimC, elimD lanes16
	all3                       lanes16
	kAllAt3                    lanes16
	triadsToCands              [2][2]lanes16 // [orientation]
	// peerTriads[p]: the 32-bit lane indices that copy the triads of box
	// peer p of a band (a quarter of a half) to lanes 0-2 of both halves
	peerTriads [4][8]uint32 // [3] unused: indexed with p&3
	// shiftsH and shiftsV[boxJ*3+boxI][K]: shuffles that turn a box's
	// triads at rotation K into configuration eliminations for its
	// horizontal band (from its horizontal triads, lanes 4-6 of both
	// halves) and its vertical band (from its vertical triads, lanes
	// 12-14), in lanes 8-13 where a band keeps its pending eliminations
	// (the low half zero).
	shiftsH, shiftsV [9][3]lanes16
	// peerElemToConfig[peer][elem]: the band configurations that the
	// digit in element elem (minirow or minicolumn) of box peer excludes,
	// in lanes 8-13 where a band keeps its pending eliminations.
	peerElemToConfig [3][4]lanes16
	// cellAssign[d][lane]: what placing digit d+1 in the cell at lane
	// clears in its box (the other digits of the cell, the digit in the
	// other cells and in the two negative triads of the cell's row and
	// column).
	cellAssign [9][16]lanes16
	// pendingBits: bit i in lane 8+i (the pending eliminations of
	// configuration i), for search's guesses
	pendingBits lanes16
	// gridBytes[k]: the byte shuffles of simdGrid that move the digits of
	// box k of a band (lanes 4r+c, low bytes) to bytes 9r+3k+c of the
	// band's 27 grid cells: [0] from the box as it is, [1] from the box
	// with its halves swapped (byte shuffles stay within a half)
	gridBytes              [3][2]lanes16
	initBand               lanes16
	popLookup, low4, pow12 lanes16
	highByte               lanes16
	// digitBits[d]: digit d+1's bit in every lane.
	digitBits [9]lanes16
	// boxBands[b]: box b's horizontal and vertical band (0-2, 3-5).
	boxBands [9][2]uint8
	// boxMsg[b]: the offsets, in the position, of box b's horizontal and
	// vertical band, and in these tables of its shiftsH and shiftsV rows.
	boxMsg [9][4]uint16
	// cellPlace[c]: where placing a given in cell c acts, as offsets: its
	// box in the position, its lane's row of cellAssign[0] (add 512 per
	// digit), its horizontal band in the position, the row of
	// peerElemToConfig in these tables, and the same for its vertical
	// band.
	cellPlace [81][8]uint16
	// peerSteps[band][from][k]: the k-th box that band restricts when
	// its eliminations came from peer from (the next peer, the one after,
	// then from: tdoku's order), as offsets: the box in the position, its
	// peer's row of peerTriads in these tables; and the box's index.
	peerSteps [8][4][4][4]uint16
	// kAllAtTriads: all nine digits in lanes 3, 7 and 11, beside each
	// peer's three triads in a band's triads vector, so that the peer's
	// quarter, moved to lanes 0-3, carries kAllAt3's lane 3 with it.
	kAllAtTriads lanes16
	// splitIndex: the VPERMW indices that do what splitTriads and a swap
	// of halves do, for the AVX-512 body: the horizontal triads (lanes 3,
	// 7 and 11) to lanes 12-14, where shiftsH reads them.
	splitIndex lanes16
}

var (
	triadT       = *newTriadTables()
	simdIndexing = newSIMDIndexing()
	simdMod3     = [9]uint8{0, 1, 2, 0, 1, 2, 0, 1, 2}
	simdDiv3     = [9]uint8{0, 0, 0, 1, 1, 1, 2, 2, 2}
	// simdBoxPeers[band]: the boxes of a band (0-2 horizontal, 3-5
	// vertical).
	simdBoxPeers = [6][3]uint8{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}}
)

// simdIndex locates a cell in its box: box row and column, box, and the
// cell's row, column and lane in the box matrix.
type simdIndex struct {
	boxI, boxJ, box, elemI, elemJ, elem uint8
}

func newSIMDIndexing() (t [81]simdIndex) {
	for c := range 81 {
		ix := simdIndex{boxI: uint8(c / 27), boxJ: uint8(c % 9 / 3), elemI: uint8(c / 9 % 3), elemJ: uint8(c % 3)}
		ix.box = ix.boxI*3 + ix.boxJ
		ix.elem = ix.elemI*4 + ix.elemJ
		t[c] = ix
	}
	return t
}

// w16 is the vector of lanes lo (0-7) and hi (8-15).
func w16(lo, hi [8]uint16) (a lanes16) {
	copy(a[:8], lo[:])
	copy(a[8:], hi[:])
	return a
}

// b16 is x in every lane.
func b16(x uint16) (a lanes16) {
	for i := range a {
		a[i] = x
	}
	return a
}

// quarterSwapped is a shuffle control reading its source with the two
// 64-bit quarters of each 128-bit half swapped.
func quarterSwapped(c [8]uint16) [8]uint16 {
	for i, w := range c {
		if w != sZ {
			c[i] = w ^ 0x0808
		}
	}
	return c
}

// newGridBytes builds triadTables.gridBytes.
func newGridBytes() (t [3][2]lanes16) {
	for k := range 3 {
		var direct, swapped [32]uint8
		for p := range 32 {
			direct[p], swapped[p] = 0x80, 0x80
		}
		for r := range 3 {
			for c := range 3 {
				p, src := 9*r+3*k+c, 2*(4*r+c) // output byte, source byte
				if p/16 == src/16 {
					direct[p] = uint8(src % 16)
				} else {
					swapped[p] = uint8(src % 16)
				}
			}
		}
		for i := range 16 {
			t[k][0][i] = uint16(direct[2*i]) | uint16(direct[2*i+1])<<8
			t[k][1][i] = uint16(swapped[2*i]) | uint16(swapped[2*i+1])<<8
		}
	}
	return t
}

func newTriadTables() *triadTables {
	t := new(triadTables)
	const K = kAll9
	for _, i := range []int{0, 1, 2, 4, 5, 6, 8, 9, 10} {
		for d := range 9 {
			var m lanes16
			for j := range 15 {
				switch {
				case j == i:
					m[j] = K ^ 1<<d
				case j/4 < 3 && j%4 < 3:
					m[j] = 1 << d
				case j/4 == i/4 || j%4 == i%4:
					m[j] = 1 << d
				}
			}
			t.cellAssign[d][i] = m
		}
	}
	pe := [3][4][8]uint16{
		{{0, K, K, K, 0, K, 0, 0}, {K, 0, K, K, K, 0, 0, 0}, {K, K, 0, 0, K, K, 0, 0}, {}},
		{{K, K, 0, K, K, 0, 0, 0}, {0, K, K, 0, K, K, 0, 0}, {K, 0, K, K, 0, K, 0, 0}, {}},
		{{K, 0, K, 0, K, K, 0, 0}, {K, K, 0, K, 0, K, 0, 0}, {0, K, K, K, K, 0, 0, 0}, {}},
	}
	for p := range 3 {
		for e := range 4 {
			t.peerElemToConfig[p][e] = w16([8]uint16{}, pe[p][e])
		}
	}
	sh := [3][3][8]uint16{
		{
			{s04, s05, s06, s06, s04, s05, sZ, sZ},
			{s05, s06, s04, s05, s06, s04, sZ, sZ},
			{s06, s04, s05, s04, s05, s06, sZ, sZ},
		},
		{
			{s05, s06, s04, s04, s05, s06, sZ, sZ},
			{s06, s04, s05, s06, s04, s05, sZ, sZ},
			{s04, s05, s06, s05, s06, s04, sZ, sZ},
		},
		{
			{s06, s04, s05, s05, s06, s04, sZ, sZ},
			{s04, s05, s06, s04, s05, s06, sZ, sZ},
			{s05, s06, s04, s06, s04, s05, sZ, sZ},
		},
	}
	zero := [8]uint16{sZ, sZ, sZ, sZ, sZ, sZ, sZ, sZ}
	// elimA and elimB read the asserting triads with the 64-bit quarters
	// of each half swapped (tdoku's RotateCols): byte index ^ 8
	t.elimA = w16(quarterSwapped(sh[1][0]), quarterSwapped(sh[1][2]))
	t.elimB = w16(quarterSwapped(sh[2][0]), quarterSwapped(sh[2][2]))
	t.elimC = w16(sh[1][1], zero)
	t.elimD = w16(sh[2][1], zero)
	for i := range 3 {
		for j := range 3 {
			for r := range 3 {
				t.shiftsH[i*3+j][r] = w16(zero, sh[r][i])
				t.shiftsV[i*3+j][r] = w16(zero, sh[r][j])
			}
		}
	}
	t.configsToTriads = [2]lanes16{
		w16([8]uint16{s00, s01, s02, sZ, s02, s00, s01, sZ}, [8]uint16{s01, s02, s00, sZ, sZ, sZ, sZ, sZ}),
		w16([8]uint16{s04, s05, s03, sZ, s05, s03, s04, sZ}, [8]uint16{s03, s04, s05, sZ, sZ, sZ, sZ, sZ}),
	}
	t.triadsToCands = [2][2]lanes16{
		{ // horizontal
			w16([8]uint16{s00, s00, s00, s01, s01, s01, s01, s02}, [8]uint16{s02, s02, s02, s00, s03, s03, s03, s03}),
			w16([8]uint16{s00, s00, s00, s02, s01, s01, s01, s00}, [8]uint16{s02, s02, s02, s01, s03, s03, s03, s03}),
		},
		{ // vertical
			w16([8]uint16{s00, s01, s02, s03, s00, s01, s02, s03}, [8]uint16{s00, s01, s02, s03, s01, s02, s00, s03}),
			w16([8]uint16{s00, s01, s02, s03, s00, s01, s02, s03}, [8]uint16{s00, s01, s02, s03, s02, s00, s01, s03}),
		},
	}
	t.cell3x3Mask = w16([8]uint16{K, K, K, 0, K, K, K, 0}, [8]uint16{K, K, K, 0, 0, 0, 0, 0})
	t.rowRotate3x3_1 = w16([8]uint16{s01, s02, s00, s03, s05, s06, s04, s07}, [8]uint16{s01, s02, s00, s03, s04, s05, s06, s07})
	t.rowRotate3x3_2 = w16([8]uint16{s02, s00, s01, s03, s06, s04, s05, s07}, [8]uint16{s02, s00, s01, s03, s04, s05, s06, s07})
	t.peerTriads[0] = [8]uint32{0, 1, 2, 3, 0, 1, 2, 3}
	t.peerTriads[1] = [8]uint32{2, 3, 0, 1, 2, 3, 0, 1}
	t.peerTriads[2] = [8]uint32{4, 5, 6, 7, 4, 5, 6, 7}
	t.rotateRows1 = w16([8]uint16{s01, s02, s03, s00, s05, s06, s07, s04}, [8]uint16{s01, s02, s03, s00, s05, s06, s07, s04})
	t.splitTriads = w16([8]uint16{sZ, sZ, sZ, sZ, s03, s07, sZ, sZ}, [8]uint16{sZ, sZ, sZ, sZ, sZ, sZ, s03, sZ})
	t.gridBytes = newGridBytes()
	t.pendingBits = w16([8]uint16{}, [8]uint16{1, 2, 4, 8, 16, 32, 0, 0})
	t.boxMinimums = w16([8]uint16{1, 1, 1, 6, 1, 1, 1, 6}, [8]uint16{1, 1, 1, 6, 6, 6, 6, 0})
	t.all3 = b16(3)
	t.kAllAtTriads = w16([8]uint16{0, 0, 0, K, 0, 0, 0, K}, [8]uint16{0, 0, 0, K, 0, 0, 0, 0})
	t.kAllAt3 = w16([8]uint16{0, 0, 0, K, 0, 0, 0, 0}, [8]uint16{0, 0, 0, K, 0, 0, 0, 0})
	t.splitIndex = w16([8]uint16{}, [8]uint16{0, 0, 0, 0, 3, 7, 11, 0})
	t.initBand = w16([8]uint16{K, K, K, K, K, K, 0, 0}, [8]uint16{})
	// popcount of a nibble in each byte of a 128-bit half: 0 1 1 2 1 2 2 3 1 2 2 3 2 3 3 4
	t.popLookup = w16([8]uint16{0x0100, 0x0201, 0x0201, 0x0302, 0x0201, 0x0302, 0x0302, 0x0403},
		[8]uint16{0x0100, 0x0201, 0x0201, 0x0302, 0x0201, 0x0302, 0x0302, 0x0403})
	t.low4 = b16(0x0f)
	t.pow12 = b16(1 << 12)
	// each lane's high byte to its low byte, zero above: x>>8
	t.highByte = w16([8]uint16{0xff01, 0xff03, 0xff05, 0xff07, 0xff09, 0xff0b, 0xff0d, 0xff0f},
		[8]uint16{0xff01, 0xff03, 0xff05, 0xff07, 0xff09, 0xff0b, 0xff0d, 0xff0f})
	for d := range 9 {
		t.digitBits[d] = b16(1 << d)
	}
	for b := range 9 {
		t.boxBands[b] = [2]uint8{uint8(b / 3), uint8(3 + b%3)}
	}
	for b := range 9 {
		boxI, boxJ := b/3, b%3
		k := boxJ*3 + boxI
		t.boxMsg[b] = [4]uint16{
			uint16(32 * boxI), uint16(32 * (3 + boxJ)),
			uint16(unsafe.Offsetof(t.shiftsH) + uintptr(96*k)), uint16(unsafe.Offsetof(t.shiftsV) + uintptr(96*k)),
		}
	}
	for band := range 6 {
		for from := range 3 {
			for k := range 3 {
				p := (from + 1 + k) % 3
				box := uintptr(simdBoxPeers[band][p])
				t.peerSteps[band][from][k] = [4]uint16{
					uint16(unsafe.Offsetof(simdState{}.boxen) + 32*box),
					uint16(unsafe.Offsetof(t.peerTriads) + uintptr(32*p)),
					uint16(box),
				}
			}
		}
	}
	peOff := unsafe.Offsetof(t.peerElemToConfig)
	for c, ix := range newSIMDIndexing() {
		box, elem := uintptr(ix.box), uintptr(ix.elem)
		boxI, boxJ, elemI, elemJ := uintptr(ix.boxI), uintptr(ix.boxJ), uintptr(ix.elemI), uintptr(ix.elemJ)
		t.cellPlace[c] = [8]uint16{
			uint16(unsafe.Offsetof(simdState{}.boxen) + 32*box), uint16(32 * elem),
			uint16(32 * boxI), uint16(peOff + 32*(4*boxJ+elemI)),
			uint16(32 * (3 + boxJ)), uint16(peOff + 32*(4*boxI+elemJ)),
		}
	}
	return t
}
