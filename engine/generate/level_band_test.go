package generate

import (
	"context"
	"fmt"
	"testing"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// TestLevelTechniqueBands checks the committed model's levels at the
// technique boundary, and TechniqueTrue: the cuts before the technique rule
// (1.63, 1.87, 4.94) put singles-only scores in [1.87, 2) at Hard.
func TestLevelTechniqueBands(t *testing.T) {
	m := rating.DefaultModel()
	old := rating.DefaultModel()
	old.Cuts = [3]float64{1.63, 1.87, 4.94}
	tests := []struct {
		name  string
		model rating.ScoreModel
		score float64
		want  rating.Level
	}{
		{"easy", m, 1.5, rating.Easy},
		{"medium", m, 1.7, rating.Medium},
		{"singles-only above the old cut", m, 1.89, rating.Medium},
		{"just below the floor", m, 1.9999, rating.Medium},
		{"tier 2", m, rating.HardFloor, rating.Hard},
		{"tier 4", m, 4.5, rating.Hard},
		{"evil", m, 4.94, rating.Evil},
		{"old cuts: singles-only hard", old, 1.89, rating.Hard},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.model.Level(tt.score); got != tt.want {
				t.Errorf("Level(%v) with cuts %v = %v, want %v", tt.score, tt.model.Cuts, got, tt.want)
			}
		})
	}
	if !m.TechniqueTrue() || old.TechniqueTrue() {
		t.Errorf("TechniqueTrue() = %v for the committed cuts %v and %v for %v, want true and false", m.TechniqueTrue(), m.Cuts, old.TechniqueTrue(), old.Cuts)
	}
}

// TestDefaultCutsAreTechniqueTrue checks that the committed model's
// medium–hard cut is HardFloor itself: the highest singles-only score is
// medium, the lowest tier-2 score hard.
func TestDefaultCutsAreTechniqueTrue(t *testing.T) {
	if m := rating.DefaultModel(); m.Cuts[1] != rating.HardFloor {
		t.Errorf("DefaultModel().Cuts = %v, want Cuts[1] = %v", m.Cuts, rating.HardFloor)
	}
}

// bandSeeds is the number of seeds per level of TestGeneratedLevelBands
// (fewer with -short). The 1,000-puzzle table of docs/rating.md is made by
// sudoku generate and sudoku rate.
func bandSeeds() int {
	if testing.Short() {
		return 10
	}
	return 60
}

// TestGeneratedLevelBands checks the technique band of every level on
// generated puzzles (fixed seeds), two ways: the rater's path (hardest
// tier) and the singles-only solver, independent of the rater (a Hard or
// Evil puzzle must stall it). Easy and Medium need singles only under the
// committed model (Cuts[1] = HardFloor); Hard needs tiers 2–4 (its cut at
// 4.94 lies inside tier 4); Evil needs tier 4 or more.
func TestGeneratedLevelBands(t *testing.T) {
	bands := map[rating.Level][2]int{rating.Easy: {1, 1}, rating.Medium: {1, 1}, rating.Hard: {2, 4}, rating.Evil: {4, rating.MaxTier}}
	for _, l := range levels {
		t.Run(l.String(), func(t *testing.T) {
			for i := range bandSeeds() {
				opt := Options{Rater: rating.DefaultRater(), Level: l, Seed: SplitSeed(0x1e7e1+uint64(l), uint64(i))}
				p, err := Generate(context.Background(), opt)
				if err != nil {
					t.Fatalf("Generate(%+v) = %v", opt, err)
				}
				r, err := rating.Rate(p.Puzzle)
				if err != nil {
					t.Fatalf("Rate(%v) = %v", p.Puzzle, err)
				}
				b := bands[l]
				if r.Level != l || r.HardestTier < b[0] || r.HardestTier > b[1] {
					t.Errorf("Generate(%+v) = %v: level %v, hardest %s (tier %d), want %v with tiers %d..%d",
						opt, p.Puzzle, r.Level, r.Hardest, r.HardestTier, l, b[0], b[1])
				}
				if stall := !SolvesBySingles(p.Puzzle); stall != (b[0] > 1) {
					t.Errorf("Generate(%+v) = %v: singles-only solver stalls %v, want %v", opt, p.Puzzle, stall, b[0] > 1)
				}
				lo, hi := scoreBand(&defaultModel, l)
				if r.Score < lo || r.Score >= hi {
					t.Errorf("Generate(%+v) = %v: score %v outside %v's band [%v, %v)", opt, p.Puzzle, r.Score, l, lo, hi)
				}
			}
		})
	}
}

// ExampleScoreModel_Level shows the committed model's levels on either
// side of the technique boundary: a singles-only score is at most medium.
func ExampleScoreModel_Level() {
	m := rating.DefaultModel()
	fmt.Println(m.TechniqueTrue(), m.Level(1.95), m.Level(rating.HardFloor))
	// Output: true medium hard
}
