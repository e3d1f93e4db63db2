package service

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
)

func TestGenerateSources(t *testing.T) {
	seed := uint64(40)
	tests := []struct {
		name      string
		pool      *fakePool
		req       GenerateRequest
		wantFresh []bool
		wantSeeds []uint64
		wantErr   error
	}{
		{"buffered", &fakePool{depth: map[engine.Level]int{engine.Easy: 2}, recent: true},
			GenerateRequest{Level: engine.Easy, Count: 2}, []bool{true, true}, []uint64{1, 1}, nil},
		{"buffer runs dry: variants", &fakePool{depth: map[engine.Level]int{engine.Easy: 1}, recent: true},
			GenerateRequest{Level: engine.Easy, Count: 3}, []bool{true, false, false}, []uint64{1, 4, 4}, nil},
		{"cold pool waits", &fakePool{},
			GenerateRequest{Level: engine.Hard}, []bool{true}, []uint64{2}, nil},
		{"cold pool past the deadline", &fakePool{block: true},
			GenerateRequest{Level: engine.Hard}, nil, nil, context.DeadlineExceeded},
		{"fresh skips buffer and variants", &fakePool{depth: map[engine.Level]int{engine.Evil: 5}, recent: true},
			GenerateRequest{Level: engine.Evil, Fresh: true}, []bool{true}, []uint64{3}, nil},
		{"fresh past the deadline", &fakePool{block: true},
			GenerateRequest{Level: engine.Evil, Fresh: true}, nil, nil, context.DeadlineExceeded},
		{"seeded batch counts up", &fakePool{depth: map[engine.Level]int{engine.Medium: 5}},
			GenerateRequest{Level: engine.Medium, Count: 3, Seed: &seed}, []bool{true, true, true}, []uint64{40, 41, 42}, nil},
		{"level 0", &fakePool{}, GenerateRequest{}, nil, nil, &engine.UnknownLevelError{}},
		{"batch too large", &fakePool{}, GenerateRequest{Level: engine.Easy, Count: MaxBatch + 1}, nil, nil, &BatchError{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hooks := &countHooks{}
			s := New(Config{GenerateTimeout: 20 * time.Millisecond}, Deps{Pool: tt.pool, Hooks: hooks})
			got, err := s.Generate(context.Background(), tt.req)
			if tt.wantErr != nil {
				if err == nil || (!errors.Is(err, tt.wantErr) && errors.Unwrap(err) == nil && typeName(err) != typeName(tt.wantErr)) {
					t.Fatalf("Generate(%+v) = %v, want %v", tt.req, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("Generate(%+v) = %v", tt.req, err)
			}
			if len(got) != len(tt.wantFresh) {
				t.Fatalf("Generate(%+v) gave %d puzzles, want %d", tt.req, len(got), len(tt.wantFresh))
			}
			variants := 0
			for i, p := range got {
				if p.Fresh != tt.wantFresh[i] || p.Seed != tt.wantSeeds[i] || p.Level != tt.req.Level {
					t.Errorf("puzzle %d = fresh %v seed %d level %v, want %v %d %v", i, p.Fresh, p.Seed, p.Level, tt.wantFresh[i], tt.wantSeeds[i], tt.req.Level)
				}
				if !p.Fresh {
					variants++
				}
			}
			if hooks.served[false] != variants || hooks.served[true] != len(got)-variants {
				t.Errorf("Served hooks = %v, want %d fresh and %d variants", hooks.served, len(got)-variants, variants)
			}
			if variants > 0 && tt.pool.gets > 0 {
				t.Errorf("Generate called Get %d times while variants were at hand: a buffered take must not wait (TryGet)", tt.pool.gets)
			}
		})
	}
}

func typeName(err error) string {
	switch err.(type) {
	case *engine.UnknownLevelError:
		return "level"
	case *BatchError:
		return "batch"
	}
	return err.Error()
}

func TestGenerateSymmetryGoesToTheWorkers(t *testing.T) {
	pool := &fakePool{depth: map[engine.Level]int{engine.Hard: 5}, recent: true}
	s := New(Config{}, Deps{Pool: pool})
	if _, err := s.Generate(context.Background(), GenerateRequest{Level: engine.Hard, Symmetry: engine.Mirror}); err != nil {
		t.Fatal(err)
	}
	if len(pool.generated) != 1 || pool.generated[0].Symmetry != engine.Mirror || pool.generated[0].Level != engine.Hard {
		t.Errorf("generated %+v, want one hard mirror generation", pool.generated)
	}
}

func TestGenerateWithoutPool(t *testing.T) {
	s := New(Config{}, Deps{})
	if _, err := s.Generate(context.Background(), GenerateRequest{Level: engine.Easy}); !errors.Is(err, ErrNotReady) {
		t.Errorf("Generate without a pool = %v, want ErrNotReady", err)
	}
	if s.Ready() != true {
		t.Error("a service without a pool is not waiting on one: Ready should be true")
	}
}

func TestGenerateFreshRate(t *testing.T) {
	pool := &fakePool{depth: map[engine.Level]int{engine.Easy: 5, engine.Hard: 5}, recent: true}
	s := New(Config{FreshRate: 1, FreshBurst: 2}, Deps{Pool: pool})
	got, err := s.Generate(context.Background(), GenerateRequest{Level: engine.Easy, Count: 4})
	if err != nil {
		t.Fatal(err)
	}
	var fresh []bool
	for _, p := range got {
		fresh = append(fresh, p.Fresh)
	}
	if want := []bool{true, true, false, false}; !slices.Equal(fresh, want) {
		t.Errorf("4 puzzles with a burst of 2: fresh = %v, want %v", fresh, want)
	}
	if pool.Depth(engine.Easy) != 3 {
		t.Errorf("easy buffer holds %d, want 3 (two taken)", pool.Depth(engine.Easy))
	}
	// Levels have budgets of their own.
	if got, _ := s.Generate(context.Background(), GenerateRequest{Level: engine.Hard}); !got[0].Fresh {
		t.Error("hard puzzle after easy ones spent their budget is a variant, want fresh")
	}
	unlimited := New(Config{FreshRate: -1}, Deps{Pool: &fakePool{depth: map[engine.Level]int{engine.Easy: 50}}})
	got, _ = unlimited.Generate(context.Background(), GenerateRequest{Level: engine.Easy, Count: 50})
	for i, p := range got {
		if !p.Fresh {
			t.Fatalf("no limit: puzzle %d is a variant", i)
		}
	}
}
