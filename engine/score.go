package engine

import "math"

// NumFeatures is the number of rating features the score combines.
const NumFeatures = 8

// Features returns the rating's numbers that the score combines, in this
// order: ln(1+Steps), Givens, WNEF, Singles, Density, TrialWaves,
// DeepTrials, ln(1+Rounds).
func (r *Rating) Features() [NumFeatures]float64 {
	return [NumFeatures]float64{
		math.Log1p(r.Steps), float64(r.Givens), r.WNEF, r.Singles, r.Density,
		float64(r.TrialWaves), float64(r.DeepTrials), math.Log1p(float64(r.Rounds)),
	}
}

// Score groups: the score model has one linear combination per group of
// tiers.
const (
	groupSingles = iota // tier 1
	groupLogic          // tiers 2..5
	groupTrial          // tier 6
	numGroups
)

// scoreGroup returns the score group of a hardest tier.
func scoreGroup(tier int) int {
	switch {
	case tier <= 1:
		return groupSingles
	case tier < MaxTier:
		return groupLogic
	}
	return groupTrial
}

// ScoreModel turns a rating into the continuous score and the level.
//
// The score is lexicographic: the hardest tier first (Sudoku Explainer's
// idea that the hardest technique needed sets the difficulty), then, within
// the tier, a linear combination of the features squashed into (0, 1):
//
//	score = HardestTier + 1 / (1 + exp(−(w_g·x − Center_g) / Scale_g))
//
// with g the tier's group (tier 1, tiers 2–5, tier 6). So a score lies in
// [1, 7): 1.x needs singles only, 6.x needs trial. Levels are cut at Cuts.
type ScoreModel struct {
	Weights [numGroups][NumFeatures]float64
	Center  [numGroups]float64
	Scale   [numGroups]float64
	Cuts    [3]float64 // easy < Cuts[0] ≤ medium < Cuts[1] ≤ hard < Cuts[2] ≤ evil
}

// Score returns the model's score of r: 0 for a rating without a tier (a
// solved grid).
func (m *ScoreModel) Score(r *Rating) float64 {
	if r.HardestTier == 0 {
		return 0
	}
	g := scoreGroup(r.HardestTier)
	x := r.Features()
	var z float64
	for i, v := range x {
		z += m.Weights[g][i] * v
	}
	return float64(r.HardestTier) + 1/(1+math.Exp(-(z-m.Center[g])/m.Scale[g]))
}

// Level returns the level of a score.
func (m *ScoreModel) Level(score float64) Level {
	switch {
	case score < m.Cuts[0]:
		return Easy
	case score < m.Cuts[1]:
		return Medium
	case score < m.Cuts[2]:
		return Hard
	}
	return Evil
}

// defaultModel is the committed model: the output of
// `go run ./cmd/sudoku calibrate` on ../shared/data/calib_krazydad.tsv
// (tiers 2–5, cuts) and calib_coach.tsv (tier 6, cuts), with WNEFLambda as
// that command fitted it; docs/rating.md shows its agreement. Read it
// through DefaultModel.
var defaultModel = ScoreModel{
	Weights: [numGroups][NumFeatures]float64{
		{0, -1, 0, 0, 0, 0, 0, 0},
		{0.800428, -0.0285751, 0.918693, 0.0164768, -0.660845, 0, 0, -0.582859},
		{0.0682754, -0.130268, 7.32849, 0.100432, 0.989241, 0.607646, 4.45331, 0.652954},
	},
	Center: [numGroups]float64{-31.7303, 1.40485, 5.44263},
	Scale:  [numGroups]float64{3.88284, 0.464339, 1.86796},
	Cuts:   [3]float64{1.61, 1.91, 4.91},
}

// DefaultModel returns a copy of the committed score model, the one Rate,
// Explain and the generator use.
func DefaultModel() ScoreModel { return defaultModel }
