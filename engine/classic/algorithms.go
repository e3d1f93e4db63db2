package classic

import (
	"context"
	"math/rand/v2"

	"github.com/sudokuhq/sudoku/engine"
)

// Algorithms returns the five classic algorithms as engine.Algorithm values,
// in the order the CLI and the API list them: the systematic ones (backtrack,
// dfs), then the randomized ones (annealing, brute, naive). Each runs with
// its default budget; the randomized ones draw from a generator seeded by
// engine.PuzzleSeed, so a puzzle always gets the same run. Each call returns
// a new slice; register them with engine.NewRegistry(classic.Algorithms()...).
func Algorithms() []engine.Algorithm {
	return []engine.Algorithm{
		{
			Name:       "backtrack",
			Summary:    "recursive backtracking (Parnell, Freeze and Smith), row-major, digits 1-9; counts solutions to the limit within a node budget",
			Exhaustive: true,
			Solve: func(ctx context.Context, g engine.Grid, limit int) (engine.Result, error) {
				return SolveBacktrack(ctx, g, limit, 0)
			},
		},
		{
			Name:       "dfs",
			Summary:    "iterative depth-first search (Parnell, Freeze and Smith), explicit stack and per-cell tried sets; counts solutions to the limit within a node budget",
			Exhaustive: true,
			Solve: func(ctx context.Context, g engine.Grid, limit int) (engine.Result, error) {
				return SolveDFS(ctx, g, limit, 0)
			},
		},
		{
			Name:    "annealing",
			Summary: "simulated annealing on block permutations (stochastic, needs no answer); finds at most one solution, proves nothing",
			Solve: func(ctx context.Context, g engine.Grid, _ int) (engine.Result, error) {
				return SolveAnnealing(ctx, g, puzzleRand(g), 0)
			},
		},
		{
			Name:    "brute",
			Summary: "optimized brute force (Parnell, Freeze and Smith): random legal digits in order, restart on a dead end; finds at most one solution, proves nothing",
			Solve: func(ctx context.Context, g engine.Grid, _ int) (engine.Result, error) {
				return SolveBrute(ctx, g, puzzleRand(g), 0)
			},
		},
		{
			Name:    "naive",
			Summary: "naive brute force (Parnell, Freeze and Smith): like brute but ignoring blocks until a band is full; finds at most one solution, hopeless beyond very easy grids",
			Solve: func(ctx context.Context, g engine.Grid, _ int) (engine.Result, error) {
				return SolveNaive(ctx, g, puzzleRand(g), 0)
			},
		},
	}
}

// ctxCheckEvery is how many units of work (nodes, cells, swaps) the solvers
// do between two looks at ctx.Done(): a power of two, large enough that the
// check costs nothing measurable, small enough (well under a millisecond of
// work) that cancellation is prompt.
const ctxCheckEvery = 1 << 12

// puzzleRand is the generator Algorithms gives a randomized algorithm. Its
// second PCG word is fixed so the runs stay those of earlier releases.
func puzzleRand(g engine.Grid) *rand.Rand {
	return rand.New(rand.NewPCG(engine.PuzzleSeed(g), 0x5eed002))
}

// precheck runs the check every solver here starts with: it reports false
// when g has conflicting givens, a value above 9, or an empty cell with no
// legal digit, which proves it has no solution (engine.NewBoard finds all
// three).
func precheck(g engine.Grid) bool {
	_, ok := engine.NewBoard(g)
	return ok
}
