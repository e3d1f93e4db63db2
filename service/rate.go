package service

import (
	"context"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// Hook operation names passed to Hooks.Rated and Hooks.AdmissionRejected.
const (
	OpRate    = "rate"
	OpExplain = "explain"
	OpHint    = "hint"
	// OpSolve and OpSlowSolve name /solve calls refused a shared slot and
	// a slow-solve slot, for Hooks.AdmissionRejected.
	OpSolve     = "solve"
	OpSlowSolve = "slow_solve"
)

// rater returns the rater of Config.Rater (the default one when it was
// nil, see withDefaults).
func (s *Service) rater() *rating.Rater { return s.cfg.Rater }

// Rate rates puzzle g with the service's rater (Config.Rater). The puzzle must have
// exactly one solution: it fails with *engine.ConflictError,
// engine.ErrNoSolution or engine.ErrMultipleSolutions otherwise. It takes
// one CPU slot (engine.ErrOverloaded when none frees up in time).
func (s *Service) Rate(ctx context.Context, g engine.Grid) (rating.Rating, error) {
	release, err := s.admit(ctx, OpRate)
	if err != nil {
		return rating.Rating{}, err
	}
	defer release()
	start := time.Now()
	r, err := s.rater().Rate(g)
	s.hooks.Rated(OpRate, time.Since(start))
	return r, err
}

// Explain is Rate that also returns the step-by-step solving path.
func (s *Service) Explain(ctx context.Context, g engine.Grid) (rating.Rating, []rating.Step, error) {
	release, err := s.admit(ctx, OpExplain)
	if err != nil {
		return rating.Rating{}, nil, err
	}
	defer release()
	start := time.Now()
	r, path, err := s.rater().Explain(g)
	s.hooks.Rated(OpExplain, time.Since(start))
	return r, path, err
}

// Hint returns the first cell of the player's current grid that
// contradicts the solution, else the next logical step (see
// rating.NextHint), else that the grid is solved. A grid that repeats a
// digit in a unit is a mistake too, not an error, and is answered with
// its first repetition instead (conflictHint), so that typing one digit
// everywhere does not locate the solution's cells. The puzzle must have
// exactly one solution.
func (s *Service) Hint(ctx context.Context, puzzle, current engine.Grid) (rating.Hint, error) {
	release, err := s.admit(ctx, OpHint)
	if err != nil {
		return rating.Hint{}, err
	}
	defer release()
	start := time.Now()
	defer func() { s.hooks.Rated(OpHint, time.Since(start)) }()
	h, err := rating.NextHint(puzzle, current)
	if err == nil && h.Mistake {
		h = conflictHint(puzzle, current, h)
	}
	return h, err
}
