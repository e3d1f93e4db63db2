// Package engine is the core of the Sudoku engine: the board model, parsing,
// the units, the solvers, the transforms and the error kinds. The packages
// built on it are engine/rating (the human-style rater), engine/generate
// (the generator, the worker pool and the puzzles of the day) and
// engine/classic (the five classic solving algorithms); it imports none of
// them.
//
// It imports nothing but the standard library: no HTTP, no JSON tags, no
// logging and no metrics. Callers observe it through plain values. Errors
// carry a Kind (see KindOf) so that callers answer them by kind.
//
// Comments cite the papers behind the techniques, metrics and algorithms by
// the short names of docs/references.md: Ease and Toil (levels, generator,
// WNEF), Cheng and Xiao (strategy tiers, step metric), Parnell, Freeze and
// Smith (classic solvers), the math-fun list (the 729-bit board, level 1)
// and HumanSolve (the step metric as an expectation).
//
// # Coordinates
//
// Cells are numbered 0..80 in row-major order: cell = 9*row + col. Blocks
// (boxes) are numbered 0..8 left to right, top to bottom; Ease and Toil's
// formulas hold: block c(i,j) = 3⌊i/3⌋ + ⌊j/3⌋ and the k-th cell of block c is
// at row 3⌊c/3⌋ + ⌊k/3⌋, column 3(c mod 3) + (k mod 3). Human-facing text names
// cells r1c1..r9c9 (1-based), as solving guides do.
//
// # Candidates
//
// A candidate set is a 9-bit mask: bit d-1 stands for digit d. See Board.
//
// See the package examples for Parse and Solve.
package engine
