package service

import (
	"context"
	"time"

	"github.com/sudokuhq/sudoku/engine"
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

// defaultRater scores with the committed model, as engine.Rate does.
var defaultRater = engine.NewRater(engine.DefaultModel())

// rater returns the rater of Config.Rater, or the default one.
func (s *Service) rater() *engine.Rater {
	if s.cfg.Rater != nil {
		return s.cfg.Rater
	}
	return defaultRater
}

// Rate rates puzzle g with the service's rater (Config.Rater). The puzzle must have
// exactly one solution: it fails with *engine.ConflictError,
// engine.ErrNoSolution or engine.ErrMultipleSolutions otherwise. It takes
// one CPU slot (engine.ErrOverloaded when none frees up in time).
func (s *Service) Rate(ctx context.Context, g engine.Grid) (engine.Rating, error) {
	release, err := s.admit(ctx, OpRate)
	if err != nil {
		return engine.Rating{}, err
	}
	defer release()
	start := time.Now()
	r, err := s.rater().Rate(g)
	s.hooks.Rated(OpRate, time.Since(start))
	return r, err
}

// Explain is Rate that also returns the step-by-step solving path.
func (s *Service) Explain(ctx context.Context, g engine.Grid) (engine.Rating, []engine.Step, error) {
	release, err := s.admit(ctx, OpExplain)
	if err != nil {
		return engine.Rating{}, nil, err
	}
	defer release()
	start := time.Now()
	r, path, err := s.rater().Explain(g)
	s.hooks.Rated(OpExplain, time.Since(start))
	return r, path, err
}

// Hint returns the first cell of the player's current grid that
// contradicts the solution, else the next logical step (see
// engine.NextHint), else that the grid is solved. A grid that repeats a
// digit in a unit is a mistake too, not an error, and is answered with
// its first repetition instead (conflictHint), so that typing one digit
// everywhere does not locate the solution's cells. The puzzle must have
// exactly one solution.
func (s *Service) Hint(ctx context.Context, puzzle, current engine.Grid) (engine.Hint, error) {
	release, err := s.admit(ctx, OpHint)
	if err != nil {
		return engine.Hint{}, err
	}
	defer release()
	start := time.Now()
	defer func() { s.hooks.Rated(OpHint, time.Since(start)) }()
	h, err := engine.NextHint(puzzle, current)
	if err == nil && h.Mistake {
		h = conflictHint(puzzle, current, h)
	}
	return h, err
}
