//go:build amd64 && !purego

package engine

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// TestTriadTableOffsets checks the offsets that solve_asm_amd64.s reads
// the tables at (solve_asm_amd64.h) against the fields of triadTables.
func TestTriadTableOffsets(t *testing.T) {
	var x triadTables
	want := map[string]uintptr{
		"T_rotateRows1":     unsafe.Offsetof(x.rotateRows1),
		"T_cell3x3Mask":     unsafe.Offsetof(x.cell3x3Mask),
		"T_rowRotate3x3_1":  unsafe.Offsetof(x.rowRotate3x3_1),
		"T_rowRotate3x3_2":  unsafe.Offsetof(x.rowRotate3x3_2),
		"T_boxMinimums":     unsafe.Offsetof(x.boxMinimums),
		"T_splitTriads":     unsafe.Offsetof(x.splitTriads),
		"T_configsToTriads": unsafe.Offsetof(x.configsToTriads),
		"T_elimA":           unsafe.Offsetof(x.elimA),
		"T_elimB":           unsafe.Offsetof(x.elimB),
		"T_elimC":           unsafe.Offsetof(x.elimC),
		"T_elimD":           unsafe.Offsetof(x.elimD),
		"T_all3":            unsafe.Offsetof(x.all3),
		"T_triadsToCands":   unsafe.Offsetof(x.triadsToCands),
		"T_cellAssign":      unsafe.Offsetof(x.cellAssign),
		"T_initBand":        unsafe.Offsetof(x.initBand),
		"T_digitBits":       unsafe.Offsetof(x.digitBits),
		"T_boxBands":        unsafe.Offsetof(x.boxBands),
		"T_boxMsg":          unsafe.Offsetof(x.boxMsg),
		"T_cellPlace":       unsafe.Offsetof(x.cellPlace),
		"T_peerSteps":       unsafe.Offsetof(x.peerSteps),
		"T_kAllAtTriads":    unsafe.Offsetof(x.kAllAtTriads),
		"T_splitIndex":      unsafe.Offsetof(x.splitIndex),
		"T_pendingBits":     unsafe.Offsetof(x.pendingBits),
		"T_popLookup":       unsafe.Offsetof(x.popLookup),
		"T_low4":            unsafe.Offsetof(x.low4),
	}
	f, err := os.Open("solve_asm_amd64.h")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 || fields[0] != "#define" {
			continue
		}
		name := fields[1]
		got, err := strconv.ParseUint(fields[2], 10, 32)
		w, ok := want[name]
		switch {
		case err != nil || !ok:
			t.Errorf("solve_asm_amd64.h: #define %s %s: no such field offset known to this test", name, fields[2])
		case uintptr(got) != w:
			t.Errorf("solve_asm_amd64.h: %s = %d, want %d (unsafe.Offsetof)", name, got, w)
		}
		seen[name] = true
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("solve_asm_amd64.h defines no %s", name)
		}
	}
	if got := unsafe.Offsetof(simdState{}.boxen); got != 192 {
		t.Errorf("simdState.boxen at offset %d, the assembly reads it at 192", got)
	}
}

// TestCPUFeatures checks the processor checks of the assembly port's two
// bodies against /proc/cpuinfo where there is one: the flags avx512f,
// avx512bw, avx512vl, avx512_bitalg, popcnt and bmi1 for the AVX-512
// body, avx2, bmi1 and popcnt for the AVX2 one.
func TestCPUFeatures(t *testing.T) {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip("no /proc/cpuinfo to compare with")
	}
	var flags map[string]bool
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "flags" {
			flags = map[string]bool{}
			for _, f := range strings.Fields(v) {
				flags[f] = true
			}
			break
		}
	}
	if flags == nil {
		t.Skip("no flags line in /proc/cpuinfo")
	}
	avx512 := flags["avx512f"] && flags["avx512bw"] && flags["avx512vl"] && flags["avx512_bitalg"] && flags["popcnt"] && flags["bmi1"]
	avx2 := flags["avx2"] && flags["bmi1"] && flags["popcnt"]
	for _, c := range []struct {
		name      string
		got, want bool
	}{
		{"asmAVX512Supported()", asmAVX512Supported(), avx512},
		{"asmAVX2Supported()", asmAVX2Supported(), avx2},
		{"asmSupported()", asmSupported(), avx512 || avx2},
		{"asmAVX2Body", asmAVX2Body, avx2 && (!avx512 || forceAVX2Body)},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, /proc/cpuinfo says %v", c.name, c.got, c.want)
		}
	}
}

// TestAsmSearchMatchesGo compares the search in assembly (asmSolveAVX512,
// asmSolveAVX2) with searchAsm, the same search in Go over the same
// propagation, on each body this processor has: the same count, first
// solution, guesses and nodes for every puzzle of the sets of
// ../shared/data with limit 2 (the first 100 of each in -short mode or
// under the race detector), the first 500 also with limits 1 and 3, and
// on random grids with few givens (and the empty grid) with limits 1 to
// 1,000.
// Budgets small enough to be spent must give up (count -1) exactly where
// the Go search visits more nodes, and solveAsm and countAsm must then
// still agree (the empty grid counted past asmNodeBudget).
func TestAsmSearchMatchesGo(t *testing.T) {
	forEachAsmBody(t, func(t *testing.T) {
		n, all := 500, 0 // all: every puzzle
		if testing.Short() || raceEnabled {
			n, all = 100, 100
		}
		for _, file := range []string{dataset.Clue17, dataset.Unbiased1000, dataset.Top1465, dataset.NorvigTop95,
			dataset.NorvigHardest, dataset.Hardest1106, dataset.Hardest1905, dataset.Serg} {
			for i, p := range datasettest.LoadPuzzles(t, file, all) {
				g := MustParse(p)
				checkAsmSearch(t, file, g, 2, i < n)
				if i < n {
					checkAsmSearch(t, file, g, 1, true)
					checkAsmSearch(t, file, g, 3, true)
				}
			}
		}
		rng := rand.New(rand.NewPCG(22, 7))
		grids := []Grid{{}} // the empty grid first
		for i := range 300 {
			sol := randomGrid(rng)
			var g Grid
			for _, c := range rng.Perm(81)[:17+rng.IntN(30)] {
				g[c] = sol[c]
			}
			if i%3 == 1 { // a wrong digit in an empty cell: often no solution
				g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
			}
			grids = append(grids, g)
		}
		for _, g := range grids {
			for _, limit := range []int{1, 10, 1000} {
				checkAsmSearch(t, "random", g, limit, true)
			}
		}
		// past the budget: solveAsm and countAsm give the search to Go
		var empty Grid
		want := solveAsmGo(empty, 2*asmNodeBudget)
		if want.Nodes <= asmNodeBudget || want.Count != 2*asmNodeBudget {
			t.Fatalf("the empty grid, limit %d: %d nodes, %d solutions: the budget is not spent", 2*asmNodeBudget, want.Nodes, want.Count)
		}
		if got := solveAsm(empty, 2*asmNodeBudget); got != want {
			t.Fatalf("solveAsm(empty grid, %d) = %d solutions, %d guesses, %d nodes, want %d, %d, %d",
				2*asmNodeBudget, got.Count, got.Guesses, got.Nodes, want.Count, want.Guesses, want.Nodes)
		}
		if got := countAsm(empty, 2*asmNodeBudget); got != want.Count {
			t.Fatalf("countAsm(empty grid, %d) = %d, want %d", 2*asmNodeBudget, got, want.Count)
		}
	})
}

// checkAsmSearch compares the assembly search with the Go one on g, and
// with budgets when budgets is set.
func checkAsmSearch(t *testing.T, name string, g Grid, limit int, budgets bool) {
	t.Helper()
	want := solveAsmGo(g, limit)
	var got Result
	got.Count, got.Guesses, got.Nodes = asmSolve(&g, limit, 1<<30, &got.Solution)
	if got != want {
		t.Fatalf("%s: the assembly search of %s, limit %d: count %d, guesses %d, nodes %d, solution %s; searchAsm: %d, %d, %d, %s",
			name, g, limit, got.Count, got.Guesses, got.Nodes, got.Solution, want.Count, want.Guesses, want.Nodes, want.Solution)
	}
	if n, _, _ := asmSolve(&g, limit, 1<<30, nil); n != want.Count {
		t.Fatalf("%s: the assembly search of %s, limit %d, without the solution: count %d, want %d", name, g, limit, n, want.Count)
	}
	if !budgets || want.Nodes == 0 { // no node: the givens contradict
		return
	}
	for _, budget := range []int{want.Nodes - 1, want.Nodes} {
		var sol Grid
		n, _, _ := asmSolve(&g, limit, budget, &sol)
		if spent := budget < want.Nodes; spent != (n < 0) || !spent && n != want.Count {
			t.Fatalf("%s: the assembly search of %s, limit %d, budget %d (%d nodes needed): count %d", name, g, limit, budget, want.Nodes, n)
		}
	}
}

// forEachAsmBody runs test in a subtest for each body of the assembly
// port this processor has (avx512, avx2), with asmAVX2Body set to select
// it, and skips the bodies it lacks.
func forEachAsmBody(t *testing.T, test func(t *testing.T)) {
	for _, body := range []struct {
		name      string
		avx2      bool
		supported func() bool
	}{
		{"avx512", false, asmAVX512Supported},
		{"avx2", true, asmAVX2Supported},
	} {
		t.Run(body.name, func(t *testing.T) {
			if !body.supported() {
				t.Skipf("no %s body of the assembly port on this processor", body.name)
			}
			saved := asmAVX2Body
			asmAVX2Body = body.avx2
			defer func() { asmAVX2Body = saved }()
			test(t)
		})
	}
}
