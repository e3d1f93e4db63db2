package rating

import "math"

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
	case tier < TierChains:
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
		return TierChains + (MaxTier-TierChains+1)*m.quantile((z-m.Center[g])/m.Scale[g])
	}
	return float64(r.HardestTier) + 1/(1+math.Exp(-(z-m.Center[g])/m.Scale[g]))
}

// HardFloor is tier 2's floor: the lowest score of a puzzle that needs a
// technique beyond naked and hidden singles. Every tier-1 (singles-only)
// score lies below it, every other score at or above it. A model whose
// medium–hard cut is at least HardFloor is technique-true (TechniqueTrue):
// its Hard and Evil never need only singles. `sudoku calibrate` fits the
// committed model's cut there (docs/rating.md, "What each level
// requires"); a house model follows its publisher's labels instead.
const HardFloor = 2.0

// TechniqueTrue reports whether m's levels are technique bands as well as
// score bands: Cuts[1] ≥ HardFloor, so a singles-only puzzle is at most
// Medium. The generator then also checks that a Hard or Evil puzzle
// stalls the singles-only solver.
func (m *ScoreModel) TechniqueTrue() bool { return m.Cuts[1] >= HardFloor }

// Level returns the level of a score, cut at Cuts.
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

//go:generate sh -c "cd .. && go run ./cmd/sudoku calibrate -write engine/rating/score_model.go >/dev/null"

// DefaultModel returns a copy of the committed score model, the one Rate,
// Explain and the generator use: defaultModel, which `sudoku calibrate
// -write` generates into score_model.go (never edited by hand).
func DefaultModel() ScoreModel { return defaultModel }
