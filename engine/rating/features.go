package rating

import "math"

// Feature is one number of a rating that the score model combines: the
// score's inputs are named here, once, with what they mean and how each
// is computed from a Rating.
type Feature struct {
	Name    string                 // short kebab name, as docs/rating.md uses it
	Meaning string                 // what it measures, in a sentence
	Value   func(r Rating) float64 // how it is computed from the rating (by value: an indirect call must not make a Rating escape)
}

// NumFeatures is the number of rating features the score combines.
const NumFeatures = len(features)

// features is the feature table: Features returns the values in this
// order, and ScoreModel.Weights[g][i] weighs features[i]. Appending a row
// changes the model's shape: rerun sudoku calibrate -write.
var features = [...]Feature{
	{"log-steps", "ln(1+Steps): Cheng and Xiao's expected number of checks along the path", func(r Rating) float64 { return math.Log1p(r.Steps) }},
	{"givens", "the number of givens", func(r Rating) float64 { return float64(r.Givens) }},
	{"wnef", "Ease and Toil's weighted normalized ease function of the givens (lower is harder)", func(r Rating) float64 { return r.WNEF }},
	{"singles", "the mean number of singles available per singles round", func(r Rating) float64 { return r.Path.Singles }},
	{"density", "the mean number of candidates per empty cell over the rounds' boards", func(r Rating) float64 { return r.Path.Density }},
	{"trial-waves", "the singles waves of the hardest forcing chain or net", func(r Rating) float64 { return float64(r.Path.TrialWaves) }},
	{"deep-trials", "the trial rounds (tier 8)", func(r Rating) float64 { return float64(r.Path.DeepTrials) }},
	{"log-rounds", "ln(1+Rounds): the rounds of the path", func(r Rating) float64 { return math.Log1p(float64(r.Path.Rounds)) }},
	{"chain-links", "the links of the hardest round's shortest chain", func(r Rating) float64 { return float64(r.Path.ChainLinks) }},
	{"line-rounds", "the rounds of hidden singles in rows and columns an easiest-first walk of singles needs", func(r Rating) float64 { return float64(r.Path.LineRounds) }},
	{"naked-rounds", "the rounds of naked singles an easiest-first walk of singles needs", func(r Rating) float64 { return float64(r.Path.NakedRounds) }},
	{"bottlenecks", "the singles rounds where one cell alone could be placed", func(r Rating) float64 { return float64(r.Path.Bottlenecks) }},
	{"chain-kind", "the hardest chain technique a chain round needed, 1 (remote pair) to 6 (AIC)", func(r Rating) float64 { return float64(r.Path.ChainKind) }},
	{"log-chain-rounds", "ln(1+ChainRounds): the rounds of tier 6", func(r Rating) float64 { return math.Log1p(float64(r.Path.ChainRounds)) }},
	{"log-forcing-rounds", "ln(1+ForcingRounds): the rounds of tier 7", func(r Rating) float64 { return math.Log1p(float64(r.Path.ForcingRounds)) }},
	{"needs-chain", "1 when some chain round had no almost-locked-set wing either, else 0", func(r Rating) float64 { return b2f(r.Path.NeedsChain) }},
	{"open-min", "the fewest placements open in a singles round", func(r Rating) float64 { return float64(r.Path.OpenMin) }},
	{"open-share", "the mean share of empty cells open to a single, over the singles rounds", func(r Rating) float64 { return r.Path.OpenShare }},
	{"log-scan-effort", "ln(1+ScanEffort): the cells a player scans to find the singles one at a time", func(r Rating) float64 { return math.Log1p(r.Path.ScanEffort) }},
	{"inv-rounds", "−1/Rounds (−1 for 0 or 1 round): the rounds of the path, the step from 2 to 3 rounds felt more than from 9 to 10", func(r Rating) float64 { return invRounds(r.Path.Rounds) }},
}

// Features returns the score's features of the rating, in the order of
// the feature table (FeatureTable).
func (r *Rating) Features() [NumFeatures]float64 {
	var x [NumFeatures]float64
	for i, f := range features {
		x[i] = f.Value(*r)
	}
	return x
}

// FeatureTable returns the features the score combines, in the order of
// Features and of ScoreModel.Weights. Each call returns a new slice.
func FeatureTable() []Feature {
	return append([]Feature(nil), features[:]...)
}

// invRounds is −1/n for n ≥ 1 rounds and −1 for none: rising with n,
// fastest where n is small.
func invRounds(n int) float64 {
	return -1 / float64(max(n, 1))
}

// b2f is 1 for true and 0 for false.
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
