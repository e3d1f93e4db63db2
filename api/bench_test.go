package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/cputime"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
	"github.com/sudokuhq/sudoku/service"
	"github.com/sudokuhq/sudoku/store"
)

// BenchmarkHandlers measures the whole router in process (no network):
// middleware, decoding, the use-case and encoding, per endpoint, against
// /healthz as the framework's floor. Besides wall time it reports cpu-ns/op,
// the process's CPU time (user+system) per request, which stays meaningful
// on a shared, loaded machine (it includes the pool's refills and the GC).
// Run:
//
//	go test -run '^$' -bench Handlers -benchmem ./api
func BenchmarkHandlers(b *testing.B) {
	puzzles := datasettest.LoadPuzzles(b, dataset.Top1465, 0)
	pool := generate.NewPool(generate.PoolConfig{Options: generate.Options{Rater: rating.DefaultRater()}, Workers: 1})
	b.Cleanup(pool.Close)
	for deadline := time.Now().Add(time.Minute); !pool.Ready() && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	svc := service.New(service.Config{}, service.Deps{Pool: pool, Store: store.NewMemory()})
	h := NewServer(zap.NewNop(), newTestMetrics(), svc, Config{CORSOrigins: []string{"*"}})
	body := func(i int) string { return `{"puzzle":"` + puzzles[i%len(puzzles)] + `"}` }
	cases := []struct {
		name string
		req  func(i int) *http.Request
	}{
		{"healthz", func(int) *http.Request { return httptest.NewRequest("GET", "/healthz", nil) }},
		{"solve", func(i int) *http.Request {
			r := httptest.NewRequest("POST", "/solve", strings.NewReader(body(i)))
			r.Header.Set("Content-Type", "application/json")
			return r
		}},
		{"generate-evil", func(int) *http.Request { return httptest.NewRequest("GET", "/generate?level=evil", nil) }},
		{"generate-batch-100", func(int) *http.Request { return httptest.NewRequest("GET", "/generate?level=easy&count=100", nil) }},
		{"rate", func(i int) *http.Request {
			r := httptest.NewRequest("POST", "/rate", strings.NewReader(body(i)))
			r.Header.Set("Content-Type", "application/json")
			return r
		}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			cpu0 := cputime.Process()
			for b.Loop() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, c.req(i))
				if rec.Code != 200 {
					b.Fatalf("%s = %d %s", c.name, rec.Code, rec.Body)
				}
				i++
			}
			b.ReportMetric(float64(cputime.Process()-cpu0)/float64(i), "cpu-ns/op")
		})
	}
}

// BenchmarkFreshOverhead measures what a fresh=true request costs around
// its puzzle: the whole router (middleware, parameters, the service's
// supply, the hand-off to a pool worker and back, the token, JSON) with a
// generator that returns a ready puzzle at once, so that cpu-ns/op and
// allocs/op are the request's own (docs/scaling.md, "The request's own
// CPU"). Run:
//
//	go test -run '^$' -bench FreshOverhead -benchmem ./api
func BenchmarkFreshOverhead(b *testing.B) {
	ready, err := generate.Generate(b.Context(), generate.Options{Rater: rating.DefaultRater(), Level: rating.Medium, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	gen := func(_ context.Context, o generate.Options) (generate.Puzzle, error) {
		p := ready
		p.Seed = o.Seed
		return p, nil
	}
	pool := generate.NewPool(generate.PoolConfig{Options: generate.Options{Rater: rating.DefaultRater()}, Workers: 1, Generate: gen})
	b.Cleanup(pool.Close)
	svc := service.New(service.Config{}, service.Deps{Pool: pool, Store: store.NewMemory()})
	h := NewServer(zap.NewNop(), newTestMetrics(), svc, Config{CORSOrigins: []string{"*"}})
	b.ReportAllocs()
	cpu0 := cputime.Process()
	n := 0
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/generate?level=medium&fresh=true", nil))
		if rec.Code != 200 {
			b.Fatalf("fresh medium = %d %s", rec.Code, rec.Body)
		}
		n++
	}
	b.ReportMetric(float64(cputime.Process()-cpu0)/float64(n), "cpu-ns/op")
}
