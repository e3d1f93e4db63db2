package service

import (
	"context"

	"github.com/sudokuhq/sudoku/engine"
)

// Pool is the part of the engine's generation worker pool the service
// uses; *engine.Pool satisfies it. The pool only produces puzzles; the
// service's supply decides which one a request gets. Levels passed to it
// are valid (the service checks them first). See engine.Pool for the
// contract of each method.
type Pool interface {
	// Get returns a buffered puzzle, or waits for the next one made.
	Get(ctx context.Context, level engine.Level) (engine.Puzzle, error)
	// TryGet takes a buffered puzzle without waiting; false when the
	// buffer is empty.
	TryGet(level engine.Level) (engine.Puzzle, bool)
	// Fresh generates a puzzle with the pool's own options for this request.
	Fresh(ctx context.Context, level engine.Level) (engine.Puzzle, error)
	// Generate runs the generator with the given options on a worker.
	Generate(ctx context.Context, opt engine.GenerateOptions) (engine.Puzzle, error)
	// Depth returns the number of buffered puzzles of the level.
	Depth(level engine.Level) int
}

// InlinePool is a Pool without workers or buffers: Generate runs the
// generator in the caller's goroutine, and the buffered supply answers
// ErrNotReady. It serves tools that only make puzzles of the day (the
// command line's schedule, tests), where a pool's background filling would
// be wasted work.
type InlinePool struct{}

// Get answers ErrNotReady: there is no buffer.
func (InlinePool) Get(context.Context, engine.Level) (engine.Puzzle, error) {
	return engine.Puzzle{}, ErrNotReady
}

// TryGet reports false: there is no buffer.
func (InlinePool) TryGet(engine.Level) (engine.Puzzle, bool) { return engine.Puzzle{}, false }

// Fresh answers ErrNotReady: there is no buffer to refill.
func (InlinePool) Fresh(context.Context, engine.Level) (engine.Puzzle, error) {
	return engine.Puzzle{}, ErrNotReady
}

// Generate runs engine.Generate with opt in the caller's goroutine.
func (InlinePool) Generate(ctx context.Context, opt engine.GenerateOptions) (engine.Puzzle, error) {
	return engine.Generate(ctx, opt)
}

// Depth is always 0.
func (InlinePool) Depth(engine.Level) int { return 0 }
