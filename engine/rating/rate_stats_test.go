package rating

import (
	"math"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
)

// TestOpenSingles checks the everyday-end statistics of the observer on
// hand-computed sequences of singles rounds: (empty cells, open
// placements) per round.
func TestOpenSingles(t *testing.T) {
	tests := []struct {
		name       string
		rounds     [][2]int // {empty cells, open placements}
		openMin    int
		bottleneck int
		share      float64 // mean of open / empty
		scan       float64 // Σ over rounds, Σ_{j=k..1} (e+1)/(j+1), e falling
	}{
		{"one wide round", [][2]int{{3, 3}}, 3, 0, 1, 4.0/4 + 3.0/3 + 2.0/2},
		{"a bottleneck, then the rest", [][2]int{{3, 1}, {2, 2}}, 1, 1, (1.0/3 + 1) / 2, 4.0/2 + (3.0/3 + 2.0/2)},
		{"narrowing", [][2]int{{10, 4}, {6, 2}, {4, 4}}, 2, 0, (0.4 + 2.0/6 + 1) / 3,
			(11.0/5 + 10.0/4 + 9.0/3 + 8.0/2) + (7.0/3 + 6.0/2) + (5.0/5 + 4.0/4 + 3.0/3 + 2.0/2)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rt Rating
			ps := pathObserver{rt: &rt}
			for _, r := range tt.rounds {
				ps.empty = r[0]
				ps.singlesRounds++
				ps.openSingles(r[1])
			}
			share := ps.openShare / float64(ps.singlesRounds)
			if rt.Path.OpenMin != tt.openMin || rt.Path.Bottlenecks != tt.bottleneck ||
				math.Abs(share-tt.share) > 1e-12 || math.Abs(rt.Path.ScanEffort-tt.scan) > 1e-12 {
				t.Errorf("OpenMin %d, Bottlenecks %d, share %v, ScanEffort %v; want %d, %d, %v, %v",
					rt.Path.OpenMin, rt.Path.Bottlenecks, share, rt.Path.ScanEffort, tt.openMin, tt.bottleneck, tt.share, tt.scan)
			}
		})
	}
}

// TestOpenSinglesOnPuzzle checks the statistics on a rated puzzle: a
// singles-only puzzle opens at least one placement per round, fills every
// empty cell, so its ScanEffort is at least one cell per empty cell, and
// a puzzle with no singles round has none of them.
func TestOpenSinglesOnPuzzle(t *testing.T) {
	g, err := engine.Parse("158....27..78254..2..371.....51..8.38..4.26.5.64.87.....3....62.7..14.3.6.1.9..5.")
	if err != nil {
		t.Fatal(err)
	}
	rt, err := Rate(g)
	if err != nil {
		t.Fatal(err)
	}
	empty := 81 - rt.Givens
	if rt.HardestTier != 1 || rt.Path.OpenMin < 1 || rt.Path.OpenShare <= 0 || rt.Path.OpenShare > 1 || rt.Path.ScanEffort < float64(empty) {
		t.Errorf("tier %d, OpenMin %d, OpenShare %v, ScanEffort %v (empty cells %d)", rt.HardestTier, rt.Path.OpenMin, rt.Path.OpenShare, rt.Path.ScanEffort, empty)
	}
	sol, err := engine.UniqueSolution(g)
	if err != nil {
		t.Fatal(err)
	}
	solved, err := Rate(sol)
	if err != nil {
		t.Fatal(err)
	}
	if solved.Path.OpenMin != 0 || solved.Path.OpenShare != 0 || solved.Path.ScanEffort != 0 {
		t.Errorf("solved grid: OpenMin %d, OpenShare %v, ScanEffort %v, want zeros", solved.Path.OpenMin, solved.Path.OpenShare, solved.Path.ScanEffort)
	}
}
