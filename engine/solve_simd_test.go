package engine

import (
	"math/rand/v2"
	"testing"

	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// needSIMD skips a test of the archsimd port where this build or this
// processor has none (a build without GOEXPERIMENT=simd, or no AVX2).
func needSIMD(t *testing.T) {
	t.Helper()
	if !simdSupported() {
		t.Skip("no SIMD solver in this build or on this processor")
	}
}

// triadPort is a port of tdoku's triad solver under test: the archsimd
// one ("simd", GOEXPERIMENT=simd builds) or the assembly one, on its
// AVX-512 body ("avx512") or its AVX2 body ("avx2").
type triadPort struct {
	name      string
	supported func() bool
	solve     func(Grid, int) Result
	count     func(Grid, int) int
}

// triadPorts are the ports that the differential tests check against the
// band-word solver, each where the build and the processor have it.
var triadPorts = []triadPort{
	{"simd", simdSupported, solveSIMD, countSIMD},
	{"avx512", asmAVX512Supported, onAsmBody(false, solveAsm), onAsmBody(false, countAsm)},
	{"avx2", asmAVX2Supported, onAsmBody(true, solveAsm), onAsmBody(true, countAsm)},
}

// onAsmBody returns f run on the assembly port's AVX2 body (avx2) or its
// AVX-512 body, whichever this processor would run by default: tests run
// both on a processor that has both.
func onAsmBody[R any](avx2 bool, f func(Grid, int) R) func(Grid, int) R {
	return func(g Grid, limit int) R {
		saved := asmAVX2Body
		asmAVX2Body = avx2
		defer func() { asmAVX2Body = saved }()
		return f(g, limit)
	}
}

// forEachPort runs f on each port in a subtest, skipped with a message
// where this build or this processor lacks it: the band-word solver,
// which such builds run, is tested on its own.
func forEachPort(t *testing.T, f func(t *testing.T, p triadPort)) {
	for _, p := range triadPorts {
		t.Run(p.name, func(t *testing.T) {
			if !p.supported() {
				t.Skipf("no %s solver in this build or on this processor (the %s path needs %s)", p.name, p.name,
					map[string]string{"simd": "GOEXPERIMENT=simd and AVX2", "avx512": "amd64 without -tags purego, and AVX512F/BW/VL/BITALG",
						"avx2": "amd64 without -tags purego, and AVX2 and BMI1"}[p.name])
			}
			f(t, p)
		})
	}
}

// checkAgainstFast requires port p to agree with the scalar solver on g
// for each limit: the same count from its solve and count functions, a
// valid solution whenever there is one, the zero grid when there is none,
// and the same solution when it is unique.
func checkAgainstFast(t *testing.T, p triadPort, name string, g Grid, limits ...int) {
	t.Helper()
	for _, limit := range limits {
		want := solveFast(g, limit)
		got := p.solve(g, limit)
		if got.Count != want.Count {
			t.Fatalf("%s: %s solve(%s, %d).Count = %d, want %d", name, p.name, g, limit, got.Count, want.Count)
		}
		if n := p.count(g, limit); n != want.Count {
			t.Fatalf("%s: %s count(%s, %d) = %d, want %d", name, p.name, g, limit, n, want.Count)
		}
		switch {
		case want.Count == 0 && got.Solution != (Grid{}):
			t.Fatalf("%s: %s solve(%s, %d).Solution = %s, want the zero grid", name, p.name, g, limit, got.Solution)
		case want.Count > 0 && !got.Solution.IsSolutionOf(&g):
			t.Fatalf("%s: %s solve(%s, %d).Solution = %s is no solution", name, p.name, g, limit, got.Solution)
		case want.Count == 1 && limit > 1 && got.Solution != want.Solution:
			t.Fatalf("%s: %s solve(%s, %d).Solution = %s, want %s", name, p.name, g, limit, got.Solution, want.Solution)
		}
	}
}

// TestSolveSIMDOnData runs the differential check on every puzzle of the
// puzzle lists of ../shared/data with limit 2 (Solve's), and on the first
// 2,000 of each with limits 1 and 3; in -short mode on the first 100 of
// each, under the race detector (ten times slower, and the solver starts
// no goroutine) on the first 300.
func TestSolveSIMDOnData(t *testing.T) { forEachPort(t, testOnData) }

func testOnData(t *testing.T, port triadPort) {
	n, all := 2000, 0 // all: every puzzle
	switch {
	case testing.Short():
		n, all = 100, 100
	case raceEnabled:
		n, all = 300, 300
	}
	for _, file := range []string{dataset.Clue17, dataset.Unbiased1000, dataset.Top1465, dataset.NorvigTop95,
		dataset.NorvigHardest, dataset.Hardest1106, dataset.Hardest1905, dataset.Serg} {
		for i, p := range datasettest.LoadPuzzles(t, file, all) {
			if i < n {
				checkAgainstFast(t, port, file, MustParse(p), 1, 2, 3)
			} else {
				checkAgainstFast(t, port, file, MustParse(p), 2)
			}
		}
	}
}

// TestSolveSIMDRandom runs the differential check on random grids with
// most givens removed (often several solutions), with a wrong digit added
// (often none), with conflicting givens, and on a few edge cases.
func TestSolveSIMDRandom(t *testing.T) { forEachPort(t, testRandom) }

func testRandom(t *testing.T, port triadPort) {
	rng := rand.New(rand.NewPCG(22, 3))
	n := 20000
	switch {
	case testing.Short():
		n = 1000
	case raceEnabled:
		n = 1000
	}
	seen := map[int]int{}
	for i := range n {
		sol := randomGrid(rng)
		var g Grid
		for _, c := range rng.Perm(81)[:17+rng.IntN(30)] {
			g[c] = sol[c]
		}
		switch i % 4 {
		case 1: // a wrong digit in an empty cell
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
		case 2: // any digit anywhere, conflicts included
			for range 1 + rng.IntN(3) {
				g[rng.IntN(81)] = uint8(rng.IntN(10))
			}
		}
		checkAgainstFast(t, port, "random", g, 1, 2, 3)
		seen[solveFast(g, 2).Count]++
	}
	for c := range 3 {
		if seen[c] == 0 {
			t.Errorf("no random grid with %d solutions (counts %v): the test checks too little", c, seen)
		}
	}
	var empty, bad, clash Grid
	bad[5] = 10
	clash[0], clash[1] = 5, 5
	full := randomGrid(rng)
	for name, g := range map[string]Grid{"empty": empty, "value 10": bad, "clash": clash, "full": full} {
		checkAgainstFast(t, port, name, g, 1, 2, 3)
	}
}

// TestSolverPathDispatch checks that SolveLimit and CountSolutions run the
// solver SolverPath names: the scalar fallback when both ports are
// switched off (as on a build or processor without them), and each port
// this build and processor have when it is on, the assembly port on each
// of its bodies (named "avx512" and "avx2"). The band words search
// differently from the ports, so their Guesses and Nodes tell them apart;
// the ports and bodies search alike (TestAsmMatchesSIMD) and give equal
// results. By default the AVX2 body runs only where the AVX-512 one does
// not; the measurement build -tags asmavx2 runs it wherever it can.
func TestSolverPathDispatch(t *testing.T) {
	want := "scalar" // the fallback: where neither port runs
	switch {
	case asmAVX2Supported() && (forceAVX2Body || !asmAVX512Supported()):
		want = "avx2"
	case asmAVX512Supported():
		want = "avx512"
	case simdByDefault && simdSupported():
		want = "simd"
	}
	if got := SolverPath(); got != want {
		t.Errorf("SolverPath() = %q by default in this build, want %q", got, want)
	}
	savedSIMD, savedAsm, savedBody := simdActive, asmActive, asmAVX2Body
	defer func() { simdActive, asmActive, asmAVX2Body = savedSIMD, savedAsm, savedBody }()
	puzzles := datasettest.LoadPuzzles(t, dataset.Top1465, 50)
	type path struct {
		simd, asm, avx2 bool
		name            string
		solve           func(Grid, int) Result
	}
	paths := []path{{false, false, false, "scalar", solveFast}}
	if simdSupported() {
		paths = append(paths, path{true, false, false, "simd", solveSIMD})
	}
	if asmAVX512Supported() {
		paths = append(paths, path{false, true, false, "avx512", solveAsm}, path{true, true, false, "avx512", solveAsm})
	}
	if asmAVX2Supported() {
		paths = append(paths, path{false, true, true, "avx2", solveAsm}, path{true, true, true, "avx2", solveAsm})
	}
	for _, p := range paths {
		simdActive, asmActive, asmAVX2Body = p.simd, p.asm, p.avx2
		if got := SolverPath(); got != p.name {
			t.Fatalf("SolverPath() = %q with the archsimd port %v, the assembly port %v and its AVX2 body %v, want %q", got, p.simd, p.asm, p.avx2, p.name)
		}
		for _, s := range puzzles {
			g := MustParse(s)
			got, want := SolveLimit(g, 2), p.solve(g, 2)
			if got != want {
				t.Fatalf("%s: SolveLimit(%s, 2) = %+v, want %+v", p.name, s, got, want)
			}
			if n := CountSolutions(g, 2); n != want.Count {
				t.Fatalf("%s: CountSolutions(%s, 2) = %d, want %d", p.name, s, n, want.Count)
			}
		}
	}
}

// TestSolveSIMDGuesses pins each port's guesses, summed over the first
// 300 puzzles of each tdoku set with limit 2, to the totals of the
// propagation that docs/solver-log.md compares with tdoku's own counter
// (issue 22, round 2). The differential tests check counts and
// solutions, which a weaker propagation leaves right; this one fails when
// a change to the propagation drops an elimination (more guesses) or
// invents one (fewer, or wrong counts). A change meant to alter the
// search updates the totals, and says so.
// Both ports propagate in the same order (TestAsmMatchesSIMD follows
// them node by node), so they share the totals.
func TestSolveSIMDGuesses(t *testing.T) { forEachPort(t, testGuesses) }

func testGuesses(t *testing.T, port triadPort) {
	want := map[string]int{
		dataset.Clue17:       46,
		dataset.Unbiased1000: 339,
		dataset.Top1465:      3853,
		dataset.Hardest1106:  29945,
		dataset.Hardest1905:  19322,
		dataset.Serg:         2226,
	}
	for file, w := range want {
		total := 0
		for _, p := range datasettest.LoadPuzzles(t, file, 300) {
			total += port.solve(MustParse(p), 2).Guesses
		}
		if total != w {
			t.Errorf("%s: %d guesses over the first 300 puzzles, want %d", file, total, w)
		}
	}
}

// FuzzSolvePorts runs the differential check of each port this build and
// processor have on any grid the fuzzer makes of 81 bytes: '1'-'9' a
// given, ':' a value of 10 (which every solver rejects), anything else
// empty. Unlike FuzzSolve it needs no minimum of givens: the band words
// are the oracle, and they are quick on any grid.
//
//	go test -run '^$' -fuzz FuzzSolvePorts -fuzztime 1m ./engine
func FuzzSolvePorts(f *testing.F) {
	f.Add([]byte("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"))
	f.Add([]byte("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."))
	f.Add([]byte("55..............................................................................."))
	f.Add([]byte(":................................................................................"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 81 {
			return
		}
		var g Grid
		for i := range g {
			if c := data[i]; c >= '1' && c <= ':' {
				g[i] = c - '0'
			}
		}
		for _, p := range triadPorts {
			if p.supported() {
				checkAgainstFast(t, p, "fuzz", g, 1, 2, 3)
			}
		}
	})
}
