package rating

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/cputime"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// TestALSXZPositions runs the whole chain tier on constructed candidate
// states (every other cell holds all nine digits, so no unit has a strong
// link) and compares its eliminations with the ones worked out by hand:
// where ALS-XZ applies it must be the only progress.
func TestALSXZPositions(t *testing.T) {
	r1c2, r1c3, r4c2, r5c2, r4c5, r5c5 := 1, 2, 28, 37, 31, 40
	a := map[int]uint16{r1c2: engine.Bit(1) | engine.Bit(4) | engine.Bit(7), r1c3: engine.Bit(4) | engine.Bit(7)}
	with := func(m map[int]uint16, more map[int]uint16) map[int]uint16 {
		out := map[int]uint16{}
		for c, v := range m {
			out[c] = v
		}
		for c, v := range more {
			out[c] = v
		}
		return out
	}
	tests := []struct {
		name  string
		board *engine.Board
		want  []Candidate
		step  string // the one step's text, if any
	}{
		{
			// A = r1c2 1/4/7, r1c3 4/7 (row 1), B = r4c2 1/7, r5c2 7/9
			// (column 2). Their 1s, r1c2 and r4c2, see each other: one set
			// lacks 1 and is locked, so one of them holds 7, and r2c2 and
			// r3c2, which see all four 7s, are not 7. No other pair of
			// sets is disjoint.
			name:  "restricted common in a column",
			board: openBoard(with(a, map[int]uint16{r4c2: engine.Bit(1) | engine.Bit(7), r5c2: engine.Bit(7) | engine.Bit(9)}), nil),
			want:  []Candidate{{10, 7}, {19, 7}},
			step:  "als-xz: the almost locked sets r1c2, r1c3 in row 1 (1/4/7) and r4c2, r5c2 in column 2 (1/7/9) share the restricted common 1 (its cells in them all see each other, so at most one set has it and the other is locked), so one of them holds 7: remove 7 from r2c2, 7 from r3c2.",
		},
		{
			// B moved to column 5: r1c2's 1 does not see r4c5's, nor do
			// the 7s see each other, so nothing is restricted.
			name:  "no restricted common",
			board: openBoard(with(a, map[int]uint16{r4c5: engine.Bit(1) | engine.Bit(7), r5c5: engine.Bit(7) | engine.Bit(9)}), nil),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := getFinder(true, nil)
			defer putFinder(f)
			f.prepare(tt.board)
			f.reset()
			findALSXZ(f)
			if got := sorted(elims(f)); !reflect.DeepEqual(got, sorted(tt.want)) {
				t.Errorf("eliminations = %v, want %v", got, tt.want)
			}
			var texts []string
			for _, st := range f.steps {
				if st.Technique != "als-xz" {
					t.Errorf("step %q: want als-xz only", st.Text)
				}
				for _, c := range st.Cells {
					if !strings.Contains(st.Text, engine.CellName(c)) {
						t.Errorf("step %q does not name its cell %s", st.Text, engine.CellName(c))
					}
				}
				texts = append(texts, st.Text)
			}
			var want []string
			if tt.step != "" {
				want = []string{tt.step}
			}
			if !slices.Equal(texts, want) {
				t.Errorf("steps = %q, want %q", texts, want)
			}
		})
	}
}

// chainBoards returns the boards at the start of the chain rounds (tier
// 6) of the first n puzzles of the hardest set.
func chainBoards(tb testing.TB, n int) []engine.Board {
	return chainBoardsOf(tb, dataset.Top1465, n)
}

// chainBoardsOf returns the boards at the start of the chain rounds of the
// first n puzzles of the named data file.
func chainBoardsOf(tb testing.TB, name string, n int) []engine.Board {
	var out []engine.Board
	for _, p := range datasettest.LoadPuzzles(tb, name, n) {
		g := engine.MustParse(p)
		sol := engine.Solve(g).Solution
		b, _ := engine.NewBoard(g)
		f := getFinder(false, &sol)
		f.cache.off = true // rateWith keeps the cache up to date; this loop does not
		for !b.Solved() {
			f.prepare(&b)
			for t := 1; t <= MaxTier; t++ {
				if t == TierChains {
					out = append(out, b)
				}
				if f.searchTier(t); f.apps > 0 {
					if err := applyRound(&b, f, &sol); err != nil {
						tb.Fatal(err)
					}
					break
				}
			}
		}
		putFinder(f)
	}
	return out
}

// BenchmarkALSXZ measures the ALS-XZ search alone on the boards where the
// rater searches the chain tier.
func BenchmarkALSXZ(b *testing.B) {
	bs := chainBoards(b, 400)
	f := getFinder(false, nil)
	defer putFinder(f)
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b, cputime.Process())
	for i := 0; b.Loop(); i++ {
		f.prepare(&bs[i%len(bs)])
		f.reset()
		findALSXZ(f)
	}
}
