package generate

import "github.com/sudokuhq/sudoku/engine/rating"

// A puzzle of the newspapers' easy kind and its solution.
const (
	easyPuzzle   = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	easySolution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
)

// defaultModel is the committed score model.
var defaultModel = rating.DefaultModel()
