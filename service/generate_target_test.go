package service

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// TestGenerateTargeted checks requests with a score window or a technique:
// generated on demand with those options (level optional), refused before
// any work when the combination is impossible (KindInfeasible) or the
// technique unknown (KindInvalid), and ErrTooCostly when the generator
// gives up.
func TestGenerateTargeted(t *testing.T) {
	seed := uint64(7)
	tests := []struct {
		name     string
		pool     *fakePool
		req      GenerateRequest
		wantKind engine.Kind // 0: success
		wantGen  int         // generations asked of the pool
	}{
		{"technique, any level", &fakePool{}, GenerateRequest{Count: 1, Technique: "xy-wing"}, 0, 1},
		{"score window at a level, seeded batch", &fakePool{}, GenerateRequest{Level: rating.Hard, Count: 2, Seed: &seed, MinScore: 2.5, MaxScore: 3.5}, 0, 2},
		{"impossible: x-wing at easy", &fakePool{}, GenerateRequest{Level: rating.Easy, Count: 1, Technique: "x-wing"}, engine.KindInfeasible, 0},
		{"impossible: window outside the level", &fakePool{}, GenerateRequest{Level: rating.Easy, Count: 1, MinScore: 5}, engine.KindInfeasible, 0},
		{"unknown technique", &fakePool{}, GenerateRequest{Count: 1, Technique: "x-wings"}, engine.KindInvalid, 0},
		{"too costly", &fakePool{genErr: generate.ErrGenerationFailed}, GenerateRequest{Count: 1, Technique: "jellyfish"}, KindTooCostly, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := New(Config{GenerateTimeout: time.Second}, Deps{Pool: tt.pool})
			got, err := s.Generate(context.Background(), tt.req)
			if len(tt.pool.generated) != tt.wantGen {
				t.Errorf("Generate(%+v) asked the pool for %d puzzles, want %d", tt.req, len(tt.pool.generated), tt.wantGen)
			}
			if tt.wantKind != 0 {
				if engine.KindOf(err) != tt.wantKind {
					t.Fatalf("Generate(%+v) = %v (kind %v), want kind %v", tt.req, err, engine.KindOf(err), tt.wantKind)
				}
				if tt.wantKind == KindTooCostly && !errors.Is(err, ErrTooCostly) {
					t.Errorf("Generate(%+v) = %v, want ErrTooCostly", tt.req, err)
				}
				return
			}
			if err != nil || len(got) != tt.req.Count {
				t.Fatalf("Generate(%+v) = %d puzzles, %v", tt.req, len(got), err)
			}
			for i, opt := range tt.pool.generated {
				if opt.Technique != tt.req.Technique || opt.MinScore != tt.req.MinScore || opt.MaxScore != tt.req.MaxScore || opt.Level != tt.req.Level {
					t.Errorf("pool generation %d with %+v, want the request's target %+v", i, opt, tt.req)
				}
				if tt.req.Seed != nil && opt.Seed != *tt.req.Seed+uint64(i) {
					t.Errorf("pool generation %d with seed %d, want %d", i, opt.Seed, *tt.req.Seed+uint64(i))
				}
			}
		})
	}
}

// TestTargetErrorParameter checks that a refused target names its query
// parameter.
func TestTargetErrorParameter(t *testing.T) {
	tests := []struct {
		req  GenerateRequest
		want string
	}{
		{GenerateRequest{Count: 1, Technique: "nope"}, "technique"},
		{GenerateRequest{Level: rating.Easy, Count: 1, Technique: "x-wing"}, "technique"},
		{GenerateRequest{Level: rating.Easy, Count: 1, MinScore: 5}, "min_score"},
	}
	for _, tt := range tests {
		err := tt.req.check(rating.DefaultRater())
		var te *TargetError
		if !errors.As(err, &te) || te.Parameter() != tt.want {
			t.Errorf("check(%+v) = %v, want a *TargetError naming %q", tt.req, err, tt.want)
		}
	}
}
