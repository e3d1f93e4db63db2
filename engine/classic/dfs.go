package classic

import (
	"context"
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// SolveDFS is Parnell, Freeze and Smith's iterative depth-first search. The
// empty cells, taken in row-major order, form an explicit stack; each keeps the
// set of digits already tried there. At the top cell the search looks up the
// smallest digit neither tried nor present among the cell's 20 peers (a fresh
// scan of the grid each time, the paper's "outside method"), places it and
// pushes the next cell; when no digit is left it forgets the cell's tried set,
// pops, clears the previous cell and resumes there.
//
// It explores exactly the tree of SolveBacktrack, in the same order, so the
// two return the same Result on every puzzle; what differs is the book-keeping
// (tried sets and peer scans instead of recursion and unit masks), which is
// what the paper measured. It counts solutions up to limit (below 1 taken as
// 1), with the same budget (maxNodes placements, DefaultMaxNodes when <= 0),
// ctx checks and error rules as SolveBacktrack.
//
// Each step costs a scan of 20 peers; memory is two 81-entry arrays.
func SolveDFS(ctx context.Context, g engine.Grid, limit int, maxNodes int) (engine.Result, error) {
	if !precheck(g) {
		return engine.Result{}, nil
	}
	limit = max(limit, 1)
	if maxNodes <= 0 {
		maxNodes = DefaultMaxNodes
	}
	var (
		res   engine.Result
		empty []uint8    // the stack: empty cells in row-major order
		tried [81]uint16 // digits tried at each stack position
	)
	for cell, d := range g {
		if d == 0 {
			empty = append(empty, uint8(cell))
		}
	}
	for i := 0; i >= 0; {
		if i == len(empty) { // a solution: record it, then back up for more
			if res.Count == 0 {
				res.Solution = g
			}
			res.Count++
			if res.Count >= limit {
				break
			}
			i--
			if i >= 0 {
				g[empty[i]] = 0
			}
			continue
		}
		cell := empty[i]
		var used uint16
		for _, p := range engine.Peers(int(cell)) {
			if d := g[p]; d != 0 {
				used |= engine.Bit(int(d))
			}
		}
		if tried[i] == 0 && bits.OnesCount16(^used&engine.AllDigits) > 1 {
			res.Guesses++
		}
		avail := ^(used | tried[i]) & engine.AllDigits
		if avail == 0 { // dead end: forget this cell's tries, pop
			tried[i] = 0
			g[cell] = 0
			i--
			if i >= 0 {
				g[empty[i]] = 0
			}
			continue
		}
		if res.Nodes >= maxNodes {
			return res, fmt.Errorf("dfs after %d nodes: %w", res.Nodes, engine.ErrBudgetExceeded)
		}
		res.Nodes++
		if res.Nodes%ctxCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return res, fmt.Errorf("dfs after %d nodes: %w", res.Nodes, err)
			}
		}
		bit := avail & -avail
		tried[i] |= bit
		g[cell] = uint8(engine.Digit(bit))
		i++
	}
	return res, nil
}
