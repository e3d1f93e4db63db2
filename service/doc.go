// Package service holds the use-cases of the Sudoku service: solve, rate,
// hint, generate and daily. It validates input, applies limits and
// deadlines, calls the engine and returns domain errors (engine's typed
// errors, or the ones declared here); it knows nothing of HTTP, JSON or
// Prometheus and reports what it did through the Hooks it is given.
package service
