package generate

import (
	"fmt"
	"math"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// Feasibility of Options under the score model of their Rater (by default the committed one, DefaultModel):
// the checks below reject, before any generation, options the score model makes
// impossible (a score window outside the level's band, a tier the band excludes,
// a givens range whose singles-only score misses the band). They are derived
// from the model's cuts and weights, so they follow a recalibration.

// scoreMax is the supremum of the score scale: the chain group's
// TierChains plus MaxTier−TierChains+1 times a quantile below 1.
const scoreMax = rating.MaxTier + 1

// tierFloor is the lowest score of hardest tier t: t itself up to tier 5,
// TierChains for the continuous scale of tiers 6–8.
func tierFloor(t int) int { return min(t, rating.TierChains) }

// minimalNoneMaxGivens is, for Symmetry None, the most givens a minimal
// puzzle of the generator practically has: random masking of 1,500 grids
// gave minimal puzzles of 21 to 28 givens (mean 24), none of 29 or more,
// and the senior review's 300 minimal puzzles rated none easy. (Minimal
// puzzles of 30 or more givens exist but are far rarer still.) A level
// whose singles-only scores need more givens than that (the fewest of a
// singles-only calibration puzzle in its band, DefaultModel().Singles) is
// rejected with Minimal and no symmetry on this ground: the generator
// would fail after all of its MaxAttempts grids. (Easy needs 29 or more
// under the committed model, so it is rejected; 28 under the model before
// the everyday end's refit, when it was tried, and rarely found. With a
// symmetry, minimal puzzles of 30 to 33 givens are common.)
const minimalNoneMaxGivens = 28

// scoreBand returns the scores [lo, hi) of level l under m; the zero Level
// has the whole scale, from 1 (tier 1, logistic term 0).
func scoreBand(m *rating.ScoreModel, l rating.Level) (lo, hi float64) {
	c := m.Cuts
	switch l {
	case rating.Easy:
		return 1, c[0]
	case rating.Medium:
		return c[0], c[1]
	case rating.Hard:
		return c[1], c[2]
	case rating.Evil:
		return c[2], scoreMax
	}
	return 1, scoreMax
}

// bandMaxTier returns the highest hardest tier a score below hi allows:
// tier t scores in [tierFloor(t), t+1), tiers 6–8 in [6, 9).
func bandMaxTier(hi float64) int {
	t := rating.MaxTier
	for t > 1 && float64(tierFloor(t)) >= hi {
		t--
	}
	return t
}

// singlesGivens returns the givens counts whose tier-1 score can lie in
// [lo, hi) under m: those whose singles-only calibration puzzles
// (m.Singles) scored in that range; a count the calibration never saw is
// judged by the nearest count it saw (fewer givens than any calibration
// puzzle score like the fewest seen, more like the most). ok is false when
// m has no table.
func singlesGivens(m *rating.ScoreModel, lo, hi float64) (minG, maxG int, ok bool) {
	first, last := 0, 0
	for g, r := range m.Singles {
		if r[1] > 0 {
			if first == 0 {
				first = g
			}
			last = g
		}
	}
	if first == 0 {
		return 0, 0, false
	}
	minG, maxG = 82, 0
	for g := minPuzzleGivens; g <= 80; g++ {
		r := m.Singles[min(max(g, first), last)]
		if r[1] == 0 { // a gap inside the range: no evidence against it
			r = [2]float64{1, 2}
		}
		if r[1] >= lo && r[0] < hi {
			minG, maxG = min(minG, g), max(maxG, g)
		}
	}
	return minG, maxG, true
}

// feasible reports options the score model makes impossible as
// an *OptionsError; o has passed the range checks of check. The model is
// that of o.Rater.
func (o Options) feasible() *OptionsError {
	model := o.Rater.Model()
	m := &model
	lo, hi := scoreBand(m, o.Level)
	if o.MinScore >= scoreMax {
		return &OptionsError{Field: "MinScore", Reason: fmt.Sprintf("scores are below %d", scoreMax)}
	}
	if o.MaxScore != 0 && o.MaxScore < lo || o.MinScore >= hi {
		return &OptionsError{Field: "MinScore", Reason: fmt.Sprintf("score window [%g, %g] misses level %v's scores [%g, %g)",
			o.MinScore, o.MaxScore, o.Level, lo, hi)}
	}
	maxTier := bandMaxTier(hi)
	if o.MinTier > maxTier {
		return &OptionsError{Field: "MinTier", Reason: fmt.Sprintf("level %v's scores [%g, %g) allow tiers up to %d", o.Level, lo, hi, maxTier)}
	}
	if o.MinTier > 0 && o.MaxScore != 0 && o.MaxScore < float64(tierFloor(o.MinTier)) {
		return &OptionsError{Field: "MinTier", Reason: fmt.Sprintf("tier %d scores %d or more, above MaxScore", o.MinTier, tierFloor(o.MinTier))}
	}
	if o.Technique != "" {
		if err := o.techniqueFeasible(lo, hi); err != nil {
			return err
		}
	}
	if maxTier > 1 {
		return nil
	}
	// A singles-only level: its band is a range of givens.
	lo = max(lo, o.MinScore)
	if o.MaxScore != 0 {
		hi = min(hi, math.Nextafter(o.MaxScore, scoreMax))
	}
	minG, maxG, ok := singlesGivens(m, lo, hi)
	if !ok {
		return nil
	}
	if minG > maxG {
		return &OptionsError{Field: "MinScore", Reason: fmt.Sprintf("no givens count scores in [%g, %g) at level %v", lo, hi, o.Level)}
	}
	if o.MinGivens > maxG || o.MaxGivens != 0 && o.MaxGivens < minG {
		return &OptionsError{Field: "MinGivens", Reason: fmt.Sprintf("level %v wants %d..%d givens", o.Level, minG, maxG)}
	}
	if o.Minimal && o.Symmetry == None && minG > minimalNoneMaxGivens {
		return &OptionsError{Field: "Minimal", Reason: fmt.Sprintf("level %v wants %d or more givens; minimal puzzles without symmetry practically never have more than %d",
			o.Level, minG, minimalNoneMaxGivens)}
	}
	return nil
}

// techniqueFeasible reports a Technique whose tier the level's scores [lo,
// hi), the score window or MinTier exclude: hardest tier t scores in
// [tierFloor(t), t+1) up to tier 5, tiers 6–8 in [6, 9).
func (o Options) techniqueFeasible(lo, hi float64) *OptionsError {
	t := techniques[rating.TechniqueID(o.Technique)].Tier
	tlo, thi := float64(tierFloor(t)), float64(t+1)
	if t >= rating.TierChains {
		thi = scoreMax
	}
	lo = max(lo, o.MinScore)
	if o.MaxScore != 0 {
		hi = min(hi, math.Nextafter(o.MaxScore, scoreMax))
	}
	if o.MinTier > t {
		return &OptionsError{Field: "Technique", Reason: fmt.Sprintf("%s is in tier %d, below MinTier %d", o.Technique, t, o.MinTier)}
	}
	if thi <= lo || tlo >= hi {
		where := fmt.Sprintf("the scores [%g, %g)", lo, hi)
		if o.Level != 0 {
			where = fmt.Sprintf("level %v's %s", o.Level, where)
		}
		return &OptionsError{Field: "Technique", Reason: fmt.Sprintf("%s (tier %d) scores in [%g, %g), outside %s", o.Technique, t, tlo, thi, where)}
	}
	return nil
}
