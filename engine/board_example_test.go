package engine_test

import (
	"fmt"

	"github.com/sudokuhq/sudoku/engine"
)

// Singles alone solve the newspapers' easy puzzle: the board is filled.
func ExamplePropagateSingles() {
	b, ok := engine.NewBoard(engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."))
	fmt.Println(ok, engine.PropagateSingles(&b), b.Empty())
	fmt.Println(b.Digits)
	// Output:
	// true true 0
	// 483921657967345821251876493548132976729564138136798245372689514814253769695417382
}

// Do singles fill r1c1 and r9c9 of the easy puzzle? The propagation stops
// after the pass that placed both, with other cells still empty.
func ExamplePropagateSinglesUntil() {
	b, _ := engine.NewBoard(engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."))
	fmt.Println(engine.PropagateSinglesUntil(&b, []int{0, 80}), b.Digits[0], b.Digits[80], b.Empty() > 0)
	// Output:
	// true 4 2 true
}
