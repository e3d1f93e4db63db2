package generate

import (
	"math/rand/v2"

	"github.com/sudokuhq/sudoku/engine"
)

// VariantOf returns an isomorphic variant of p: puzzle and solution mapped by
// the transformation drawn from seed, with the same level, score and rating
// (the rating is a property of the logic, which transformations keep). It is
// marked Fresh == false with Variant == seed. Cost: two Apply calls.
func (p Puzzle) VariantOf(seed uint64) Puzzle {
	t := engine.RandomTransformation(rand.New(rand.NewPCG(seed, variantStream)))
	v := p
	v.Puzzle, v.Solution = t.Apply(p.Puzzle), t.Apply(p.Solution)
	v.Fresh, v.Variant = false, seed
	return v
}

// variantStream is the PCG stream constant of variant transformations.
const variantStream = 0x7a41_a47e_1f0b_3c2d
