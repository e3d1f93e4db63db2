package generate

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/cputime"
)

// BenchmarkPoolFresh measures the pool's hand-off of a fresh request to a
// worker and back: the same fixed work (spins iterations of arithmetic;
// about 0.1 ms at 1e5) called inline and through Pool.Fresh, cpu-ns/op
// the process's CPU per request. Their difference is what the hand-off
// costs (wake-ups, a woken idle processor's spinning, the job's
// allocations); run with -cpu 1,2 to see what an idle processor adds:
//
//	go test ./engine/generate -run '^$' -bench PoolFresh -cpu 1,2
func BenchmarkPoolFresh(b *testing.B) {
	for _, spins := range []int{0, 1e5} {
		var sink uint64
		gen := func(_ context.Context, o Options) (Puzzle, error) {
			x := o.Seed
			for range spins {
				x = x*6364136223846793005 + 1442695040888963407
			}
			sink += x & 1
			return Puzzle{Level: o.Level, Seed: o.Seed, Fresh: true}, nil
		}
		for _, via := range []string{"inline", "pool"} {
			b.Run(via+"/spins="+strconv.Itoa(spins), func(b *testing.B) {
				ctx := context.Background()
				fresh := func() error {
					_, err := gen(ctx, Options{Level: rating.Medium, Seed: 1})
					return err
				}
				if via == "pool" {
					p := NewPool(PoolConfig{Options: Options{Rater: rating.DefaultRater()}, Workers: 1, BufferSize: 1, Seed: 1, Generate: gen})
					defer p.Close()
					for p.Depth(rating.Evil) < 1 { // the background refills done
						time.Sleep(time.Millisecond)
					}
					fresh = func() error {
						_, err := p.Fresh(ctx, rating.Medium)
						return err
					}
				}
				b.ReportAllocs()
				cpu0, n := cputime.Process(), 0
				for b.Loop() {
					if err := fresh(); err != nil {
						b.Fatal(err)
					}
					n++
				}
				b.ReportMetric(float64(cputime.Process()-cpu0)/float64(n), "cpu-ns/op")
			})
		}
	}
}
