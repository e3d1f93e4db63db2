package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
)

// batchRetry is how long an admitted batch or stream waits before it asks
// a full pool again: a generation takes milliseconds to seconds, so the
// pool has room again within a few retries, which cost nothing meanwhile.
const batchRetry = 10 * time.Millisecond

// admit takes slot, the one place of a generating batch or a stream (what
// names which, for the error), without waiting: when it is taken, the
// answer is engine.ErrOverloaded at once. release gives the place back.
func admit(slot chan struct{}, what string) (release func(), err error) {
	select {
	case slot <- struct{}{}:
		return func() { <-slot }, nil
	default:
		return nil, fmt.Errorf("another %s of generated puzzles is being made (one at a time, so that single requests keep flowing): %w", what, engine.ErrOverloaded)
	}
}

// oneWaiting is one for a request admitted as a unit (a generating batch
// or a stream): while the pool answers engine.ErrOverloaded it waits
// batchRetry and asks again, until ctx ends (ctx.Err()).
func (s *supply) oneWaiting(ctx context.Context, req GenerateRequest, i uint64) (generate.Puzzle, error) {
	for {
		pz, err := s.one(ctx, req, i)
		if !errors.Is(err, engine.ErrOverloaded) {
			return pz, err
		}
		select {
		case <-ctx.Done():
			return generate.Puzzle{}, ctx.Err()
		case <-time.After(batchRetry):
		}
	}
}
