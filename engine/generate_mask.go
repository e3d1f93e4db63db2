package engine

import (
	"context"
	"math/rand/v2"
)

// symmetryOrbits holds Symmetry.Orbits for each symmetry, computed once.
var symmetryOrbits = func() (o [len(Symmetries)][][]int) {
	for _, s := range Symmetries {
		o[s] = s.Orbits()
	}
	return
}()

// target is what tuned masking aims at: the level, the score range and the
// tier, from GenerateOptions.
type target struct {
	level              Level
	minScore, maxScore float64
	minTier            int
}

func newTarget(o GenerateOptions) target {
	return target{level: o.Level, minScore: o.MinScore, maxScore: o.MaxScore, minTier: o.MinTier}
}

// dir tells where a rating stands: -1 too easy, 0 on target, +1 too hard.
func (t target) dir(r Rating) int {
	switch {
	case t.level != 0 && r.Level < t.level, r.Score < t.minScore:
		return -1
	case t.level != 0 && r.Level > t.level, t.maxScore != 0 && r.Score > t.maxScore:
		return +1
	case r.HardestTier < t.minTier:
		return -1
	}
	return 0
}

// masker removes givens from a completed grid. Invariant: p has exactly one
// solution, sol, and its givens are a union of orbits.
type masker struct {
	sol, p  Grid
	rng     *rand.Rand
	orbits  [][]int
	opt     GenerateOptions
	order   []int // scratch: orbit indexes in random order
	givens  int
	singles bool // keep p solvable by singles alone (easy, not minimal)
}

func newMasker(sol Grid, rng *rand.Rand, opt GenerateOptions) *masker {
	orbits := symmetryOrbits[opt.Symmetry]
	return &masker{
		sol: sol, p: sol, rng: rng, orbits: orbits, opt: opt,
		order:   make([]int, len(orbits)),
		givens:  81,
		singles: opt.Level == Easy && !opt.Minimal,
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

// tryRemove removes orbit o when the puzzle stays unique (and, in singles
// mode, solvable by singles) and MinGivens allows it; it reports whether it
// did.
func (m *masker) tryRemove(o int) bool {
	cells := m.orbits[o]
	if !m.isGiven(o) || m.givens-len(cells) < max(m.opt.MinGivens, minPuzzleGivens) {
		return false
	}
	q := m.p
	for _, c := range cells {
		q[c] = 0
	}
	if m.singles {
		if !solvesBySingles(q) {
			return false
		}
	} else if !isUnique(q) {
		return false
	}
	m.p = q
	m.givens -= len(cells)
	return true
}

// add puts orbit o back from the solution.
func (m *masker) add(o int) {
	for _, c := range m.orbits[o] {
		m.p[c] = m.sol[c]
	}
	m.givens += len(m.orbits[o])
}

// randomMask is seed 000's random masking: every orbit, in random order, is
// removed if the puzzle stays unique. The result is minimal (no orbit can be
// removed), or singles-minimal in singles mode.
func (m *masker) randomMask(ctx context.Context) {
	for i, o := range m.shuffled() {
		if i%16 == 0 && ctx.Err() != nil {
			return
		}
		m.tryRemove(o)
	}
}

// minimal reports whether no orbit can be removed with the puzzle staying
// unique.
func (m *masker) minimal() bool {
	for o := range m.orbits {
		if m.isGiven(o) {
			q := m.p
			for _, c := range m.orbits[o] {
				q[c] = 0
			}
			if isUnique(q) {
				return false
			}
		}
	}
	return true
}

// removeOne removes one random removable orbit; false when none is.
func (m *masker) removeOne() bool {
	for _, o := range m.shuffled() {
		if m.tryRemove(o) {
			return true
		}
	}
	return false
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

// swap puts back one removed orbit and then removes orbits, in random
// order, while the puzzle stays unique: a move to a neighbouring puzzle with
// about as many givens.
func (m *masker) swap() bool {
	if !m.addOne() {
		return false
	}
	removed := false
	for _, o := range m.shuffled() {
		if m.tryRemove(o) {
			removed = true
		}
	}
	return removed
}

// rate rates p; a rater error (which a unique puzzle never gives) counts as
// a failed move.
func (m *masker) rate() (Rating, bool) {
	r, err := Rate(m.p)
	return r, err == nil
}

// done reports whether the puzzle meets the options besides the rating.
func (m *masker) done() bool {
	if m.opt.MaxGivens != 0 && m.givens > m.opt.MaxGivens {
		return false
	}
	return !m.opt.Minimal || m.minimal()
}

// tune is seed 000's tuned masking. From the random-masked puzzle it makes
// moves that bring the rating toward the target: remove an orbit when too
// easy (or a swap when nothing can be removed), put one back when too hard
// (a swap when Minimal is asked). A move is kept when the rating reaches the
// target or moves toward it without crossing it; otherwise it is undone and
// counts as a failure. It stops at the target (true) or after
// opt.AllowedFailures failures (false).
func (m *masker) tune(ctx context.Context, t target) (Rating, bool) {
	// In singles mode random masking stopped at a puzzle singles solve; the
	// remaining moves need not keep that property.
	m.singles = false
	r, ok := m.rate()
	if !ok {
		return r, false
	}
	for fails := 0; ctx.Err() == nil; {
		d := t.dir(r)
		if d == 0 && m.done() {
			return r, true
		}
		if fails >= m.opt.AllowedFailures {
			return r, false
		}
		save, saveGivens := m.p, m.givens
		var moved bool
		switch {
		case d > 0 && !m.opt.Minimal:
			moved = m.addOne()
		case d > 0:
			moved = m.swap()
		default: // too easy, or on target with too many givens or not minimal
			moved = m.removeOne() || (d < 0 && m.swap())
		}
		var nr Rating
		if moved {
			nr, moved = m.rate()
		}
		if moved {
			nd := t.dir(nr)
			better := nd == 0 || (nd == d && (d < 0 && nr.Score > r.Score || d > 0 && nr.Score < r.Score))
			if better {
				r = nr
				continue
			}
		}
		m.p, m.givens = save, saveGivens
		fails++
	}
	return r, false
}

// isUnique reports whether g has exactly one solution: a solve by singles
// alone proves it cheaply, else the fast solver counts to 2.
func isUnique(g Grid) bool {
	return solvesBySingles(g) || Solve(g).Count == 1
}

// solvesBySingles reports whether naked and hidden singles alone fill g
// (seed 003's level 1). Such a puzzle has exactly one solution, since every
// placement was forced.
func solvesBySingles(g Grid) bool {
	b, ok := NewBoard(g)
	return ok && propagateSinglesGen(&b) && b.Solved()
}

// propagateSinglesGen places naked singles and hidden singles until neither
// applies, reporting false on a contradiction. (The generator keeps its own
// copy so that it does not depend on any solver's internals.)
func propagateSinglesGen(b *Board) bool {
	for progress := true; progress; {
		progress = false
		for cell, m := range b.Cands {
			if b.Digits[cell] == 0 && m&(m-1) == 0 {
				if m == 0 || !b.Place(cell, Digit(m)) {
					return false
				}
				progress = true
			}
		}
		for u := range Units {
			var once, twice, placed uint16
			for _, cell := range Units[u] {
				m := b.Cands[cell]
				twice |= once & m
				once |= m
				if d := b.Digits[cell]; d != 0 {
					placed |= Bit(int(d))
				}
			}
			if once|placed != AllDigits {
				return false
			}
			for single := once &^ twice; single != 0; single &= single - 1 {
				bit := single & -single
				for _, cell := range Units[u] {
					if b.Cands[cell]&bit != 0 {
						if !b.Place(int(cell), Digit(bit)) {
							return false
						}
						progress = true
						break
					}
				}
			}
		}
	}
	return true
}
