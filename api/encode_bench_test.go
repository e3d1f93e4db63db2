package api

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/cputime"
)

// BenchmarkEncode measures encode alone on the answers of the hot routes:
// /solve, /generate (one puzzle, and a batch of 100) and the probes. Set
// beside BenchmarkHandlers' CPU per request it gives the share of an
// endpoint's server CPU that answer encoding costs (BENCHMARKS.md, "JSON").
// cpu-ns/op is the process's CPU time per encode, the measure to trust on
// a shared machine:
//
//	go test -run '^$' -bench 'Encode|Handlers' -benchmem ./api
func BenchmarkEncode(b *testing.B) {
	p := engine.MustParse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	sol := engine.Solve(p).Solution
	pz := generate.Puzzle{Puzzle: p, Solution: sol, Level: rating.Evil, Score: 6.4213, Seed: 18446744073709551615, Fresh: false, Variant: 1234567890123}
	pz.Rating.Hardest = "trial"
	batch := batchJSON{Puzzles: make([]puzzleJSON, 100)}
	for i := range batch.Puzzles {
		batch.Puzzles[i] = newPuzzleJSON(pz, true)
	}
	cases := []struct {
		name string
		v    any
	}{
		{"healthz", statusResponse{Status: "ok"}},
		{"solve", solveResponse{Puzzle: p.String(), Solution: sol.String(), Unique: true, Exhaustive: true, Solutions: 1, Algorithm: "fast", Guesses: 12, Nodes: 25}},
		{"generate", newPuzzleJSON(pz, true)},
		{"generate-batch-100", batch},
	}
	req := httptest.NewRequest("GET", "/", nil)
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			n, cpu0 := 0, cputime.Process()
			for b.Loop() {
				rec := httptest.NewRecorder()
				encode(rec, req, http.StatusOK, "", c.v)
				n++
			}
			b.ReportMetric(float64(cputime.Process()-cpu0)/float64(n), "cpu-ns/op")
		})
	}
}
