package generate

import "github.com/sudokuhq/sudoku/engine/rating"

// Read-only copies of the rater's tables, taken once: the pool ranges over
// the levels, and the masker reads a technique's tier on every rating.
var (
	// levels lists the four levels, easiest first (rating.Levels).
	levels = rating.Levels()
	// techniques lists the rater's techniques by id (rating.Techniques).
	techniques = rating.Techniques()
)
