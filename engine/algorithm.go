package engine

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"
)

// Algorithm is one solving algorithm of the engine, selectable by name (the
// service's "algorithm" field, the CLI's -algorithm flag).
//
// Solve solves g and counts its solutions up to limit (a limit below 1 is
// taken as 1). Its error is nil when the result is complete: Count solutions
// were found and, when Count < limit, the search proved there are no more
// (Count 0 then means "no solution"). It is non-nil when the run stopped
// early: ctx ended (the error wraps ctx.Err()) or the algorithm's work budget
// ran out (the error wraps ErrBudgetExceeded). The Result is returned in both
// cases, with the work done so far and any solution found; Count is then a
// lower bound.
//
// Exhaustive tells whether the algorithm can prove anything: the systematic
// algorithms (fast, propagate, dfs, backtrack) count solutions to the limit
// exactly and so decide uniqueness with limit 2. The randomized ones (naive,
// brute, annealing) find at most one solution: they return Count 1, or Count
// 0 only for grids that fail the cheap checks every algorithm runs first
// (conflicting givens, or an empty cell with no legal digit), or an error;
// they never prove uniqueness nor, beyond those checks, unsolvability.
//
// The meaning of Result.Guesses and Result.Nodes depends on the algorithm,
// and says what its Summary says (see docs/solvers.md):
//
//	fast, propagate  Guesses: branch points  Nodes: search nodes
//	naive, brute     Guesses: attempts       Nodes: cells filled, all attempts
//	dfs, backtrack   Guesses: branch points  Nodes: digits placed
//	annealing        Guesses: (re)starts     Nodes: swaps proposed
//
// The randomized algorithms draw from a generator seeded by PuzzleSeed(g),
// so the same puzzle gives the same result every time; SolveNaive,
// SolveBrute and SolveAnnealing take an explicit generator.
type Algorithm struct {
	Name       string // lower-case name, unique in Algorithms
	Summary    string // one line: what it does and what it guarantees
	Exhaustive bool   // Count is exact up to the limit (proves uniqueness)
	Solve      func(ctx context.Context, g Grid, limit int) (Result, error)
}

// DefaultAlgorithm names the algorithm used when none is asked for.
const DefaultAlgorithm = "fast"

// Algorithms lists the solving algorithms, the default first, then from the
// most practical to the seed-002 curiosities.
var Algorithms = []Algorithm{
	{
		Name:       "fast",
		Summary:    "the engine's fastest solver (Solve/SolveLimit); counts solutions to the limit",
		Exhaustive: true,
		Solve:      solveFastCtx,
	},
	{
		Name:       "propagate",
		Summary:    "Norvig's constraint propagation (singles) plus fewest-candidates search; counts solutions to the limit",
		Exhaustive: true,
		Solve:      solvePropagateCtx,
	},
	{
		Name:       "backtrack",
		Summary:    "seed 002 recursive backtracking, row-major, digits 1-9; counts solutions to the limit within a node budget",
		Exhaustive: true,
		Solve: func(ctx context.Context, g Grid, limit int) (Result, error) {
			return SolveBacktrack(ctx, g, limit, 0)
		},
	},
	{
		Name:       "dfs",
		Summary:    "seed 002 iterative depth-first search, explicit stack and per-cell tried sets; counts solutions to the limit within a node budget",
		Exhaustive: true,
		Solve: func(ctx context.Context, g Grid, limit int) (Result, error) {
			return SolveDFS(ctx, g, limit, 0)
		},
	},
	{
		Name:    "annealing",
		Summary: "simulated annealing on block permutations (stochastic, needs no answer); finds at most one solution, proves nothing",
		Solve: func(ctx context.Context, g Grid, _ int) (Result, error) {
			return SolveAnnealing(ctx, g, puzzleRand(g), 0)
		},
	},
	{
		Name:    "brute",
		Summary: "seed 002 optimized brute force: random legal digits in order, restart on a dead end; finds at most one solution, proves nothing",
		Solve: func(ctx context.Context, g Grid, _ int) (Result, error) {
			return SolveBrute(ctx, g, puzzleRand(g), 0)
		},
	},
	{
		Name:    "naive",
		Summary: "seed 002 naive brute force: like brute but ignoring blocks until a band is full; finds at most one solution, hopeless beyond very easy grids",
		Solve: func(ctx context.Context, g Grid, _ int) (Result, error) {
			return SolveNaive(ctx, g, puzzleRand(g), 0)
		},
	},
}

// AlgorithmByName returns the algorithm with the given name, and false when
// there is none. The lookup is exact (lower case) and costs a scan of
// Algorithms.
func AlgorithmByName(name string) (Algorithm, bool) {
	for _, a := range Algorithms {
		if a.Name == name {
			return a, true
		}
	}
	return Algorithm{}, false
}

// ParseAlgorithm is AlgorithmByName for user input: the empty name selects
// DefaultAlgorithm, and an unknown name is an *UnknownAlgorithmError.
func ParseAlgorithm(name string) (Algorithm, error) {
	if name == "" {
		name = DefaultAlgorithm
	}
	if a, ok := AlgorithmByName(name); ok {
		return a, nil
	}
	return Algorithm{}, &UnknownAlgorithmError{Name: name}
}

// AlgorithmNames returns the names of Algorithms, in order.
func AlgorithmNames() []string {
	names := make([]string, len(Algorithms))
	for i, a := range Algorithms {
		names[i] = a.Name
	}
	return names
}

// UnknownAlgorithmError is returned by ParseAlgorithm for a name that is no
// algorithm. Its message lists the valid names.
type UnknownAlgorithmError struct{ Name string }

// Error names the unknown algorithm and lists the valid names.
func (e *UnknownAlgorithmError) Error() string {
	return fmt.Sprintf("unknown algorithm %q: want one of %s", e.Name, strings.Join(AlgorithmNames(), ", "))
}

// ErrBudgetExceeded means a solver used up its work budget (nodes, attempts
// or swaps) before finishing. The puzzle may still have a solution: a
// randomized solver cannot tell, and a systematic one simply ran out of
// time. Errors wrap it with the algorithm and the work done.
var ErrBudgetExceeded = errors.New("search budget exceeded")

// ctxCheckEvery is how many units of work (nodes, cells, swaps) the slow
// solvers do between two looks at ctx.Done(): a power of two, large enough
// that the check costs nothing measurable, small enough (well under a
// millisecond of work) that cancellation is prompt.
const ctxCheckEvery = 1 << 12

// PuzzleSeed returns a seed derived from the grid alone (FNV-1a over its 81
// cells), so that the randomized algorithms behave the same on every run,
// replica and retry for the same puzzle.
func PuzzleSeed(g Grid) uint64 {
	h := fnv.New64a()
	h.Write(g[:])
	return h.Sum64()
}

// puzzleRand is the generator the registry gives a randomized algorithm.
func puzzleRand(g Grid) *rand.Rand {
	return rand.New(rand.NewPCG(PuzzleSeed(g), 0x5eed002))
}

// solveFastCtx wraps SolveLimit, which finishes in microseconds: ctx is looked
// at once, before starting.
func solveFastCtx(ctx context.Context, g Grid, limit int) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("fast: %w", err)
	}
	return SolveLimit(g, limit), nil
}

// solvePropagateCtx wraps SolvePropagate (the Norvig-style solver the seed
// cites) like solveFastCtx.
func solvePropagateCtx(ctx context.Context, g Grid, limit int) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("propagate: %w", err)
	}
	return SolvePropagate(g, limit), nil
}

// precheck runs the check every slow solver starts with: it reports false
// when g has conflicting givens, a value above 9, or an empty cell with no
// legal digit, which proves it has no solution (NewBoard finds all three).
func precheck(g Grid) bool {
	_, ok := NewBoard(g)
	return ok
}
