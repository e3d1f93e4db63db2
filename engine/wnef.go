package engine

import "math"

// WNEFLambda is the decay of seed 000's exponential weight function
// w(n) = exp(-WNEFLambda·(n-1)) for a cell with n candidates.
// Fitted by `go run ./cmd/sudoku calibrate` (see docs/rating.md).
const WNEFLambda = 0.5

// WNEF returns seed 000's weighted normalized ease function of puzzle g with
// the exponential weight w(n) = exp(-λ(n-1)): the mean weight of the empty
// cells' candidate counts after the givens are placed. It is 1 when every
// empty cell has a single candidate and falls towards 0 as the cells have
// more choices, so lower means harder. It returns 1 for a full grid and 0
// when the givens conflict. Cost: one NewBoard.
func WNEF(g Grid, lambda float64) float64 {
	b, ok := NewBoard(g)
	if !ok {
		return 0
	}
	return wnefBoard(&b, lambda)
}

// wnefBoard is WNEF on a board: Σₙ w(n)·cₙ / (w(1)·|E|).
func wnefBoard(b *Board, lambda float64) float64 {
	var hist [10]int
	empty := 0
	for c := range 81 {
		if b.Digits[c] == 0 {
			hist[Count(b.Cands[c])]++
			empty++
		}
	}
	if empty == 0 {
		return 1
	}
	var wef float64
	for n := 1; n <= 9; n++ {
		wef += math.Exp(-lambda*float64(n-1)) * float64(hist[n])
	}
	return wef / float64(empty)
}
