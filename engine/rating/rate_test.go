package rating

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// ratePuzzles returns a spread sample of labelled puzzles: every step-th row
// of the calibration files and of top1465.
func ratePuzzles(t *testing.T, step int) []string {
	t.Helper()
	var ps []string
	for _, name := range []string{dataset.CalibKrazyDad, dataset.CalibCoach, dataset.Top1465} {
		all := datasettest.LoadPuzzles(t, name, 0)
		st := step
		if len(all) < 2000 {
			st = max(1, step/10)
		}
		for i := 0; i < len(all); i += st {
			ps = append(ps, all[i])
		}
	}
	return ps
}

func TestRateErrors(t *testing.T) {
	conflict := engine.MustParse(easyPuzzle)
	conflict[0] = 3 // row 1 already has a 3
	noSolution := engine.MustParse("12345678." + "........9" + strings.Repeat(".", 63))
	tests := []struct {
		name string
		in   engine.Grid
		want error
	}{
		{"conflicting givens", conflict, &engine.ConflictError{}},
		{"no solution", noSolution, engine.ErrNoSolution},
		{"empty grid", engine.Grid{}, engine.ErrMultipleSolutions},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Rate(tt.in)
			var ce *engine.ConflictError
			switch {
			case errors.As(tt.want, &ce):
				if !errors.As(err, &ce) {
					t.Fatalf("Rate(%v) error = %v, want a *ConflictError", tt.in, err)
				}
			case !errors.Is(err, tt.want):
				t.Fatalf("Rate(%v) error = %v, want %v", tt.in, err, tt.want)
			}
			if _, _, err2 := Explain(tt.in); (err2 == nil) != (err == nil) {
				t.Fatalf("Explain(%v) error = %v, Rate's = %v", tt.in, err2, err)
			}
		})
	}
}

func TestRateSolvedGrid(t *testing.T) {
	r, err := Rate(engine.MustParse(easySolution))
	if err != nil {
		t.Fatalf("Rate(solution) error = %v", err)
	}
	if r.Path.Rounds != 0 || r.Steps != 0 || r.Level != Easy || !r.Level1 {
		t.Fatalf("Rate(solution) = %+v, want no rounds, easy, level 1", r)
	}
}

// TestExplainStepsSound replays every step of every explanation on a board
// and checks that no step removes or contradicts the solution's digit, that
// each step changes the board, and that the path ends in the solution.
func TestExplainStepsSound(t *testing.T) {
	step := 50
	if testing.Short() {
		step = 400
	}
	seen := make(map[string]int)
	for _, p := range ratePuzzles(t, step) {
		replayExplain(t, p, seen)
	}
	t.Logf("steps per technique: %v", seen)
}

// replayExplain explains puzzle p and replays every step against the
// solution: no step may remove the solution's digit, remove a candidate
// that is not there, place a wrong digit, or be empty, and the path must
// end in the solution; Rate must agree with Explain's rating. It counts the
// steps per technique in seen and returns the steps.
func replayExplain(t *testing.T, p string, seen map[string]int) []Step {
	t.Helper()
	g := engine.MustParse(p)
	sol := engine.Solve(g).Solution
	r, steps, err := Explain(g)
	if err != nil {
		t.Fatalf("Explain(%s) error = %v", p, err)
	}
	b, _ := engine.NewBoard(g)
	for i, st := range steps {
		seen[st.Technique]++
		if st.Text == "" || len(st.Placements)+len(st.Eliminations) == 0 {
			t.Fatalf("Explain(%s) step %d = %+v: empty", p, i, st)
		}
		if techniques[techIndex(st.Technique)].Tier != st.Tier {
			t.Fatalf("Explain(%s) step %d tier %d, want %d", p, i, st.Tier, techniques[techIndex(st.Technique)].Tier)
		}
		for _, e := range st.Eliminations {
			if int(sol[e.Cell]) == e.Digit {
				t.Fatalf("Explain(%s) step %d (%s) removes the solution's %d from %s", p, i, st.Text, e.Digit, engine.CellName(e.Cell))
			}
			if b.Cands[e.Cell]&engine.Bit(e.Digit) == 0 {
				t.Fatalf("Explain(%s) step %d (%s) removes %d from %s, not a candidate", p, i, st.Text, e.Digit, engine.CellName(e.Cell))
			}
			b.Eliminate(e.Cell, engine.Bit(e.Digit))
		}
		for _, pl := range st.Placements {
			if int(sol[pl.Cell]) != pl.Digit {
				t.Fatalf("Explain(%s) step %d (%s) places %d in %s, solution has %d", p, i, st.Text, pl.Digit, engine.CellName(pl.Cell), sol[pl.Cell])
			}
			if b.Digits[pl.Cell] == 0 {
				b.Place(pl.Cell, pl.Digit)
			}
		}
	}
	if b.Digits != sol {
		t.Fatalf("Explain(%s) path ends in %v, want %v", p, b.Digits, sol)
	}
	r2, err := Rate(g)
	if err != nil || !reflect.DeepEqual(r, r2) {
		t.Fatalf("Rate(%s) = %+v, %v; Explain's rating %+v", p, r2, err, r)
	}
	return steps
}

func techIndex(name string) int {
	for i, ti := range techniques {
		if ti.Name == name {
			return i
		}
	}
	return -1
}

// isomorph returns a random sudoku-preserving transform of g: digit
// relabelling, band and stack permutations, row and column permutations
// inside them, and an optional transposition.
func isomorph(g engine.Grid, rng *rand.Rand) engine.Grid {
	perm3 := func() [3]int {
		p := rng.Perm(3)
		return [3]int{p[0], p[1], p[2]}
	}
	var rows, cols [9]int
	bands, stacks := perm3(), perm3()
	for b := range 3 {
		rp, cp := perm3(), perm3()
		for i := range 3 {
			rows[3*b+i] = 3*bands[b] + rp[i]
			cols[3*b+i] = 3*stacks[b] + cp[i]
		}
	}
	digits := rng.Perm(9)
	transpose := rng.IntN(2) == 1
	var out engine.Grid
	for r := range 9 {
		for c := range 9 {
			d := g[9*rows[r]+cols[c]]
			if d != 0 {
				d = uint8(digits[d-1] + 1)
			}
			if transpose {
				out[9*c+r] = d
			} else {
				out[9*r+c] = d
			}
		}
	}
	return out
}

// TestRateInvariant checks that isomorphic puzzles get exactly the same
// rating: score, level, steps, technique counts and every other field.
func TestRateInvariant(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	step, variants := 100, 4
	if testing.Short() {
		step, variants = 500, 2
	}
	for _, p := range ratePuzzles(t, step) {
		g := engine.MustParse(p)
		want, err := Rate(g)
		if err != nil {
			t.Fatalf("Rate(%s) error = %v", p, err)
		}
		for range variants {
			h := isomorph(g, rng)
			got, err := Rate(h)
			if err != nil {
				t.Fatalf("Rate(%v) error = %v", h, err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("Rate(%v) = %+v, want %+v as for its isomorph %s", h, got, want, p)
			}
		}
	}
}

// TestTechniquesUsed checks that the sample exercises the techniques, so
// that the soundness test covers them.
func TestTechniquesUsed(t *testing.T) {
	if testing.Short() {
		t.Skip("needs the larger sample")
	}
	seen := make(map[string]bool)
	for _, p := range ratePuzzles(t, 20) {
		r, err := Rate(engine.MustParse(p))
		if err != nil {
			t.Fatalf("Rate(%s) error = %v", p, err)
		}
		for name := range r.Counts.All() {
			seen[name] = true
		}
	}
	for _, ti := range techniques {
		// The chain family (tiers 6–8) has TestChainFamilyOnData: remote
		// pairs, for one, are too rare for this sample.
		if !seen[ti.Name] && ti.Tier < TierChains {
			t.Errorf("technique %s never used on the sample", ti.Name)
		}
	}
}

func TestTechniquesOrdered(t *testing.T) {
	for i := 1; i < len(techniques); i++ {
		if techniques[i].Tier < techniques[i-1].Tier {
			t.Fatalf("techniques[%d] %s tier %d after tier %d", i, techniques[i].Name, techniques[i].Tier, techniques[i-1].Tier)
		}
	}
	seen := make(map[string]bool)
	for id, tc := range techniques {
		if tc.Name == "" || tc.Applies == "" || tc.find == nil || tc.Tier < 1 || tc.Tier > MaxTier || seen[tc.Name] {
			t.Errorf("techniques[%d] = %+v: want a unique name, what it applies to, a tier 1..%d and a search", id, tc.TechniqueInfo, MaxTier)
		}
		seen[tc.Name] = true
	}
	if pub := Techniques(); len(pub) != numTechniques || pub[numTechniques-1].Name != "trial" {
		t.Errorf("Techniques() = %v, want the table's %d entries, trial last", pub, numTechniques)
	}
}

// TestRateCounts checks Cheng and Xiao's step formula on boards small enough to
// count by hand.
func TestRateCounts(t *testing.T) {
	sol := engine.MustParse(easySolution)
	one := sol
	one[40] = 0 // r5c5: 1 empty cell; its row, column and box each miss one digit
	two := sol
	two[0], two[80] = 0, 0 // r1c1 and r9c9 share no unit
	tests := []struct {
		name       string
		in         engine.Grid
		wantSteps  float64
		wantCounts map[string]int
	}{
		// s = 1 cell + 3 (unit, digit) pairs, all valid: (4+1)/(4+1).
		{"one empty cell", one, 1, map[string]int{"naked-single": 1, "hidden-single": 3}},
		// s = 2 cells + 6 pairs, all valid: (8+1)/(8+1).
		{"two unrelated empty cells", two, 1, map[string]int{"naked-single": 2, "hidden-single": 6}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Rate(tt.in)
			if err != nil {
				t.Fatalf("Rate(%v) error = %v", tt.in, err)
			}
			if r.Steps != tt.wantSteps || !reflect.DeepEqual(r.Counts.Map(), tt.wantCounts) || r.Path.Rounds != 1 || r.WNEF != 1 || !r.Level1 || r.Hardest != "naked-single" && r.Hardest != "hidden-single" {
				t.Fatalf("Rate(%v) = steps %v counts %v rounds %d wnef %v level1 %v hardest %q, want steps %v counts %v, 1 round, wnef 1, level 1",
					tt.in, r.Steps, r.Counts.Map(), r.Path.Rounds, r.WNEF, r.Level1, r.Hardest, tt.wantSteps, tt.wantCounts)
			}
		})
	}
}

// TestRateUniqueAgrees: rating with a known solution (the generator's
// way) gives the rating Rate gives.
func TestRateUniqueAgrees(t *testing.T) {
	step := 400
	if testing.Short() {
		step = 2000
	}
	for _, p := range ratePuzzles(t, step) {
		g := engine.MustParse(p)
		want, err := Rate(g)
		if err != nil {
			t.Fatalf("Rate(%s) error = %v", p, err)
		}
		sol, _ := engine.UniqueSolution(g)
		if got, err := defaultRater.RateUnique(g, sol); err != nil || got != want {
			t.Errorf("RateUnique(%s) = %+v, %v; want %+v (Rate)", p, got, err, want)
		}
	}
}
