package classic

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// DefaultMaxNodes is the node budget of SolveBacktrack and SolveDFS when
// none is given: about 2^27 digit placements, a few seconds of work on one
// core. Row-major backtracking needs under a million nodes for most
// published puzzles but can need billions on grids built against it (a top
// row left empty, low digits misleading); past the budget the call returns
// ErrBudgetExceeded instead of holding a request for minutes.
const DefaultMaxNodes = 1 << 27

// SolveBacktrack is Parnell, Freeze and Smith's recursive backtracking: it
// visits the empty cells in row-major order, tries digits 1 to 9 in turn in
// each, keeps those not yet in the cell's row, column or block, and backs up on
// a dead end. It counts solutions up to limit (a limit below 1 is taken as 1),
// so with limit 2 it decides uniqueness; Solution is the first solution in that
// order.
//
// Result.Nodes counts digits placed, Result.Guesses the cells entered with
// more than one legal digit. The work is bounded by maxNodes placements
// (DefaultMaxNodes when maxNodes <= 0): past it the call returns the partial
// Result and an error wrapping ErrBudgetExceeded. ctx is looked at every
// ctxCheckEvery placements. Conflicting givens give Count 0 and no error.
//
// The search keeps only three sets of bitmasks (rows, columns, blocks) next
// to the grid, updated in O(1) per placement; recursion depth is at most the
// number of empty cells.
func SolveBacktrack(ctx context.Context, g engine.Grid, limit int, maxNodes int) (engine.Result, error) {
	if !precheck(g) {
		return engine.Result{}, nil
	}
	s := backtracker{ctx: ctx, g: g, limit: max(limit, 1), budget: maxNodes}
	s.empty = s.emptyBuf[:0]
	if s.budget <= 0 {
		s.budget = DefaultMaxNodes
	}
	for cell, d := range g {
		if d == 0 {
			s.empty = append(s.empty, uint8(cell))
			continue
		}
		s.rows[engine.RowOf(cell)] |= engine.Bit(int(d))
		s.cols[engine.ColOf(cell)] |= engine.Bit(int(d))
		s.boxes[engine.BoxOf(cell)] |= engine.Bit(int(d))
	}
	s.search(0)
	if s.err != nil {
		return s.res, fmt.Errorf("backtrack after %d nodes: %w", s.res.Nodes, s.err)
	}
	return s.res, nil
}

// backtracker is the state of one SolveBacktrack call.
type backtracker struct {
	ctx               context.Context
	g                 engine.Grid
	empty             []uint8 // empty cells in row-major order
	emptyBuf          [81]uint8
	rows, cols, boxes [9]uint16
	limit, budget     int
	res               engine.Result
	err               error // why the search stopped early
}

// search fills s.empty[i:] and reports whether the search goes on.
func (s *backtracker) search(i int) bool {
	if i == len(s.empty) {
		if s.res.Count == 0 {
			s.res.Solution = s.g
		}
		s.res.Count++
		return s.res.Count < s.limit
	}
	cell := int(s.empty[i])
	r, c, b := engine.RowOf(cell), engine.ColOf(cell), engine.BoxOf(cell)
	used := s.rows[r] | s.cols[c] | s.boxes[b]
	if bits.OnesCount16(^used&engine.AllDigits) > 1 {
		s.res.Guesses++
	}
	for d := 1; d <= 9; d++ {
		bit := engine.Bit(d)
		if used&bit != 0 {
			continue
		}
		if !s.step() {
			return false
		}
		s.g[cell] = uint8(d)
		s.rows[r] |= bit
		s.cols[c] |= bit
		s.boxes[b] |= bit
		more := s.search(i + 1)
		s.rows[r] &^= bit
		s.cols[c] &^= bit
		s.boxes[b] &^= bit
		s.g[cell] = 0
		if !more {
			return false
		}
	}
	return true
}

// step counts one node against the budget and looks at ctx now and then. It
// reports false, with s.err set, when the search must stop.
func (s *backtracker) step() bool {
	if s.res.Nodes >= s.budget {
		s.err = engine.ErrBudgetExceeded
		return false
	}
	s.res.Nodes++
	if s.res.Nodes%ctxCheckEvery == 0 {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return false
		}
	}
	return true
}
