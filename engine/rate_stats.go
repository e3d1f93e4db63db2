package engine

// pathStats observes the rater's loop and computes the statistics of the
// path that a Rating reports (Steps, Rounds, the singles, chain and
// forcing numbers, Density, Counts, Hardest): the loop only searches a
// tier, applies a round and tells the observer. Its methods are called in
// this order: roundStart once per round, then tierStart and tierSearched
// for each tier the round searches, up to the productive one; finish once
// the board is solved.
type pathStats struct {
	rt                     *Rating
	density                float64            // sum over the rounds of their starting board's density
	singlesRounds, singles int                // rounds of tier 1, and their valid applications
	before                 [numTechniques]int // the counts before the chain tier of this round
}

// roundStart observes the board at the start of a round.
func (ps *pathStats) roundStart(b *Board) {
	ps.density += candidateDensity(b)
}

// tierStart observes the finder before tier t is searched.
func (ps *pathStats) tierStart(t int, f *finder) {
	if t == tierChains {
		ps.before = f.counts
	}
}

// tierSearched observes tier t searched on board b with s possible
// applications, of which f.apps were valid: Cheng and Xiao's expected
// checks (see Rate), and, for a productive tier, what the round says of
// the path. b is the board before the round is applied.
func (ps *pathStats) tierSearched(t, s int, f *finder, b *Board) {
	rt := ps.rt
	if f.apps == 0 {
		rt.Steps += float64(s)
		rt.StepsSequential += float64(s)
		return
	}
	rt.Steps += float64(s+1) / float64(f.apps+1)
	for k := 1; k <= f.apps; k++ {
		rt.StepsSequential += float64(s+1) / float64(k+1)
	}
	rt.Rounds++
	rt.HardestTier = max(rt.HardestTier, t)
	switch t {
	case 1:
		ps.singlesRounds++
		ps.singles += f.apps
		if placements(f) == 1 {
			rt.Bottlenecks++
		}
	case tierChains:
		rt.ChainRounds++
		if !rt.NeedsChain && !wingExists(b, &f.holding) {
			rt.NeedsChain = true
		}
		rt.ChainLinks = max(rt.ChainLinks, f.chains().minLinks)
		for k, id := range tierTechniques[tierChains] {
			if f.counts[id] > ps.before[id] { // the easiest chain of the round
				rt.ChainKind = max(rt.ChainKind, k+1)
				break
			}
		}
	case tierForcing:
		rt.ForcingRounds++
		if f.trialWaves < 1<<30 { // else ALS-XZ or VWXYZ-wings alone: no forcing chain
			rt.TrialWaves = max(rt.TrialWaves, f.trialWaves)
		}
	case MaxTier:
		rt.DeepTrials++
	}
}

// finish completes the rating once the board is solved: the means over
// the rounds, the technique counts and the hardest technique.
func (ps *pathStats) finish(f *finder) {
	rt := ps.rt
	if rt.Rounds > 0 {
		rt.Density = ps.density / float64(rt.Rounds)
	}
	if ps.singlesRounds > 0 {
		rt.Singles = float64(ps.singles) / float64(ps.singlesRounds)
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
	for _, d := range f.place {
		if d != 0 {
			n++
		}
	}
	return n
}

// candidateDensity is the mean number of candidates of the empty cells.
func candidateDensity(b *Board) float64 {
	n, sum := 0, 0
	for c := range 81 {
		if b.Digits[c] == 0 {
			n++
			sum += Count(b.Cands[c])
		}
	}
	if n == 0 {
		return 0
	}
	return float64(sum) / float64(n)
}
