package service

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokuhq/sudoku/engine"
)

// Solution is what Solve found.
type Solution struct {
	// Solution is the first solution found.
	Solution engine.Grid
	// Count is 1 for a unique solution, 2 for more than one.
	Count int
	// Algorithm is the name of the solver used.
	Algorithm string
	// Exhaustive reports whether the solver proves its count (see
	// engine.Algorithm): a stochastic solver finds one solution and proves
	// neither that it is unique nor that there is none.
	Exhaustive bool
	// Guesses and Nodes are the solver's search statistics.
	Guesses, Nodes int
}

// Solve solves puzzle g with the named algorithm of the service's registry
// (engine's algorithms and the classic ones; "" for the default) and tells whether its solution is unique. An unknown
// name fails with *engine.UnknownAlgorithmError, a puzzle whose givens
// conflict with *engine.ConflictError, one without solution with
// engine.ErrNoSolution, a slow solver out of budget with
// engine.ErrBudgetExceeded. It takes one CPU slot (ErrOverloaded when none is
// free in time) and honours ctx's deadline when the algorithm does.
//
// Any algorithm but engine.DefaultAlgorithm is slow: it first takes one of
// Config.MaxSlowInFlight slots (ErrOverloaded at once when none is free),
// and runs for at most Config.SlowSolveTimeout, past which it fails with
// engine.ErrBudgetExceeded (ctx's own end still gives ctx's error).
func (s *Service) Solve(ctx context.Context, g engine.Grid, algorithm string) (Solution, error) {
	a, err := s.algorithms.Parse(algorithm)
	if err != nil {
		return Solution{}, err
	}
	if err := g.Validate(); err != nil {
		return Solution{}, err
	}
	solveCtx := ctx
	if a.Name != engine.DefaultAlgorithm {
		releaseSlow, err := s.admitSlow()
		if err != nil {
			return Solution{}, err
		}
		defer releaseSlow()
		var cancel context.CancelFunc
		solveCtx, cancel = context.WithTimeout(ctx, s.cfg.SlowSolveTimeout)
		defer cancel()
	}
	release, err := s.admit(ctx, OpSolve)
	if err != nil {
		return Solution{}, err
	}
	defer release()
	start := time.Now()
	res, err := a.Solve(solveCtx, g, 2)
	s.hooks.Solved(a.Name, time.Since(start))
	if err != nil {
		if ctx.Err() == nil && solveCtx.Err() != nil {
			return Solution{}, fmt.Errorf("solve with %s: stopped after the slow-solve budget of %s: %w", a.Name, s.cfg.SlowSolveTimeout, engine.ErrBudgetExceeded)
		}
		return Solution{}, fmt.Errorf("solve with %s: %w", a.Name, err)
	}
	if res.Count == 0 {
		return Solution{}, engine.ErrNoSolution
	}
	return Solution{
		Solution:   res.Solution,
		Count:      min(res.Count, 2),
		Algorithm:  a.Name,
		Exhaustive: a.Exhaustive,
		Guesses:    res.Guesses,
		Nodes:      res.Nodes,
	}, nil
}
