// Package generate makes puzzles: Generate masks a random solved grid down
// to a unique puzzle of the level, score window, symmetry or technique
// asked for (Ease and Toil's tuned masking), rating every candidate with the
// *rating.Rater of its options; Pool keeps a buffer of ready puzzles per
// level filled by a bounded set of workers; DailyKey derives the puzzles of
// the day from a date, a level and a key.
//
// It imports engine (board, solver, transforms) and engine/rating, and
// neither imports it. Randomness is injected: the same options and seed give
// the same puzzle on every machine.
//
// See the package examples for Generate and the daily puzzles.
package generate
