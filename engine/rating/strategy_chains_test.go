package rating

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// chainFamily are the techniques of tiers 6–8.
func chainFamily() []string {
	var names []string
	for _, t := range techniques {
		if t.Tier >= TierChains {
			names = append(names, t.Name)
		}
	}
	return names
}

// TestChainPositions runs one chain technique on a constructed candidate
// state and compares its eliminations with the ones worked out by hand.
func TestChainPositions(t *testing.T) {
	r1c1, r1c5, r5c5, r5c9 := 0, 4, 40, 44
	tests := []struct {
		name  string
		board *engine.Board
		tech  int
		find  func(f *finder) int
		want  []Candidate // exactly these (nil: see some)
		some  []Candidate // at least these
	}{
		{
			// Digit 1 is only at r1c1, r7c1 in column 1, r7c1, r7c8 in row 7
			// and r7c8, r3c8 in column 8: colours {r1c1, r7c8} and {r7c1,
			// r3c8}. r3c2 and r3c3 see r1c1 (box 1) and r3c8 (row 3); r1c7
			// and r1c9 see r1c1 (row 1) and r3c8 (box 3).
			name: "simple colouring trap",
			board: openBoard(nil, map[int][]int{1: slices.Concat(
				except(9, 0, 54), except(6, 54, 61), except(16, 61, 25))}),
			tech: techSimpleColouring, find: findSimpleColouring,
			want: []Candidate{{6, 1}, {8, 1}, {19, 1}, {20, 1}},
		},
		{
			// r1c1 1/2, r1c5 2/3, r5c5 3/4, r5c9 4/1: one end is 1, so r1c9
			// and r5c1, which see both ends, are not 1.
			name: "xy-chain of four cells",
			board: openBoard(map[int]uint16{r1c1: engine.Bit(1) | engine.Bit(2), r1c5: engine.Bit(2) | engine.Bit(3),
				r5c5: engine.Bit(3) | engine.Bit(4), r5c9: engine.Bit(4) | engine.Bit(1)}, nil),
			tech: techXYChain, find: techniques[techXYChain].find,
			want: []Candidate{{8, 1}, {36, 1}},
		},
		{
			// The same four cells all 1/2: the ends hold different digits
			// of the pair, so r1c9 and r5c1 are neither 1 nor 2 (the cells
			// of rows 1 and 5 and column 5 lose them too, by shorter
			// chains).
			name: "remote pair",
			board: openBoard(map[int]uint16{r1c1: engine.Bit(1) | engine.Bit(2), r1c5: engine.Bit(1) | engine.Bit(2),
				r5c5: engine.Bit(1) | engine.Bit(2), r5c9: engine.Bit(1) | engine.Bit(2)}, nil),
			tech: techRemotePair, find: techniques[techRemotePair].find,
			some: []Candidate{{8, 1}, {8, 2}, {36, 1}, {36, 2}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := getFinder(true, nil)
			f.prepare(tt.board)
			f.reset()
			if s := tt.find(f); s == 0 {
				t.Fatalf("possible applications = 0")
			}
			got := sorted(elims(f))
			if tt.want != nil && !reflect.DeepEqual(got, sorted(tt.want)) {
				t.Errorf("eliminations = %v, want %v", got, tt.want)
			}
			for _, c := range tt.some {
				if !slices.Contains(got, c) {
					t.Errorf("eliminations = %v, want %v among them", got, c)
				}
			}
			if f.counts[tt.tech] == 0 {
				t.Errorf("counts[%s] = 0", techniques[tt.tech].Name)
			}
			for _, st := range f.steps {
				for _, c := range st.Cells {
					if !strings.Contains(st.Text, engine.CellName(c)) {
						t.Errorf("step %q does not name its cell %s", st.Text, engine.CellName(c))
					}
				}
			}
		})
	}
}

// TestChainFamilyOnData explains hard puzzles of ../shared/data and replays
// every step against the solution; every technique of tiers 6–8 must occur,
// and a chain's text must name each of its cells and each cell it clears.
func TestChainFamilyOnData(t *testing.T) {
	if testing.Short() {
		t.Skip("explains a few thousand hard puzzles")
	}
	var ps []string
	for _, r := range datasettest.Load(t, dataset.CalibSudokuExchange, 0) {
		ps = append(ps, r.Puzzle())
	}
	hard := datasettest.LoadPuzzles(t, dataset.Top1465, 0)
	for i := 0; i < len(hard); i += 4 {
		ps = append(ps, hard[i])
	}
	// Remote pairs are rare once the shortest chains and the three-link
	// fish come first: QQWing's random puzzles have a few.
	for _, r := range datasettest.Load(t, dataset.QQWingAnyStats, 0) {
		ps = append(ps, r.Puzzle())
	}
	// Trial and dynamic forcing nets are left only for the forum's
	// hardest (rated 11 and up): its first 32 have both.
	ps = append(ps, datasettest.LoadPuzzles(t, dataset.Hardest1106, 32)...)
	seen := make(map[string]int)
	for _, p := range ps {
		for _, st := range replayExplain(t, p, seen) {
			if st.Tier < TierChains || st.Tier == MaxTier {
				continue
			}
			for _, c := range st.Cells {
				if !strings.Contains(st.Text, engine.CellName(c)) {
					t.Fatalf("Explain(%s): step %q does not name its cell %s", p, st.Text, engine.CellName(c))
				}
			}
			for _, e := range st.Eliminations {
				if !strings.Contains(st.Text, engine.CellName(e.Cell)) {
					t.Fatalf("Explain(%s): step %q does not name the cell it clears, %s", p, st.Text, engine.CellName(e.Cell))
				}
			}
		}
	}
	for _, name := range chainFamily() {
		if seen[name] == 0 {
			t.Errorf("technique %s never used on %d hard puzzles", name, len(ps))
		}
	}
	t.Logf("steps per technique: %v", seen)
}

// TestNextHintChains asks for a hint where hard puzzles first need a chain
// (their givens plus the digits placed before that point of the rating
// path): the hints must be sound, and the chain family's must name their
// cells, as an expert's hint would, instead of saying "trial".
func TestNextHintChains(t *testing.T) {
	recs := datasettest.Load(t, dataset.CalibSudokuExchange, 300)
	chains := 0
	for _, r := range recs {
		puzzle := engine.MustParse(r.Puzzle())
		sol := engine.Solve(puzzle).Solution
		_, steps, err := Explain(puzzle)
		if err != nil {
			t.Fatalf("Explain(%s) error = %v", r.Puzzle(), err)
		}
		current := puzzle
		for _, st := range steps {
			if st.Tier >= TierChains {
				break
			}
			for _, p := range st.Placements {
				current[p.Cell] = uint8(p.Digit)
			}
		}
		if current == sol {
			continue
		}
		h, err := NextHint(puzzle, current)
		if err != nil || h.Step == nil {
			t.Fatalf("NextHint(%s, %s) = %+v, %v", r.Puzzle(), current, h, err)
		}
		st := h.Step
		for _, e := range st.Eliminations {
			if int(sol[e.Cell]) == e.Digit {
				t.Fatalf("hint %q removes the solution's %d from %s", st.Text, e.Digit, engine.CellName(e.Cell))
			}
		}
		for _, p := range st.Placements {
			if int(sol[p.Cell]) != p.Digit {
				t.Fatalf("hint %q places %d in %s, solution has %d", st.Text, p.Digit, engine.CellName(p.Cell), sol[p.Cell])
			}
		}
		if st.Tier == TierChains || st.Tier == tierForcing {
			chains++
			for _, c := range st.Cells {
				if !strings.Contains(h.Text, engine.CellName(c)) {
					t.Fatalf("hint %q does not name its cell %s", h.Text, engine.CellName(c))
				}
			}
		}
	}
	if chains == 0 {
		t.Errorf("no chain hint on %d hard puzzles", len(recs))
	}
	t.Logf("%d chain hints on %d puzzles", chains, len(recs))
}
