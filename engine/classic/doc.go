// Package classic holds the five solving algorithms compared in "Sudoku" by
// Parnell, Freeze and Smith (University of North Carolina Wilmington; see
// docs/references.md): recursive backtracking, iterative depth-first search,
// optimized and naive brute force, and a stochastic search (simulated
// annealing here, since the paper's own stochastic search needed the known
// answer).
//
// They exist to be compared, taught and measured, not to serve traffic: the
// service's solver is engine.SolveLimit. Each is written as the paper
// describes it, bounded by a work budget and a context so that no call runs
// away, and offered to callers as an engine.Algorithm:
//
//	reg := engine.NewRegistry(classic.Algorithms()...)
//	a, err := reg.Parse("dfs")
//	res, err := a.Solve(ctx, grid, 2) // count solutions up to 2
//
// The systematic algorithms (SolveBacktrack, SolveDFS) count solutions to
// a limit and so prove uniqueness; the randomized ones (SolveAnnealing,
// SolveBrute, SolveNaive) find at most one solution and prove nothing.
// docs/solvers.md compares them.
//
// The package imports only engine and the standard library.
package classic
