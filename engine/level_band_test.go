package engine

import (
	"context"
	"fmt"
	"testing"
)

// TestLevelTechniqueBands checks Level's technique rule on a model whose
// fitted medium–hard cut lies inside tier 1 (the cuts before the rule:
// 1.63, 1.87, 4.94): a singles-only score (below HardFloor) is never Hard.
func TestLevelTechniqueBands(t *testing.T) {
	m := DefaultModel()
	m.Cuts = [3]float64{1.63, 1.87, 4.94}
	low := DefaultModel()
	low.Cuts = [3]float64{1.2, 1.5, 1.8} // every cut below HardFloor
	tests := []struct {
		name  string
		model ScoreModel
		score float64
		want  Level
	}{
		{"easy", m, 1.5, Easy},
		{"medium", m, 1.7, Medium},
		{"singles-only above the fitted cut", m, 1.89, Medium},
		{"just below the floor", m, 1.9999, Medium},
		{"tier 2", m, HardFloor, Hard},
		{"tier 4", m, 4.5, Hard},
		{"evil", m, 4.94, Evil},
		{"low cuts: singles-only", low, 1.9, Medium},
		{"low cuts: tier 2 is evil", low, 2.1, Evil},
		{"low cuts: easy", low, 1.1, Easy},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.model.Level(tt.score); got != tt.want {
				t.Errorf("Level(%v) with cuts %v = %v, want %v", tt.score, tt.model.Cuts, got, tt.want)
			}
		})
	}
}

// TestDefaultCutsAreTechniqueTrue checks that the committed model needs no
// correction: its medium–hard cut is HardFloor itself, so the cuts it prints
// are the ones Level applies.
func TestDefaultCutsAreTechniqueTrue(t *testing.T) {
	m := DefaultModel()
	if m.LevelCuts() != m.Cuts || m.Cuts[1] != HardFloor {
		t.Errorf("DefaultModel().Cuts = %v, LevelCuts() = %v; want Cuts[1] = %v and no correction", m.Cuts, m.LevelCuts(), HardFloor)
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
	bands := map[Level][2]int{Easy: {1, 1}, Medium: {1, 1}, Hard: {2, 4}, Evil: {4, MaxTier}}
	for _, l := range levels {
		t.Run(l.String(), func(t *testing.T) {
			for i := range bandSeeds() {
				opt := GenerateOptions{Level: l, Seed: SplitSeed(0x1e7e1+uint64(l), uint64(i))}
				p, err := Generate(context.Background(), opt)
				if err != nil {
					t.Fatalf("Generate(%+v) = %v", opt, err)
				}
				r, err := Rate(p.Puzzle)
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

// ExampleScoreModel_Level shows the level rule: a singles-only score is
// never Hard, whatever the cuts.
func ExampleScoreModel_Level() {
	m := DefaultModel()
	m.Cuts = [3]float64{1.63, 1.87, 4.94}
	fmt.Println(m.LevelCuts(), m.Level(1.9), m.Level(2.1))
	// Output: [1.63 2 4.94] medium hard
}
