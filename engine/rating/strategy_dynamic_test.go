package rating

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// lockedPassByUnits is lockedPass written the plain way, over the units'
// cell sets: the reference the row-mask version must match.
func lockedPassByUnits(b *engine.Board) (changed cellSet, bad bool) {
	for d := range 9 {
		var h cellSet
		for c := range 81 {
			if b.Cands[c]&engine.Bit(d+1) != 0 {
				h.add(c)
			}
		}
		var rm cellSet
		for from := range units {
			hf := h.and(unitCellSet[from])
			if hf.empty() {
				continue
			}
			for to := range units {
				if (from < 18) == (to < 18) || !hf.minus(unitCellSet[to]).empty() {
					continue // not a box and a line, or not all inside
				}
				rm = rm.or(h.and(unitCellSet[to]).minus(unitCellSet[from]))
			}
		}
		changed = changed.or(rm)
		bad := false
		rm.forEach(func(c int) {
			b.Cands[c] &^= engine.Bit(d + 1)
			bad = bad || b.Cands[c] == 0
		})
		if bad {
			return changed, true
		}
	}
	return changed, false
}

// TestLockedPassMatchesUnits compares lockedPass with the plain version on
// boards of hard puzzles with more and more candidates removed at random
// (not necessarily consistent ones: both must agree on any board).
func TestLockedPassMatchesUnits(t *testing.T) {
	ps := datasettest.LoadPuzzles(t, dataset.Top1465, 300)
	tests := []struct {
		name    string
		removed int // candidates removed at random before the pass
	}{
		{"as given", 0},
		{"10 removed", 10},
		{"60 removed", 60},
		{"150 removed", 150},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(tt.removed), 7))
			found := 0
			for _, p := range ps {
				b, ok := engine.NewBoard(engine.MustParse(p))
				if !ok {
					t.Fatalf("%s: no board", p)
				}
				for range tt.removed {
					c := rng.IntN(81)
					if engine.Count(b.Cands[c]) > 1 {
						b.Cands[c] &^= engine.Bit(rng.IntN(9) + 1)
					}
				}
				want := b
				var pr propagation
				pr.startBoard(&b)
				_, gbad := pr.lockedPass(engine.AllDigits)
				gc, got := pr.cells, pr.b
				wc, wbad := lockedPassByUnits(&want)
				if gbad != wbad || (!gbad && (gc != wc || got != want)) {
					t.Fatalf("%s with %d removed: lockedPass = %v, bad %v; by units %v, bad %v", p, tt.removed, gc.cells(), gbad, wc.cells(), wbad)
				}
				found += gc.count()
			}
			if found == 0 {
				t.Fatalf("no locked candidates on %d boards: the test tests nothing", len(ps))
			}
		})
	}
}

// TestDynamicForcing explains puzzles whose path needs a VWXYZ-wing or a
// dynamic forcing chain or net, the technique each must use, and checks each of its steps:
// sound against the solution (replayExplain), named after the technique,
// naming its cells, and no trial on the path.
func TestDynamicForcing(t *testing.T) {
	tests := []struct {
		name, puzzle, technique string
	}{
		// Sudoku Explainer rates it with a VWXYZ-wing (6.2); the static
		// forcing chains and nets left it to trial.
		{"SE's VWXYZ example", ".6....83..25....1.....16.....7.6....8..4.57.3.......8...2...19..5...8...4....7...", "vwxyz-wing"},
		// magictour's first puzzle that needed trial before
		{"magictour", "", "dynamic-forcing-chain"},
		// the forum's hardest, line 32: a net concludes an elimination
		{"forum hardest net", ".....6..5.1.....2...9.3.4......7......48.9...8..4.39....7.8.3...5.....1.2.......6", "dynamic-forcing-net"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := tt.puzzle
			if p == "" {
				p = firstNeeding(t, tt.technique)
			}
			seen := map[string]int{}
			steps := replayExplain(t, p, seen)
			if seen[tt.technique] == 0 {
				t.Fatalf("%s: path uses %v, no %s", p, seen, tt.technique)
			}
			if tt.technique != "dynamic-forcing-net" && seen["trial"] > 0 {
				t.Fatalf("%s: path still needs trial: %v", p, seen)
			}
			if tt.technique == "vwxyz-wing" && seen["dynamic-forcing-chain"]+seen["dynamic-forcing-net"] > 0 {
				t.Fatalf("%s: path needs dynamic forcing: %v", p, seen)
			}
			for _, st := range steps {
				if st.Technique != tt.technique {
					continue
				}
				if !strings.HasPrefix(st.Text, tt.technique+": ") || len(st.Cells) == 0 {
					t.Fatalf("%s: step %+v", p, st)
				}
				for _, c := range st.Cells {
					if !strings.Contains(st.Text, engine.CellName(c)) {
						t.Fatalf("%s: step %q does not name its cell %s", p, st.Text, engine.CellName(c))
					}
				}
				for _, e := range st.Eliminations {
					if !strings.Contains(st.Text, engine.CellName(e.Cell)) {
						t.Fatalf("%s: step %q does not name the cell it clears, %s", p, st.Text, engine.CellName(e.Cell))
					}
				}
			}
		})
	}
}

// TestTrialWavesWithoutForcingChain: a path whose only tier-7 rounds are
// VWXYZ-wings has no forcing chain, so TrialWaves is 0 (it was the
// finder's "none" marker, 1<<30, a feature the score model weighs).
func TestTrialWavesWithoutForcingChain(t *testing.T) {
	r, err := Rate(engine.MustParse(".6....83..25....1.....16.....7.6....8..4.57.3.......8...2...19..5...8...4....7..."))
	if err != nil {
		t.Fatal(err)
	}
	if r.Counts.Of("vwxyz-wing") == 0 || r.Counts.Of("forcing-chain")+r.Counts.Of("forcing-net") > 0 {
		t.Fatalf("counts %v: want VWXYZ-wings and no forcing chain", r.Counts)
	}
	if r.Path.TrialWaves != 0 {
		t.Fatalf("TrialWaves = %d, want 0", r.Path.TrialWaves)
	}
}

// firstNeeding returns the first magictour puzzle whose rating uses the
// technique.
func firstNeeding(t *testing.T, technique string) string {
	t.Helper()
	for _, p := range datasettest.LoadPuzzles(t, dataset.Top1465, 0) {
		r, err := Rate(engine.MustParse(p))
		if err != nil {
			t.Fatalf("Rate(%s): %v", p, err)
		}
		if r.Counts.Of(technique) > 0 {
			return p
		}
	}
	t.Fatalf("no magictour puzzle needs %s", technique)
	return ""
}

// TestNextHintDynamic asks for a hint on magictour puzzles that need a
// dynamic forcing chain, at the point of their path where the first one
// is needed (the givens plus the digits placed before it): the hint must
// be sound, never be "trial", and a tier-7 one must name its cells.
func TestNextHintDynamic(t *testing.T) {
	n := 20
	hints := map[string]int{}
	for _, p := range datasettest.LoadPuzzles(t, dataset.Top1465, 0) {
		if n == 0 {
			break
		}
		puzzle := engine.MustParse(p)
		sol := engine.Solve(puzzle).Solution
		_, steps, err := Explain(puzzle)
		if err != nil {
			t.Fatalf("Explain(%s) error = %v", p, err)
		}
		current, found := puzzle, false
		for _, st := range steps {
			if st.Technique == "dynamic-forcing-chain" {
				found = true
				break
			}
			for _, pl := range st.Placements {
				current[pl.Cell] = uint8(pl.Digit)
			}
		}
		if !found {
			continue
		}
		n--
		h, err := NextHint(puzzle, current)
		if err != nil || h.Step == nil {
			t.Fatalf("NextHint(%s, %s) = %+v, %v", p, current, h, err)
		}
		st := h.Step
		hints[st.Technique]++
		if st.Technique == "trial" {
			t.Fatalf("NextHint(%s, %s) = trial: %q", p, current, h.Text)
		}
		for _, e := range st.Eliminations {
			if int(sol[e.Cell]) == e.Digit {
				t.Fatalf("hint %q removes the solution's %d from %s", st.Text, e.Digit, engine.CellName(e.Cell))
			}
		}
		for _, pl := range st.Placements {
			if int(sol[pl.Cell]) != pl.Digit {
				t.Fatalf("hint %q places %d in %s, solution has %d", st.Text, pl.Digit, engine.CellName(pl.Cell), sol[pl.Cell])
			}
		}
		for _, c := range st.Cells {
			if st.Tier == tierForcing && !strings.Contains(h.Text, engine.CellName(c)) {
				t.Fatalf("hint %q does not name its cell %s", h.Text, engine.CellName(c))
			}
		}
	}
	if hints["dynamic-forcing-chain"] == 0 {
		t.Errorf("no dynamic forcing chain among the hints: %v", hints)
	}
	t.Logf("hints: %v", hints)
}
