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
// (engine's algorithms and the classic ones; "" for the default) and tells
// whether its solution is unique. An unknown name fails with
// *engine.UnknownAlgorithmError, a puzzle whose givens conflict with
// *engine.ConflictError, one without solution with engine.ErrNoSolution.
// It takes one CPU slot (engine.ErrOverloaded when none is free in time).
//
// engine.DefaultAlgorithm answers in microseconds; every other algorithm
// takes the slow path (solveSlow), with its own admission, timeout and
// hook.
func (s *Service) Solve(ctx context.Context, g engine.Grid, algorithm string) (Solution, error) {
	a, err := s.algorithms.Parse(algorithm)
	if err != nil {
		return Solution{}, err
	}
	if err := g.Validate(); err != nil {
		return Solution{}, err
	}
	if a.Name != engine.DefaultAlgorithm {
		return s.solveSlow(ctx, g, a)
	}
	release, err := s.admit(ctx, OpSolve)
	if err != nil {
		return Solution{}, err
	}
	defer release()
	start := time.Now()
	res, err := a.Solve(ctx, g, 2)
	s.hooks.Solved(a.Name, time.Since(start))
	return solution(a, res, err)
}

// solution is the Solution of a's result res, or err.
func solution(a engine.Algorithm, res engine.Result, err error) (Solution, error) {
	if err != nil {
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
