package rating

import (
	"errors"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
)

func TestNextHintErrors(t *testing.T) {
	puzzle := engine.MustParse(easyPuzzle)
	bad := puzzle
	bad[5] = 12
	var pe *engine.ParseError
	if _, err := NextHint(puzzle, bad); !errors.As(err, &pe) {
		t.Fatalf("NextHint(value 12) error = %v, want a *ParseError", err)
	}
	if _, err := NextHint(engine.Grid{}, engine.Grid{}); !errors.Is(err, engine.ErrMultipleSolutions) {
		t.Fatalf("NextHint(empty) error = %v, want %v", err, engine.ErrMultipleSolutions)
	}
}

func TestNextHint(t *testing.T) {
	puzzle := engine.MustParse(easyPuzzle)
	sol := engine.MustParse(easySolution)
	partial := puzzle
	for c := range 40 {
		partial[c] = sol[c]
	}
	withMistake := partial
	withMistake[50] = sol[50]%9 + 1
	conflicting := puzzle
	conflicting[1] = puzzle[2] // r1c2 repeats the given of r1c3
	tests := []struct {
		name       string
		current    engine.Grid
		wantSolved bool
		wantCell   int // -1: no mistake
	}{
		{"fresh puzzle", puzzle, false, -1},
		{"partly filled", partial, false, -1},
		{"solved", sol, true, -1},
		{"mistake", withMistake, false, 50},
		{"entry repeating a given", conflicting, false, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := NextHint(puzzle, tt.current)
			if err != nil {
				t.Fatalf("NextHint(%v) error = %v", tt.current, err)
			}
			if h.Solved != tt.wantSolved || h.Mistake != (tt.wantCell >= 0) || h.Cell != tt.wantCell {
				t.Fatalf("NextHint(%v) = %+v, want solved %v, mistake cell %d", tt.current, h, tt.wantSolved, tt.wantCell)
			}
			if h.Text == "" {
				t.Fatalf("NextHint(%v) has no text", tt.current)
			}
			if h.Solved || h.Mistake {
				if h.Step != nil {
					t.Fatalf("NextHint(%v).Step = %+v, want nil", tt.current, h.Step)
				}
				return
			}
			if h.Step == nil {
				t.Fatalf("NextHint(%v).Step = nil, want a step", tt.current)
			}
			for _, p := range h.Step.Placements {
				if sol[p.Cell] != uint8(p.Digit) || tt.current[p.Cell] != 0 {
					t.Fatalf("NextHint(%v) places %d at %s, solution %d", tt.current, p.Digit, engine.CellName(p.Cell), sol[p.Cell])
				}
			}
			for _, e := range h.Step.Eliminations {
				if sol[e.Cell] == uint8(e.Digit) {
					t.Fatalf("NextHint(%v) removes the solution's %d at %s", tt.current, e.Digit, engine.CellName(e.Cell))
				}
			}
		})
	}
}

// TestNextHintWalk follows hints from the bare puzzle to the solution on
// harder puzzles: every hint must be sound and the walk must end.
func TestNextHintWalk(t *testing.T) {
	for _, p := range []string{
		easyPuzzle,
		"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", // Norvig's hard1
	} {
		puzzle := engine.MustParse(p)
		sol := engine.Solve(puzzle).Solution
		cur := puzzle
		for n := 0; ; n++ {
			if n > 2000 {
				t.Fatalf("NextHint walk on %s did not end", p)
			}
			h, err := NextHint(puzzle, cur)
			if err != nil {
				t.Fatalf("NextHint(%v) error = %v", cur, err)
			}
			if h.Solved {
				break
			}
			if h.Step == nil {
				t.Fatalf("NextHint(%v) = %+v, want a step", cur, h)
			}
			for _, e := range h.Step.Eliminations {
				if sol[e.Cell] == uint8(e.Digit) {
					t.Fatalf("NextHint(%v) removes the solution's digit: %s", cur, h.Step.Text)
				}
			}
			if len(h.Step.Placements) == 0 {
				// An elimination-only hint: the player would act on it in
				// pencil marks; this walk fills the cell the solution says so
				// that it progresses.
				c := h.Step.Eliminations[0].Cell
				cur[c] = sol[c]
				continue
			}
			for _, pl := range h.Step.Placements {
				cur[pl.Cell] = uint8(pl.Digit)
			}
		}
	}
}
