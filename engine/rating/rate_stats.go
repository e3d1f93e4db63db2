package rating

import "github.com/sudokuhq/sudoku/engine"

// pathObserver observes the rater's loop and computes the statistics of the
// path that a Rating reports (Steps, Rounds, the singles, chain and
// forcing numbers, Density, Counts, Hardest): the loop only searches a
// tier, applies a round and tells the observer. Its methods are called in
// this order: roundStart once per round, then tierStart and tierSearched
// for each tier the round searches, up to the productive one; finish once
// the board is solved.
type pathObserver struct {
	rt                     *Rating
	density                float64            // sum over the rounds of their starting board's density
	singlesRounds, singles int                // rounds of tier 1, and their valid applications
	before                 [numTechniques]int // the counts before the chain tier of this round
	empty                  int                // the empty cells at the start of this round
	openShare              float64            // sum over the singles rounds of open placements / empty cells
}

// roundStart observes the board at the start of a round, with its
// views (p, whose board it is).
func (ps *pathObserver) roundStart(p *propagation) {
	d, n := p.density()
	ps.density += d
	ps.empty = n
}

// tierStart observes the finder before tier t is searched.
func (ps *pathObserver) tierStart(t int, f *finder) {
	if t == TierChains {
		ps.before = f.counts
	}
}

// tierSearched observes tier t searched on board b with s possible
// applications, of which f.apps were valid: Cheng and Xiao's expected
// checks (see Rate), and, for a productive tier, what the round says of
// the path. b is the board before the round is applied.
func (ps *pathObserver) tierSearched(t, s int, f *finder, b *engine.Board) {
	rt := ps.rt
	if f.apps == 0 {
		rt.Steps += float64(s)
		rt.Path.StepsSequential += float64(s)
		return
	}
	rt.Steps += float64(s+1) / float64(f.apps+1)
	for k := 1; k <= f.apps; k++ {
		rt.Path.StepsSequential += float64(s+1) / float64(k+1)
	}
	rt.Path.Rounds++
	rt.HardestTier = max(rt.HardestTier, t)
	switch t {
	case 1:
		ps.singlesRounds++
		ps.singles += f.apps
		ps.openSingles(placements(f))
	case TierChains:
		rt.Path.ChainRounds++
		if !rt.Path.NeedsChain && !wingExists(b, &f.holding) {
			rt.Path.NeedsChain = true
		}
		rt.Path.ChainLinks = max(rt.Path.ChainLinks, f.chains().minLinks)
		for k, id := range tierTechniques[TierChains] {
			if f.counts[id] > ps.before[id] { // the easiest chain of the round
				rt.Path.ChainKind = max(rt.Path.ChainKind, k+1)
				break
			}
		}
	case tierForcing:
		rt.Path.ForcingRounds++
		if f.trialWaves < 1<<30 { // else ALS-XZ or VWXYZ-wings alone: no forcing chain
			rt.Path.TrialWaves = max(rt.Path.TrialWaves, f.trialWaves)
		}
	case MaxTier:
		rt.Path.DeepTrials++
	}
}

// finish completes the rating once the board is solved: the means over
// the rounds, the technique counts and the hardest technique.
func (ps *pathObserver) finish(f *finder) {
	rt := ps.rt
	if rt.Path.Rounds > 0 {
		rt.Path.Density = ps.density / float64(rt.Path.Rounds)
	}
	if ps.singlesRounds > 0 {
		rt.Path.Singles = float64(ps.singles) / float64(ps.singlesRounds)
		rt.Path.OpenShare = ps.openShare / float64(ps.singlesRounds)
	}
	for i, n := range f.counts {
		if n == 0 {
			continue
		}
		rt.Counts.n[i] = int32(n)
		if techniques[i].Tier == rt.HardestTier {
			rt.Hardest = techniques[i].Name // the last (hardest) of the tier
		}
	}
	rt.Level1 = rt.HardestTier <= 1
}

// placements is the number of cells the round of f places.
func placements(f *finder) int {
	n := 0
	f.touched.forEach(func(c int) {
		if f.place[c] != 0 {
			n++
		}
	})
	return n
}

// openSingles observes a singles round that places k cells (the open
// placements: cells some single fills) on a board of ps.empty empty cells:
// the everyday end of the path, what a player solving by singles feels.
// A player takes them one at a time; while j of the round's placements are
// still open among e empty cells, a scan in no particular order meets one
// after (e+1)/(j+1) cells on average (Cheng and Xiao's expected checks,
// cell by cell), so the round costs the sum of that over j = k..1, with e
// falling by one per placement (ScanEffort). It allocates nothing.
func (ps *pathObserver) openSingles(k int) {
	rt := ps.rt
	if k == 1 {
		rt.Path.Bottlenecks++
	}
	if rt.Path.OpenMin == 0 || k < rt.Path.OpenMin {
		rt.Path.OpenMin = k
	}
	e := ps.empty
	if e > 0 {
		ps.openShare += float64(k) / float64(e)
	}
	for j := k; j >= 1; j-- {
		rt.Path.ScanEffort += float64(e+1) / float64(j+1)
		e--
	}
}

// density is the mean number of candidates of the empty cells of p's
// board, and the number of empty cells, from its views: the candidates
// are the cells holding each digit (a few popcounts instead of a pass
// over the cells).
func (p *propagation) density() (float64, int) {
	sum := 0
	for d := range p.holding {
		sum += p.holding[d].count()
	}
	n := p.empty()
	if n == 0 {
		return 0, 0
	}
	return float64(sum) / float64(n), n
}
