package calib

import (
	"fmt"
	"io"
	"slices"
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
