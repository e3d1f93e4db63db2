package service

import (
	"context"
	"fmt"
	"time"

	"github.com/sudokuhq/sudoku/engine"
)

// solveSlow runs a solve with an algorithm other than
// engine.DefaultAlgorithm: propagate and the classic algorithms of
// engine/classic, which take milliseconds to seconds and exist to be
// compared and taught. They have their own limits, so that they can never
// crowd out the service's real work:
//
//   - admission: one of Config.MaxSlowInFlight slots, taken without waiting
//     (engine.ErrOverloaded at once, reported as OpSlowSolve), then a CPU
//     slot like any solve;
//   - time: at most Config.SlowSolveTimeout, past which the solve fails with
//     engine.ErrBudgetExceeded (ctx's own end still gives ctx's error);
//   - measure: Hooks.SlowSolved, a histogram sized for seconds, apart from
//     the default solver's microseconds.
func (s *Service) solveSlow(ctx context.Context, g engine.Grid, a engine.Algorithm) (Solution, error) {
	select {
	case s.slow <- struct{}{}:
		defer func() { <-s.slow }()
	default:
		s.hooks.AdmissionRejected(OpSlowSolve)
		return Solution{}, fmt.Errorf("%d slow solves already running: %w", cap(s.slow), engine.ErrOverloaded)
	}
	solveCtx, cancel := context.WithTimeout(ctx, s.cfg.SlowSolveTimeout)
	defer cancel()
	release, err := s.admit(ctx, OpSolve)
	if err != nil {
		return Solution{}, err
	}
	defer release()
	start := time.Now()
	res, err := a.Solve(solveCtx, g, 2)
	s.hooks.SlowSolved(a.Name, time.Since(start))
	if err != nil {
		if ctx.Err() == nil && solveCtx.Err() != nil {
			err = fmt.Errorf("stopped after the slow-solve budget of %s: %w", s.cfg.SlowSolveTimeout, engine.ErrBudgetExceeded)
		}
	}
	return solution(a, res, err)
}
