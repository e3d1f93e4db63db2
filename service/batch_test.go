package service

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// gatedPool is a Pool whose generations wait for gate to close, and whose
// first overloads generations answer engine.ErrOverloaded, as a pool with
// its waiting requests full does.
type gatedPool struct {
	fakePool
	gate      chan struct{}
	calls     atomic.Int64
	overloads atomic.Int64
}

func (p *gatedPool) Fresh(ctx context.Context, l rating.Level) (generate.Puzzle, error) {
	p.calls.Add(1)
	if p.overloads.Add(-1) >= 0 {
		return generate.Puzzle{}, engine.ErrOverloaded
	}
	select {
	case <-p.gate:
		return puzzleOf(l, 3, true), nil
	case <-ctx.Done():
		return generate.Puzzle{}, ctx.Err()
	}
}

// TestBatchAdmittedAsOneUnit checks that a batch of generated puzzles is
// admitted before any work or refused at once, and that a second one
// waits its turn by a 503 while single requests keep reaching the pool.
func TestBatchAdmittedAsOneUnit(t *testing.T) {
	pool := &gatedPool{gate: make(chan struct{})}
	hooks := &countHooks{}
	s := New(Config{GenerateTimeout: 10 * time.Second}, Deps{Pool: pool, Hooks: hooks})
	ctx := t.Context()
	var (
		wg     sync.WaitGroup
		first  []generate.Puzzle
		errA   error
		single error
	)
	wg.Go(func() { first, errA = s.Generate(ctx, GenerateRequest{Level: rating.Evil, Count: 3, Fresh: true}) })
	for pool.calls.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	before := pool.calls.Load()
	if _, err := s.Generate(ctx, GenerateRequest{Level: rating.Evil, Count: 3, Fresh: true}); !errors.Is(err, engine.ErrOverloaded) {
		t.Errorf("second batch while one is generating = %v, want ErrOverloaded at once", err)
	}
	if pool.calls.Load() != before {
		t.Errorf("the refused batch made %d generations, want none", pool.calls.Load()-before)
	}
	wg.Go(func() { _, single = s.Generate(ctx, GenerateRequest{Level: rating.Evil, Count: 1, Fresh: true}) })
	for pool.calls.Load() == before {
		time.Sleep(time.Millisecond)
	}
	close(pool.gate)
	wg.Wait()
	if errA != nil || len(first) != 3 || single != nil {
		t.Errorf("admitted batch = %d puzzles, %v; single = %v; want 3 puzzles and no errors", len(first), errA, single)
	}
	if hooks.served[true] != 4 {
		t.Errorf("served %v, want 4 fresh", hooks.served)
	}
}

// TestBatchAllOrNothing checks that an admitted batch is not refused
// halfway when the pool is momentarily full: it waits for room, while a
// single request still fails fast; and a batch that fails serves nothing.
func TestBatchAllOrNothing(t *testing.T) {
	pool := &gatedPool{gate: make(chan struct{})}
	close(pool.gate)
	pool.overloads.Store(3)
	hooks := &countHooks{}
	s := New(Config{GenerateTimeout: 10 * time.Second}, Deps{Pool: pool, Hooks: hooks})
	got, err := s.Generate(t.Context(), GenerateRequest{Level: rating.Hard, Count: 5, Fresh: true})
	if err != nil || len(got) != 5 {
		t.Fatalf("batch with the pool full for 3 calls = %d puzzles, %v; want all 5", len(got), err)
	}
	pool.overloads.Store(1)
	if _, err := s.Generate(t.Context(), GenerateRequest{Level: rating.Hard, Count: 1, Fresh: true}); !errors.Is(err, engine.ErrOverloaded) {
		t.Errorf("single request with the pool full = %v, want ErrOverloaded at once", err)
	}

	blocked := &gatedPool{gate: make(chan struct{})}
	hooks = &countHooks{}
	s = New(Config{GenerateTimeout: 30 * time.Millisecond}, Deps{Pool: blocked, Hooks: hooks})
	if _, err := s.Generate(t.Context(), GenerateRequest{Level: rating.Hard, Count: 5, Fresh: true}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("batch past its deadline = %v, want DeadlineExceeded", err)
	}
	if len(hooks.served) != 0 {
		t.Errorf("a failed batch reported %v served, want none", hooks.served)
	}
}

// sleepyPool generates in d.
type sleepyPool struct {
	fakePool
	d     time.Duration
	calls atomic.Int64
}

func (p *sleepyPool) Fresh(ctx context.Context, l rating.Level) (generate.Puzzle, error) {
	p.calls.Add(1)
	time.Sleep(p.d)
	return puzzleOf(l, 3, true), nil
}

// TestBatchRefusedWhenItCannotFit checks that a generating batch whose
// puzzles, at the pace measured so far, cannot all be made within the
// generation deadline is refused before any work, naming count.
//
// The margins are wide so that a loaded machine cannot flip the answers:
// 100 puzzles of at least 10 ms never fit 500 ms, and 3 fit unless one
// generation takes over 160 ms.
func TestBatchRefusedWhenItCannotFit(t *testing.T) {
	pool := &sleepyPool{d: 10 * time.Millisecond}
	s := New(Config{GenerateTimeout: 500 * time.Millisecond}, Deps{Pool: pool})
	if _, err := s.Generate(t.Context(), GenerateRequest{Level: rating.Evil, Count: 1, Fresh: true}); err != nil {
		t.Fatal(err)
	}
	before := pool.calls.Load()
	_, err := s.Generate(t.Context(), GenerateRequest{Level: rating.Evil, Count: MaxBatch, Fresh: true})
	var be *BatchError
	if !errors.As(err, &be) || engine.KindOf(err) != engine.KindInvalid {
		t.Fatalf("%d fresh puzzles of 10 ms each against a 500 ms deadline = %v, want a *BatchError", MaxBatch, err)
	}
	if pool.calls.Load() != before {
		t.Errorf("the refused batch made %d generations, want none", pool.calls.Load()-before)
	}
	if got, err := s.Generate(t.Context(), GenerateRequest{Level: rating.Evil, Count: 3, Fresh: true}); err != nil || len(got) != 3 {
		t.Errorf("3 fresh puzzles of 10 ms against 500 ms = %d, %v; want them", len(got), err)
	}
}
