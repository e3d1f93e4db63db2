package service

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

func TestGenerateStreamSeeded(t *testing.T) {
	pool := &fakePool{}
	hooks := &countHooks{}
	s := New(Config{}, Deps{Pool: pool, Hooks: hooks})
	seed := uint64(500)
	var got []uint64
	err := s.GenerateStream(t.Context(), GenerateRequest{Level: rating.Hard, Count: 250, Seed: &seed}, func(p generate.Puzzle) error {
		got = append(got, p.Seed)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 250 {
		t.Fatalf("stream emitted %d puzzles, want 250 (more than MaxBatch, %d)", len(got), MaxBatch)
	}
	for i, sd := range got {
		if sd != seed+uint64(i) {
			t.Fatalf("puzzle %d has seed %d, want %d: in order, seed+i", i, sd, seed+uint64(i))
		}
	}
	if hooks.served[true] != 250 {
		t.Errorf("served %v, want 250 fresh, one per puzzle", hooks.served)
	}
}

// TestGenerateStreamTargeted checks that a stream keeps its technique and
// takes no level: every puzzle is generated with the target.
func TestGenerateStreamTargeted(t *testing.T) {
	pool := &fakePool{}
	s := New(Config{}, Deps{Pool: pool})
	n := 0
	if err := s.GenerateStream(t.Context(), GenerateRequest{Count: 3, Technique: "xy-wing"}, func(generate.Puzzle) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 3 || len(pool.generated) != 3 {
		t.Fatalf("stream: %d emitted, %d generations; want 3, 3", n, len(pool.generated))
	}
	for i, opt := range pool.generated {
		if opt.Technique != "xy-wing" || opt.Level != 0 {
			t.Errorf("generation %d with %+v, want technique xy-wing at any level", i, opt)
		}
	}
}

func TestGenerateStreamFresh(t *testing.T) {
	pool := &fakePool{depth: map[rating.Level]int{rating.Easy: 100}}
	s := New(Config{}, Deps{Pool: pool})
	n := 0
	if err := s.GenerateStream(t.Context(), GenerateRequest{Level: rating.Easy, Count: 7}, func(generate.Puzzle) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	if n != 7 || pool.fresh != 7 || pool.tries != 0 {
		t.Errorf("stream: %d emitted, %d fresh generations, %d buffer takes; want 7, 7, 0 (never buffered puzzles or variants)", n, pool.fresh, pool.tries)
	}
}

func TestGenerateStreamErrors(t *testing.T) {
	seed := uint64(1<<64 - 5)
	tests := []struct {
		name string
		req  GenerateRequest
		want any
	}{
		{"count 0", GenerateRequest{Level: rating.Easy, Count: 0}, new(*StreamCountError)},
		{"count past MaxStream", GenerateRequest{Level: rating.Easy, Count: MaxStream + 1}, new(*StreamCountError)},
		{"seed wraps", GenerateRequest{Level: rating.Easy, Count: 10, Seed: &seed}, new(*SeedError)},
		{"unknown level", GenerateRequest{Level: 9, Count: 10}, new(*rating.UnknownLevelError)},
		{"impossible target", GenerateRequest{Level: rating.Easy, Count: 10, Technique: "x-wing"}, new(*TargetError)},
	}
	s := New(Config{}, Deps{Pool: &fakePool{}})
	for _, tt := range tests {
		err := s.GenerateStream(t.Context(), tt.req, func(generate.Puzzle) error { t.Errorf("%s: emitted a puzzle", tt.name); return nil })
		if !errors.As(err, tt.want) {
			t.Errorf("%s: GenerateStream = %v, want %T", tt.name, err, tt.want)
		}
	}
	if err := New(Config{}, Deps{}).GenerateStream(t.Context(), GenerateRequest{Level: rating.Easy, Count: 1}, nil); !errors.Is(err, ErrNotReady) {
		t.Errorf("GenerateStream without a pool = %v, want ErrNotReady", err)
	}
}

// TestGenerateStreamOneAtATime checks that a second stream is refused at
// once while one runs, and that the stream stops when its context ends
// or emit fails.
func TestGenerateStreamOneAtATime(t *testing.T) {
	pool := &gatedPool{gate: make(chan struct{})}
	s := New(Config{GenerateTimeout: 10 * time.Second}, Deps{Pool: pool})
	ctx, cancel := context.WithCancel(t.Context())
	var wg sync.WaitGroup
	var first error
	wg.Go(func() {
		first = s.GenerateStream(ctx, GenerateRequest{Level: rating.Evil, Count: 1000}, func(generate.Puzzle) error { return nil })
	})
	for pool.calls.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	if err := s.GenerateStream(t.Context(), GenerateRequest{Level: rating.Evil, Count: 2}, nil); !errors.Is(err, engine.ErrOverloaded) {
		t.Errorf("second stream = %v, want ErrOverloaded at once", err)
	}
	if _, err := s.Generate(t.Context(), GenerateRequest{Level: rating.Evil, Count: 1}); err != nil {
		t.Errorf("a single request while a stream runs = %v, want a puzzle", err)
	}
	cancel()
	wg.Wait()
	if !errors.Is(first, context.Canceled) {
		t.Errorf("stream whose context ended = %v, want context.Canceled", first)
	}
	calls := pool.calls.Load()
	if calls > 2 {
		t.Errorf("the cancelled stream made %d generations, want it stopped at the first", calls)
	}

	// emit's error stops the stream at once.
	close(pool.gate)
	stop := errors.New("client gone")
	n := 0
	err := s.GenerateStream(t.Context(), GenerateRequest{Level: rating.Evil, Count: 1000}, func(generate.Puzzle) error {
		n++
		if n == 3 {
			return stop
		}
		return nil
	})
	if !errors.Is(err, stop) || n != 3 {
		t.Errorf("stream whose emit failed at 3 = %v after %d, want %v after 3", err, n, stop)
	}
}
