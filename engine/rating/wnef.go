package rating

import (
	"math"

	"github.com/sudokuhq/sudoku/engine"
)

// WNEFLambda is the decay of Ease and Toil's exponential weight function
// w(n) = exp(-WNEFLambda·(n-1)) for a cell with n candidates.
// Fitted by `go run ./cmd/sudoku calibrate` (see docs/rating.md).
const WNEFLambda = 1.5

// WNEF returns Ease and Toil's weighted normalized ease function of puzzle g with
// the exponential weight w(n) = exp(-λ(n-1)): the mean weight of the empty
// cells' candidate counts after the givens are placed. It is 1 when every
// empty cell has a single candidate and falls towards 0 as the cells have
// more choices, so lower means harder. It returns 1 for a full grid and 0
// when the givens conflict. Cost: one NewBoard.
func WNEF(g engine.Grid, lambda float64) float64 {
	b, ok := engine.NewBoard(g)
	if !ok {
		return 0
	}
	return wnefBoard(&b, lambda)
}

// Choices is Ease and Toil's choice histogram: Choices[n] counts the empty cells
// with exactly n candidates (n = 1..9; Choices[0] is unused).
type Choices [10]int

// choices returns the choice histogram of b.
func choices(b *engine.Board) Choices {
	var h Choices
	for c := range 81 {
		if b.Digits[c] == 0 {
			h[engine.Count(b.Cands[c])]++
		}
	}
	return h
}

// WNEF returns Σₙ w(n)·cₙ / (w(1)·|E|) with w(n) = exp(−λ(n−1)); 1 when no
// cell is empty.
func (h Choices) WNEF(lambda float64) float64 {
	empty := 0
	var wef float64
	for n := 1; n <= 9; n++ {
		empty += h[n]
		wef += math.Exp(-lambda*float64(n-1)) * float64(h[n])
	}
	if empty == 0 {
		return 1
	}
	return wef / float64(empty)
}

// wnefBoard is WNEF on a board.
func wnefBoard(b *engine.Board, lambda float64) float64 {
	return choices(b).WNEF(lambda)
}
