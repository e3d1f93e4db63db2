package engine

// Result is what a solver found for one puzzle.
type Result struct {
	// Solution is the first solution found; the zero Grid when Count == 0.
	Solution Grid
	// Count is the number of solutions found, at most the limit asked for.
	// With a limit of 2 it is 0 (no solution), 1 (unique) or 2 (more than
	// one).
	Count int
	// Guesses counts branch points: search nodes where the solver had to try
	// more than one digit.
	Guesses int
	// Nodes counts the search nodes visited, the root included.
	Nodes int
}

// Unique reports whether the puzzle had exactly one solution. It is
// meaningful only for results computed with a limit of at least 2.
func (r Result) Unique() bool { return r.Count == 1 }

// Solve solves puzzle g with the fastest solver and counts its solutions up
// to 2, so that one call tells no solution, unique, or more than one apart.
// A grid whose givens conflict has no solution.
func Solve(g Grid) Result { return SolveLimit(g, 2) }

// SolveLimit is Solve with a chosen solution limit (at least 1): the search
// stops when limit solutions are found. Limit 1 is the fastest way to get
// some solution; limit 2 decides uniqueness.
func SolveLimit(g Grid, limit int) Result {
	if asmActive {
		return solveAsm(g, max(limit, 1))
	}
	if simdActive {
		return solveSIMD(g, max(limit, 1))
	}
	return solveFast(g, max(limit, 1))
}

// CountSolutions counts the solutions of g up to limit (at least 1) with the
// solver of SolveLimit, without building the solution: it is
// SolveLimit(g, limit).Count, a little faster, for callers that print only
// the count (sudoku solve -count). Conflicting givens count 0.
func CountSolutions(g Grid, limit int) int {
	if asmActive {
		return countAsm(g, max(limit, 1))
	}
	if simdActive {
		return countSIMD(g, max(limit, 1))
	}
	return countFast(g, max(limit, 1))
}

// simdActive selects the SIMD port of tdoku's solver written with Go's
// experimental simd/archsimd (engine/solve_simd_amd64.go) behind
// SolveLimit and CountSolutions where the assembly port does not run: in
// builds that ask for it (GOEXPERIMENT=simd and the build tag simdsolver,
// on amd64), on a processor with AVX2. Tests switch it to exercise every
// path.
var simdActive = simdByDefault && simdSupported()

// asmActive selects the assembly port of tdoku's solver
// (engine/solve_asm_amd64.s) behind SolveLimit and CountSolutions: in every
// amd64 build but -tags purego, on a processor with AVX2 and BMI1 and an
// operating system that saves their registers, on its AVX-512 body where
// the processor also has AVX512F, BW, VL and BITALG (asmAVX2Body). Elsewhere
// the band-word solver of solve_fast.go runs; it stays the fallback and
// the oracle of the differential tests. The AVX-512 body is the faster of
// the two on every set of puzzles measured, the AVX2 body on every one but
// 17-clue puzzles, and both for generation (BENCHMARKS.md, "Beside tdoku";
// docs/solver.md, "Which solver runs", says why the AVX2 body is the
// default on its processors too, and docs/solver-log.md, "The assembly
// port" and "The AVX2 body", by how much). Tests switch it to exercise
// every path.
var asmActive = asmSupported()

// SolverPath names the solver behind Solve, SolveLimit and CountSolutions
// in this build on this processor: "avx512" (the assembly port of tdoku's
// SIMD solver: any amd64 build but -tags purego, on a processor with
// AVX512F, BW, VL and BITALG), "avx2" (the same port's AVX2 body, on a
// processor with AVX2 and BMI1 but not that AVX-512 set), "simd" (the
// archsimd port: a build with GOEXPERIMENT=simd and -tags simdsolver where
// the assembly port does not run, which with AVX2 it does, so only where
// tests put it) or "scalar" (the band-word solver, everywhere else). All give the same
// counts, and the same solution when it is unique; the first of several
// solutions and the Guesses and Nodes statistics differ.
func SolverPath() string {
	if asmActive {
		if asmAVX2Body {
			return "avx2"
		}
		return "avx512"
	}
	if simdActive {
		return "simd"
	}
	return "scalar"
}

// UniqueSolution returns the solution of puzzle g when it has exactly one:
// the *ConflictError of Validate when givens conflict, ErrNoSolution when
// it has none and ErrMultipleSolutions when it has more. It is the check
// every operation that needs a proper Sudoku starts with (rating, hints,
// checking a player's grid). Cost: one Solve.
func UniqueSolution(g Grid) (Grid, error) {
	if err := g.Validate(); err != nil {
		return Grid{}, err
	}
	return SolveUnique(g)
}

// SolveUnique is UniqueSolution for a grid already validated.
func SolveUnique(g Grid) (Grid, error) {
	res := Solve(g)
	switch {
	case res.Count == 0:
		return Grid{}, ErrNoSolution
	case res.Count > 1:
		return Grid{}, ErrMultipleSolutions
	}
	return res.Solution, nil
}
