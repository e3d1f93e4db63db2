package service

import "github.com/sudokuhq/sudoku/engine"

// Pool is the part of the engine's generation worker pool the service
// uses. engine.Pool satisfies it.
type Pool interface {
	// Ready reports whether every level's buffer has warmed up.
	Ready() bool
	// Depth returns how many puzzles of the level are buffered.
	Depth(level engine.Level) int
}
