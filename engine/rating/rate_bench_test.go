package rating

import (
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/cputime"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// BenchmarkRate rates the puzzles of each file in turn and reports
// puzzles per wall second and per CPU second (user+sys of the process; run
// with -cpu 1): on a shared machine the CPU rate is the per-core speed.
func BenchmarkRate(b *testing.B) {
	for _, name := range []string{dataset.CalibKrazyDad, dataset.CalibCoach, dataset.Top1465} {
		b.Run(name, func(b *testing.B) {
			ps := datasettest.LoadPuzzles(b, name, 0)
			gs := make([]engine.Grid, len(ps))
			for i, p := range ps {
				gs[i] = engine.MustParse(p)
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cputime.Process()
			for i := 0; b.Loop(); i++ {
				if _, err := Rate(gs[i%len(gs)]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
			if cpu := cputime.Process() - cpu0; cpu > 0 {
				b.ReportMetric(float64(b.N)/cpu.Seconds(), "puzzles/cpu-s")
			}
		})
	}
}

// BenchmarkRateSolveShare measures Solve alone on the same puzzles, to show
// how much of Rate's time is the uniqueness check.
func BenchmarkRateSolveShare(b *testing.B) {
	ps := datasettest.LoadPuzzles(b, dataset.CalibKrazyDad, 0)
	gs := make([]engine.Grid, len(ps))
	for i, p := range ps {
		gs[i] = engine.MustParse(p)
	}
	b.ResetTimer()
	cpu0 := cputime.Process()
	for i := 0; b.Loop(); i++ {
		engine.Solve(gs[i%len(gs)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
	if cpu := cputime.Process() - cpu0; cpu > 0 {
		b.ReportMetric(float64(b.N)/cpu.Seconds(), "puzzles/cpu-s")
	}
}
