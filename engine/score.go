package engine

import "math"

// NumFeatures is the number of rating features the score combines.
const NumFeatures = 16

// Features returns the rating's numbers that the score combines, in this
// order: ln(1+Steps), Givens, WNEF, Singles, Density, TrialWaves,
// DeepTrials, ln(1+Rounds), ChainLinks, LineRounds, NakedRounds,
// Bottlenecks, ChainKind, ln(1+ChainRounds), ln(1+ForcingRounds),
// NeedsChain (1 or 0).
func (r *Rating) Features() [NumFeatures]float64 {
	return [NumFeatures]float64{
		math.Log1p(r.Steps), float64(r.Givens), r.WNEF, r.Singles, r.Density,
		float64(r.TrialWaves), float64(r.DeepTrials), math.Log1p(float64(r.Rounds)),
		float64(r.ChainLinks), float64(r.LineRounds), float64(r.NakedRounds), float64(r.Bottlenecks),
		float64(r.ChainKind), math.Log1p(float64(r.ChainRounds)), math.Log1p(float64(r.ForcingRounds)),
		b2f(r.NeedsChain),
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
// (tiers 1–5, cuts), calib_coach.tsv (tiers 1–5 on its levels, tiers 6–8
// on its SE ratings and levels, cuts), se_rated.tsv (tiers 1–5 on its SE
// ratings) and calib_sudokuexchange_diabolical.tsv (tiers 6–8 on its SE
// ratings), with WNEFLambda as that command fitted it; docs/rating.md
// shows its agreement. Read it through DefaultModel.
var defaultModel = ScoreModel{
	Weights: [numGroups][NumFeatures]float64{
		{0.273984, -0.329406, -0.141041, -0.192566, 0.0255524, 0, 0, -1.97518, 0, 0.0183352, 0.12076, -0.0149327, 0, 0, 0, 0},
		{1.52848, -0.0325383, 0.684587, 0.0469799, -1.01124, 0, 0, -0.868569, 0, 0.0691401, -0.0727585, -0.0597482, 0, 0, 0, 0},
		{-0.0572663, 0.0754443, 18.0286, -0.0566305, 2.30067, 2.2456e-08, 82.8831, 0.288317, 1.83777, -0.0137696, -0.00445686, 0.00774665, 1.21201, 1.67961, 90.4358, 2.8589},
	},
	Center: [numGroups]float64{-16.6731, 4.72053, 45.2684},
	Scale:  [numGroups]float64{2.23865, 0.96591, 25.423},
	Cuts:   [3]float64{1.63, 1.87, 4.94},
	Knots:  [NumKnots]float64{-0.573902, -0.483457, -0.461696, -0.413467, -0.324347, -0.30112, -0.277247, -0.146755, 1.03437, 2.00067, 2.16732, 2.31342, 2.47864, 3.58946, 3.8222, 5.24871},
	Singles: [82][2]float64{
		22: {1.8563, 1.8909},
		23: {1.837, 1.876},
		24: {1.7356, 1.8784},
		25: {1.7798, 1.8475},
		26: {1.6726, 1.8463},
		27: {1.6668, 1.8029},
		28: {1.6096, 1.8019},
		29: {1.4982, 1.7676},
		30: {1.362, 1.732},
		31: {1.2461, 1.6942},
		32: {1.2255, 1.6357},
		33: {1.2195, 1.5775},
		34: {1.0565, 1.5618},
		35: {1.0743, 1.5035},
		36: {1.0526, 1.4757},
		37: {1.0685, 1.4055},
		38: {1.0505, 1.3722},
		39: {1.0728, 1.3115},
		40: {1.0489, 1.3154},
		41: {1.109, 1.2018},
		42: {1.0319, 1.1994},
		43: {1.0353, 1.1183},
		44: {1.0306, 1.0946},
		45: {1.0382, 1.1229},
		46: {1.04, 1.0983},
		47: {1.0189, 1.0772},
		48: {1.0137, 1.0797},
		49: {1.0195, 1.0696},
		50: {1.0142, 1.0629},
	},
}

// DefaultModel returns a copy of the committed score model, the one Rate,
// Explain and the generator use.
func DefaultModel() ScoreModel { return defaultModel }

// b2f is 1 for true and 0 for false.
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
