package classic_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/classic"
)

func ExampleAlgorithms() {
	reg := engine.NewRegistry(classic.Algorithms()...)
	g := engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	a, err := reg.Parse("backtrack")
	if err != nil {
		return
	}
	res, err := a.Solve(context.Background(), g, 2) // limit 2: also decide uniqueness
	fmt.Println(res.Count, res.Solution, err)
	// Output: 1 483921657967345821251876493548132976729564138136798245372689514814253769695417382 <nil>
}

func ExampleSolveAnnealing() {
	g := engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	rng := rand.New(rand.NewPCG(1, 2)) // a fixed seed: the same run every time
	res, err := classic.SolveAnnealing(context.Background(), g, rng, 0)
	fmt.Println(res.Count, res.Solution, err)
	// Output: 1 483921657967345821251876493548132976729564138136798245372689514814253769695417382 <nil>
}
