package engine

import (
	"fmt"
	"testing"

	"github.com/sudokuhq/sudoku/internal/cputime"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// hybridBudgets are the guess budgets BenchmarkHybridBudget sweeps.
var hybridBudgets = []int{0, 1, 2, 3, 4, 6, 8}

// countHybrid is the hybrid that issue 22 measured and dropped
// (docs/solver-log.md, "The hybrid, measured and dropped"): the band-word
// solver with a budget of guesses, and past it the SIMD port from
// scratch. It returns the count and whether the port ran.
func countHybrid(g Grid, limit, guesses int) (int, bool) {
	var st fastState
	if !st.init(&g) {
		return 0, false
	}
	sr := fastSearch{limit: limit, stopAt: guesses + 1}
	sr.search(st)
	if sr.gaveUp {
		return countSIMD(g, limit), true
	}
	return sr.count, false
}

// TestHybridCounts checks the hybrid of BenchmarkHybridBudget: it counts
// what the band-word solver counts, with every budget, and hands the
// puzzles that need more guesses than the budget to the port.
func TestHybridCounts(t *testing.T) {
	needSIMD(t)
	n := 300
	if testing.Short() {
		n = 50
	}
	for _, file := range []string{dataset.Clue17, dataset.Top1465, dataset.Serg} {
		for _, p := range datasettest.LoadPuzzles(t, file, n) {
			g := MustParse(p)
			want := solveFast(g, 2)
			for _, budget := range hybridBudgets {
				got, ported := countHybrid(g, 2, budget)
				if got != want.Count {
					t.Fatalf("countHybrid(%s, 2, %d) = %d, want %d", p, budget, got, want.Count)
				}
				if ported != (want.Guesses > budget) {
					t.Fatalf("countHybrid(%s, 2, %d) ran the port: %v, want %v (%d guesses)", p, budget, ported, !ported, want.Guesses)
				}
			}
		}
	}
}

// BenchmarkHybridBudget measures the hybrid for each budget beside the two
// solvers alone, counting to 2 as sudoku solve -count does, in CPU time
// per puzzle:
//
//	GOEXPERIMENT=simd go test -tags simdsolver -run '^$' -bench 'HybridBudget/(17clue|unbiased|top1465|hardest1106|hardest1905_11plus|serg)/' ./engine
func BenchmarkHybridBudget(b *testing.B) {
	if !simdSupported() {
		b.Skip("no SIMD solver in this build or on this processor")
	}
	for _, set := range benchSets {
		grids := loadGrids(b, set.file)
		run := func(name string, count func(Grid) int) {
			b.Run(set.name+"/"+name, func(b *testing.B) {
				n := 0
				cpu0 := cputime.Process()
				for b.Loop() {
					count(grids[n%len(grids)])
					n++
				}
				b.ReportMetric(float64(cputime.Process()-cpu0)/float64(n), "cpu-ns/op")
			})
		}
		run("fast", func(g Grid) int { return countFast(g, 2) })
		run("simd", func(g Grid) int { return countSIMD(g, 2) })
		for _, budget := range hybridBudgets {
			run(fmt.Sprintf("budget%d", budget), func(g Grid) int { c, _ := countHybrid(g, 2, budget); return c })
		}
	}
}
