package classic

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sudokuhq/sudoku/engine"
)

// Budget and schedule of SolveAnnealing.
const (
	// DefaultMaxSwaps is the swap budget when none is given: about 2^25
	// proposed swaps, a second or two on one core. Easy puzzles need
	// thousands to a few hundred thousand; the hardest often exhaust it.
	DefaultMaxSwaps = 1 << 25
	// annealCooling is the geometric cooling factor applied after each
	// stage (Lewis 2007 uses 0.99).
	annealCooling = 0.99
	// annealStuckStages is how many stages may pass without a new best cost
	// before the search restarts from a fresh random fill and reheats: a
	// frozen search rarely escapes its local minimum.
	annealStuckStages = 40
	// annealSampleMoves is how many random swaps measure the starting
	// temperature (the standard deviation of their cost changes).
	annealSampleMoves = 200
)

// SolveAnnealing solves by simulated annealing, the stochastic search a service
// can use (Parnell, Freeze and Smith's stochastic search compared guesses with
// the known answer, which a solver does not have). It uses the standard
// formulation: every block is filled with a random permutation of its missing
// digits, so blocks are always right; the cost is the number of missing digits
// over all rows and columns; a move swaps two non-given cells of one block,
// accepted when it does not raise the cost, else with probability exp(-Δ/T). The
// temperature starts at the standard deviation of the cost change of random
// moves and is multiplied by annealCooling after each stage of n² proposed swaps
// (n = empty cells); after annealStuckStages stages without a new best cost the
// search starts again from a new random fill. A cost of 0 is a solution.
//
// It finds at most one solution: Count is 1 with the solution, or 0 with no
// error only when the grid fails the initial checks (conflicting givens, or
// an empty cell without a legal digit). It proves neither uniqueness nor
// unsolvability. Result.Nodes counts proposed swaps, Result.Guesses the
// starts (1 + restarts). The budget is maxSwaps swaps (DefaultMaxSwaps when
// <= 0); past it the error wraps ErrBudgetExceeded. rng makes the run
// reproducible; ctx is looked at every ctxCheckEvery swaps. A swap costs
// O(1): digit counts per row and column are kept up to date.
func SolveAnnealing(ctx context.Context, g engine.Grid, rng *rand.Rand, maxSwaps int) (engine.Result, error) {
	if !precheck(g) {
		return engine.Result{}, nil
	}
	if maxSwaps <= 0 {
		maxSwaps = DefaultMaxSwaps
	}
	a := annealer{g: g, rng: rng}
	nFree := 0
	for b := range 9 {
		for k := range 9 {
			cell := engine.BoxCell(b, k)
			if g[cell] == 0 {
				a.free[b] = append(a.free[b], uint8(cell))
				nFree++
			}
		}
		if len(a.free[b]) >= 2 {
			a.movable = append(a.movable, uint8(b))
		}
	}
	var res engine.Result
	stage := max(nFree*nFree, 1)
	for {
		res.Guesses++
		a.fill()
		if a.cost == 0 {
			res.Count, res.Solution = 1, a.s
			return res, nil
		}
		if len(a.movable) == 0 {
			// Every block has at most one free cell, so the fill was forced;
			// precheck already rejects a forced fill that clashes.
			return res, nil
		}
		t := a.startTemperature()
		best, stuck := a.cost, 0
		for stuck < annealStuckStages {
			for range stage {
				if res.Nodes >= maxSwaps {
					return res, fmt.Errorf("annealing after %d swaps: %w", res.Nodes, engine.ErrBudgetExceeded)
				}
				res.Nodes++
				if res.Nodes%ctxCheckEvery == 0 {
					if err := ctx.Err(); err != nil {
						return res, fmt.Errorf("annealing after %d swaps: %w", res.Nodes, err)
					}
				}
				x, y := a.pick()
				delta := a.swap(x, y)
				if delta > 0 && rng.Float64() >= math.Exp(-float64(delta)/t) {
					a.swap(x, y) // rejected: swap back
					continue
				}
				if a.cost == 0 {
					res.Count, res.Solution = 1, a.s
					return res, nil
				}
			}
			if a.cost < best {
				best, stuck = a.cost, 0
			} else {
				stuck++
			}
			t *= annealCooling
		}
	}
}

// annealer is the state of one SolveAnnealing call.
type annealer struct {
	g, s           engine.Grid // the puzzle and the current fill
	rng            *rand.Rand
	free           [9][]uint8 // non-given cells of each block
	movable        []uint8    // blocks with at least two non-given cells
	rowCnt, colCnt [9][10]uint8
	cost           int // digits missing from rows and columns
}

// fill puts a random permutation of each block's missing digits in its free
// cells and recomputes the counts and the cost.
func (a *annealer) fill() {
	a.s = a.g
	for b := range 9 {
		var missing []uint8
		have := uint16(0)
		for k := range 9 {
			if d := a.g[engine.BoxCell(b, k)]; d != 0 {
				have |= engine.Bit(int(d))
			}
		}
		for d := 1; d <= 9; d++ {
			if have&engine.Bit(d) == 0 {
				missing = append(missing, uint8(d))
			}
		}
		a.rng.Shuffle(len(missing), func(i, j int) { missing[i], missing[j] = missing[j], missing[i] })
		for i, cell := range a.free[b] {
			a.s[cell] = missing[i]
		}
	}
	a.rowCnt, a.colCnt = [9][10]uint8{}, [9][10]uint8{}
	a.cost = 0
	for cell, d := range a.s {
		a.rowCnt[engine.RowOf(cell)][d]++
		a.colCnt[engine.ColOf(cell)][d]++
	}
	for i := range 9 {
		for d := 1; d <= 9; d++ {
			if a.rowCnt[i][d] == 0 {
				a.cost++
			}
			if a.colCnt[i][d] == 0 {
				a.cost++
			}
		}
	}
}

// pick returns two distinct non-given cells of one random block.
func (a *annealer) pick() (int, int) {
	f := a.free[a.movable[a.rng.IntN(len(a.movable))]]
	i := a.rng.IntN(len(f))
	j := a.rng.IntN(len(f) - 1)
	if j >= i {
		j++
	}
	return int(f[i]), int(f[j])
}

// swap exchanges the digits of cells x and y (of one block), updates the
// counts and the cost, and returns the change in cost.
func (a *annealer) swap(x, y int) int {
	dx, dy := a.s[x], a.s[y]
	before := a.cost
	a.move(&a.rowCnt[engine.RowOf(x)], dx, dy)
	a.move(&a.rowCnt[engine.RowOf(y)], dy, dx)
	a.move(&a.colCnt[engine.ColOf(x)], dx, dy)
	a.move(&a.colCnt[engine.ColOf(y)], dy, dx)
	a.s[x], a.s[y] = dy, dx
	return a.cost - before
}

// move replaces one out digit by in in a unit's counts, keeping the cost.
func (a *annealer) move(cnt *[10]uint8, out, in uint8) {
	cnt[out]--
	if cnt[out] == 0 {
		a.cost++
	}
	if cnt[in] == 0 {
		a.cost--
	}
	cnt[in]++
}

// startTemperature returns the standard deviation of the cost change over
// annealSampleMoves random swaps (each undone), at least 1.
func (a *annealer) startTemperature() float64 {
	var sum, sum2 float64
	for range annealSampleMoves {
		x, y := a.pick()
		d := float64(a.swap(x, y))
		a.swap(x, y)
		sum += d
		sum2 += d * d
	}
	n := float64(annealSampleMoves)
	v := sum2/n - (sum/n)*(sum/n)
	return max(math.Sqrt(max(v, 0)), 1)
}
