package service

import (
	"context"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// Pool is the part of the engine's generation worker pool the service
// uses; *generate.Pool satisfies it. The pool only produces puzzles; the
// service's supply decides which one a request gets. Levels passed to it
// are valid (the service checks them first). See generate.Pool for the
// contract of each method.
type Pool interface {
	// Get returns a buffered puzzle, or waits for the next one made.
	Get(ctx context.Context, level rating.Level) (generate.Puzzle, error)
	// TryGet takes a buffered puzzle without waiting; false when the
	// buffer is empty.
	TryGet(level rating.Level) (generate.Puzzle, bool)
	// Fresh generates a puzzle with the pool's own options for this request.
	Fresh(ctx context.Context, level rating.Level) (generate.Puzzle, error)
	// Generate runs the generator with the given options on a worker.
	Generate(ctx context.Context, opt generate.Options) (generate.Puzzle, error)
	// Depth returns the number of buffered puzzles of the level.
	Depth(level rating.Level) int
}

// InlinePool is a Pool without workers or buffers: Generate runs the
// generator in the caller's goroutine, and the buffered supply answers
// ErrNotReady. It serves tools that only make puzzles of the day (the
// command line's schedule, tests), where a pool's background filling would
// be wasted work.
type InlinePool struct{}

// Get answers ErrNotReady: there is no buffer.
func (InlinePool) Get(context.Context, rating.Level) (generate.Puzzle, error) {
	return generate.Puzzle{}, ErrNotReady
}

// TryGet reports false: there is no buffer.
func (InlinePool) TryGet(rating.Level) (generate.Puzzle, bool) { return generate.Puzzle{}, false }

// Fresh answers ErrNotReady: there is no buffer to refill.
func (InlinePool) Fresh(context.Context, rating.Level) (generate.Puzzle, error) {
	return generate.Puzzle{}, ErrNotReady
}

// Generate runs generate.Generate with opt in the caller's goroutine.
func (InlinePool) Generate(ctx context.Context, opt generate.Options) (generate.Puzzle, error) {
	return generate.Generate(ctx, opt)
}

// Depth is always 0.
func (InlinePool) Depth(rating.Level) int { return 0 }
