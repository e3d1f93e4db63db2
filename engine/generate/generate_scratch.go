package generate

import (
	"math/rand/v2"
	"sync"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// genScratch is the memory of one Generate call that outlives none of
// it: the random source and the masker's orbit order. Calls take one from
// scratchPool and put it back, so that generation in steady state
// allocates nothing of its own (the rater's scratch is the rater's).
// Workers that generate all day thus make no garbage per candidate, and
// the collector has nothing to stop them for (docs/scaling.md).
type genScratch struct {
	pcg   rand.PCG
	rng   *rand.Rand // over pcg
	m     masker
	order [81]int      // backs m.order: at most 81 orbits (Symmetry None)
	kept  [60]position // completedGrid's positions
	// ratings is the rating budget of a Generate call (see
	// maxGenerateRatings), here so that the masker's pointer to it does
	// not move it to the heap.
	ratings int
}

// scratchPool holds idle genScratch values.
var scratchPool = sync.Pool{New: func() any {
	s := &genScratch{}
	s.rng = rand.New(&s.pcg)
	return s
}}

// seed seeds the scratch's random source like rand.New(rand.NewPCG(seed,
// seedStream)): the generator's stream, fixed forever.
func (s *genScratch) seed(seed uint64) { s.pcg.Seed(seed, seedStream) }

// masker resets the scratch's masker for a new completed grid sol (what
// newMasker returns, without allocating).
func (s *genScratch) masker(sol engine.Grid, opt Options, ratings *int) *masker {
	orbits := symmetryOrbits[opt.Symmetry]
	s.m = masker{
		sol: sol, p: sol, rng: s.rng, orbits: orbits, opt: opt, ratings: ratings,
		order:   s.order[:len(orbits)],
		givens:  81,
		singles: opt.Level == rating.Easy && !opt.Minimal,
	}
	return &s.m
}
