package service

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
)

func TestCheck(t *testing.T) {
	const (
		puzzle   = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
		solution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	)
	s := New(Config{}, Deps{})
	tests := []struct {
		name                      string
		current                   string
		complete, correct, solved bool
		wrong, conflicts          []int
	}{
		{"untouched", puzzle, false, true, false, nil, nil},
		{"one right", "4" + puzzle[1:], false, true, false, nil, nil},
		{"one wrong", "5" + puzzle[1:], false, false, false, []int{0}, nil},
		{"given changed", "..4" + puzzle[3:], false, false, false, []int{2}, nil},
		{"given removed", "..." + puzzle[3:], false, false, false, []int{2}, nil},
		{"solved", solution, true, true, true, nil, nil},
		// Swapped, r1c1's 8 and r1c2's 4 repeat in their columns (r8c1,
		// r4c2): the answer is the clash, not which cells are wrong.
		{"full with two swapped", "84" + solution[2:], true, false, false, nil, []int{0, 1, 28, 63}},
		{"one digit everywhere", strings.ReplaceAll(puzzle, ".", "5"), true, false, false, nil, conflictsOf(strings.ReplaceAll(puzzle, ".", "5"))},
		{"clash and a changed given", "..4" + strings.Replace(puzzle[3:], ".", "4", 2), false, false, false, []int{2}, conflictsOf("..4" + strings.Replace(puzzle[3:], ".", "4", 2))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := s.Check(context.Background(), engine.MustParse(puzzle), engine.MustParse(tt.current))
			if err != nil {
				t.Fatal(err)
			}
			if r.Complete != tt.complete || r.Correct != tt.correct || r.Solved != tt.solved || fmt.Sprint(r.Wrong) != fmt.Sprint(tt.wrong) || fmt.Sprint(r.Conflicts) != fmt.Sprint(tt.conflicts) {
				t.Errorf("Check = %+v, want complete %t correct %t solved %t wrong %v conflicts %v", r, tt.complete, tt.correct, tt.solved, tt.wrong, tt.conflicts)
			}
		})
	}
	empty := engine.Grid{}
	if _, err := s.Check(context.Background(), empty, empty); !errors.Is(err, engine.ErrMultipleSolutions) {
		t.Errorf("Check(empty) = %v, want ErrMultipleSolutions", err)
	}
}

func conflictsOf(grid string) []int {
	g := engine.MustParse(grid)
	return g.Conflicts()
}

// TestCheckDoesNotGiveTheSolutionAway replays the attack of issue 21 on
// /check and /hint: fill every empty cell with one digit, nine times.
// Before, /check's wrong cells were exactly the cells that digit does not
// hold, and /hint's mistake the first of them, so nine calls gave the
// whole solution. Now every answer is the grid's own clashes.
func TestCheckDoesNotGiveTheSolutionAway(t *testing.T) {
	const (
		puzzle   = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
		solution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	)
	s := New(Config{}, Deps{})
	p := engine.MustParse(puzzle)
	learned := map[int]bool{} // cells whose digit an answer told apart
	for d := '1'; d <= '9'; d++ {
		grid := strings.ReplaceAll(puzzle, ".", string(d))
		cur := engine.MustParse(grid)
		r, err := s.Check(context.Background(), p, cur)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Wrong) != 0 || r.Correct || len(r.Conflicts) == 0 {
			t.Errorf("Check(every empty cell %c) = wrong %v, conflicts %v: want only conflicts", d, r.Wrong, r.Conflicts)
		}
		for _, c := range r.Wrong {
			learned[c] = true
		}
		h, err := s.Hint(context.Background(), p, cur)
		if err != nil {
			t.Fatal(err)
		}
		if !h.Mistake || !strings.Contains(h.Text, "repeats") {
			t.Errorf("Hint(every empty cell %c) = %+v, want the first repetition", d, h)
		}
		if h.Cell >= 0 && puzzle[h.Cell] == '.' && solution[h.Cell] != byte(d) && !strings.Contains(h.Text, "one of them") && !strings.Contains(h.Text, "is a given") {
			t.Errorf("Hint(every empty cell %c) names %s as wrong without a given to show it", d, engine.CellName(h.Cell))
		}
	}
	if len(learned) != 0 {
		t.Errorf("nine one-digit checks told %d cells apart, want 0", len(learned))
	}
}

func TestHintConflictNamesTheClash(t *testing.T) {
	const puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	s := New(Config{}, Deps{})
	for _, tt := range []struct {
		name, current string
		cell          int
		text          string
	}{
		// r1c1 = 3 repeats the given 3 of r1c3: r1c1 is the wrong one.
		{"against a given", "3" + puzzle[1:], 0, "Your grid repeats 3 in row 1: r1c3 is a given, so r1c1 is wrong."},
		// Two entries, 4 and 4, in row 1: which is wrong is not said.
		{"two entries", "44" + puzzle[2:], 1, "Your grid repeats 4 in row 1, at r1c1 and r1c2: one of them is wrong."},
		// No clash: the first wrong cell, as before.
		{"plain mistake", "5" + puzzle[1:], 0, "Your grid already contains a mistake at r1c1: it can't be 5."},
	} {
		h, err := s.Hint(context.Background(), engine.MustParse(puzzle), engine.MustParse(tt.current))
		if err != nil || !h.Mistake || h.Cell != tt.cell || h.Text != tt.text {
			t.Errorf("Hint(%s) = %+v, %v; want cell %d, %q", tt.name, h, err, tt.cell, tt.text)
		}
	}
	// A bad puzzle is still an error, clashes or not.
	if _, err := s.Hint(context.Background(), engine.Grid{}, engine.MustParse("11"+strings.Repeat(".", 79))); !errors.Is(err, engine.ErrMultipleSolutions) {
		t.Errorf("Hint(empty puzzle, clashing grid) = %v, want ErrMultipleSolutions", err)
	}
}
