package rating

import (
	"errors"
	"fmt"

	"github.com/sudokuhq/sudoku/engine"
)

// Hint is the answer to a player's hint request: the single next step, or
// what is wrong with the grid, or that it is solved.
type Hint struct {
	// Step is the next step a person would take (an application of the
	// easiest tier that makes progress); nil when the grid is solved or
	// contains a mistake.
	Step *Step
	// Mistake reports that an entry of the player contradicts the solution.
	Mistake bool
	// Cell is the first wrong cell (row-major) when Mistake, -1 otherwise.
	Cell int
	// Solved reports that the grid is complete and correct.
	Solved bool
	// Text is one sentence for the player.
	Text string
}

// NextHint returns the next step for current, a player's grid: puzzle's
// givens plus the player's entries. It returns Rate's errors for a puzzle
// that is not a proper Sudoku, and a *ParseError for a cell value above 9.
// An entry that differs from the solution (one that repeats a digit in a
// unit among them, or one that overwrites a given) is reported as
// Hint.Mistake with the first such cell. The step is
// chosen as the rater would find it: the easiest tier with a valid
// application, the first of its applications in technique and cell order.
// Candidates are derived from current alone (the player's pencil marks are
// not known). Cost: one Solve and at most one round of strategy search.
func NextHint(puzzle, current engine.Grid) (Hint, error) {
	h := Hint{Cell: -1}
	if err := puzzle.Validate(); err != nil {
		return h, err
	}
	var ce *engine.ConflictError
	if err := current.Validate(); err != nil && !errors.As(err, &ce) {
		return h, err // a value out of range; a repeated digit is a mistake, found below
	}
	sol, err := engine.SolveUnique(puzzle)
	if err != nil {
		return h, err
	}
	for c := range 81 {
		if d := current[c]; (d != 0 && d != sol[c]) || (puzzle[c] != 0 && d != puzzle[c]) {
			h.Mistake, h.Cell = true, c
			h.Text = fmt.Sprintf("Your grid already contains a mistake at %s: it can't be %d.", engine.CellName(c), d)
			if d == 0 {
				h.Text = fmt.Sprintf("Your grid already contains a mistake at %s: its given %d was removed.", engine.CellName(c), puzzle[c])
			}
			return h, nil
		}
	}
	if current == sol {
		h.Solved = true
		h.Text = "The grid is solved."
		return h, nil
	}
	f := getFinder(true, &sol)
	defer putFinder(f)
	var ok bool
	if f.board, ok = engine.NewBoard(current); !ok {
		return h, engine.ErrNoSolution // cannot happen: current agrees with the solution
	}
	f.prepare(&f.board)
	for t := 1; t <= MaxTier; t++ {
		if f.searchTier(t); len(f.steps) > 0 {
			st := f.steps[0]
			h.Step = &st
			h.Text = st.Text
			return h, nil
		}
	}
	return h, fmt.Errorf("no next step found: %w", errUnsound)
}
