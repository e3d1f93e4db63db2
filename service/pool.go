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
