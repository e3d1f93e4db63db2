// Package rating is the human-style rater: the techniques a person uses
// (singles to forcing nets and trial, in eight tiers), the loop that applies
// them round by round like a simulated expert, and the fitted score model
// that turns the path's numbers into a Score and a Level. Rate and Explain
// rate with the committed model; NewRater takes another model as a value.
// NextHint gives the next step of a game in progress.
//
// It imports only engine (the board, parsing and the solvers) and the
// standard library, and engine never imports it. The generator
// (engine/generate) rates every candidate puzzle with a *Rater its caller
// passes in.
//
// Where a technique lives: its file is strategy_<family>.go, named for the
// family (singles, subsets, locked, fish, wings, unique, chains, colouring,
// als, forcing, trial); the technique table and the round's scratch are in
// strategy.go, the loop in rate.go, the score in score.go and features.go.
// docs/architecture.md ("The rater, file by file") lists them all.
//
// See the package examples for Rate, Explain and a score model's levels.
package rating
