package service

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokuhq/sudoku/engine"
)

// Hook operation names passed to Hooks.Rated and Hooks.Refused.
const (
	OpRate    = "rate"
	OpExplain = "explain"
	OpHint    = "hint"
	// OpSolve and OpSlowSolve name /solve calls refused a shared slot and
	// a slow-solve slot, for Hooks.Refused.
	OpSolve     = "solve"
	OpSlowSolve = "slow_solve"
)

// Rate rates puzzle g with the engine's rater. The puzzle must have
// exactly one solution: it fails with *engine.ConflictError,
// engine.ErrNoSolution or engine.ErrMultipleSolutions otherwise. It takes
// one CPU slot (ErrOverloaded when none frees up in time).
func (s *Service) Rate(ctx context.Context, g engine.Grid) (engine.Rating, error) {
	release, err := s.admit(ctx, OpRate)
	if err != nil {
		return engine.Rating{}, err
	}
	defer release()
	start := time.Now()
	r, err := engine.Rate(g)
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
	r, path, err := engine.Explain(g)
	s.hooks.Rated(OpExplain, time.Since(start))
	return r, path, err
}

// Hint returns the first cell of the player's current grid that
// contradicts the solution (a digit given twice in a unit is such a
// mistake too, not an error), else the next logical step (see
// engine.NextHint), else that the grid is solved. The puzzle must have
// exactly one solution.
func (s *Service) Hint(ctx context.Context, puzzle, current engine.Grid) (engine.Hint, error) {
	release, err := s.admit(ctx, OpHint)
	if err != nil {
		return engine.Hint{}, err
	}
	defer release()
	start := time.Now()
	defer func() { s.hooks.Rated(OpHint, time.Since(start)) }()
	if err := puzzle.Validate(); err != nil {
		return engine.Hint{}, err
	}
	res := engine.Solve(puzzle)
	switch res.Count {
	case 0:
		return engine.Hint{}, engine.ErrNoSolution
	case 1:
	default:
		return engine.Hint{}, engine.ErrMultipleSolutions
	}
	if c, ok := firstMistake(puzzle, current, res.Solution); ok {
		text := fmt.Sprintf("Your grid already contains a mistake at %s: it can't be %d.", engine.CellName(c), current[c])
		if current[c] == 0 {
			text = fmt.Sprintf("Your grid already contains a mistake at %s: its given %d was removed.", engine.CellName(c), puzzle[c])
		}
		return engine.Hint{Mistake: true, Cell: c, Text: text}, nil
	}
	return engine.NextHint(puzzle, current)
}

// firstMistake returns the first cell of current that holds a digit other
// than the solution's, or lost a given of puzzle.
func firstMistake(puzzle, current, solution engine.Grid) (int, bool) {
	for c := range 81 {
		if d := current[c]; (d != 0 && d != solution[c]) || (puzzle[c] != 0 && d != puzzle[c]) {
			return c, true
		}
	}
	return -1, false
}
