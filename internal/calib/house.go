package calib

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// minGroupRows is the fewest labelled puzzles of a score group (tier 1,
// tiers 2–5, tiers 6–8) on which FitHouse refits that group's weights;
// with fewer, or with a single label among them, the group keeps the base
// model's weights, since sixteen weights fitted to a handful of puzzles
// follow their noise (the learning curve in docs/rating.md).
const minGroupRows = 30

// FitHouse fits a house-style model to a publisher's labelled puzzles s,
// starting from base (the committed model): each score group with
// minGroupRows labelled puzzles or more, of two labels or more, gets its
// weights refitted to the labels as Fit does (least squares, then tau-b
// coordinate ascent), the tiers 6–8 their quantile knots; then the three
// level cuts are fitted to s.Tier4 (the labels' service levels) by
// maximising the exact level agreement. The singles-only score ranges the
// generator reads are recomputed when the tier-1 weights were refitted.
// It returns the model and the groups it refitted.
func FitHouse(base rating.ScoreModel, s Set) (rating.ScoreModel, []string) {
	m := base
	label := func(x *Sample) float64 { return float64(x.Label) }
	var refit []string
	groups := []struct {
		name    string
		lo, hi  int
		offsets bool
	}{{"tier 1", 1, 1, true}, {"tiers 2–5", 2, 5, true}, {"tiers 6–8", 6, rating.MaxTier, false}}
	for g, gr := range groups {
		rs := rows(label, gr.lo, gr.hi, s)
		if len(rs) < minGroupRows || distinctLabels(rs) < 2 {
			continue
		}
		fitGroup(&m, g, rs, gr.offsets, nil)
		if g == 2 {
			m.Knots = knots(&m, 2, rs)
		}
		refit = append(refit, gr.name)
	}
	if len(refit) > 0 && refit[0] == "tier 1" {
		m.Singles = singlesRange(&m, s)
	}
	m.Cuts = keepBands(fitCuts(&m, []Set{s}, 1)) // the publisher's levels, not technique bands
	return m, refit
}

// minBand is the narrowest score band keepBands leaves a level.
const minBand = 0.01

// keepBands keeps every level possible: labels that name no easy (or no
// evil) puzzle let the fitted cuts reach the ends of the scale or meet,
// which would leave a level no puzzle can have (and a model file that is
// refused). Each cut is raised to at least minBand above the one before
// (the first above the lowest score, 1), and the last kept below 9.
func keepBands(c [3]float64) [3]float64 {
	floor := 1.0
	for k := range c {
		c[k] = max(c[k], math.Round((floor+minBand)*100)/100)
		floor = c[k]
	}
	for k := 2; k >= 0; k-- {
		ceil := float64(rating.MaxTier+1) - minBand*float64(3-k)
		c[k] = min(c[k], math.Round(ceil*100)/100)
	}
	return c
}

// distinctLabels returns the number of different targets among rs.
func distinctLabels(rs []row) int {
	seen := map[float64]bool{}
	for _, r := range rs {
		seen[r.y] = true
	}
	return len(seen)
}

// HouseAgreement is how well a model's scores and levels match a set's
// labels.
type HouseAgreement struct {
	N        int
	Spearman float64 // score vs label
	Exact    float64 // share of puzzles whose level is their label's (Set.Tier4)
	// PerLabel[l] is that share among the puzzles labelled l (NaN when
	// none), PerLabelN[l] their number.
	PerLabel  []float64
	PerLabelN []int
}

// AgreeHouse measures m on s.
func AgreeHouse(m *rating.ScoreModel, s Set) HouseAgreement {
	a := HouseAgreement{N: len(s.Samples), PerLabel: make([]float64, s.Levels+1), PerLabelN: make([]int, s.Levels+1)}
	sp := AgreeOn(s, func(x *Sample) float64 { return m.Score(&x.Rating) }, 1, s.Levels)
	a.Spearman = sp.Spearman
	ok := make([]int, s.Levels+1)
	for i := range s.Samples {
		x := &s.Samples[i]
		a.PerLabelN[x.Label]++
		if int(m.Level(m.Score(&x.Rating))) == s.Tier4[x.Label] {
			ok[x.Label]++
		}
	}
	var all int
	for l := range ok {
		all += ok[l]
		a.PerLabel[l] = math.NaN()
		if a.PerLabelN[l] > 0 {
			a.PerLabel[l] = float64(ok[l]) / float64(a.PerLabelN[l])
		}
	}
	if a.N > 0 {
		a.Exact = float64(all) / float64(a.N)
	}
	return a
}

// HouseCV is the 2-fold cross-validation of a house fit on s: fitted on
// the even rows and measured on the odd ones, then the other way round,
// the house model beside base on the same held-out half. Rows alternate,
// so both halves hold every label in the file's order.
type HouseCV struct {
	Folds [2]struct {
		Train, Test int
		Base, House HouseAgreement
		Refit       []string
	}
}

// CrossValidateHouse runs the 2-fold cross-validation of FitHouse on s.
func CrossValidateHouse(base rating.ScoreModel, s Set) HouseCV {
	var cv HouseCV
	for k := range 2 {
		train, test := half(s, k), half(s, 1-k)
		m, refit := FitHouse(base, train)
		f := &cv.Folds[k]
		f.Train, f.Test, f.Refit = len(train.Samples), len(test.Samples), refit
		f.Base, f.House = AgreeHouse(&base, test), AgreeHouse(&m, test)
	}
	return cv
}

// Write prints the cross-validation as a markdown table: one row per fold
// and model, Spearman, exact level agreement and the agreement within
// each label.
func (cv HouseCV) Write(w io.Writer, s Set) {
	tier4 := s.Tier4
	var head, rule strings.Builder
	for l := 1; l <= s.Levels; l++ {
		fmt.Fprintf(&head, " label %d (→ %s) |", l, rating.Level(tier4[l]))
		rule.WriteString(" ---: |")
	}
	fmt.Fprintf(w, "| fold | model | Spearman | level exact |%s\n", head.String())
	fmt.Fprintf(w, "| --- | --- | ---: | ---: |%s\n", rule.String())
	for k, f := range cv.Folds {
		fold := fmt.Sprintf("fit on %s rows (%d), test on the other %d", []string{"even", "odd"}[k], f.Train, f.Test)
		for _, r := range []struct {
			name string
			a    HouseAgreement
		}{{"default", f.Base}, {"house (refit: " + refitNames(f.Refit) + ")", f.House}} {
			var per strings.Builder
			for l := 1; l <= s.Levels; l++ {
				if r.a.PerLabelN[l] == 0 {
					per.WriteString(" – |")
					continue
				}
				fmt.Fprintf(&per, " %.1f%% |", 100*r.a.PerLabel[l])
			}
			fmt.Fprintf(w, "| %s | %s | %s | %.1f%% |%s\n", fold, r.name, f3(r.a.Spearman), 100*r.a.Exact, per.String())
		}
	}
}

// refitNames lists the refitted groups, "cuts only" when none.
func refitNames(g []string) string {
	if len(g) == 0 {
		return "cuts only"
	}
	return strings.Join(g, ", ") + ", cuts"
}

// CurvePoint is one size of a learning curve: the mean and the lowest
// held-out agreement over the draws and both folds.
type CurvePoint struct {
	Labels                int // labelled puzzles fitted on
	Fits                  int // draws × folds averaged
	Spearman, MinSpearman float64
	Exact, MinExact       float64
}

// LearningCurve fits FitHouse on random subsets of n labelled puzzles of
// one half of s, for each n of sizes smaller than the half (draws subsets
// each, from a fixed seed), and on the whole half, and measures each fit
// on the other half; both folds. It shows how many labels a publisher
// needs before the house fit beats the default.
func LearningCurve(base rating.ScoreModel, s Set, sizes []int, draws int) []CurvePoint {
	var out []CurvePoint
	halves := [2]Set{half(s, 0), half(s, 1)}
	sizes = append(slices.Clone(sizes), math.MaxInt) // the whole half last
	for _, n := range sizes {
		p := CurvePoint{MinSpearman: math.Inf(1), MinExact: math.Inf(1)}
		var sumS, sumE float64
		for k := range 2 {
			train, test := halves[k], halves[1-k]
			d := draws
			if n >= len(train.Samples) {
				n, d = len(train.Samples), 1
			}
			for i := range d {
				sub := train
				if n < len(train.Samples) {
					rng := rand.New(rand.NewPCG(uint64(n), uint64(2*i+k)))
					idx := rng.Perm(len(train.Samples))[:n]
					sub.Samples = make([]Sample, n)
					for j, x := range idx {
						sub.Samples[j] = train.Samples[x]
					}
				}
				m, _ := FitHouse(base, sub)
				a := AgreeHouse(&m, test)
				sumS += a.Spearman
				sumE += a.Exact
				p.MinSpearman = min(p.MinSpearman, a.Spearman)
				p.MinExact = min(p.MinExact, a.Exact)
				p.Fits++
			}
		}
		p.Labels = n
		p.Spearman, p.Exact = sumS/float64(p.Fits), sumE/float64(p.Fits)
		out = append(out, p)
		if n == len(halves[0].Samples) || n == len(halves[1].Samples) {
			break
		}
	}
	return out
}
