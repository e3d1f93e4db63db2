package rating_test

import (
	"context"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// TestDynamicSoundOnSample replays, step by step against the solution,
// every puzzle of magictour's top 1465 whose rating needs a VWXYZ-wing or
// a dynamic forcing chain or net (the first 12 with -short or -race), and generated
// "evil" puzzles: no true candidate removed, no wrong digit placed.
func TestDynamicSoundOnSample(t *testing.T) {
	limit, evil := 1<<30, 20
	if testing.Short() || rating.RaceEnabled {
		limit, evil = 12, 3 // the first 12 such puzzles
	}
	var ps []string
	n := 0
	for _, p := range datasettest.LoadPuzzles(t, dataset.Top1465, 0) {
		if n == limit {
			break
		}
		r, err := rating.Rate(engine.MustParse(p))
		if err != nil {
			t.Fatalf("rating.Rate(%s): %v", p, err)
		}
		if r.Counts.Of("dynamic-forcing-chain")+r.Counts.Of("dynamic-forcing-net")+r.Counts.Of("vwxyz-wing") > 0 {
			ps = append(ps, p)
			n++
		}
	}
	for seed := range evil {
		pz, err := generate.Generate(context.Background(), generate.Options{Rater: rating.DefaultRater(), Level: rating.Evil, Seed: uint64(seed + 1)})
		if err != nil {
			t.Fatalf("generate.Generate(evil, seed %d): %v", seed+1, err)
		}
		ps = append(ps, pz.Puzzle.String())
	}
	seen := map[string]int{}
	for _, p := range ps {
		rating.ReplayExplain(t, p, seen)
	}
	if seen["dynamic-forcing-chain"] == 0 || seen["vwxyz-wing"] == 0 {
		t.Fatalf("no dynamic forcing chain on %d puzzles: %v", len(ps), seen)
	}
	t.Logf("%d magictour puzzles need a VWXYZ-wing or dynamic forcing, %d replayed with %d generated evil ones; steps: %v", n, len(ps)-evil, evil, seen)
}
