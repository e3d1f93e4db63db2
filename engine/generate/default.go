package generate

import "github.com/sudokuhq/sudoku/engine/rating"

// defaultRater rates with the committed model when the options name no
// rater.
var defaultRater = rating.NewRater(rating.DefaultModel())
