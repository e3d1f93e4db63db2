package service

import (
	"context"
	"errors"
	"fmt"
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
		wrong                     []int
	}{
		{"untouched", puzzle, false, true, false, nil},
		{"one right", "4" + puzzle[1:], false, true, false, nil},
		{"one wrong", "5" + puzzle[1:], false, false, false, []int{0}},
		{"given changed", "..4" + puzzle[3:], false, false, false, []int{2}},
		{"given removed", "..." + puzzle[3:], false, false, false, []int{2}},
		{"solved", solution, true, true, true, nil},
		{"full with two wrong", "84" + solution[2:], true, false, false, []int{0, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := s.Check(context.Background(), engine.MustParse(puzzle), engine.MustParse(tt.current))
			if err != nil {
				t.Fatal(err)
			}
			if r.Complete != tt.complete || r.Correct != tt.correct || r.Solved != tt.solved || fmt.Sprint(r.Wrong) != fmt.Sprint(tt.wrong) {
				t.Errorf("Check = %+v, want complete %t correct %t solved %t wrong %v", r, tt.complete, tt.correct, tt.solved, tt.wrong)
			}
		})
	}
	empty := engine.Grid{}
	if _, err := s.Check(context.Background(), empty, empty); !errors.Is(err, engine.ErrMultipleSolutions) {
		t.Errorf("Check(empty) = %v, want ErrMultipleSolutions", err)
	}
}
