package calib

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// SEByLabel writes a markdown table of the agreement (Spearman, tau-b) of
// score with Sudoku Explainer's rating within each source label of
// se_rated.tsv (s must be SERated, loaded), then over each source as a whole.
// Within a label the source says the puzzles are alike, so this measures
// how well the score orders what the label does not: the difficulty within
// a tier. "–" means undefined (SE gives every puzzle of the label the same
// rating).
func SEByLabel(w io.Writer, s Set, score func(*Sample) float64) {
	type key struct {
		src   string
		label int
	}
	groups := map[key][]*Sample{}
	var keys []key
	for i := range s.Samples {
		smp := &s.Samples[i]
		for _, k := range []key{{smp.Source, smp.Label}, {smp.Source, 0}} {
			if _, ok := groups[k]; !ok {
				keys = append(keys, k)
			}
			groups[k] = append(groups[k], smp)
		}
	}
	slices.SortFunc(keys, func(a, b key) int {
		if a.src != b.src {
			if a.src < b.src {
				return -1
			}
			return 1
		}
		return a.label - b.label
	})
	fmt.Fprintln(w, "| source | label | n | SE range | Spearman | tau-b |")
	fmt.Fprintln(w, "| --- | --- | ---: | --- | ---: | ---: |")
	for _, k := range keys {
		var se, v []float64
		for _, smp := range groups[k] {
			se = append(se, smp.SE)
			v = append(v, score(smp))
		}
		a := Agree(se, v)
		label := fmt.Sprint(k.label)
		if k.label == 0 {
			label = "all"
		}
		fmt.Fprintf(w, "| %s | %s | %d | %.1f–%.1f | %s | %s |\n", k.src, label, len(se), slices.Min(se), slices.Max(se), f3(a.Spearman), f3(a.TauB))
	}
}

// SETiers writes, for a set with Sudoku Explainer ratings (s.SE), a
// markdown table of the puzzles per SE half-point (5.0 means 5.0–5.4) and
// hardest tier, and the ceiling of any tier 6–8 scale: the Spearman of
// score with SE when the puzzles of tiers 6–8 keep their place above the
// others but are ordered among themselves exactly as SE orders them. A
// scale computed from the rating can only approach that ceiling; past it,
// the tiers themselves disagree with SE (techniques SE knows and the rater
// does not, or the reverse).
func SETiers(w io.Writer, s Set, score func(*Sample) float64) {
	var counts [24][rating.MaxTier + 1]int // SE's scale ends below 12
	var se, v, ceil []float64
	for i := range s.Samples {
		smp := &s.Samples[i]
		if math.IsNaN(smp.SE) {
			continue
		}
		t := smp.Rating.HardestTier
		counts[min(max(int(2*smp.SE), 0), len(counts)-1)][t]++
		se = append(se, smp.SE)
		v = append(v, score(smp))
		if t >= chainTier {
			ceil = append(ceil, chainTier+smp.SE/10) // above every lower tier's score
		} else {
			ceil = append(ceil, score(smp))
		}
	}
	fmt.Fprint(w, "| SE |")
	for t := 1; t <= rating.MaxTier; t++ {
		fmt.Fprintf(w, " tier %d |", t)
	}
	fmt.Fprint(w, "\n| --- |", strings.Repeat(" ---: |", rating.MaxTier), "\n")
	for h, row := range counts {
		var n int
		for _, c := range row {
			n += c
		}
		if n == 0 {
			continue
		}
		fmt.Fprintf(w, "| %.1f |", float64(h)/2)
		for _, c := range row[1:] {
			fmt.Fprintf(w, " %d |", c)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\nSpearman with SE: score %s; ceiling with tiers 6–8 in SE's order %s\n", f3(Agree(se, v).Spearman), f3(Agree(se, ceil).Spearman))
}

// chainTier is the first tier of the chain family (chains, forcing chains,
// trial), the tiers the score puts on one continuous scale.
const chainTier = 6
