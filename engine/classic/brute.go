package classic

import (
	"context"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/sudokuhq/sudoku/engine"
)

// DefaultMaxAttempts is the attempt budget of SolveNaive and SolveBrute when
// none is given: the paper's own cut-off of two million attempts, under which
// its naive brute force solved none of its 25 easy puzzles and the optimized
// one about 60% of them. An attempt costs at most one pass over the empty
// cells (well under a microsecond when it dies early, as most do), so the
// budget is a second or two of work.
const DefaultMaxAttempts = 2_000_000

// SolveBrute is Parnell, Freeze and Smith's optimized brute force: it fills the
// empty cells in row-major order, each with a digit drawn uniformly at random
// among those not yet in its row, column or block; when a cell has no such digit
// the attempt is abandoned and a new one starts from the puzzle. Nothing is
// remembered between attempts.
//
// It finds at most one solution: Count is 1 with the solution, or 0 with no
// error only when precheck-style checks prove there is none (conflicting
// givens, or an empty cell without a legal digit). It never proves
// uniqueness, and on a puzzle without solution it runs until the budget:
// maxAttempts attempts (DefaultMaxAttempts when <= 0), after which it
// returns an error wrapping ErrBudgetExceeded. Result.Guesses counts
// attempts (the paper's measure), Result.Nodes the cells filled over all
// attempts. rng makes the run reproducible; ctx is looked at every
// ctxCheckEvery attempts.
func SolveBrute(ctx context.Context, g engine.Grid, rng *rand.Rand, maxAttempts int) (engine.Result, error) {
	return randomFill(ctx, g, rng, maxAttempts, false)
}

// SolveNaive is Parnell, Freeze and Smith's naive brute force: SolveBrute
// without the block rule while drawing. Each cell gets a random digit not yet in
// its row or column; the blocks are checked only when a band of three rows is
// complete, and a repeated digit in one of its blocks abandons the attempt, as
// does a cell with no digit left. Same guarantees, budget, counters and ctx rule
// as SolveBrute; in practice it solves only grids with few empty cells (the
// seed: about 11,000 attempts on a simple example, none of 25 easy puzzles
// within two million).
func SolveNaive(ctx context.Context, g engine.Grid, rng *rand.Rand, maxAttempts int) (engine.Result, error) {
	return randomFill(ctx, g, rng, maxAttempts, true)
}

// randomFill runs the attempts of SolveBrute (naive false) or SolveNaive.
func randomFill(ctx context.Context, g engine.Grid, rng *rand.Rand, maxAttempts int, naive bool) (engine.Result, error) {
	name := "brute"
	if naive {
		name = "naive"
	}
	if !precheck(g) {
		return engine.Result{}, nil
	}
	if maxAttempts <= 0 {
		maxAttempts = DefaultMaxAttempts
	}
	var (
		res                  engine.Result
		rows0, cols0, boxes0 [9]uint16 // digits of the givens
		empty                []uint8
		bandEnd              [81]bool // the cell closes a band: check its blocks (naive)
		rows, cols, boxes    [9]uint16
	)
	for cell, d := range g {
		if d == 0 {
			empty = append(empty, uint8(cell))
			continue
		}
		rows0[engine.RowOf(cell)] |= engine.Bit(int(d))
		cols0[engine.ColOf(cell)] |= engine.Bit(int(d))
		boxes0[engine.BoxOf(cell)] |= engine.Bit(int(d))
	}
	for i, cell := range empty {
		if i == len(empty)-1 || engine.RowOf(int(empty[i+1]))/3 != engine.RowOf(int(cell))/3 {
			bandEnd[cell] = true
		}
	}
	work := g
	for res.Guesses < maxAttempts {
		res.Guesses++
		if res.Guesses%ctxCheckEvery == 0 {
			if err := ctx.Err(); err != nil {
				return res, fmt.Errorf("%s after %d attempts: %w", name, res.Guesses, err)
			}
		}
		rows, cols, boxes = rows0, cols0, boxes0
		clash := false // naive: some block got a digit twice
		ok := true
		for _, cell := range empty {
			r, c, b := engine.RowOf(int(cell)), engine.ColOf(int(cell)), engine.BoxOf(int(cell))
			used := rows[r] | cols[c]
			if !naive {
				used |= boxes[b]
			}
			free := ^used & engine.AllDigits
			if free == 0 {
				ok = false
				break
			}
			for k := rng.IntN(bits.OnesCount16(free)); k > 0; k-- {
				free &= free - 1
			}
			bit := free & -free
			res.Nodes++
			work[cell] = uint8(engine.Digit(bit))
			rows[r] |= bit
			cols[c] |= bit
			if boxes[b]&bit != 0 {
				clash = true
			}
			boxes[b] |= bit
			if naive && bandEnd[cell] && clash {
				ok = false
				break
			}
		}
		if ok {
			res.Count, res.Solution = 1, work
			return res, nil
		}
	}
	return res, fmt.Errorf("%s after %d attempts: %w", name, res.Guesses, engine.ErrBudgetExceeded)
}
