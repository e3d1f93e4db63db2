package rating

import (
	"reflect"
	"sort"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
)

// openBoard returns an empty board with every candidate, then applies the
// candidate masks of set (cell → mask) and removes digit d from the cells
// of drop[d].
func openBoard(set map[int]uint16, drop map[int][]int) *engine.Board {
	b := &engine.Board{}
	for c := range b.Cands {
		b.Cands[c] = engine.AllDigits
	}
	for c, m := range set {
		b.Cands[c] = m
	}
	for d, cells := range drop {
		for _, c := range cells {
			b.Cands[c] &^= engine.Bit(d)
		}
	}
	return b
}

// cellsOf returns 9*r+c for each (r, c) pair, 0-based.
func cellsOf(rc ...[2]int) []int {
	var cs []int
	for _, p := range rc {
		cs = append(cs, 9*p[0]+p[1])
	}
	return cs
}

// except returns the cells of unit u not in skip.
func except(u int, skip ...int) []int {
	var cs []int
outer:
	for _, c := range units[u] {
		for _, s := range skip {
			if int(c) == s {
				continue outer
			}
		}
		cs = append(cs, int(c))
	}
	return cs
}

// elims lists the eliminations a finder recorded, sorted.
func elims(f *finder) []Candidate {
	var out []Candidate
	for c, m := range f.elim {
		for mm := m; mm != 0; mm &= mm - 1 {
			out = append(out, Candidate{c, engine.Digit(mm & -mm)})
		}
	}
	return out
}

func cands(d int, cells ...int) []Candidate {
	var out []Candidate
	for _, c := range cells {
		out = append(out, Candidate{c, d})
	}
	return out
}

func sorted(cs []Candidate) []Candidate {
	sort.Slice(cs, func(i, j int) bool {
		if cs[i].Cell != cs[j].Cell {
			return cs[i].Cell < cs[j].Cell
		}
		return cs[i].Digit < cs[j].Digit
	})
	return cs
}

// TestStrategiesOnPatterns runs single strategies on hand-made candidate
// boards holding one textbook pattern each and checks the exact
// eliminations and counts.
func TestStrategiesOnPatterns(t *testing.T) {
	r0c0, r0c1, r0c5, r5c0, r5c5 := 0, 1, 5, 45, 50
	tests := []struct {
		name     string
		b        *engine.Board
		find     func(*finder) int
		wantApps int
		want     []Candidate
	}{
		{
			// Digit 1 in rows 1 and 6 only in columns 1 and 5.
			name:     "x-wing",
			b:        openBoard(nil, map[int][]int{1: append(except(0, 0, 4), except(5, 45, 49)...)}),
			find:     func(f *finder) int { return findFish(f, 2, techXWing) },
			wantApps: 1,
			want:     append(cands(1, except(9, 0, 45)...), cands(1, except(13, 4, 49)...)...),
		},
		{
			// r1c1 and r1c2 hold 1/2: row 1 and box 1 lose 1 and 2.
			name:     "naked pair",
			b:        openBoard(map[int]uint16{r0c0: engine.Bit(1) | engine.Bit(2), r0c1: engine.Bit(1) | engine.Bit(2)}, nil),
			find:     func(f *finder) int { return findNakedSubsets(f, 2, techNakedPair) },
			wantApps: 2,
			want: func() []Candidate {
				var cs []Candidate
				seen := map[int]bool{}
				for _, c := range append(except(0, 0, 1), except(18, 0, 1)...) {
					if !seen[c] {
						seen[c] = true
						cs = append(cs, Candidate{c, 1}, Candidate{c, 2})
					}
				}
				return cs
			}(),
		},
		{
			// In box 1, 5 is only on row 1: the rest of row 1 loses 5.
			name:     "pointing",
			b:        openBoard(nil, map[int][]int{5: cellsOf([2]int{1, 0}, [2]int{1, 1}, [2]int{1, 2}, [2]int{2, 0}, [2]int{2, 1}, [2]int{2, 2})}),
			find:     findPointing,
			wantApps: 1,
			want:     cands(5, except(0, 0, 1, 2)...),
		},
		{
			// Pivot r1c1 1/2, pincers r1c6 1/3 and r6c1 2/3: r6c6 loses 3.
			name:     "xy-wing",
			b:        openBoard(map[int]uint16{r0c0: engine.Bit(1) | engine.Bit(2), r0c5: engine.Bit(1) | engine.Bit(3), r5c0: engine.Bit(2) | engine.Bit(3)}, nil),
			find:     findXYWing,
			wantApps: 1,
			want:     cands(3, r5c5),
		},
		{
			// Digit 1: column 1 only at r1 and r7, column 5 only at r2 and
			// r7; r7c1 sees r7c5, so r1c1 or r2c5 is 1.
			name:     "turbot fish (skyscraper)",
			b:        openBoard(nil, map[int][]int{1: append(except(9, 0, 54), except(13, 13, 58)...)}),
			find:     findTurbotFish,
			wantApps: 1,
			want:     cands(1, cellsOf([2]int{0, 3}, [2]int{0, 5}, [2]int{1, 1}, [2]int{1, 2})...),
		},
		{
			// Row 1: 7 only in box 1, so box 1's other rows lose 7.
			name:     "claiming",
			b:        openBoard(nil, map[int][]int{7: except(0, 0, 1, 2)}),
			find:     findClaiming,
			wantApps: 1,
			want:     cands(7, cellsOf([2]int{1, 0}, [2]int{1, 1}, [2]int{1, 2}, [2]int{2, 0}, [2]int{2, 1}, [2]int{2, 2})...),
		},
		{
			// Row 1: 1 and 2 only in r1c1 and r1c2, which lose 3..9.
			name:     "hidden pair",
			b:        openBoard(nil, map[int][]int{1: except(0, 0, 1), 2: except(0, 0, 1)}),
			find:     func(f *finder) int { return findHiddenSubsets(f, 2, techHiddenPair) },
			wantApps: 1,
			want: func() []Candidate {
				var cs []Candidate
				for d := 3; d <= 9; d++ {
					cs = append(cs, Candidate{0, d}, Candidate{1, d})
				}
				return cs
			}(),
		},
		{
			// Band 1: 4 is on rows 1 and 2 in boxes 1 and 2, so in box 3 it
			// is on row 3.
			name:     "multi-line",
			b:        openBoard(nil, map[int][]int{4: cellsOf([2]int{2, 0}, [2]int{2, 1}, [2]int{2, 2}, [2]int{2, 3}, [2]int{2, 4}, [2]int{2, 5})}),
			find:     findMultiLine,
			wantApps: 1,
			want:     cands(4, cellsOf([2]int{0, 6}, [2]int{0, 7}, [2]int{0, 8}, [2]int{1, 6}, [2]int{1, 7}, [2]int{1, 8})...),
		},
		{
			// Pivot r1c1 1/2/3, pincers r1c6 1/3 and r2c2 2/3: cells seeing
			// all three lose 3.
			name:     "xyz-wing",
			b:        openBoard(map[int]uint16{0: engine.Bit(1) | engine.Bit(2) | engine.Bit(3), 5: engine.Bit(1) | engine.Bit(3), 10: engine.Bit(2) | engine.Bit(3)}, nil),
			find:     findXYZWing,
			wantApps: 1,
			want:     cands(3, 1, 2),
		},
		{
			// r1c1 1/2/4, r1c5 3/4, r2c2 2/4, r1c3 1/3 hold 1–4; only 4 is
			// in two cells that don't see each other (r1c5, r2c2), so r1c2,
			// seeing every 4 of the wing, loses 4. Both r1c1 and r1c3 see
			// the other three, so the wing is found from either pivot.
			name:     "wxyz-wing",
			b:        openBoard(map[int]uint16{0: engine.Bit(1) | engine.Bit(2) | engine.Bit(4), 4: engine.Bit(3) | engine.Bit(4), 10: engine.Bit(2) | engine.Bit(4), 2: engine.Bit(1) | engine.Bit(3)}, nil),
			find:     findWXYZWing,
			wantApps: 2,
			want:     cands(4, 1),
		},
		{
			// As above with r1c3 1/3/4: 4 is in all four cells, still free
			// only because r1c5 and r2c2 don't see each other; r1c2 is the
			// one cell seeing all four 4s, so it loses 4.
			name:     "wxyz-wing, z in all four cells",
			b:        openBoard(map[int]uint16{0: engine.Bit(1) | engine.Bit(2) | engine.Bit(4), 4: engine.Bit(3) | engine.Bit(4), 10: engine.Bit(2) | engine.Bit(4), 2: engine.Bit(1) | engine.Bit(3) | engine.Bit(4)}, nil),
			find:     findWXYZWing,
			wantApps: 2,
			want:     cands(4, 1),
		},
		{
			// r1c5 1/3 instead: every digit is restricted (all in one row
			// or box), so there is no wing to eliminate from.
			name:     "wxyz-wing, no free digit",
			b:        openBoard(map[int]uint16{0: engine.Bit(1) | engine.Bit(2) | engine.Bit(4), 4: engine.Bit(1) | engine.Bit(3), 10: engine.Bit(2) | engine.Bit(4), 2: engine.Bit(1) | engine.Bit(3)}, nil),
			find:     findWXYZWing,
			wantApps: 0,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := getFinder(false, nil)
			f.prepare(tt.b)
			f.reset()
			tt.find(f)
			got := sorted(elims(f))
			want := sorted(tt.want)
			if f.apps != tt.wantApps || !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: %d applications removing %v, want %d removing %v", tt.name, f.apps, got, tt.wantApps, want)
			}
		})
	}
}
