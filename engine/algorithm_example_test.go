package engine_test

import (
	"context"
	"fmt"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

func ExampleRegistry_Parse() {
	reg := engine.NewRegistry() // engine's own algorithms; see engine/classic for more
	g := engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	for _, name := range []string{"", "propagate", "genetic"} {
		a, err := reg.Parse(name)
		if err != nil {
			fmt.Println(err)
			continue
		}
		res, _ := a.Solve(context.Background(), g, 2) // limit 2: also decide uniqueness
		fmt.Printf("%s: %d solution(s), exhaustive=%v\n", a.Name, res.Count, a.Exhaustive)
	}
	// Output:
	// fast: 1 solution(s), exhaustive=true
	// propagate: 1 solution(s), exhaustive=true
	// unknown algorithm "genetic": want one of fast, propagate
}

// Errors carry a kind, found through any wrapping: callers answer every
// error of a kind alike.
func ExampleKindOf() {
	_, err := rating.Rate(engine.Grid{}) // the empty grid has many solutions
	fmt.Println(err, "→", engine.KindOf(fmt.Errorf("rate: %w", err)))
	_, err = rating.ParseLevel("nightmare")
	fmt.Println(engine.KindOf(err))
	// Output:
	// puzzle has more than one solution → ambiguous
	// invalid
}
