package engine

import (
	"testing"

	"github.com/sudokuhq/sudoku/internal/cputime"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// benchSets are the data sets the solver benchmarks run on, easiest first.
var benchSets = []struct{ name, file string }{
	{"17clue", dataset.Clue17},
	{"unbiased", dataset.Unbiased1000},
	{"krazydad", dataset.CalibKrazyDad},
	{"top1465", dataset.Top1465},
	{"top95", dataset.NorvigTop95},
	{"hardest1106", dataset.Hardest1106},
	{"hardest1905_11plus", dataset.Hardest1905},
	{"serg", dataset.Serg},
}

// benchSolvers are the solvers measured side by side: the fast one behind
// Solve, the archsimd port of tdoku's solver and its assembly port on its
// AVX-512 and its AVX2 body (each skipped where the build or the
// processor has none) and the Norvig-style baseline.
var benchSolvers = []struct {
	name      string
	solve     func(Grid, int) Result
	supported func() bool // nil: in every build, on every processor
	avx2      bool        // the assembly port's AVX2 body (asmAVX2Body)
}{
	{"fast", solveFast, nil, false},
	{"simd", solveSIMD, simdSupported, false},
	{"avx512", solveAsm, asmAVX512Supported, false},
	{"avx2", solveAsm, asmAVX2Supported, true},
	{"propagate", solvePropagate, nil, false},
}

// BenchmarkSolve solves the puzzles of each data set in turn, each with the
// uniqueness check (limit 2), one puzzle per operation. It reports
// puzzles/s, the process's CPU time per puzzle (cpu-ns/op: on a shared
// machine wall time overstates the cost) and guesses/puzzle (averaged over
// the puzzles solved).
//
//	go test -run '^$' -bench 'Solve/' -benchtime 3s ./engine
func BenchmarkSolve(b *testing.B) {
	for _, set := range benchSets {
		grids := loadGrids(b, set.file)
		for _, sv := range benchSolvers {
			b.Run(set.name+"/"+sv.name, func(b *testing.B) {
				if sv.name == "propagate" && testing.Short() {
					b.Skip("baseline skipped in -short mode")
				}
				if sv.supported != nil && !sv.supported() {
					b.Skipf("no %s solver in this build or on this processor", sv.name)
				}
				saved := asmAVX2Body
				asmAVX2Body = sv.avx2
				defer func() { asmAVX2Body = saved }()
				b.ReportAllocs()
				guesses, n := 0, 0
				cpu0 := cputime.Process()
				for b.Loop() {
					guesses += sv.solve(grids[n%len(grids)], 2).Guesses
					n++
				}
				b.ReportMetric(float64(cputime.Process()-cpu0)/float64(n), "cpu-ns/op")
				b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "puzzles/s")
				b.ReportMetric(float64(guesses)/float64(n), "guesses/puzzle")
			})
		}
	}
}

func loadGrids(tb testing.TB, file string) []Grid {
	tb.Helper()
	puzzles := datasettest.LoadPuzzles(tb, file, 0)
	grids := make([]Grid, len(puzzles))
	for i, p := range puzzles {
		grids[i] = MustParse(p)
	}
	return grids
}
