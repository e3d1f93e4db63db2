package service

import (
	"context"

	"github.com/sudokuhq/sudoku/engine"
)

// Pool is the part of the engine's generation worker pool the service
// uses; *engine.Pool satisfies it. See engine.Pool for the contract of
// each method.
type Pool interface {
	// Get returns a buffered puzzle, or waits for the next one made.
	Get(ctx context.Context, level engine.Level) (engine.Puzzle, error)
	// TryGet takes a buffered puzzle without waiting; false when the
	// buffer is empty.
	TryGet(level engine.Level) (engine.Puzzle, bool)
	// Fresh generates a puzzle for this request.
	Fresh(ctx context.Context, level engine.Level) (engine.Puzzle, error)
	// Generate runs the generator with the given options on a worker.
	Generate(ctx context.Context, opt engine.GenerateOptions) (engine.Puzzle, error)
	// Variant returns an isomorphic variant of a recent puzzle without
	// blocking; false when there is none yet.
	Variant(level engine.Level, seed uint64) (engine.Puzzle, bool)
	// Ready reports whether every level's buffer has warmed up.
	Ready() bool
}
