package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// OpCheck names POST /check calls for Hooks.Rated and
// Hooks.AdmissionRejected.
const OpCheck = "check"

// CheckResult is the verdict on a player's grid. It names the wrong cells
// only: the digits of the solution stay hidden, so a game can check a
// player's grid without handing out the answer.
//
// What a check can reveal, precisely: for a grid whose filled cells
// repeat no digit in a unit, whether each filled cell holds the
// solution's digit: one right-or-wrong answer per entry, never a digit
// the player did not enter. A grid that repeats a digit (one digit typed
// everywhere, say) is answered with its Conflicts, which the player sees
// on the grid itself, and only the changed or removed givens in Wrong;
// so one call tests at most one conflict-free set of guesses (no more
// than 9 per digit), and nine calls with one digit each learn nothing.
// It is no secret-keeper for a puzzle the caller holds: /solve answers
// any puzzle, and any solver solves one in microseconds.
type CheckResult struct {
	// Complete: every cell of the grid is filled.
	Complete bool
	// Correct: no filled cell contradicts the solution (a partial grid can
	// be correct so far).
	Correct bool
	// Solved: complete and correct.
	Solved bool
	// Wrong lists the filled cells (0..80) whose digit is not the
	// solution's, givens changed or removed included, in cell order;
	// when Conflicts is not empty, only the givens changed or removed.
	Wrong []int
	// Conflicts lists, in cell order, the filled cells whose digit
	// repeats in a row, column or box of the grid (engine.Grid.Conflicts);
	// such a grid is not Correct.
	Conflicts []int
	// Filled is the number of filled cells.
	Filled int
}

// Check compares the player's grid current with the solution of puzzle,
// which must have exactly one (*engine.ConflictError, engine.ErrNoSolution,
// engine.ErrMultipleSolutions otherwise). A given removed from current
// counts as a wrong cell. A grid that repeats a digit in a unit is
// answered with its conflicts, not its wrong entries (see CheckResult).
// It takes one CPU slot (ErrOverloaded when none
// frees up in time); the cost is one solve.
func (s *Service) Check(ctx context.Context, puzzle, current engine.Grid) (CheckResult, error) {
	release, err := s.admit(ctx, OpCheck)
	if err != nil {
		return CheckResult{}, err
	}
	defer release()
	start := time.Now()
	defer func() { s.hooks.Rated(OpCheck, time.Since(start)) }()
	sol, err := engine.UniqueSolution(puzzle)
	if err != nil {
		return CheckResult{}, err
	}
	r := CheckResult{Conflicts: current.Conflicts()}
	for c := range 81 {
		d := current[c]
		if d != 0 {
			r.Filled++
		}
		givenChanged := puzzle[c] != 0 && d != puzzle[c]
		if givenChanged || (r.Conflicts == nil && d != 0 && d != sol[c]) {
			r.Wrong = append(r.Wrong, c)
		}
	}
	r.Complete = r.Filled == 81
	r.Correct = len(r.Wrong) == 0 && r.Conflicts == nil
	r.Solved = r.Complete && r.Correct
	return r, nil
}

// conflictHint is the mistake hint h for a grid that repeats a digit in a
// unit: the first repetition (rows, then columns, then boxes), which the
// player sees on the grid, rather than the first cell that differs from
// the solution, which would tell where the solution's digits are not. Of
// the two cells it names the one that is not a given, else the later one,
// and says which is wrong only when a given settles it. A grid without a
// repetition keeps h.
func conflictHint(puzzle, current engine.Grid, h rating.Hint) rating.Hint {
	ce, ok := errors.AsType[*engine.ConflictError](current.Validate())
	if !ok {
		return h
	}
	a, b := ce.Cells[0], ce.Cells[1]
	given := func(c int) bool { return puzzle[c] != 0 && current[c] == puzzle[c] }
	where := engine.UnitName(ce.Unit)
	h = rating.Hint{Mistake: true, Cell: b,
		Text: fmt.Sprintf("Your grid repeats %d in %s, at %s and %s: one of them is wrong.", ce.Digit, where, engine.CellName(a), engine.CellName(b))}
	switch {
	case given(a) && !given(b):
		h.Text = fmt.Sprintf("Your grid repeats %d in %s: %s is a given, so %s is wrong.", ce.Digit, where, engine.CellName(a), engine.CellName(b))
	case given(b) && !given(a):
		h.Cell = a
		h.Text = fmt.Sprintf("Your grid repeats %d in %s: %s is a given, so %s is wrong.", ce.Digit, where, engine.CellName(b), engine.CellName(a))
	}
	return h
}
