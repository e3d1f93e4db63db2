package service

import (
	"context"
	"time"

	"github.com/sudokuhq/sudoku/engine"
)

// OpCheck names POST /check calls for Hooks.Rated and
// Hooks.AdmissionRejected.
const OpCheck = "check"

// CheckResult is the verdict on a player's grid. It names the wrong cells
// only: the digits of the solution stay hidden, so a game can check a
// player's grid without handing out the answer.
type CheckResult struct {
	// Complete: every cell of the grid is filled.
	Complete bool
	// Correct: no filled cell contradicts the solution (a partial grid can
	// be correct so far).
	Correct bool
	// Solved: complete and correct.
	Solved bool
	// Wrong lists the filled cells (0..80) whose digit is not the
	// solution's, givens changed or removed included, in cell order.
	Wrong []int
	// Filled is the number of filled cells.
	Filled int
}

// Check compares the player's grid current with the solution of puzzle,
// which must have exactly one (*engine.ConflictError, engine.ErrNoSolution,
// engine.ErrMultipleSolutions otherwise). A given removed from current
// counts as a wrong cell. It takes one CPU slot (ErrOverloaded when none
// frees up in time); the cost is one solve.
func (s *Service) Check(ctx context.Context, puzzle, current engine.Grid) (CheckResult, error) {
	release, err := s.admit(ctx, OpCheck)
	if err != nil {
		return CheckResult{}, err
	}
	defer release()
	start := time.Now()
	defer func() { s.hooks.Rated(OpCheck, time.Since(start)) }()
	if err := puzzle.Validate(); err != nil {
		return CheckResult{}, err
	}
	res := engine.Solve(puzzle)
	switch {
	case res.Count == 0:
		return CheckResult{}, engine.ErrNoSolution
	case res.Count > 1:
		return CheckResult{}, engine.ErrMultipleSolutions
	}
	var r CheckResult
	for c := range 81 {
		d := current[c]
		if d != 0 {
			r.Filled++
		}
		if (d != 0 && d != res.Solution[c]) || (puzzle[c] != 0 && d != puzzle[c]) {
			r.Wrong = append(r.Wrong, c)
		}
	}
	r.Complete = r.Filled == 81
	r.Correct = len(r.Wrong) == 0
	r.Solved = r.Complete && r.Correct
	return r, nil
}
