package generate

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// symmetryOrbits holds Symmetry.Orbits for each symmetry, computed once.
var symmetryOrbits = func() (o [len(symmetries)][][]int) {
	for _, s := range symmetries {
		o[s] = s.Orbits()
	}
	return
}()

// target is what tuned masking aims at: the level, the score range and the
// tier, from Options.
type target struct {
	level              rating.Level
	minScore, maxScore float64
	minTier            int
	technique          int // index in techniques of the hardest technique asked for; -1: any
}

func newTarget(o Options) target {
	t := target{level: o.Level, minScore: o.MinScore, maxScore: o.MaxScore, minTier: o.MinTier, technique: -1}
	if o.Technique != "" {
		t.technique = rating.TechniqueID(o.Technique)
	}
	return t
}

// techniqueDir tells where a rating's hardest technique stands against the
// one asked for: -1 easier (a lower tier, or an earlier technique of the
// same tier), 0 the same, +1 harder.
func (t target) techniqueDir(r *rating.Rating) int {
	if t.technique < 0 {
		return 0
	}
	want := techniques[t.technique].Tier
	switch {
	case r.HardestTier < want:
		return -1
	case r.HardestTier > want:
		return +1
	}
	got := rating.TechniqueID(r.Hardest)
	switch {
	case got < t.technique:
		return -1
	case got > t.technique:
		return +1
	}
	return 0
}

// dir tells where a rating stands: -1 too easy, 0 on target, +1 too hard.
func (t target) dir(r rating.Rating) int {
	switch {
	case t.level != 0 && r.Level < t.level, r.Score < t.minScore:
		return -1
	case t.level != 0 && r.Level > t.level, t.maxScore != 0 && r.Score > t.maxScore:
		return +1
	case r.HardestTier < t.minTier:
		return -1
	}
	return t.techniqueDir(&r)
}

// masker removes givens from a completed grid. Invariant: p has exactly one
// solution, sol, and its givens are a union of orbits.
type masker struct {
	sol, p  engine.Grid
	rng     *rand.Rand
	orbits  [][]int
	opt     Options
	order   []int // scratch: orbit indexes in random order
	givens  int
	singles bool // keep p solvable by singles alone (easy, not minimal)
	// minimal is true when p is known to be minimal: no orbit can be
	// removed. It saves a futile pass of uniqueness tests.
	minimal bool
	// futile is a puzzle from which no orbit could be removed: whether an
	// orbit can go depends on the puzzle alone, so a pass over the same
	// puzzle would only repeat failing uniqueness tests.
	futile engine.Grid
	// ratings is the rating budget left to the Generate call, shared by
	// its maskers (see maxGenerateRatings).
	ratings *int
	// witnesses are, per orbit, the cells where the last second solution
	// a uniqueness test found differs from sol: they end later tests of
	// that orbit without a search (uniqueWithout).
	witnesses witnesses
}

func newMasker(sol engine.Grid, rng *rand.Rand, opt Options, ratings *int) *masker {
	orbits := symmetryOrbits[opt.Symmetry]
	return &masker{
		sol: sol, p: sol, rng: rng, orbits: orbits, opt: opt, ratings: ratings,
		order:   make([]int, len(orbits)),
		givens:  81,
		singles: opt.Level == rating.Easy && !opt.Minimal,
	}
}

// shuffled fills m.order with the orbit indexes in a random order.
func (m *masker) shuffled() []int {
	for i := range m.order {
		m.order[i] = i
	}
	m.rng.Shuffle(len(m.order), func(i, j int) { m.order[i], m.order[j] = m.order[j], m.order[i] })
	return m.order
}

// isGiven reports whether orbit o is given (all its cells are, by the
// invariant).
func (m *masker) isGiven(o int) bool { return m.p[m.orbits[o][0]] != 0 }

// without returns the puzzle with orbit o emptied.
func (m *masker) without(o int) engine.Grid {
	q := m.p
	for _, c := range m.orbits[o] {
		q[c] = 0
	}
	return q
}

// tryRemove removes orbit o when the puzzle stays unique (and, in singles
// mode, solvable by singles) and MinGivens allows it; it reports whether it
// did.
func (m *masker) tryRemove(o int) bool {
	cells := m.orbits[o]
	if !m.isGiven(o) || m.givens-len(cells) < max(m.opt.MinGivens, minPuzzleGivens) {
		return false
	}
	q := m.without(o)
	if m.singles {
		if !singlesRefill(q, cells) {
			return false
		}
	} else if !m.uniqueWithout(q, o) {
		return false
	}
	m.p = q
	m.givens -= len(cells)
	m.minimal = false
	return true
}

// add puts orbit o back from the solution.
func (m *masker) add(o int) {
	for _, c := range m.orbits[o] {
		m.p[c] = m.sol[c]
	}
	m.givens += len(m.orbits[o])
	m.minimal = false
}

// randomStop gives, per level, the number of givens at which random masking
// hands over to tuned masking: a puzzle with that many givens is almost
// always easier than the level, so tuned masking approaches the level from
// below, rating after each removal. 0 means random masking runs to a minimal
// puzzle: for Easy (in singles mode, singles-minimal), for Evil (the hardest
// puzzles are minimal ones) and for any level.
var randomStop = [rating.Evil + 1]int{rating.Medium: 30, rating.Hard: 27}

// randomMask is Ease and Toil's random masking: orbits, in random order, are
// removed if the puzzle stays unique, down to randomStop givens. Without a
// stop the result is minimal (no orbit can be removed), or singles-minimal
// in singles mode.
func (m *masker) randomMask(ctx context.Context) {
	stop := randomStop[m.opt.Level]
	for i, o := range m.shuffled() {
		if i%16 == 0 && ctx.Err() != nil {
			return
		}
		if m.givens <= stop {
			return
		}
		m.tryRemove(o)
	}
	m.minimal = !m.singles && m.opt.MinGivens == 0
}

// isMinimal reports whether no orbit can be removed with the puzzle staying
// unique.
func (m *masker) isMinimal() bool {
	if m.minimal {
		return true
	}
	for o := range m.orbits {
		if m.isGiven(o) && m.uniqueWithout(m.without(o), o) {
			return false
		}
	}
	m.minimal = true
	return true
}

// addOne puts back one random removed orbit that MaxGivens allows; false
// when none is.
func (m *masker) addOne() bool {
	for _, o := range m.shuffled() {
		if !m.isGiven(o) && (m.opt.MaxGivens == 0 || m.givens+len(m.orbits[o]) <= m.opt.MaxGivens) {
			m.add(o)
			return true
		}
	}
	return false
}

// swapRemovals is the number of orbits a swap removes after putting one
// back: two makes the move lower the givens when it can, so that a minimal
// puzzle walks toward harder neighbours.
const swapRemovals = 2

// swap puts back one removed orbit and then removes up to swapRemovals
// other orbits, in random order, keeping the puzzle unique: a move to a
// neighbouring puzzle with about as many givens. With Minimal it removes
// all it can, so that the result is minimal again.
func (m *masker) swap() bool {
	if !m.addOne() {
		return false
	}
	removed := 0
	for _, o := range m.shuffled() {
		if (m.opt.Minimal || removed < swapRemovals) && m.tryRemove(o) {
			removed++
		}
	}
	if m.opt.Minimal && m.opt.MinGivens == 0 {
		m.minimal = true
	}
	return removed > 0
}

// rate rates p; a rater error (which a unique puzzle never gives) counts as
// a failed move, and so does an exhausted rating budget.
func (m *masker) rate() (rating.Rating, bool) {
	if *m.ratings <= 0 {
		return rating.Rating{}, false
	}
	*m.ratings--
	r, err := m.opt.Rater.RateUnique(m.p, m.sol) // p stays unique, with solution sol
	return r, err == nil
}

// done reports whether the puzzle meets the options besides the rating.
func (m *masker) done() bool {
	if m.opt.MaxGivens != 0 && m.givens > m.opt.MaxGivens {
		return false
	}
	return !m.opt.Minimal || m.isMinimal()
}

// tune is Ease and Toil's tuned masking. From the random-masked puzzle it makes
// moves that bring the rating toward the target, rating the puzzle after
// each: while too easy it removes random orbits (each removal followed by
// the uniqueness test), keeping a removal unless it makes the puzzle too
// hard; when nothing can be removed it swaps (one orbit back, two others
// out); while too hard it puts an orbit back (a swap when Minimal is asked).
// A move that crosses the target or moves away from it is undone and counts
// as a failure, and so does a swap made on target that still leaves the
// puzzle short of Minimal or MaxGivens. It stops at the target (true), after
// opt.AllowedFailures failures or after maxTuneMoves moves (false), so every
// option combination ends: each move costs at most one pass of uniqueness
// tests and ratings over the orbits.
func (m *masker) tune(ctx context.Context, t target) (rating.Rating, bool) {
	// In singles mode random masking stopped at a puzzle singles solve; the
	// remaining moves need not keep that property.
	m.singles = false
	r, ok := m.rate()
	if !ok {
		return r, false
	}
	fails := 0
	// undo restores the state saved before a move and counts a failure.
	type state struct {
		p       engine.Grid
		givens  int
		minimal bool
	}
	undo := func(s state) {
		m.p, m.givens, m.minimal = s.p, s.givens, s.minimal
		fails++
	}
	// Reaching the level from below stops at its easiest puzzles; a few
	// more removals within the level (a number drawn per puzzle) spread the
	// puzzles over the level, down to its hardest.
	spread, spreadFails := m.rng.IntN(maxSpread+1), 0
	fromAbove := false // the level was reached by giving cells back
	for moves := 0; moves < maxTuneMoves && *m.ratings > 0 && ctx.Err() == nil; moves++ {
		d := t.dir(r)
		if d == 0 && m.done() {
			if spread == 0 || spreadFails == maxSpreadFailures || m.opt.Minimal {
				return r, true
			}
			if m.within(t, &r, fromAbove) {
				spread--
			} else {
				spreadFails++
			}
			continue
		}
		if fails >= m.opt.AllowedFailures {
			return r, false
		}
		if d > 0 { // too hard: give a cell back
			save := state{m.p, m.givens, m.minimal}
			moved := false
			if m.opt.Minimal {
				moved = m.swap()
			} else {
				moved = m.addOne()
			}
			if !moved {
				return r, false
			}
			nr, ok := m.rate()
			if nd := t.dir(nr); ok && (nd == 0 || nd > 0 && nr.Score < r.Score) {
				r, fromAbove = nr, true
			} else {
				undo(save)
			}
			continue
		}
		// Too easy, or on target with too many givens or not yet minimal:
		// remove orbits in random order, rating after each.
		removed := false
		if !m.minimal && m.futile == m.p {
			// The same puzzle (a swap was undone) lost no orbit last time
			// and would lose none now: skip the pass, but draw its order
			// so the random stream, and so the puzzle, is unchanged.
			m.shuffled()
		} else if !m.minimal {
			anyRemoved := false
			for _, o := range m.shuffled() {
				save := state{m.p, m.givens, m.minimal}
				if !m.tryRemove(o) {
					continue
				}
				anyRemoved = true
				nr, ok := m.rate()
				if nd := t.dir(nr); ok && (nd == 0 || nd < 0 && d < 0) {
					r, removed = nr, true
					break
				}
				undo(save)
				if fails >= m.opt.AllowedFailures || *m.ratings <= 0 {
					return r, false
				}
			}
			if !anyRemoved {
				m.futile = m.p
			}
		}
		if removed {
			continue
		}
		// Nothing could be removed: move to a neighbour.
		save := state{m.p, m.givens, m.minimal}
		if !m.swap() {
			undo(save)
			continue
		}
		nr, ok := m.rate()
		if nd := t.dir(nr); ok && (nd == 0 || nd == d && nr.Score > r.Score) {
			r = nr
			if d == 0 {
				// On target already: the swap only looked for a minimal
				// puzzle (or one within MaxGivens) and did not find it.
				// Counting it bounds the search when MinGivens keeps
				// every orbit in place, so that isMinimal never holds.
				fails++
			}
		} else {
			undo(save)
		}
	}
	return r, false
}

// maxTuneMoves caps the moves of one tune call whatever the options:
// over 40 seeds of every level, with and without Minimal and symmetry, tune
// needs at most 23 moves.
const maxTuneMoves = 256

// Spreading within the level.
const (
	// maxSpread is the most moves made within the level once it is
	// reached.
	maxSpread = 6
	// maxSpreadFailures ends spreading after that many removals that left
	// the level.
	maxSpreadFailures = 3
)

// within makes one move that keeps the puzzle on target, updating *r: it
// removes a random orbit (the puzzle staying unique), or, when the level was
// reached from above, puts one back. It reports false when the move left
// the target (it is undone) or no move is possible.
func (m *masker) within(t target, r *rating.Rating, fromAbove bool) bool {
	if fromAbove {
		save, saveGivens, saveMinimal := m.p, m.givens, m.minimal
		if !m.addOne() {
			return false
		}
		if nr, ok := m.rate(); ok && t.dir(nr) == 0 {
			*r = nr
			return true
		}
		m.p, m.givens, m.minimal = save, saveGivens, saveMinimal
		return false
	}
	if m.minimal {
		return false
	}
	for _, o := range m.shuffled() {
		save, saveGivens := m.p, m.givens
		if !m.tryRemove(o) {
			continue
		}
		if nr, ok := m.rate(); ok && t.dir(nr) == 0 {
			*r = nr
			return true
		}
		m.p, m.givens = save, saveGivens
		return false
	}
	m.minimal = m.opt.MinGivens == 0
	return false
}

// SolvesBySingles reports whether naked and hidden singles alone fill g (the
// math-fun list's level 1). Such a puzzle has exactly one solution, since every
// placement was forced. It does not use the rater: it propagates singles to
// a fixed point and reports false when they stall, so it is the independent
// check that a Hard or Evil puzzle has no singles-only path. Cost: one
// propagation, a few microseconds.
func SolvesBySingles(g engine.Grid) bool {
	b, ok := engine.NewBoard(g)
	return ok && engine.PropagateSingles(&b) && b.Solved()
}

// singlesRefill reports whether q solves by singles alone when q is a
// puzzle that does (the masker's p) with the cells emptied: whether
// SolvesBySingles(q). Singles only add placements, so q's singles fill the
// grid exactly when they fill the emptied cells (then they have all of p's
// givens, and p's singles do the rest): propagation stops as soon as they
// are placed, and does not start when each is a naked single from the
// start (its peers hold the eight other digits).
func singlesRefill(q engine.Grid, cells []int) bool {
	naked := true
	for _, c := range cells {
		naked = naked && bits.OnesCount16(freeDigits(&q, c)) == 1
	}
	if naked {
		return true
	}
	b, ok := engine.NewBoard(q)
	return ok && engine.PropagateSinglesUntil(&b, cells)
}
