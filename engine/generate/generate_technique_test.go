package generate

import (
	"context"
	"errors"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// TestGenerateTechnique checks Options.Technique: the puzzle's
// hardest technique is the one asked for, at the level asked for (or any),
// for techniques the generator finds within a few grids.
func TestGenerateTechnique(t *testing.T) {
	tests := []struct {
		name string
		opt  Options
	}{
		{"hidden-single, any level", Options{Rater: rating.DefaultRater(), Technique: "hidden-single", Seed: 1}},
		{"claiming, hard", Options{Rater: rating.DefaultRater(), Level: rating.Hard, Technique: "claiming", Seed: 2}},
		{"xy-wing", Options{Rater: rating.DefaultRater(), Technique: "xy-wing", Seed: 3}},
		{"turbot-fish, score window", Options{Rater: rating.DefaultRater(), Technique: "turbot-fish", MinScore: 4, MaxScore: 4.9, Seed: 4}},
		{"wxyz-wing, evil", Options{Rater: rating.DefaultRater(), Level: rating.Evil, Technique: "wxyz-wing", Seed: 5}},
		{"aic", Options{Rater: rating.DefaultRater(), Technique: "aic", Seed: 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Generate(context.Background(), tt.opt)
			if err != nil {
				t.Fatalf("Generate(%+v) = %v", tt.opt, err)
			}
			r, err := rating.Rate(p.Puzzle)
			if err != nil {
				t.Fatalf("Rate(%v) = %v", p.Puzzle, err)
			}
			if r.Hardest != tt.opt.Technique || p.Rating.Hardest != r.Hardest {
				t.Errorf("Generate(%+v) = %v, hardest %q (rated again %q), want %q", tt.opt, p.Puzzle, p.Rating.Hardest, r.Hardest, tt.opt.Technique)
			}
			if tt.opt.Level != 0 && r.Level != tt.opt.Level {
				t.Errorf("Generate(%+v) = %v at level %v, want %v", tt.opt, p.Puzzle, r.Level, tt.opt.Level)
			}
			if p.Level != r.Level || r.Level.Check() != nil {
				t.Errorf("Generate(%+v): level %v, rated %v", tt.opt, p.Level, r.Level)
			}
			if tt.opt.MaxScore != 0 && (r.Score < tt.opt.MinScore || r.Score > tt.opt.MaxScore) {
				t.Errorf("Generate(%+v): score %v outside [%v, %v]", tt.opt, r.Score, tt.opt.MinScore, tt.opt.MaxScore)
			}
		})
	}
}

// TestGenerateTechniqueErrors checks that Validate tells an unknown
// technique (KindInvalid) from a combination no puzzle meets
// (KindInfeasible), without generating.
func TestGenerateTechniqueErrors(t *testing.T) {
	tests := []struct {
		name string
		opt  Options
		kind engine.Kind
	}{
		{"unknown", Options{Rater: rating.DefaultRater(), Technique: "x-wings"}, engine.KindInvalid},
		{"tier 3 at easy", Options{Rater: rating.DefaultRater(), Level: rating.Easy, Technique: "x-wing"}, engine.KindInfeasible},
		{"singles at hard", Options{Rater: rating.DefaultRater(), Level: rating.Hard, Technique: "hidden-single"}, engine.KindInfeasible},
		{"chain at hard", Options{Rater: rating.DefaultRater(), Level: rating.Hard, Technique: "x-chain"}, engine.KindInfeasible},
		{"chain below its scores", Options{Rater: rating.DefaultRater(), Technique: "aic", MaxScore: 5.5}, engine.KindInfeasible},
		{"tier 2 above its scores", Options{Rater: rating.DefaultRater(), Technique: "pointing", MinScore: 3}, engine.KindInfeasible},
		{"below MinTier", Options{Rater: rating.DefaultRater(), Technique: "pointing", MinTier: 3}, engine.KindInfeasible},
		{"score window outside the level", Options{Rater: rating.DefaultRater(), Level: rating.Easy, MinScore: 3}, engine.KindInfeasible},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.opt.Validate()
			var oe *OptionsError
			if !errors.As(err, &oe) || engine.KindOf(err) != tt.kind {
				t.Errorf("Validate(%+v) = %v (kind %v), want an *OptionsError of kind %v", tt.opt, err, engine.KindOf(err), tt.kind)
			}
		})
	}
}
