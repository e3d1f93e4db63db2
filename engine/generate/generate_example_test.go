package generate_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// Generate with a fixed seed gives the same puzzle on every machine.
func ExampleGenerate() {
	p, err := generate.Generate(context.Background(), generate.Options{Rater: rating.DefaultRater(), Level: rating.Hard, Seed: 2026})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Puzzle)
	fmt.Println(p.Level, p.Puzzle.Givens(), engine.Solve(p.Puzzle).Count)
	// Output:
	// 43.17..8.8..5.491.....6...4......82..25.....7....1....6.392..5..4....6.2..94.63..
	// hard 30 1
}

// A symmetric, minimal puzzle.
func ExampleGenerate_symmetric() {
	opt := generate.Options{Rater: rating.DefaultRater(), Level: rating.Medium, Seed: 7, Symmetry: generate.Rotational180, Minimal: true}
	p, err := generate.Generate(context.Background(), opt)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Level, generate.Rotational180.Keeps(p.Puzzle), engine.Solve(p.Puzzle).Count)
	// Output:
	// medium true 1
}

// A transformation maps a puzzle and its solution to an equivalent pair.
func ExampleTransformation() {
	puzzle := engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	solution := engine.Solve(puzzle).Solution
	t := engine.RandomTransformation(rand.New(rand.NewPCG(1, 2)))
	p2, s2 := t.Apply(puzzle), t.Apply(solution)
	fmt.Println(s2.IsSolutionOf(&p2), engine.Solve(p2).Count, p2.Givens() == puzzle.Givens())
	// Output:
	// true 1 true
}

// The seed of the puzzle of the day depends only on the date, level and salt.
func ExampleDailySeed() {
	day := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	fmt.Println(generate.DailySeed(day, rating.Hard, ""))
	fmt.Println(generate.DailySeed(day.Add(20*time.Hour), rating.Hard, ""))
	// Output:
	// 3700962794966235086
	// 3700962794966235086
}

// A pool keeps ready puzzles per level; Get takes one or waits for one.
func ExamplePool() {
	pool := generate.NewPool(generate.PoolConfig{Options: generate.Options{Rater: rating.DefaultRater()}, Workers: 2, BufferSize: 2, Seed: 1})
	defer pool.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p, err := pool.Get(ctx, rating.Hard)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Level, p.Fresh, engine.Solve(p.Puzzle).Count)
	v := p.VariantOf(42) // an isomorphic copy: same level, rating and solution count
	fmt.Println(v.Level, v.Fresh, engine.Solve(v.Puzzle).Count)
	// Output:
	// hard true 1
	// hard false 1
}

// RenderSVG draws a printable grid.
func ExampleRenderSVG() {
	p := engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	if err := engine.RenderSVG(os.Stdout, p, engine.SVGOptions{CellSize: 20}); err != nil {
		fmt.Println(err)
	}
	// Output is an <svg> document of 200×200 units.
}
