//go:build goexperiment.simd && amd64

package engine

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// withLookupPopcount runs f with the AVX2 lane popcount (byte-shuffle
// lookup) instead of AVX512-BITALG's, so that both paths are tested on a
// machine that has both.
func withLookupPopcount(t *testing.T, f func()) {
	t.Helper()
	saved := simdBITALG
	simdBITALG = false
	defer func() { simdBITALG = saved }()
	f()
}

// TestSIMDVectorHelpers checks the lane operations built from several
// instructions against plain loops, on random vectors.
func TestSIMDVectorHelpers(t *testing.T) {
	needSIMD(t)
	rng := rand.New(rand.NewPCG(7, 8))
	for range 1000 {
		var in, got [16]uint16
		for i := range in {
			in[i] = uint16(rng.IntN(512))
		}
		x := simdLd(&in)
		// gatherRows and gatherCols: the bits of each lane found in no
		// other lane of its row (lanes 4r..4r+3) or its column (lanes
		// c, c+4, c+8, c+12)
		gatherRows(x).Store(&got)
		for i := range 16 {
			others := uint16(0)
			for j := i / 4 * 4; j < i/4*4+4; j++ {
				if j != i {
					others |= in[j]
				}
			}
			if want := in[i] &^ others; got[i] != want {
				t.Fatalf("gatherRows(%v) = %v: lane %d is %d, want %d", in, got, i, got[i], want)
			}
		}
		gatherCols(x).Store(&got)
		for i := range 16 {
			others := uint16(0)
			for j := i % 4; j < 16; j += 4 {
				if j != i {
					others |= in[j]
				}
			}
			if want := in[i] &^ others; got[i] != want {
				t.Fatalf("gatherCols(%v) = %v: lane %d is %d, want %d", in, got, i, got[i], want)
			}
		}
		rotRows(x).Store(&got)
		for i := range 16 {
			if want := in[i/4*4+(i+1)%4]; got[i] != want {
				t.Fatalf("rotRows(%v) = %v: lane %d is %d, want %d", in, got, i, got[i], want)
			}
		}
		for p, first := range [3]int{0, 4, 8} { // the peer's lanes: one quarter
			peerTriads(x, uint8(p)).Store(&got)
			for i := range 16 {
				if want := in[first/8*8+(first+i)%8]; got[i] != want {
					t.Fatalf("peerTriads(%v, %d) = %v: lane %d is %d, want %d", in, p, got, i, got[i], want)
				}
			}
		}
		for _, bitalg := range []bool{false, simdBITALG} {
			saved := simdBITALG
			simdBITALG = bitalg
			popcounts9(x).Store(&got)
			simdBITALG = saved
			for i := range 16 {
				if want := uint16(bits.OnesCount16(in[i])); got[i] != want {
					t.Fatalf("popcounts9(%v) with BITALG %v = %v, want lane %d = %d", in, bitalg, got, i, want)
				}
			}
		}
	}
}

// TestSolveSIMDLookupPopcount runs the differential check with the AVX2
// popcount on the first 200 puzzles of each tdoku set (50 in -short mode
// and under the race detector) and on five times as many random ambiguous
// and unsolvable grids.
func TestSolveSIMDLookupPopcount(t *testing.T) {
	needSIMD(t)
	n := 200
	if testing.Short() || raceEnabled {
		n = 50
	}
	withLookupPopcount(t, func() {
		for _, file := range []string{dataset.Clue17, dataset.Unbiased1000, dataset.Top1465, dataset.Hardest1106, dataset.Hardest1905, dataset.Serg} {
			for _, p := range datasettest.LoadPuzzles(t, file, n) {
				checkAgainstFast(t, triadPorts[0], file, MustParse(p), 1, 2, 3)
			}
		}
		rng := rand.New(rand.NewPCG(22, 4))
		for i := range 5 * n {
			sol := randomGrid(rng)
			var g Grid
			for _, c := range rng.Perm(81)[:17+rng.IntN(30)] {
				g[c] = sol[c]
			}
			if i%2 == 1 {
				g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
			}
			checkAgainstFast(t, triadPorts[0], "random", g, 1, 2, 3)
		}
	})
}
