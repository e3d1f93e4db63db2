package service

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
)

func TestAdmission(t *testing.T) {
	s := New(Config{MaxInFlight: 1, AdmissionWait: time.Millisecond}, Deps{})
	g := engine.MustParse("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
	if _, err := s.Solve(context.Background(), g, ""); err != nil {
		t.Fatalf("Solve with a free slot = %v", err)
	}
	release, err := s.admit(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Solve(context.Background(), g, ""); !errors.Is(err, ErrOverloaded) {
		t.Errorf("Solve with no free slot = %v, want ErrOverloaded", err)
	}
	if _, err := s.Rate(context.Background(), g); !errors.Is(err, ErrOverloaded) {
		t.Errorf("Rate with no free slot = %v, want ErrOverloaded", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	slow := New(Config{MaxInFlight: 1, AdmissionWait: time.Hour}, Deps{})
	r2, _ := slow.admit(context.Background())
	if _, err := slow.Solve(ctx, g, ""); !errors.Is(err, context.Canceled) {
		t.Errorf("Solve with no slot and an ended context = %v, want context.Canceled", err)
	}
	r2()
	release()
	if _, err := s.Solve(context.Background(), g, ""); err != nil {
		t.Errorf("Solve after release = %v", err)
	}
}

func TestSolveErrors(t *testing.T) {
	s := New(Config{}, Deps{})
	tests := []struct {
		name, puzzle, algorithm string
		want                    func(error) bool
	}{
		{"conflict", "44...............................................................................", "",
			func(err error) bool { var c *engine.ConflictError; return errors.As(err, &c) }},
		{"no solution", "12345678." + "........9" + strings.Repeat(".", 63), "",
			func(err error) bool { return errors.Is(err, engine.ErrNoSolution) }},
		{"unknown algorithm", "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......", "magic",
			func(err error) bool { var u *engine.UnknownAlgorithmError; return errors.As(err, &u) }},
	}
	for _, tt := range tests {
		_, err := s.Solve(context.Background(), engine.MustParse(tt.puzzle), tt.algorithm)
		if !tt.want(err) {
			t.Errorf("Solve(%s) = %v", tt.name, err)
		}
	}
	sol, err := s.Solve(context.Background(), engine.Grid{}, "backtrack")
	if err != nil || sol.Count != 2 || !sol.Exhaustive || sol.Algorithm != "backtrack" {
		t.Errorf("Solve(empty, backtrack) = %+v, %v; want 2 solutions, exhaustive", sol, err)
	}
}
