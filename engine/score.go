package engine

import "math"

// NumFeatures is the number of rating features the score combines.
const NumFeatures = 15

// Features returns the rating's numbers that the score combines, in this
// order: ln(1+Steps), Givens, WNEF, Singles, Density, TrialWaves,
// DeepTrials, ln(1+Rounds), ChainLinks, LineRounds, NakedRounds,
// Bottlenecks, ChainKind, ln(1+ChainRounds), ln(1+ForcingRounds).
func (r *Rating) Features() [NumFeatures]float64 {
	return [NumFeatures]float64{
		math.Log1p(r.Steps), float64(r.Givens), r.WNEF, r.Singles, r.Density,
		float64(r.TrialWaves), float64(r.DeepTrials), math.Log1p(float64(r.Rounds)),
		float64(r.ChainLinks), float64(r.LineRounds), float64(r.NakedRounds), float64(r.Bottlenecks),
		float64(r.ChainKind), math.Log1p(float64(r.ChainRounds)), math.Log1p(float64(r.ForcingRounds)),
	}
}

// Score groups: the score model has one linear combination per group of
// tiers.
const (
	groupSingles = iota // tier 1
	groupLogic          // tiers 2..5
	groupChains         // tiers 6..8: chains, forcing chains, trial
	numGroups
)

// scoreGroup returns the score group of a hardest tier.
func scoreGroup(tier int) int {
	switch {
	case tier <= 1:
		return groupSingles
	case tier < tierChains:
		return groupLogic
	}
	return groupChains
}

// ScoreModel turns a rating into the continuous score and the level.
//
// Up to tier 5 the score is lexicographic: the hardest tier first (Sudoku
// Explainer's idea that the hardest technique needed sets the difficulty),
// then, within the tier, a linear combination of the features squashed into
// (0, 1):
//
//	score = HardestTier + 1 / (1 + exp(−(w_g·x − Center_g) / Scale_g))
//
// with g the tier's group (tier 1, tiers 2–5). The hardest end (tiers 6–8:
// chains, forcing chains, trial) is one continuous scale over [6, 9), so
// that a long chain and a short forcing chain can meet, and the hardest
// puzzles do not crowd at the top:
//
//	score = 6 + 3·Q((w_g·x − Center_g) / Scale_g)
//
// where Q is the share of the calibration puzzles of tiers 6–8 that are
// easier (Knots, interpolated, with tails beyond the first and last knot),
// so their scores spread evenly over [6, 9).
// So a score lies in [1, 9): 1.x needs singles only, 6 and above chains or
// more. Levels are cut at Cuts.
type ScoreModel struct {
	Weights [numGroups][NumFeatures]float64
	Center  [numGroups]float64
	Scale   [numGroups]float64
	Cuts    [3]float64 // easy < Cuts[0] ≤ medium < Cuts[1] ≤ hard < Cuts[2] ≤ evil
	// Singles[g] is the lowest and highest score of the singles-only
	// (tier 1) calibration puzzles with g givens, {0, 0} where there were
	// none. The tier-1 score depends on the solve path, not on the givens
	// alone, so the generator reads the givens a singles-only score band
	// allows from here (generate_feasible.go).
	Singles [82][2]float64
	// Knots are the standardized tier 6–8 combinations at the quantiles
	// (i+1)/(NumKnots+1) of the calibration puzzles of those tiers.
	Knots [NumKnots]float64
}

// NumKnots is the number of quantiles of ScoreModel.Knots.
const NumKnots = 16

// quantile maps a standardized tier 6–8 combination z to (0, 1): linearly
// between the knots, which sit at (i+1)/(NumKnots+1), with an exponential
// tail below the first and a hyperbolic one above the last, so the map is
// continuous, increasing and never reaches 0 or 1.
func (m *ScoreModel) quantile(z float64) float64 {
	const step = 1.0 / (NumKnots + 1)
	k := &m.Knots
	if z <= k[0] {
		return step * math.Exp(z-k[0])
	}
	if z >= k[NumKnots-1] {
		// A hyperbolic tail with the slope of the last segment: puzzles
		// harder than every calibration puzzle keep distinct scores, far
		// apart, approaching 9 slowly.
		tau := max(k[NumKnots-1]-k[NumKnots-2], 1e-3)
		return 1 - step/(1+(z-k[NumKnots-1])/tau)
	}
	for i := 1; i < NumKnots; i++ {
		if z <= k[i] {
			if k[i] == k[i-1] {
				return step * float64(i+1)
			}
			return step * (float64(i) + (z-k[i-1])/(k[i]-k[i-1]))
		}
	}
	return 1 - step
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
	if g == groupChains {
		return tierChains + (MaxTier-tierChains+1)*m.quantile((z-m.Center[g])/m.Scale[g])
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
// (tiers 1–5, cuts), calib_coach.tsv (tiers 6–8 on its SE ratings, cuts)
// and calib_sudokuexchange_diabolical.tsv (tiers 6–8 on its SE ratings),
// with WNEFLambda as that command fitted it; docs/rating.md shows its
// agreement. Read it through DefaultModel.
var defaultModel = ScoreModel{
	Weights: [numGroups][NumFeatures]float64{
		{0.241699, -0.204258, -1.37163, -0.00210417, 0.0366929, 0, 0, -0.0877475, 0, -0.0395717, -0.0295555, 0.0253207, 0, 0, 0},
		{1.04729, -0.0255497, 1.98862, -0.012489, -0.630875, 0, 0, -0.659347, 0, -0.083105, -0.0617228, -0.0228731, 0, 0, 0},
		{0.0572717, -0.0105594, 0.299999, -0.0261043, -0.841144, 3.6236, 51.3268, -0.024421, 0.821113, -0.00496729, 0.0398283, 0.00910142, 0.335392, 3.18468, 3.09942},
	},
	Center: [numGroups]float64{-5.95022, 2.61588, 9.87489},
	Scale:  [numGroups]float64{1.07049, 0.58549, 6.61242},
	Cuts:   [3]float64{1.6, 1.92, 4.88},
	Knots:  [NumKnots]float64{-0.470197, -0.422277, -0.396153, -0.376951, -0.351382, -0.323095, -0.169364, -0.093781, 0.248364, 1.53369, 2.07518, 2.59031, 3.11868, 3.77595, 4.70175, 6.51467},
	Singles: [82][2]float64{
		22: {1.908, 1.9288},
		23: {1.8806, 1.9114},
		24: {1.8272, 1.9031},
		25: {1.8172, 1.8829},
		26: {1.7499, 1.859},
		27: {1.72, 1.8416},
		28: {1.6643, 1.7989},
		29: {1.5938, 1.7562},
		30: {1.5072, 1.7156},
		31: {1.452, 1.6667},
		32: {1.3782, 1.5866},
		33: {1.335, 1.4884},
		34: {1.2532, 1.4415},
		35: {1.2375, 1.3828},
		36: {1.1794, 1.3445},
		37: {1.1658, 1.2648},
		38: {1.1361, 1.2395},
		39: {1.1215, 1.1896},
		40: {1.0939, 1.1671},
		41: {1.0868, 1.0946},
		42: {1.0643, 1.0905},
		43: {1.0517, 1.0623},
		44: {1.0429, 1.0517},
		45: {1.0334, 1.0458},
		46: {1.0309, 1.0358},
		47: {1.0174, 1.0278},
		48: {1.0144, 1.024},
		49: {1.0129, 1.0192},
		50: {1.0091, 1.0145},
	},
}

// DefaultModel returns a copy of the committed score model, the one Rate,
// Explain and the generator use.
func DefaultModel() ScoreModel { return defaultModel }
