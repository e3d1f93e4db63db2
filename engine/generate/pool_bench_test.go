package generate

import (
	"context"
	"strconv"
	"sync"
	"sync/atomic"
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
		for _, via := range []string{"inline", "pool", "pool-2callers"} {
			b.Run(via+"/spins="+strconv.Itoa(spins), func(b *testing.B) {
				ctx := context.Background()
				fresh := func() error {
					_, err := gen(ctx, Options{Level: rating.Medium, Seed: 1})
					return err
				}
				if via != "inline" {
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
				if via == "pool-2callers" {
					// Two callers on one worker: a request always waits,
					// as in sudokud under load (two clients per worker).
					var left atomic.Int64
					left.Store(int64(b.N))
					var wg sync.WaitGroup
					b.ResetTimer()
					for range 2 {
						wg.Go(func() {
							for left.Add(-1) >= 0 {
								if err := fresh(); err != nil {
									b.Error(err)
									return
								}
							}
						})
					}
					wg.Wait()
					b.ReportMetric(float64(cputime.Process()-cpu0)/float64(b.N), "cpu-ns/op")
					return
				}
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
