package engine

import (
	"fmt"
	"math"
)

// Feasibility of GenerateOptions under the committed score model (DefaultModel):
// the checks below reject, before any generation, options the score model makes
// impossible (a score window outside the level's band, a tier the band excludes,
// a givens range whose singles-only score misses the band). They are derived
// from the model's cuts and weights, so they follow a recalibration.

// scoreMax is the supremum of the score scale: HardestTier (at most
// MaxTier) plus a logistic term below 1.
const scoreMax = MaxTier + 1

// givensFeature is the index of the givens count in Rating.Features.
const givensFeature = 1

// minimalNoneMaxGivens is, for Symmetry None, the most givens a minimal
// puzzle of the generator practically has: random masking of 1,500 grids
// gave minimal puzzles of 21 to 28 givens (mean 24), none of 29 or more,
// and the senior review's 300 minimal puzzles rated none easy. (Minimal
// puzzles of 30 or more givens exist but are far rarer still.) Easy with
// Minimal and no symmetry, which the
// model puts at 30 givens or more, is rejected on this ground: the
// generator would fail after all of its MaxAttempts grids. (With a
// symmetry, minimal puzzles of 30 to 33 givens are common.)
const minimalNoneMaxGivens = 29

// scoreBand returns the scores [lo, hi) of level l under m; the zero Level
// has the whole scale, from 1 (tier 1, logistic term 0).
func scoreBand(m *ScoreModel, l Level) (lo, hi float64) {
	switch l {
	case Easy:
		return 1, m.Cuts[0]
	case Medium:
		return m.Cuts[0], m.Cuts[1]
	case Hard:
		return m.Cuts[1], m.Cuts[2]
	case Evil:
		return m.Cuts[2], scoreMax
	}
	return 1, scoreMax
}

// bandMaxTier returns the highest hardest tier a score below hi allows:
// tier t scores in [t, t+1).
func bandMaxTier(hi float64) int {
	t := MaxTier
	for t > 1 && float64(t) >= hi {
		t--
	}
	return t
}

// singlesGivens returns the givens counts whose tier-1 score lies in
// [lo, hi), when the model's tier-1 score depends on the givens alone (as
// the committed model's does); ok is false otherwise.
func singlesGivens(m *ScoreModel, lo, hi float64) (minG, maxG int, ok bool) {
	for i, w := range m.Weights[groupSingles] {
		if i != givensFeature && w != 0 {
			return 0, 0, false
		}
	}
	minG, maxG = 82, 0
	for g := minPuzzleGivens; g <= 80; g++ {
		r := Rating{HardestTier: 1, Givens: g}
		if s := m.Score(&r); s >= lo && s < hi {
			minG, maxG = min(minG, g), max(maxG, g)
		}
	}
	return minG, maxG, true
}

// feasible reports options the committed score model makes impossible as
// an *OptionsError; o has passed the range checks of check.
func (o GenerateOptions) feasible() error {
	m := &defaultModel
	lo, hi := scoreBand(m, o.Level)
	if o.MinScore >= scoreMax {
		return &OptionsError{"MinScore", fmt.Sprintf("scores are below %d", scoreMax)}
	}
	if o.MaxScore != 0 && o.MaxScore < lo || o.MinScore >= hi {
		return &OptionsError{"MinScore", fmt.Sprintf("score window [%g, %g] misses level %v's scores [%g, %g)",
			o.MinScore, o.MaxScore, o.Level, lo, hi)}
	}
	maxTier := bandMaxTier(hi)
	if o.MinTier > maxTier {
		return &OptionsError{"MinTier", fmt.Sprintf("level %v's scores [%g, %g) allow tiers up to %d", o.Level, lo, hi, maxTier)}
	}
	if o.MinTier > 0 && o.MaxScore != 0 && o.MaxScore < float64(o.MinTier) {
		return &OptionsError{"MinTier", fmt.Sprintf("tier %d scores %d or more, above MaxScore", o.MinTier, o.MinTier)}
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
		return &OptionsError{"MinScore", fmt.Sprintf("no givens count scores in [%g, %g) at level %v", lo, hi, o.Level)}
	}
	if o.MinGivens > maxG || o.MaxGivens != 0 && o.MaxGivens < minG {
		return &OptionsError{"MinGivens", fmt.Sprintf("level %v wants %d..%d givens", o.Level, minG, maxG)}
	}
	if o.Minimal && o.Symmetry == None && minG > minimalNoneMaxGivens {
		return &OptionsError{"Minimal", fmt.Sprintf("level %v wants %d or more givens; minimal puzzles without symmetry practically never have more than %d",
			o.Level, minG, minimalNoneMaxGivens)}
	}
	return nil
}
