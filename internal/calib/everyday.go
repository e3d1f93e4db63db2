package calib

import (
	"fmt"
	"io"
)

// PairOrder is how a rater orders the pairs of puzzles of two source
// labels: concordant (the higher label rated harder), discordant, and tied.
type PairOrder struct {
	C, D, T float64
}

// Gamma is (C−D)/(C+D): ties are left out, so a coarse rater that ties
// many pairs is not charged for them.
func (p PairOrder) Gamma() float64 { return (p.C - p.D) / (p.C + p.D) }

// Concordance is the share of pairs ordered right, a tie counting half:
// the chance that a rater picks the harder of two puzzles with a coin
// flip on ties. Unlike Gamma it does not reward ties.
func (p PairOrder) Concordance() float64 { return (p.C + p.T/2) / (p.C + p.D + p.T) }

// OrderPairs counts how f orders the pairs of s's puzzles labelled lo and
// hi (each puzzle of label lo against each of label hi).
func OrderPairs(s Set, lo, hi int, f func(*Sample) float64) PairOrder {
	var a, b []float64
	for i := range s.Samples {
		switch smp := &s.Samples[i]; smp.Label {
		case lo:
			a = append(a, f(smp))
		case hi:
			b = append(b, f(smp))
		}
	}
	var p PairOrder
	for _, x := range a {
		for _, y := range b {
			switch {
			case y > x:
				p.C++
			case y < x:
				p.D++
			default:
				p.T++
			}
		}
	}
	return p
}

// GivensCeiling writes how well the givens alone, the score, and the
// givens with the score breaking their ties order KrazyDad's levels 1
// and 2 (all singles-only): the givens tie most pairs, which gamma leaves
// out, so no score that tells more puzzles apart than the givens do can
// keep their gamma unless it orders every tied pair as KrazyDad does;
// Concordance counts a tie as half right.
func GivensCeiling(w io.Writer, kd Set, score func(*Sample) float64) {
	givens := func(s *Sample) float64 { return -float64(s.Rating.Givens) }
	lex := func(s *Sample) float64 { return 100*givens(s) + score(s) } // scores of tier 1 lie in [1, 2)
	rounds := func(s *Sample) float64 { return 100*givens(s) + float64(s.Rating.Path.Rounds) }
	fmt.Fprintf(w, "%s, levels 1 vs 2 (the ceiling of gamma for a score finer than the givens):\n\n", kd.Name)
	fmt.Fprintln(w, "| rater | pairs tied | gamma | concordance (a tie counts half) |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: |")
	for _, r := range []struct {
		name string
		f    func(*Sample) float64
	}{{"−givens", givens}, {"score", score}, {"−givens, ties broken by the score", lex}, {"−givens, ties broken by the rounds", rounds}} {
		p := OrderPairs(kd, 1, 2, r.f)
		fmt.Fprintf(w, "| %s | %.1f%% | %.3f | %.3f |\n", r.name, 100*p.T/(p.C+p.D+p.T), p.Gamma(), p.Concordance())
	}
}
