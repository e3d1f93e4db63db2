package calib

import (
	"bytes"
	"context"
	"errors"
	"os"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// loadSet is Load for tests: it skips when the shared data is missing
// (outside CI), like dataset.Load.
func loadSet(t *testing.T, s Set) Set {
	t.Helper()
	s, err := Load(context.Background(), s, 0)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && os.Getenv("CI") == "" {
			t.Skipf("shared data not available: %v", err)
		}
		t.Fatal(err)
	}
	return s
}

// TestDefaultModelAgreement checks the committed score model against the
// labels on a sample of each calibration file, with margins below the
// full-file numbers of docs/rating.md.
func TestDefaultModelAgreement(t *testing.T) {
	kd, coach := KrazyDad, Coach
	kd.Every = 7
	if testing.Short() {
		kd.Every, coach.Every = 10, 2
	}
	kd, coach = loadSet(t, kd), loadSet(t, coach)
	committed := rating.DefaultModel()
	m := &committed
	score := func(s *Sample) float64 { return m.Score(&s.Rating) }
	tests := []struct {
		set         Set
		minSpearman float64
		minExact    float64
	}{
		{kd, 0.95, 0.85},
		{coach, 0.94, 0.75},
	}
	for _, tt := range tests {
		a := AgreeOn(tt.set, score, 1, tt.set.Levels)
		c := Confusion4(m, tt.set)
		if a.Spearman < tt.minSpearman || c.Exact() < tt.minExact || c.Within1() < 0.98 {
			t.Errorf("%s: Spearman %.3f (want ≥ %.2f), exact %.3f (want ≥ %.2f), within one %.3f (want ≥ 0.98)",
				tt.set.Name, a.Spearman, tt.minSpearman, c.Exact(), tt.minExact, c.Within1())
		}
	}
	// KrazyDad tells its two easiest levels apart by givens; coach and
	// Sudoku Explainer, which the singles tier is also fitted on, by rounds
	// and kinds of singles, so the full file's gamma is about 0.80 (0.87
	// when KrazyDad alone was fitted, docs/rating.md).
	if p := AgreeOn(kd, score, 1, 2); p.Gamma < 0.75 {
		t.Errorf("%s level 1 vs 2: gamma %.3f, want ≥ 0.75", kd.Name, p.Gamma)
	}
}

// TestFitReproducesDefault refits on the full files and checks that the
// committed model file, engine/rating/score_model.go, is byte for byte what
// sudoku calibrate -write writes, so the constants in engine are the
// calibrate command's output.
func TestFitReproducesDefault(t *testing.T) {
	if testing.Short() {
		t.Skip("rates both full calibration files")
	}
	kd, coach, sx, se := loadSet(t, KrazyDad), loadSet(t, Coach), loadSet(t, SudokuExchange), loadSet(t, SERated)
	m := Fit(kd, coach, sx, se)
	src, err := ModelFile(&m)
	if err != nil {
		t.Fatal(err)
	}
	committed, err := os.ReadFile("../../engine/rating/score_model.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(src, committed) {
		t.Errorf("engine/rating/score_model.go is not what the fit writes: run %s", ModelCommand)
	}
	d := rating.DefaultModel()
	const tol = 1e-4
	for g := range m.Weights {
		for i := range m.Weights[g] {
			if diff := m.Weights[g][i] - d.Weights[g][i]; diff > tol*max(1, abs(d.Weights[g][i])) || -diff > tol*max(1, abs(d.Weights[g][i])) {
				t.Fatalf("fitted weight [%d][%d] = %v, committed %v: rerun sudoku calibrate and update rating.DefaultModel", g, i, m.Weights[g][i], d.Weights[g][i])
			}
		}
	}
	for g := range m.Singles {
		for k := range 2 {
			if abs(m.Singles[g][k]-d.Singles[g][k]) > tol {
				t.Fatalf("fitted Singles[%d] = %v, committed %v: rerun sudoku calibrate and update rating.DefaultModel", g, m.Singles[g], d.Singles[g])
			}
		}
	}
	for i := range m.Knots {
		if abs(m.Knots[i]-d.Knots[i]) > tol*max(1, abs(d.Knots[i])) {
			t.Fatalf("fitted Knots[%d] = %v, committed %v: rerun sudoku calibrate and update rating.DefaultModel", i, m.Knots[i], d.Knots[i])
		}
	}
	if m.Cuts != d.Cuts {
		t.Fatalf("fitted cuts %v, committed %v", m.Cuts, d.Cuts)
	}
	if lambda, _ := FitLambda(kd, coach); lambda != rating.WNEFLambda {
		t.Fatalf("fitted WNEF λ = %v, committed %v", lambda, rating.WNEFLambda)
	}
}

func abs(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// countProgress is a Progress that records what it is told.
type countProgress struct {
	total int64
	done  atomic.Int64
}

func (p *countProgress) SetTotal(n int64) { p.total = n }
func (p *countProgress) Add(n int64)      { p.done.Add(n) }

// TestLoadProgress checks that LoadProgress announces the set's size and
// counts every rated puzzle.
func TestLoadProgress(t *testing.T) {
	set := NYT
	set.Every = 20
	var p countProgress
	s, err := LoadProgress(context.Background(), set, 2, &p)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && os.Getenv("CI") == "" {
			t.Skipf("shared data not available: %v", err)
		}
		t.Fatal(err)
	}
	if n := int64(len(s.Samples)); p.total != n || p.done.Load() != n {
		t.Errorf("progress: total %d, done %d; want both %d", p.total, p.done.Load(), n)
	}
}

// TestFeatureMask checks that the singles-only group weighs exactly the
// features groupFeatures names, that every name is a feature, and that
// the other groups weigh them all but singlesOnly's.
func TestFeatureMask(t *testing.T) {
	tab := rating.FeatureTable()
	for g := range groupFeatures {
		use := featureMask(g)
		n := 0
		for i := range use {
			if use[i] {
				n++
			}
		}
		want := len(tab) - len(singlesOnly)
		if groupFeatures[g] != nil {
			want = len(groupFeatures[g])
		}
		if n != want {
			t.Errorf("group %d weighs %d features, want %d (a name of groupFeatures or singlesOnly that is no feature?)", g, n, want)
		}
		for _, name := range singlesOnly {
			i := slices.IndexFunc(tab, func(f rating.Feature) bool { return f.Name == name })
			if i < 0 || use[i] != (groupFeatures[g] != nil && slices.Contains(groupFeatures[g], name)) {
				t.Errorf("group %d: singles-only feature %q (index %d) weighed %v", g, name, i, i >= 0 && use[i])
			}
		}
	}
}

// TestOrderPairs checks the pair counts of OrderPairs and its gamma and
// concordance on a hand-made set.
func TestOrderPairs(t *testing.T) {
	s := Set{Samples: []Sample{
		{Label: 1, Rating: rating.Rating{Givens: 36}},
		{Label: 1, Rating: rating.Rating{Givens: 34}},
		{Label: 2, Rating: rating.Rating{Givens: 34}},
		{Label: 2, Rating: rating.Rating{Givens: 30}},
		{Label: 3, Rating: rating.Rating{Givens: 20}},
	}}
	p := OrderPairs(s, 1, 2, func(s *Sample) float64 { return -float64(s.Rating.Givens) })
	// (36,34) C, (36,30) C, (34,34) T, (34,30) C.
	if p != (PairOrder{C: 3, D: 0, T: 1}) {
		t.Fatalf("OrderPairs = %+v, want 3 concordant, 0 discordant, 1 tied", p)
	}
	if p.Gamma() != 1 || p.Concordance() != 3.5/4 {
		t.Errorf("gamma %v, concordance %v, want 1 and 0.875", p.Gamma(), p.Concordance())
	}
}

// TestSinglesWeightSigns checks that the committed model weighs the
// tier-1 features with the signs a player expects: fewer givens, more
// rounds, more line and naked rounds and more scanning make a
// singles-only puzzle harder (docs/rating.md, "The everyday end").
func TestSinglesWeightSigns(t *testing.T) {
	m := rating.DefaultModel()
	sign := map[string]float64{"givens": -1, "inv-rounds": 1, "line-rounds": 1, "naked-rounds": 1, "log-scan-effort": 1}
	for i, f := range rating.FeatureTable() {
		w := m.Weights[0][i]
		s, named := sign[f.Name]
		switch {
		case !named && w != 0:
			t.Errorf("tier-1 weight of %s = %v, want 0 (not in groupFeatures)", f.Name, w)
		case named && w*s < 0:
			t.Errorf("tier-1 weight of %s = %v, want the sign %v", f.Name, w, s)
		}
	}
	for _, name := range groupFeatures[0] {
		if _, ok := sign[name]; !ok {
			t.Errorf("groupFeatures[0] has %s, which this test gives no expected sign", name)
		}
	}
}
