package service

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

func TestGenerateSources(t *testing.T) {
	seed, maxSeed, lastPair := uint64(40), uint64(math.MaxUint64), uint64(math.MaxUint64-1)
	tests := []struct {
		name      string
		pool      *fakePool
		req       GenerateRequest
		wantFresh []bool
		wantSeeds []uint64
		wantErr   error
	}{
		{"buffered", &fakePool{depth: map[rating.Level]int{rating.Easy: 2}},
			GenerateRequest{Level: rating.Easy, Count: 2}, []bool{true, true}, []uint64{1, 1}, nil},
		{"buffer runs dry: variants of what went out", &fakePool{depth: map[rating.Level]int{rating.Easy: 1}},
			GenerateRequest{Level: rating.Easy, Count: 3}, []bool{true, false, false}, []uint64{1, 1, 1}, nil},
		{"cold pool waits", &fakePool{},
			GenerateRequest{Level: rating.Hard, Count: 1}, []bool{true}, []uint64{2}, nil},
		{"cold pool past the deadline", &fakePool{block: true},
			GenerateRequest{Level: rating.Hard, Count: 1}, nil, nil, context.DeadlineExceeded},
		{"fresh skips buffer and variants", &fakePool{depth: map[rating.Level]int{rating.Evil: 5}},
			GenerateRequest{Level: rating.Evil, Count: 1, Fresh: true}, []bool{true}, []uint64{3}, nil},
		{"fresh past the deadline", &fakePool{block: true},
			GenerateRequest{Level: rating.Evil, Count: 1, Fresh: true}, nil, nil, context.DeadlineExceeded},
		{"seeded batch counts up", &fakePool{depth: map[rating.Level]int{rating.Medium: 5}},
			GenerateRequest{Level: rating.Medium, Count: 3, Seed: &seed}, []bool{true, true, true}, []uint64{40, 41, 42}, nil},
		{"level 0", &fakePool{}, GenerateRequest{Count: 1}, nil, nil, &rating.UnknownLevelError{}},
		{"count 0", &fakePool{}, GenerateRequest{Level: rating.Easy}, nil, nil, &BatchError{}},
		{"batch too large", &fakePool{}, GenerateRequest{Level: rating.Easy, Count: MaxBatch + 1}, nil, nil, &BatchError{}},
		{"seeds past 2^64-1", &fakePool{}, GenerateRequest{Level: rating.Easy, Count: 2, Seed: &maxSeed}, nil, nil, &SeedError{}},
		{"last seed", &fakePool{depth: map[rating.Level]int{rating.Easy: 5}},
			GenerateRequest{Level: rating.Easy, Count: 2, Seed: &lastPair}, []bool{true, true}, []uint64{math.MaxUint64 - 1, math.MaxUint64}, nil},
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
	case *rating.UnknownLevelError:
		return "level"
	case *BatchError:
		return "batch"
	case *SeedError:
		return "seed"
	}
	return err.Error()
}

func TestGenerateSymmetryGoesToTheWorkers(t *testing.T) {
	pool := &fakePool{depth: map[rating.Level]int{rating.Hard: 5}}
	s := New(Config{}, Deps{Pool: pool})
	if _, err := s.Generate(context.Background(), GenerateRequest{Level: rating.Hard, Count: 1, Symmetry: generate.Mirror}); err != nil {
		t.Fatal(err)
	}
	if len(pool.generated) != 1 || pool.generated[0].Symmetry != generate.Mirror || pool.generated[0].Level != rating.Hard {
		t.Errorf("generated %+v, want one hard mirror generation", pool.generated)
	}
}

func TestGenerateWithoutPool(t *testing.T) {
	s := New(Config{}, Deps{})
	if _, err := s.Generate(context.Background(), GenerateRequest{Level: rating.Easy, Count: 1}); !errors.Is(err, ErrNotReady) {
		t.Errorf("Generate without a pool = %v, want ErrNotReady", err)
	}
	if s.Ready() != true {
		t.Error("a service without a pool is not waiting on one: Ready should be true")
	}
}

func TestGenerateFreshRate(t *testing.T) {
	pool := &fakePool{depth: map[rating.Level]int{rating.Easy: 5, rating.Hard: 5}}
	s := New(Config{FreshRate: 1, FreshBurst: 2}, Deps{Pool: pool})
	got, err := s.Generate(context.Background(), GenerateRequest{Level: rating.Easy, Count: 4})
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
	if pool.Depth(rating.Easy) != 3 {
		t.Errorf("easy buffer holds %d, want 3 (two taken)", pool.Depth(rating.Easy))
	}
	// Levels have budgets of their own.
	if got, _ := s.Generate(context.Background(), GenerateRequest{Level: rating.Hard, Count: 1}); !got[0].Fresh {
		t.Error("hard puzzle after easy ones spent their budget is a variant, want fresh")
	}
	unlimited := New(Config{FreshRate: -1}, Deps{Pool: &fakePool{depth: map[rating.Level]int{rating.Easy: 50}}})
	got, _ = unlimited.Generate(context.Background(), GenerateRequest{Level: rating.Easy, Count: 50})
	for i, p := range got {
		if !p.Fresh {
			t.Fatalf("no limit: puzzle %d is a variant", i)
		}
	}
}

// TestGenerateVariantsOnlyOfThePoolsPuzzles: a puzzle made with a caller's
// own options (a seed, a symmetry, the puzzle of the day) never comes back
// as a variant, which anyone may receive; buffered and fresh ones do.
func TestGenerateVariantsOnlyOfThePoolsPuzzles(t *testing.T) {
	pool := &fakePool{}
	s := New(Config{FreshRate: -1}, Deps{Pool: pool, Store: &fakeStore{}})
	seed := uint64(0xda11)
	if _, err := s.Generate(context.Background(), GenerateRequest{Level: rating.Evil, Count: 3, Seed: &seed}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Daily(context.Background(), FirstDaily, rating.Evil); err != nil {
		t.Fatal(err)
	}
	if _, ok := s.supply.variant(rating.Evil, 1); ok {
		t.Fatalf("a variant exists after seeded and daily puzzles only")
	}
	if _, err := s.Generate(context.Background(), GenerateRequest{Level: rating.Evil, Count: 1, Fresh: true}); err != nil {
		t.Fatal(err)
	}
	for v := range uint64(16) {
		pz, ok := s.supply.variant(rating.Evil, v)
		if !ok || pz.Fresh || pz.Seed != 3 {
			t.Fatalf("variant(evil, %d) = %+v, %v: want a variant of the fresh puzzle (seed 3)", v, pz, ok)
		}
	}
}

// TestReadyLatches: the service turns ready once every level has had a
// buffered puzzle (or one went out), and stays ready when the buffers run
// dry under load.
func TestReadyLatches(t *testing.T) {
	pool := &fakePool{depth: map[rating.Level]int{rating.Easy: 1, rating.Medium: 1, rating.Hard: 1}}
	s := New(Config{}, Deps{Pool: pool})
	if s.Ready() {
		t.Fatal("ready with no evil puzzle anywhere")
	}
	pool.mu.Lock()
	pool.depth[rating.Evil] = 1
	pool.mu.Unlock()
	if !s.Ready() {
		t.Fatal("not ready with a puzzle of every level buffered")
	}
	for _, l := range rating.Levels() { // drain every buffer
		if _, err := s.Generate(context.Background(), GenerateRequest{Level: l, Count: 1}); err != nil {
			t.Fatal(err)
		}
	}
	if pool.Depth(rating.Evil) != 0 || !s.Ready() {
		t.Errorf("after the buffers ran dry (evil depth %d): Ready() = %v, want true", pool.Depth(rating.Evil), s.Ready())
	}
}

// TestGenerateConcurrent: many requests at once share the supply (its
// recent puzzles, the fresh budget) without a race (run with -race), and
// each gets its count.
func TestGenerateConcurrent(t *testing.T) {
	pool := &fakePool{depth: map[rating.Level]int{rating.Easy: 20, rating.Evil: 20}}
	s := New(Config{FreshRate: 5}, Deps{Pool: pool})
	var wg sync.WaitGroup
	errs := make(chan error, 32)
	for i := range 32 {
		wg.Go(func() {
			l := rating.Easy
			if i%2 == 1 {
				l = rating.Evil
			}
			got, err := s.Generate(context.Background(), GenerateRequest{Level: l, Count: 5})
			if err == nil && len(got) != 5 {
				err = fmt.Errorf("%d puzzles, want 5", len(got))
			}
			if err != nil {
				errs <- err
			}
			_ = s.Ready()
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
