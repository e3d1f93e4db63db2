//go:build amd64

package engine

import "math/bits"

// The position of tdoku's triad solver (Tom Dillon's
// solver_dpll_triad_simd.cc, see docs/references.md), shared by its two
// ports: the archsimd one (solve_simd_amd64.go, GOEXPERIMENT=simd) and the
// assembly one (solve_asm_amd64.s, AVX-512). Both propagate with the same
// rules to the same fixpoint and branch with chooseBand below.
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
// of the band's vector, numbered as in this table (X: the triad that holds
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

// simdState is the position of the SIMD solver. bands[v*3+b] is band b,
// horizontal (v = 0) or vertical (v = 1): its configurations in lanes
// 0-5 and its pending eliminations in lanes 8-13 (the other lanes zero).
// boxen[b] is box b's matrix.
type simdState struct {
	bands [6][16]uint16
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
	solution [9][16]uint16 // the boxes of the first solution
}

// chooseBand returns the band to branch on (0-2 horizontal, 3-5 vertical;
// -1 when every band is fixed, that is when the position is solved) and
// the digit bit to branch on: the unfixed band with the fewest
// configurations, and in it a digit with two configurations (else three,
// else four or more).
func chooseBand(st *simdState) (int, uint16) {
	best, bestVal := -1, uint16(0xffff)
	for b := range st.bands {
		c := &st.bands[b]
		// lanes 0-5, two popcounts over 64 bits instead of six over 16
		// (the compiler merges each group of four lanes into one load)
		lo := uint64(c[0]) | uint64(c[1])<<16 | uint64(c[2])<<32 | uint64(c[3])<<48
		hi := uint64(c[4]) | uint64(c[5])<<16
		n := bits.OnesCount64(lo) + bits.OnesCount64(hi)
		if v := uint16(n) - 10; v < bestVal {
			best, bestVal = b, v
		}
	}
	if best < 0 || bestVal&0xff00 != 0 {
		return -1, 0
	}
	cfg := &st.bands[best]
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
