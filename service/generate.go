package service

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/sudokuhq/sudoku/engine"
)

// GenerateRequest says which puzzles Generate returns.
type GenerateRequest struct {
	// Level is the level of every puzzle.
	Level engine.Level
	// Count is the number of puzzles, 1 to MaxBatch (0 means 1).
	Count int
	// Seed, when set, makes the answer reproducible: the i-th puzzle is
	// engine.Generate with seed *Seed+i, on every replica.
	Seed *uint64
	// Symmetry is the pattern the givens keep; other than engine.None it
	// generates on demand, like Seed.
	Symmetry engine.Symmetry
	// Fresh asks for newly generated puzzles: no variants, no waiting
	// beyond the generation deadline.
	Fresh bool
}

// Generate returns req.Count puzzles of req.Level.
//
// By default a puzzle comes from the pool's ready buffer at once; when the
// buffer is empty, or more than Config.FreshRate puzzles of the level went
// out this second, it is an isomorphic variant of a recent puzzle of the
// level (Fresh false, same rating), so that bursts never wait and never
// turn into unbounded generation work; only a pool that has made no puzzle
// of the level yet makes the request wait for one.
// Fresh, Seed and Symmetry generate on the pool's workers instead. Waits
// end at the generation deadline (context.DeadlineExceeded) or ctx's end;
// a pool with too many waiting requests answers engine.ErrOverloaded.
func (s *Service) Generate(ctx context.Context, req GenerateRequest) ([]engine.Puzzle, error) {
	if s.pool == nil {
		return nil, ErrNotReady
	}
	if err := req.Level.Check(); err != nil {
		return nil, err
	}
	n := max(req.Count, 1)
	if n > MaxBatch {
		return nil, &BatchError{Count: n}
	}
	// The deadline applies from the first wait on; the buffered and
	// variant paths never wait and skip the timer's cost.
	var deadline time.Time
	wait := func() (context.Context, context.CancelFunc) {
		if deadline.IsZero() {
			deadline = time.Now().Add(s.cfg.GenerateTimeout)
		}
		return context.WithDeadline(ctx, deadline)
	}
	out := make([]engine.Puzzle, 0, n)
	for i := range n {
		pz, err := s.generateOne(ctx, wait, req, uint64(i))
		if err != nil {
			return nil, err
		}
		s.hooks.Served(req.Level, pz.Fresh)
		out = append(out, pz)
	}
	return out, nil
}

// generateOne makes the i-th puzzle of req; wait returns the context of
// any wait, bounded by the generation deadline.
func (s *Service) generateOne(ctx context.Context, wait func() (context.Context, context.CancelFunc), req GenerateRequest, i uint64) (engine.Puzzle, error) {
	switch {
	case req.Seed != nil || req.Symmetry != engine.None:
		seed := rand.Uint64()
		if req.Seed != nil {
			seed = *req.Seed + i
		}
		ctx, cancel := wait()
		defer cancel()
		return s.pool.Generate(ctx, engine.GenerateOptions{Level: req.Level, Seed: seed, Symmetry: req.Symmetry})
	case req.Fresh:
		ctx, cancel := wait()
		defer cancel()
		return s.pool.Fresh(ctx, req.Level)
	}
	if s.fresh.take(req.Level, time.Now()) {
		if pz, ok := s.pool.TryGet(req.Level); ok {
			return pz, nil
		}
		s.fresh.refund(req.Level)
	}
	if pz, ok := s.pool.Variant(req.Level, rand.Uint64()); ok {
		return pz, nil
	}
	ctx, cancel := wait() // cold pool: wait for the first one
	defer cancel()
	return s.pool.Get(ctx, req.Level)
}

// BatchError reports a count outside 1..MaxBatch.
type BatchError struct{ Count int }

func (e *BatchError) Error() string {
	return fmt.Sprintf("count %d is out of range: want 1 to %d", e.Count, MaxBatch)
}

// Kind returns engine.KindInvalid.
func (e *BatchError) Kind() engine.Kind { return engine.KindInvalid }

// Parameter returns "count", the input at fault.
func (e *BatchError) Parameter() string { return "count" }
