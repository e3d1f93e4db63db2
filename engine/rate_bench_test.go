package engine

import (
	"testing"

	"github.com/sudokuhq/sudoku/internal/dataset"
)

// BenchmarkRate rates every puzzle of each calibration file once per
// iteration batch and reports puzzles/s on one core (run with -cpu 1).
func BenchmarkRate(b *testing.B) {
	for _, name := range []string{dataset.CalibKrazyDad, dataset.CalibCoach, dataset.Top1465} {
		b.Run(name, func(b *testing.B) {
			ps := dataset.LoadPuzzles(b, name, 0)
			gs := make([]Grid, len(ps))
			for i, p := range ps {
				gs[i] = MustParse(p)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; b.Loop(); i++ {
				if _, err := Rate(gs[i%len(gs)]); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}

// BenchmarkRateSolveShare measures Solve alone on the same puzzles, to show
// how much of Rate's time is the uniqueness check.
func BenchmarkRateSolveShare(b *testing.B) {
	ps := dataset.LoadPuzzles(b, dataset.CalibKrazyDad, 0)
	gs := make([]Grid, len(ps))
	for i, p := range ps {
		gs[i] = MustParse(p)
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		Solve(gs[i%len(gs)])
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}
