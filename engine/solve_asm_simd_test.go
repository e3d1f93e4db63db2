//go:build goexperiment.simd && amd64 && !purego

package engine

import (
	"testing"

	"simd/archsimd"

	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// lockstep walks the search trees of the archsimd port and the assembly
// port together, from positions a (archsimd) and b (assembly).
type lockstep struct {
	t     *testing.T
	nodes int // the nodes where both ports reached the same position
	split int // the branches that one port found dead and the other not
}

// withoutPending is st with the bands' high halves cleared: the archsimd
// port keeps the eliminations it has applied there, the assembly port
// clears them (both test pending eliminations against the low half).
func withoutPending(st simdState) simdState {
	for i := range st.bands {
		clear(st.bands[i][8:])
	}
	return st
}

// deadBelow reports whether st has no solution.
func deadBelow(st simdState) bool {
	sr := simdSearch{limit: 1}
	sr.searchAsm(&st)
	return sr.count == 0
}

func (l *lockstep) walk(a, b simdState) {
	l.t.Helper()
	if withoutPending(a) != withoutPending(b) {
		l.t.Fatalf("the ports reached different positions:\narchsimd %v\nassembly %v", a, b)
	}
	l.nodes++
	bi, value := chooseBand(&a)
	if bi < 0 {
		return
	}
	var with uint8
	for i := range 6 {
		if a.bands[bi][i]&value != 0 {
			with |= 1 << i
		}
	}
	first := with & -with
	for _, cfgs := range []uint8{with &^ first, first} {
		ca, cb := a, b
		band := &ca.bands[bi]
		v := simdLd(band).Or(whichNonZero(simdT.pendingBits.And(archsimd.BroadcastUint16x16(uint16(cfgs)))).And(archsimd.BroadcastUint16x16(value)))
		v.Store(band)
		okA := v.And(v.Select128FromPair(1, 0, v)).IsZero() || bandEliminateFrom(&ca, bi, 0, v)
		archsimd.ClearAVXUpperBits()
		okB := asmGuess(&cb, bi, value, cfgs)
		switch {
		case okA && okB:
			l.walk(ca, cb)
		case okA:
			l.split++
			if !deadBelow(ca) {
				l.t.Fatalf("the assembly port found a branch dead that has a solution: %v", ca)
			}
		case okB:
			l.split++
			if !deadBelow(cb) {
				l.t.Fatalf("the archsimd port found a branch dead that has a solution: %v", cb)
			}
		}
	}
}

// TestAsmMatchesSIMD walks the search trees of the two ports together on
// the first 300 puzzles (30 in -short mode) of the hard tdoku sets: where
// both find no contradiction they must reach the same position, node by
// node; where one finds a branch dead and the other not, the branch must
// have no solution. Both propagate with the same rules to a fixpoint, the
// archsimd port by recursion and the assembly port by a worklist; the
// order decides only when a contradiction is seen (docs/solver.md, "The
// order").
//
// It walks the assembly port on each body this processor has (AVX-512,
// AVX2) in turn.
func TestAsmMatchesSIMD(t *testing.T) {
	needSIMD(t)
	forEachAsmBody(t, testAsmMatchesSIMD)
}

func testAsmMatchesSIMD(t *testing.T) {
	n := 300
	if testing.Short() {
		n = 30
	}
	for _, file := range []string{dataset.Top1465, dataset.Hardest1106, dataset.Hardest1905} {
		l := lockstep{t: t}
		for _, p := range datasettest.LoadPuzzles(t, file, n) {
			g := MustParse(p)
			var a, b simdState
			okA := a.init(&g)
			archsimd.ClearAVXUpperBits()
			if okB := asmInit(&b, &g); okA != okB {
				t.Fatalf("%s: init(%s) = %v on the archsimd port, %v on the assembly port", file, p, okA, okB)
			}
			if okA {
				l.walk(a, b)
			}
		}
		t.Logf("%s: %d nodes alike, %d dead branches seen by one port only", file, l.nodes, l.split)
	}
}

// TestAsmSearchMatchesSIMD compares the assembly port's whole search
// (solveAsm: one assembly call a puzzle) with the archsimd port's
// (solveSIMD) on each body this processor has: the same count, first
// solution, guesses and nodes for every puzzle of the sets of
// ../shared/data with limit 2 (the first 300 of each in -short mode).
func TestAsmSearchMatchesSIMD(t *testing.T) {
	needSIMD(t)
	forEachAsmBody(t, func(t *testing.T) {
		n := 0
		if testing.Short() {
			n = 300
		}
		for _, file := range []string{dataset.Clue17, dataset.Unbiased1000, dataset.Top1465, dataset.NorvigTop95,
			dataset.NorvigHardest, dataset.Hardest1106, dataset.Hardest1905, dataset.Serg} {
			for _, p := range datasettest.LoadPuzzles(t, file, n) {
				g := MustParse(p)
				if got, want := solveAsm(g, 2), solveSIMD(g, 2); got != want {
					t.Fatalf("%s: %s: the assembly port found %d solutions (%s), %d guesses, %d nodes; the archsimd port %d (%s), %d, %d",
						file, p, got.Count, got.Solution, got.Guesses, got.Nodes, want.Count, want.Solution, want.Guesses, want.Nodes)
				}
			}
		}
	})
}
