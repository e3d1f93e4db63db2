package calib

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
)

// Report writes the agreement table (markdown) of every metric on every
// set, with gamma on KrazyDad's level 1 vs 2 pair, then the 4-level
// confusion matrices of the model.
func Report(w io.Writer, m *engine.ScoreModel, lambda float64, sets ...Set) {
	fmt.Fprintln(w, "| data (n) | rater | gamma | Spearman | tau-b | gamma 1 vs 2 |")
	fmt.Fprintln(w, "| --- | --- | ---: | ---: | ---: | ---: |")
	for _, s := range sets {
		for i, mt := range Metrics(m, lambda) {
			a := AgreeOn(s, mt.F, 1, s.Levels)
			if a.N == 0 {
				continue
			}
			p := AgreeOn(s, mt.F, 1, 2)
			name := ""
			if i == 0 {
				name = fmt.Sprintf("%s (%d)", strings.TrimSuffix(strings.TrimPrefix(s.Name, "calib_"), ".tsv"), len(s.Samples))
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s |\n", name, mt.Name, f3(a.Gamma), f3(a.Spearman), f3(a.TauB), f3(p.Gamma))
		}
	}
	for _, s := range sets {
		c := Confusion4(m, s)
		fmt.Fprintf(w, "\n%s: levels with RATING_DATA.md's mapping: exact %.1f%%, within one %.1f%%\n\n",
			s.Name, 100*c.Exact(), 100*c.Within1())
		fmt.Fprintln(w, "| label \\ rated | easy | medium | hard | evil |")
		fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: |")
		for l := 1; l <= 4; l++ {
			fmt.Fprintf(w, "| %s |", engine.Level(l))
			for g := 1; g <= 4; g++ {
				fmt.Fprintf(w, " %d |", c.Counts[l][g])
			}
			fmt.Fprintln(w)
		}
		src := sourceLevels(m, s)
		fmt.Fprintf(w, "\n%s: rated level by source label\n\n", s.Name)
		fmt.Fprintln(w, "| source label | easy | medium | hard | evil |")
		fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: |")
		for l := 1; l <= s.Levels; l++ {
			fmt.Fprintf(w, "| %d |", l)
			for g := 1; g <= 4; g++ {
				fmt.Fprintf(w, " %d |", src[l][g])
			}
			fmt.Fprintln(w)
		}
	}
}

// sourceLevels tabulates the source rank against the rated level.
func sourceLevels(m *engine.ScoreModel, s Set) [][5]int {
	t := make([][5]int, s.Levels+1)
	for i := range s.Samples {
		t[s.Samples[i].Label][m.Level(m.Score(&s.Samples[i].Rating))]++
	}
	return t
}

// GoSource returns the model as the Go declaration of engine's defaultModel.
func GoSource(m *engine.ScoreModel) string {
	var sb strings.Builder
	sb.WriteString("var defaultModel = ScoreModel{\n\tWeights: [numGroups][NumFeatures]float64{\n")
	for _, w := range m.Weights {
		sb.WriteString("\t\t{")
		for i, v := range w {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString(num(v))
		}
		sb.WriteString("},\n")
	}
	fmt.Fprintf(&sb, "\t},\n\tCenter: [numGroups]float64{%s, %s, %s},\n", num(m.Center[0]), num(m.Center[1]), num(m.Center[2]))
	fmt.Fprintf(&sb, "\tScale:  [numGroups]float64{%s, %s, %s},\n", num(m.Scale[0]), num(m.Scale[1]), num(m.Scale[2]))
	fmt.Fprintf(&sb, "\tCuts:   [3]float64{%s, %s, %s},\n", num(m.Cuts[0]), num(m.Cuts[1]), num(m.Cuts[2]))
	sb.WriteString("\tKnots: [NumKnots]float64{")
	for i, v := range m.Knots {
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(num(v))
	}
	sb.WriteString("},\n")
	sb.WriteString("\tSingles: [82][2]float64{")
	for g, r := range m.Singles {
		if r != [2]float64{} {
			fmt.Fprintf(&sb, "\n\t\t%d: {%s, %s},", g, num(r[0]), num(r[1]))
		}
	}
	sb.WriteString("\n\t},\n}")
	return sb.String()
}

// num formats v with 6 significant digits.
func num(v float64) string {
	if v == 0 || math.IsNaN(v) {
		return "0"
	}
	return fmt.Sprintf("%.6g", v)
}

// f3 formats a coefficient with 3 decimals, "–" when undefined.
func f3(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return fmt.Sprintf("%.3f", v)
}

// half returns every second sample of s, starting at k (0 or 1).
func half(s Set, k int) Set {
	t := s
	t.Samples = nil
	for i := k; i < len(s.Samples); i += 2 {
		t.Samples = append(t.Samples, s.Samples[i])
	}
	return t
}

// trainedOn returns the samples of s whose puzzle is in one of sets: the
// rows of se_rated.tsv a cross-validation fold may fit on.
func trainedOn(s Set, sets ...Set) Set {
	in := map[string]bool{}
	for _, t := range sets {
		for _, smp := range t.Samples {
			in[smp.Puzzle] = true
		}
	}
	t := s
	t.Samples = nil
	for _, smp := range s.Samples {
		if in[smp.Puzzle] {
			t.Samples = append(t.Samples, smp)
		}
	}
	return t
}

// CrossValidate writes a 2-fold cross-validation (markdown): the model is
// fitted, as Fit does, on the even rows of the three files and measured on
// the odd rows, then the reverse. It estimates how the score does on
// puzzles it was not fitted on: agreement with the labels (and, on coach,
// among its three hardest levels), and on sx with Sudoku Explainer's
// rating.
func CrossValidate(w io.Writer, kd, coach, sx, ser Set) {
	fmt.Fprintln(w, "| fold | data (n) | Spearman | tau-b | gamma 1 vs 2 | Spearman, 3 hardest levels | level exact | within one |")
	fmt.Fprintln(w, "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
	for k := range 2 {
		m := Fit(half(kd, k), half(coach, k), half(sx, k), trainedOn(ser, half(kd, k), half(coach, k), half(sx, k)))
		score := func(s *Sample) float64 { return m.Score(&s.Rating) }
		fold := []string{"even", "odd"}[k]
		for _, v := range []Set{half(kd, 1-k), half(coach, 1-k)} {
			a := AgreeOn(v, score, 1, v.Levels)
			p := AgreeOn(v, score, 1, 2)
			top := AgreeOn(v, score, v.Levels-2, v.Levels)
			c := Confusion4(&m, v)
			fmt.Fprintf(w, "| fit on %s rows, test on the others | %s (%d) | %s | %s | %s | %s | %.1f%% | %.1f%% |\n",
				fold, v.Name, a.N, f3(a.Spearman), f3(a.TauB), f3(p.Gamma), f3(top.Spearman), 100*c.Exact(), 100*c.Within1())
		}
		v := half(sx, 1-k)
		a := AgreeSE(v, score)
		fmt.Fprintf(w, "| fit on %s rows, test on the others | %s (%d), vs SE rating | %s | %s | | | | |\n",
			fold, v.Name, a.N, f3(a.Spearman), f3(a.TauB))
	}
}
