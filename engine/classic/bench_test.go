package classic

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sudokuhq/sudoku/engine"

	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// benchSample is the size of each benchmark sample: Parnell, Freeze and Smith
// compared their solvers on 25 puzzles per level. Run with -benchtime=25x to
// solve each puzzle of a sample exactly once.
const benchSample = 25

// BenchmarkAlgorithms solves benchSample puzzles of each level with each
// algorithm through the registry (default budgets, randomized algorithms seeded
// from the puzzle), one puzzle per op. Besides time it reports what Parnell,
// Freeze and Smith judged their solvers on: work per puzzle (nodes placed,
// attempts or swaps, budget included when it ran out) and coverage, the share of
// puzzles solved within budget.
func BenchmarkAlgorithms(b *testing.B) {
	all := []string{"fast", "propagate", "backtrack", "dfs", "annealing", "brute", "naive"}
	sets := []struct {
		name, file, label string
		algs              []string
	}{
		{"easy", dataset.CalibKrazyDad, "1-easy", all},
		{"medium", dataset.CalibKrazyDad, "4-challenging", all},
		{"hard", dataset.CalibKrazyDad, "7-insane", all},
		{"top1465", dataset.Top1465, "", []string{"fast", "propagate", "backtrack", "dfs", "annealing"}},
	}
	for _, set := range sets {
		gs := sample(b, set.file, set.label, benchSample)
		for _, name := range set.algs {
			a, ok := registry().Lookup(name)
			if !ok {
				b.Fatalf("no algorithm %q", name)
			}
			b.Run(set.name+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				ctx := context.Background()
				solved, work, restarts := 0, 0, 0
				i := 0
				for b.Loop() {
					g := gs[i%len(gs)]
					i++
					res, err := a.Solve(ctx, g, 1)
					switch {
					case err == nil && res.Count == 1:
						solved++
					case err != nil && !errors.Is(err, engine.ErrBudgetExceeded):
						b.Fatalf("%s.Solve(%s) error = %v", name, g, err)
					}
					switch name {
					case "brute", "naive":
						work += res.Guesses
					case "annealing":
						work += res.Nodes
						restarts += res.Guesses - 1
					default:
						work += res.Nodes
					}
				}
				n := float64(i)
				b.ReportMetric(n/b.Elapsed().Seconds(), "puzzles/s")
				b.ReportMetric(100*float64(solved)/n, "%solved")
				switch name {
				case "brute", "naive":
					b.ReportMetric(float64(work)/n, "attempts/op")
				case "annealing":
					b.ReportMetric(float64(work)/n, "swaps/op")
					b.ReportMetric(float64(restarts)/n, "restarts/op")
				default:
					b.ReportMetric(float64(work)/n, "nodes/op")
				}
			})
		}
	}
}

// BenchmarkBruteForceExample repeats Parnell, Freeze and Smith's variance
// experiment: one puzzle solved 100 times (seeds 1..100) by naive and by
// optimized brute force, reporting the mean, least and most attempts. The
// paper's puzzle is not given; this uses the krazydad 1-easy puzzle with the
// most givens. Run with -benchtime=1x: one op is the 100 runs.
func BenchmarkBruteForceExample(b *testing.B) {
	var g engine.Grid
	for _, r := range datasettest.Load(b, dataset.CalibKrazyDad, 0) {
		if h := engine.MustParse(r.Puzzle()); r.Field(1) == "1-easy" && h.Givens() > g.Givens() {
			g = h
		}
	}
	type solver func(context.Context, engine.Grid, *rand.Rand, int) (engine.Result, error)
	for _, tt := range []struct {
		name  string
		solve solver
	}{{"naive", SolveNaive}, {"brute", SolveBrute}} {
		b.Run(tt.name, func(b *testing.B) {
			const runs = 100
			for b.Loop() {
				sum, least, most, solved := 0, math.MaxInt, 0, 0
				for seed := range uint64(runs) {
					res, err := tt.solve(context.Background(), g, rand.New(rand.NewPCG(seed+1, 0)), 0)
					if err == nil && res.Count == 1 {
						solved++
					} else if !errors.Is(err, engine.ErrBudgetExceeded) {
						b.Fatalf("%s(%s) = %+v, %v", tt.name, g, res, err)
					}
					sum += res.Guesses
					least, most = min(least, res.Guesses), max(most, res.Guesses)
				}
				b.ReportMetric(float64(sum)/runs, "mean-attempts")
				b.ReportMetric(float64(least), "min-attempts")
				b.ReportMetric(float64(most), "max-attempts")
				b.ReportMetric(100*float64(solved)/runs, "%solved")
			}
		})
	}
}
