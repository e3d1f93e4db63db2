package generate

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/cputime"
)

// BenchmarkGenerate measures on-demand generation per level on one
// goroutine: puzzles/s, the p50 and p99 latency of one Generate call, the
// completed grids drawn per puzzle (attempts) and the givens. Puzzle i of
// a run uses seed i, so runs of equal b.N make the same puzzles.
//
//	go test ./engine/generate -run '^$' -bench 'Generate/' -benchtime 200x -cpu 1
func BenchmarkGenerate(b *testing.B) { benchGenerate(b, None) }

// BenchmarkGenerateRotational is BenchmarkGenerate with half-turn
// symmetry, the symmetry of the puzzles of the day.
func BenchmarkGenerateRotational(b *testing.B) { benchGenerate(b, Rotational180) }

func benchGenerate(b *testing.B, sym Symmetry) {
	for _, l := range append([]rating.Level{0}, levels[:]...) {
		name := l.String()
		if l == 0 {
			name = "any"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			lat := make([]time.Duration, 0, b.N)
			cpuLat := make([]time.Duration, 0, b.N)
			attempts, givens := 0, 0
			ctx := context.Background()
			b.ResetTimer()
			cpu0 := cputime.Process()
			for i := range b.N {
				t0, c0 := time.Now(), cputime.Process()
				p, err := Generate(ctx, Options{Rater: rating.DefaultRater(), Level: l, Seed: uint64(i), Symmetry: sym})
				lat = append(lat, time.Since(t0))
				cpuLat = append(cpuLat, cputime.Process()-c0)
				if err != nil {
					b.Fatal(err)
				}
				attempts += p.Attempts
				givens += p.Puzzle.Givens()
			}
			cpu := cputime.Process() - cpu0
			b.StopTimer()
			reportLatency(b, lat)
			if cpu > 0 {
				// Process CPU time (GC included): steadier than wall time
				// when other work shares the machine. Run with -cpu 1.
				b.ReportMetric(float64(b.N)/cpu.Seconds(), "puzzles/cpu-s")
				slices.Sort(cpuLat)
				b.ReportMetric(float64(cpuLat[len(cpuLat)/2])/1e6, "cpu-p50-ms")
				b.ReportMetric(float64(cpuLat[min(len(cpuLat)-1, len(cpuLat)*99/100)])/1e6, "cpu-p99-ms")
			}
			b.ReportMetric(float64(attempts)/float64(b.N), "attempts/puzzle")
			b.ReportMetric(float64(givens)/float64(b.N), "givens/puzzle")
		})
	}
}

// reportLatency reports puzzles/s and the p50 and p99 latencies in ms.
func reportLatency(b *testing.B, lat []time.Duration) {
	slices.Sort(lat)
	var total time.Duration
	for _, d := range lat {
		total += d
	}
	q := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))]) / 1e6
	}
	b.ReportMetric(float64(len(lat))/total.Seconds(), "puzzles/s")
	b.ReportMetric(q(0.50), "p50-ms")
	b.ReportMetric(q(0.99), "p99-ms")
}

// BenchmarkCompletedGrid measures drawing a random solved grid.
func BenchmarkCompletedGrid(b *testing.B) {
	b.ReportAllocs()
	rng := rand.New(rand.NewPCG(1, 2))
	for b.Loop() {
		CompletedGrid(rng)
	}
}

// BenchmarkPoolGet measures taking a ready puzzle from a warm pool: the
// latency of a request that finds its buffer filled. The pool is refilled
// between rounds, outside the timer.
func BenchmarkPoolGet(b *testing.B) {
	p := NewPool(PoolConfig{Options: Options{Rater: rating.DefaultRater()}, Workers: 1, BufferSize: 64, Seed: 1})
	defer p.Close()
	ctx := context.Background()
	lat := make([]time.Duration, 0, b.N)
	for n := 0; n < b.N; {
		b.StopTimer()
		for p.Depth(rating.Easy) < 64 {
			time.Sleep(time.Millisecond)
		}
		b.StartTimer()
		for k := 0; k < 32 && n < b.N; k, n = k+1, n+1 {
			t0 := time.Now()
			if _, err := p.Get(ctx, rating.Easy); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(t0))
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds())/1e3, "p50-µs")
	b.ReportMetric(float64(lat[min(len(lat)-1, len(lat)*99/100)].Nanoseconds())/1e3, "p99-µs")
}

// BenchmarkVariant measures Puzzle.VariantOf, the service's answer to bursts.
func BenchmarkVariant(b *testing.B) {
	p, err := Generate(context.Background(), Options{Rater: rating.DefaultRater(), Level: rating.Hard, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var s uint64
	for b.Loop() {
		s++
		p.VariantOf(s)
	}
}

// BenchmarkCompletedGridScratch is BenchmarkCompletedGrid the way
// Generate draws its grids: on a scratch's source, which lets the fill ask
// the solver once per attempt instead of at every position. The grids are
// BenchmarkCompletedGrid's.
func BenchmarkCompletedGridScratch(b *testing.B) {
	b.ReportAllocs()
	sc := scratchPool.Get().(*genScratch)
	defer scratchPool.Put(sc)
	sc.pcg.Seed(1, 2)
	for b.Loop() {
		completedGrid(sc.rng, &sc.pcg, &sc.kept)
	}
}
