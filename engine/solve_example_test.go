package engine_test

import (
	"fmt"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
)

// One call tells no solution, unique and more than one apart.
func ExampleSolveLimit() {
	const p = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	unique := engine.MustParse(p)
	ambiguous := engine.MustParse(p[:30] + strings.Repeat(".", 51)) // rows 4-9 emptied
	for _, g := range []engine.Grid{unique, ambiguous, engine.MustParse("11" + strings.Repeat(".", 79))} {
		res := engine.SolveLimit(g, 2)
		fmt.Println(res.Count, res.Unique())
	}
	// Output:
	// 1 true
	// 2 false
	// 0 false
}

// The baseline solver has the same semantics; its statistics differ.
func ExampleSolvePropagate() {
	g := engine.MustParse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	fast, baseline := engine.Solve(g), engine.SolvePropagate(g, 2)
	fmt.Println(fast.Count, baseline.Count, fast.Solution == baseline.Solution)
	fmt.Println(fast.Solution)
	// Output:
	// 1 1 true
	// 417369825632158947958724316825437169791586432346912758289643571573291684164875293
}
