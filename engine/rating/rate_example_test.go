package rating_test

import (
	"fmt"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

func ExampleRate() {
	g := engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	r, err := rating.Rate(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(r.Level, r.Hardest, r.HardestTier, r.Level1, r.Givens)
	// Output: easy hidden-single 1 true 32
}

func ExampleExplain() {
	g := engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	_, steps, err := rating.Explain(g)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, st := range steps[:3] {
		fmt.Println(st.Technique+":", st.Text)
	}
	// Output:
	// naked-single: r5c6 can only be 4: every other digit is already in its row, column or box.
	// naked-single: r5c7 can only be 1: every other digit is already in its row, column or box.
	// naked-single: r9c4 can only be 4: every other digit is already in its row, column or box.
}

func ExampleNextHint() {
	puzzle := engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	current := puzzle
	current[0] = 5 // the player's entry at r1c1; the solution has 4
	h, err := rating.NextHint(puzzle, current)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(h.Mistake, engine.CellName(h.Cell), h.Text)

	h, _ = rating.NextHint(puzzle, puzzle)
	fmt.Println(h.Step.Technique, h.Text)
	// Output:
	// true r1c1 Your grid already contains a mistake at r1c1: it can't be 5.
	// naked-single r5c6 can only be 4: every other digit is already in its row, column or box.
}

// A Rater scores with the model it is given; the path's numbers are the
// model's input and stay the same.
func ExampleNewRater() {
	g := engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	strict := rating.DefaultModel() // a copy: changing it changes no other rating
	strict.Cuts = [3]float64{1.01, 1.5, 4}
	a, _ := rating.Rate(g)
	b, _ := rating.NewRater(strict).Rate(g)
	fmt.Println(a.Level, b.Level, a.Steps == b.Steps, a.Score == b.Score)
	// Output: easy medium true true
}
