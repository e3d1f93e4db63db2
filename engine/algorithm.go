package engine

import (
	"context"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"
)

// Algorithm is one solving algorithm, selectable by name (the service's
// "algorithm" field, the CLI's -algorithm flag) through a Registry.
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
// This package provides fast and propagate (Algorithms); the five classic
// algorithms of the solver comparison (Parnell, Freeze and Smith) are in
// package engine/classic. A randomized algorithm draws from a generator
// seeded by PuzzleSeed(g), so the same puzzle gives the same result every
// time.
type Algorithm struct {
	Name       string // lower-case name, unique in a Registry
	Summary    string // one line: what it does and what it guarantees
	Exhaustive bool   // Count is exact up to the limit (proves uniqueness)
	Solve      func(ctx context.Context, g Grid, limit int) (Result, error)
}

// DefaultAlgorithm names the algorithm used when none is asked for: the
// first of Algorithms, and so of every Registry.
const DefaultAlgorithm = "fast"

// Algorithms returns the solving algorithms of this package, the default
// first: the bitboard solver the service runs, then the propagating solver
// it is checked against. Each call returns a new slice.
func Algorithms() []Algorithm {
	return []Algorithm{
		{
			Name:       DefaultAlgorithm,
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
	}
}

// Registry is a fixed, ordered set of algorithms looked up by name. Build it
// with NewRegistry; it is never changed afterwards, so it is safe for
// concurrent use.
type Registry struct {
	algs []Algorithm
}

// NewRegistry returns the registry of Algorithms followed by extra, in that
// order (callers add the classic algorithms: NewRegistry(classic.Algorithms()...)).
// It panics when a name is empty or repeated, or an algorithm has no Solve
// function: that is a wiring bug, not an input error.
func NewRegistry(extra ...Algorithm) *Registry {
	algs := append(Algorithms(), extra...)
	seen := make(map[string]bool, len(algs))
	for _, a := range algs {
		if a.Name == "" || a.Solve == nil || seen[a.Name] {
			panic(fmt.Sprintf("engine: NewRegistry: algorithm %q is unnamed, repeated or has no Solve", a.Name))
		}
		seen[a.Name] = true
	}
	return &Registry{algs: algs}
}

// All returns the registry's algorithms in order, the default first. The
// slice is a copy.
func (r *Registry) All() []Algorithm {
	return append([]Algorithm(nil), r.algs...)
}

// Names returns the names of the registry's algorithms, in order.
func (r *Registry) Names() []string {
	names := make([]string, len(r.algs))
	for i, a := range r.algs {
		names[i] = a.Name
	}
	return names
}

// Lookup returns the algorithm with the given name, and false when there is
// none. The lookup is exact (lower case) and costs a scan of a few entries.
func (r *Registry) Lookup(name string) (Algorithm, bool) {
	for _, a := range r.algs {
		if a.Name == name {
			return a, true
		}
	}
	return Algorithm{}, false
}

// Parse is Lookup for user input: the empty name selects DefaultAlgorithm,
// and an unknown name is an *UnknownAlgorithmError listing the valid ones.
func (r *Registry) Parse(name string) (Algorithm, error) {
	if name == "" {
		name = DefaultAlgorithm
	}
	if a, ok := r.Lookup(name); ok {
		return a, nil
	}
	return Algorithm{}, &UnknownAlgorithmError{Name: name, Valid: r.Names()}
}

// UnknownAlgorithmError is returned by Registry.Parse for a name that is no
// algorithm of the registry.
type UnknownAlgorithmError struct {
	Name  string   // the name asked for
	Valid []string // the registry's names, in order
}

// Error names the unknown algorithm and lists the valid names.
func (e *UnknownAlgorithmError) Error() string {
	return fmt.Sprintf("unknown algorithm %q: want one of %s", e.Name, strings.Join(e.Valid, ", "))
}

// Kind returns KindInvalid.
func (e *UnknownAlgorithmError) Kind() Kind { return KindInvalid }

// Parameter returns "algorithm", the input at fault.
func (e *UnknownAlgorithmError) Parameter() string { return "algorithm" }

// Allowed returns the valid names.
func (e *UnknownAlgorithmError) Allowed() []string { return slices.Clone(e.Valid) }

// ErrBudgetExceeded means a solver used up its work budget (nodes, attempts
// or swaps) before finishing. The puzzle may still have a solution: a
// randomized solver cannot tell, and a systematic one simply ran out of
// time. Errors wrap it with the algorithm and the work done.
var ErrBudgetExceeded = NewError(KindBudgetExceeded, "search budget exceeded")

// PuzzleSeed returns a seed derived from the grid alone (FNV-1a over its 81
// cells), so that the randomized algorithms behave the same on every run,
// replica and retry for the same puzzle.
func PuzzleSeed(g Grid) uint64 {
	h := fnv.New64a()
	h.Write(g[:])
	return h.Sum64()
}

// solveFastCtx wraps SolveLimit, which finishes in microseconds: ctx is looked
// at once, before starting.
func solveFastCtx(ctx context.Context, g Grid, limit int) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("fast: %w", err)
	}
	return SolveLimit(g, limit), nil
}

// solvePropagateCtx wraps SolvePropagate (Norvig's solver, as the solver
// comparison cites it) like solveFastCtx.
func solvePropagateCtx(ctx context.Context, g Grid, limit int) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("propagate: %w", err)
	}
	return SolvePropagate(g, limit), nil
}
