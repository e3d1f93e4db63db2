package calib

import (
	"context"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/dataset"
)

// Sample is one labelled puzzle with its rating.
type Sample struct {
	Puzzle string
	Label  int     // the source's rank, 1 = easiest
	SE     float64 // the source's Sudoku Explainer rating, NaN when absent
	Source string  // se_rated.tsv's dataset column (krazydad, coach, ...); "" elsewhere
	Rating rating.Rating
}

// Set is a labelled calibration file, rated.
type Set struct {
	Name    string // file name in ../shared/data
	Levels  int    // number of source levels
	Tier4   []int  // Tier4[rank] is the suggested service level (1..4) of RATING_DATA.md
	Every   int    // when > 1, Load keeps only every Every-th line (for quick tests)
	Samples []Sample
}

// The calibration files and RATING_DATA.md's suggested mapping of their
// ranks to the service's four levels.
var (
	KrazyDad = Set{Name: dataset.CalibKrazyDad, Levels: 7, Tier4: []int{0, 1, 1, 2, 3, 3, 4, 4}}
	Coach    = Set{Name: dataset.CalibCoach, Levels: 11, Tier4: []int{0, 1, 1, 1, 2, 2, 3, 3, 3, 4, 4, 4}}
	// NYT and SudokuExchange are checks only, never fitted on.
	NYT            = Set{Name: dataset.CalibNYT, Levels: 3, Tier4: []int{0, 1, 2, 3}}
	SudokuExchange = Set{Name: dataset.CalibSudokuExchange, Levels: 4, Tier4: []int{0, 0, 0, 0, 4}}
	// SERated is se_rated.tsv: calibration puzzles of the four sources with
	// Sudoku Explainer's rating (its SE_ER column is the third, as in the
	// calib files); labels are the sources' own ranks.
	SERated = Set{Name: dataset.SERated, Levels: 11, Tier4: make([]int, 12)}
)

// AgreeSE returns the agreement of f with the shipped Sudoku Explainer
// rating, over the samples that have one.
func AgreeSE(s Set, f func(*Sample) float64) Agreement {
	var se, v []float64
	for i := range s.Samples {
		if smp := &s.Samples[i]; !math.IsNaN(smp.SE) {
			se = append(se, smp.SE)
			v = append(v, f(smp))
		}
	}
	if len(se) == 0 {
		return Agreement{}
	}
	return Agree(se, v)
}

// Load reads the set's file and rates every puzzle on j workers. It fails
// on a malformed line or a puzzle the rater rejects.
func Load(ctx context.Context, s Set, j int) (Set, error) {
	return LoadProgress(ctx, s, j, nil)
}

// Progress receives the progress of LoadProgress: the number of puzzles
// to rate, then each rated puzzle (from the workers, concurrently).
// *progress.Bar satisfies it.
type Progress interface {
	SetTotal(n int64)
	Add(n int64)
}

// LoadProgress is Load reporting its progress to p (nil: none).
func LoadProgress(ctx context.Context, s Set, j int, p Progress) (Set, error) {
	recs, err := dataset.Read(s.Name, 0)
	if err != nil {
		return s, err
	}
	if s.Every > 1 {
		kept := recs[:0]
		for i := 0; i < len(recs); i += s.Every {
			kept = append(kept, recs[i])
		}
		recs = kept
	}
	s.Samples = make([]Sample, len(recs))
	for i, r := range recs {
		rank, err := strconv.Atoi(strings.SplitN(r.Field(1), "-", 2)[0])
		if err != nil || rank < 1 || rank > s.Levels {
			return s, fmt.Errorf("%s line %d: bad label %q", s.Name, r.Line, r.Field(1))
		}
		se := math.NaN()
		if v, err := strconv.ParseFloat(r.Field(2), 64); err == nil {
			se = v
		}
		s.Samples[i] = Sample{Puzzle: r.Puzzle(), Label: rank, SE: se}
		if s.Name == dataset.SERated {
			s.Samples[i].Source = r.Field(9)
		}
	}
	if p != nil {
		p.SetTotal(int64(len(s.Samples)))
	}
	err = parallel(ctx, len(s.Samples), j, func(_, i int) error {
		smp := &s.Samples[i]
		g, err := engine.Parse(smp.Puzzle)
		if err == nil {
			smp.Rating, err = rating.Rate(g)
		}
		if err != nil {
			return fmt.Errorf("%s: rate %s: %w", s.Name, smp.Puzzle, err)
		}
		if p != nil {
			p.Add(1)
		}
		return nil
	})
	return s, err
}

// Metric is one rater whose agreement the report shows.
type Metric struct {
	Name string
	F    func(*Sample) float64 // higher is harder
}

// Metrics are the raters compared in the agreement table: the baseline,
// each paper's metric alone, the fitted score and level, and the shipped
// Sudoku Explainer rating where the file has it.
func Metrics(m *rating.ScoreModel, lambda float64) []Metric {
	return []Metric{
		{"−givens (baseline)", func(s *Sample) float64 { return -float64(s.Rating.Givens) }},
		{fmt.Sprintf("Ease and Toil: −WNEF (λ = %.2f)", lambda), func(s *Sample) float64 { return -s.Rating.Path.Choices.WNEF(lambda) }},
		{"Cheng and Xiao / HumanSolve: steps d", func(s *Sample) float64 { return s.Rating.Steps }},
		{"Cheng and Xiao / HumanSolve: d, rounds taken one at a time", func(s *Sample) float64 { return s.Rating.Path.StepsSequential }},
		{"hardest tier (SE-style)", func(s *Sample) float64 { return float64(s.Rating.HardestTier) }},
		{"math-fun list: not level 1", func(s *Sample) float64 { return b2f(!s.Rating.Level1) }},
		{"score", func(s *Sample) float64 { return m.Score(&s.Rating) }},
		{"level (4 tiers)", func(s *Sample) float64 { return float64(m.Level(m.Score(&s.Rating))) }},
		{"shipped SE rating (reference)", func(s *Sample) float64 { return s.SE }},
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// AgreeOn returns the agreement of metric f with the set's labels, over the
// samples where f is a number, and restricted to labels in [lo, hi].
func AgreeOn(s Set, f func(*Sample) float64, lo, hi int) Agreement {
	var l, v []float64
	for i := range s.Samples {
		smp := &s.Samples[i]
		x := f(smp)
		if math.IsNaN(x) || smp.Label < lo || smp.Label > hi {
			continue
		}
		l = append(l, float64(smp.Label))
		v = append(v, x)
	}
	if len(l) == 0 {
		return Agreement{}
	}
	return Agree(l, v)
}

// FitLambda returns the WNEF weight decay λ (grid 0.05..4 by 0.05) that
// maximises the mean Spearman of −WNEF with the labels over the sets.
func FitLambda(sets ...Set) (lambda, rho float64) {
	rho = math.Inf(-1)
	for i := 1; i <= 80; i++ {
		l := 0.05 * float64(i)
		var sum float64
		for _, s := range sets {
			sum += AgreeOn(s, func(x *Sample) float64 { return -x.Rating.Path.Choices.WNEF(l) }, 1, s.Levels).Spearman
		}
		if m := sum / float64(len(sets)); !math.IsNaN(m) && m > rho+1e-12 {
			lambda, rho = l, m
		}
	}
	return lambda, rho
}

// Fit fits a score model. Each group of tiers gets a linear combination of
// the features, by least squares then tau-b coordinate ascent (RankFit):
//
//   - tier 1 (singles only) and tiers 2–5 on three sources at once: kd's
//     labels, coach's labels and the Sudoku Explainer rating of se_rated.tsv
//     (ser; its NYT rows never), each source's tau-b computed within it and
//     weighed by logicWeights;
//   - tiers 6–8 (chains, forcing chains, trial) on Sudoku Explainer's
//     rating, which coach and sx ship for every puzzle: at that end SE's
//     catalogue of chains is the finest human-facing scale available, and
//     coach's levels follow it; coach's levels are a second source
//     (chainWeights). The group's score is the quantile of its
//     combination among the tier 6–8 puzzles of all three files (Knots).
//
// Each group's combination is centred and scaled by its mean and standard
// deviation on its training puzzles. Finally the three level cuts are
// chosen to maximise the mean exact 4-level accuracy over kd and coach with
// RATING_DATA.md's mapping.
func Fit(kd, coach, sx, ser Set) rating.ScoreModel {
	var m rating.ScoreModel
	label := func(s *Sample) float64 { return float64(s.Label) }
	se := func(s *Sample) float64 { return s.SE }
	// se_rated.tsv's own SE column is the third source of the tiers 1–5:
	// labels of kd, labels of coach, SE's rating of se_rated's puzzles
	// (never its NYT rows: NYT is a check no fit sees).
	bySE := func(s *Sample) float64 {
		if s.Source == "nyt" {
			return math.NaN()
		}
		return s.SE
	}
	within := func(s *Sample) float64 {
		if s.Source != "" { // a row of se_rated.tsv
			return bySE(s)
		}
		return label(s)
	}
	fitGroup(&m, 0, rows(within, 1, 1, kd, coach, ser), true, singlesWeights)
	fitGroup(&m, 1, rows(within, 2, 5, kd, coach, ser), true, logicWeights)
	hard := rows(se, 6, rating.MaxTier, coach, sx)
	for i := range hard {
		hard[i].src = 0 // one scale: SE's rating shipped with both files
	}
	for _, r := range rows(label, 6, rating.MaxTier, coach) {
		r.src = 1 // coach's levels, as a second source
		hard = append(hard, r)
	}
	fitGroup(&m, 2, hard, false, chainWeights)
	// The knots need no target: every calibration puzzle of tiers 6–8,
	// KrazyDad's forcing-chain and trial puzzles among them, spreads the
	// scale.
	m.Knots = knots(&m, 2, rows(label, 6, rating.MaxTier, kd, coach, sx))
	m.Cuts = fitCuts(&m, []Set{kd, coach}, rating.HardFloor)
	m.Singles = singlesRange(&m, kd, coach)
	return m
}

// singlesRange returns, for each givens count, the lowest and highest score
// of the singles-only puzzles of sets under m.
func singlesRange(m *rating.ScoreModel, sets ...Set) [82][2]float64 {
	var r [82][2]float64
	for _, s := range sets {
		for i := range s.Samples {
			rt := &s.Samples[i].Rating
			if rt.HardestTier != 1 {
				continue
			}
			v, g := m.Score(rt), rt.Givens
			if r[g][0] == 0 || v < r[g][0] {
				r[g][0] = v
			}
			r[g][1] = max(r[g][1], v)
		}
	}
	for g := range r { // 4 decimals, as GoSource prints them
		r[g][0] = math.Floor(r[g][0]*1e4) / 1e4
		r[g][1] = math.Ceil(r[g][1]*1e4) / 1e4
	}
	return r
}

// knots returns the standardized combinations of group g at the quantiles
// (i+1)/(NumKnots+1) of rs, rounded to 6 significant digits as GoSource
// prints them.
func knots(m *rating.ScoreModel, g int, rs []row) [rating.NumKnots]float64 {
	var k [rating.NumKnots]float64
	if len(rs) == 0 {
		return k
	}
	z := make([]float64, len(rs))
	for i, r := range rs {
		f := r.r.Features()
		var v float64
		for j, x := range f {
			v += m.Weights[g][j] * x
		}
		z[i] = (v - m.Center[g]) / m.Scale[g]
	}
	sort.Float64s(z)
	for i := range k {
		q := float64(i+1) / float64(rating.NumKnots+1) * float64(len(z)-1)
		lo := int(q)
		hi := min(lo+1, len(z)-1)
		v := z[lo] + (q-float64(lo))*(z[hi]-z[lo])
		k[i], _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64)
	}
	return k
}

// The weights of the sources of each group's fit in RankFit's objective.
// Tiers 1–5: kd's labels, coach's labels, se_rated.tsv's SE rating.
// KrazyDad's 14,000 publisher labels are the largest and most independent
// set and weigh most. Coach's and Sudoku Explainer's order of singles-only
// puzzles disagree with KrazyDad's (KrazyDad orders them mostly by givens,
// coach by how many rounds of singles they take, Sudoku Explainer by which
// kind of single is needed), and every weight given to them costs
// KrazyDad's agreement: these are about the largest that keep KrazyDad's
// cross-validated Spearman at 0.979, its level before they were added
// (`sudoku calibrate -cv` over a grid of 0 to 1). Tiers 6–8: Sudoku
// Explainer's rating shipped with coach and SudokuExchange, and coach's
// levels. Tier 1 (singlesWeights) follows the same rule on its own: with
// inv-rounds, 0.55 is the largest coach weight on a grid of 0.05, and then
// 0.1 the largest Sudoku Explainer weight on a grid of 0.05, that keep
// KrazyDad's cross-validated Spearman at 0.979 on both folds, to three
// decimals (coach 0.6 or SE 0.15 give 0.978 on one); SE's weight orders
// the kinds of single within a source's level (docs/rating.md, "The
// everyday end").
var (
	logicWeights   = []float64{1, 0.6, 0.05}
	singlesWeights = []float64{1, 0.55, 0.1}
	chainWeights   = []float64{1, 0.5}
)

// groupFeatures names, per score group, the features its fit may weigh;
// nil is every feature but those of singlesOnly. The singles-only group
// (tier 1) gets five a player feels between puzzles solved by singles
// alone, and nothing else: how many cells there are to fill (givens),
// how many rounds of singles (inv-rounds: −1/rounds, so that 2 against 3
// rounds weighs more than 9 against 10), which kinds of single an
// easiest-first walk needs (line-rounds, naked-rounds) and the scanning a
// player does to find them one at a time (log-scan-effort). Fewer inputs
// are the regularisation: with every feature the tier-1 weights followed
// the noise of whichever half they were fitted on (docs/rating.md, "The
// everyday end").
var groupFeatures = [3][]string{
	{"givens", "inv-rounds", "line-rounds", "naked-rounds", "log-scan-effort"},
	nil,
	nil,
}

// singlesOnly are the features only the tier-1 group weighs: inv-rounds
// orders the rounds of singles-only puzzles (coach's easiest levels take
// 2 to 5); beyond tier 1, log-rounds does (cross-validated, inv-rounds
// there too left KrazyDad unchanged and lowered coach's second fold,
// docs/rating.md).
var singlesOnly = []string{"inv-rounds"}

// featureMask returns, per feature of the table, whether group g's fit
// weighs it (groupFeatures, singlesOnly).
func featureMask(g int) [rating.NumFeatures]bool {
	var use [rating.NumFeatures]bool
	for i, f := range rating.FeatureTable() {
		if groupFeatures[g] == nil {
			use[i] = !slices.Contains(singlesOnly, f.Name)
		} else {
			use[i] = slices.Contains(groupFeatures[g], f.Name)
		}
	}
	return use
}

// row is a training puzzle of a group: its rating and its target.
type row struct {
	r   *rating.Rating
	y   float64
	src int // the index of the row's set in the arguments of rows
}

// rows returns the samples of sets whose hardest tier is in [lo, hi] and
// whose target y is a number.
func rows(y func(*Sample) float64, lo, hi int, sets ...Set) []row {
	var out []row
	for k, s := range sets {
		for i := range s.Samples {
			smp := &s.Samples[i]
			if t := smp.Rating.HardestTier; t >= lo && t <= hi && !math.IsNaN(y(smp)) {
				out = append(out, row{&smp.Rating, y(smp), k})
			}
		}
	}
	return out
}

// fitGroup fits and normalises group g on rs, weighing only the features
// groupFeatures allows it. With offsets, least squares
// gets one indicator per tier, which absorbs the level shift between tiers
// (the score adds the tier itself), so the weights learn the order within a
// tier; without, it gets an intercept, and the tiers are told apart by the
// features alone (the group's score is continuous across its tiers).
func fitGroup(m *rating.ScoreModel, g int, rs []row, offsets bool, weights []float64) {
	const k = rating.MaxTier // leading columns: tier indicators, or an intercept and zeros
	x := make([][]float64, len(rs))
	y := make([]float64, len(rs))
	var src []int
	if weights != nil {
		src = make([]int, len(rs))
	}
	use := featureMask(g)
	for i, r := range rs {
		if weights != nil {
			src[i] = r.src
		}
		f := r.r.Features()
		for j := range f {
			if !use[j] {
				f[j] = 0 // a constant column: its weight stays 0
			}
		}
		row := make([]float64, k, k+rating.NumFeatures)
		if offsets {
			row[r.r.HardestTier-1] = 1
		} else {
			row[0] = 1
		}
		x[i] = append(row, f[:]...)
		y[i] = r.y
	}
	if w, err := LeastSquares(x, y); err == nil {
		feat := make([][]float64, len(x))
		for i := range x {
			feat[i] = x[i][k:]
		}
		wf := w[k:]
		RankFit(feat, y, src, weights, wf, 40)
		copy(m.Weights[g][:], wf)
	}
	var sum, sum2 float64
	for _, row := range x {
		var z float64
		for i, v := range row[k:] {
			z += m.Weights[g][i] * v
		}
		sum += z
		sum2 += z * z
	}
	n := float64(max(len(x), 1))
	m.Center[g] = sum / n
	m.Scale[g] = math.Sqrt(max(sum2/n-m.Center[g]*m.Center[g], 1e-12))
}

// fitCuts chooses the level cuts on a 0.01 grid by coordinate ascent of the
// mean exact accuracy over sets, with the medium–hard cut at least
// minHard: rating.HardFloor for the committed model (a level is decided by
// score and technique band at once, so a singles-only puzzle is never
// hard), 1 (no bound) for a house model, whose publisher's labels decide.
func fitCuts(m *rating.ScoreModel, sets []Set, minHard float64) [3]float64 {
	if len(sets) == 0 {
		return [3]float64{}
	}
	type pt struct {
		score float64
		want  int
		set   int
	}
	var pts []pt
	for si, s := range sets {
		for i := range s.Samples {
			pts = append(pts, pt{m.Score(&s.Samples[i].Rating), s.Tier4[s.Samples[i].Label], si})
		}
	}
	sort.Slice(pts, func(a, b int) bool { return pts[a].score < pts[b].score })
	acc := func(c [3]float64) float64 {
		ok := make([]float64, len(sets))
		n := make([]float64, len(sets))
		for _, p := range pts {
			got := 4
			for k := range 3 {
				if p.score < c[k] {
					got = k + 1
					break
				}
			}
			n[p.set]++
			if got == p.want {
				ok[p.set]++
			}
		}
		var a float64
		for i := range ok {
			a += ok[i] / n[i]
		}
		return a / float64(len(ok))
	}
	cuts := [3]float64{2, 3, 5}
	best := acc(cuts)
	for range 4 {
		for k := range 3 {
			lo, hi := 1.0, 7.0
			if k > 0 {
				lo = cuts[k-1]
			}
			if k == 1 {
				lo = max(lo, minHard)
			}
			if k < 2 {
				hi = cuts[k+1]
			}
			for v := lo; v <= hi; v += 0.01 {
				c := cuts
				c[k] = math.Round(v*100) / 100
				if a := acc(c); a > best+1e-12 {
					best, cuts = a, c
				}
			}
		}
	}
	return cuts
}

// Confusion4 returns the 4-level confusion matrix of the model on s with
// RATING_DATA.md's mapping.
func Confusion4(m *rating.ScoreModel, s Set) Confusion {
	want := make([]int, len(s.Samples))
	got := make([]int, len(s.Samples))
	for i := range s.Samples {
		want[i] = s.Tier4[s.Samples[i].Label]
		got[i] = int(m.Level(m.Score(&s.Samples[i].Rating)))
	}
	return NewConfusion(4, want, got)
}
