package engine

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine/internal/oracle"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

func TestSolveSmall(t *testing.T) {
	empty := Grid{}
	conflict := MustParse(easyPuzzle)
	conflict[0] = 3                                                              // row 1 already has a 3
	noSolution := MustParse("12345678." + "........9" + strings.Repeat(".", 63)) // r1c9 must be 9, column 9 has one
	tests := []struct {
		name      string
		in        Grid
		wantCount int
	}{
		{"easy", MustParse(easyPuzzle), 1},
		{"solved", MustParse(easySolution), 1},
		{"empty grid", empty, 2},
		{"conflicting givens", conflict, 0},
		{"no solution", noSolution, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Solve(tt.in)
			if res.Count != tt.wantCount {
				t.Fatalf("Solve(%v).Count = %d, want %d", tt.in, res.Count, tt.wantCount)
			}
			if want, _ := oracle.Count(tt.in, 2); want != tt.wantCount {
				t.Fatalf("oracle count = %d, want %d", want, tt.wantCount)
			}
			if res.Count > 0 && !res.Solution.IsSolutionOf(&tt.in) {
				t.Fatalf("Solve(%v).Solution = %v, not a solution", tt.in, res.Solution)
			}
			if res.Count == 0 && res.Solution != (Grid{}) {
				t.Fatalf("Solve(%v).Solution = %v with no solution, want zero grid", tt.in, res.Solution)
			}
			if res.Count > 0 && res.Nodes < 1 {
				t.Fatalf("Solve(%v).Nodes = %d, want at least 1", tt.in, res.Nodes)
			}
		})
	}
	if got := SolveLimit(Grid{}, 5).Count; got != 5 {
		t.Errorf("SolveLimit(empty, 5).Count = %d, want 5", got)
	}
	if got := SolveLimit(MustParse(easyPuzzle), 1).Solution.String(); got != easySolution {
		t.Errorf("SolveLimit(easy, 1).Solution = %s, want %s", got, easySolution)
	}
}

// TestSolveData solves every puzzle of every shared data file and checks each
// solution against the givens and the rules, and the count against what the
// file promises: exactly one solution, or two or more for Serg's benchmark.
func TestSolveData(t *testing.T) {
	for _, name := range dataset.AllFiles {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			recs := datasettest.Load(t, name, 0)
			want := 1
			if name == dataset.Serg {
				want = 2
			}
			step := 1
			switch {
			case testing.Short():
				step = 50
			case raceEnabled && len(recs) > 20000:
				// Solving is single-goroutine code the race detector only
				// slows down (some 20 times): under -race the two big files
				// are sampled, every puzzle is checked without it.
				step = 4
			}
			for i := 0; i < len(recs); i += step {
				p := recs[i].Puzzle()
				g, err := Parse(p)
				if err != nil {
					t.Fatalf("line %d: %v", recs[i].Line, err)
				}
				res := Solve(g)
				if res.Count != want {
					t.Fatalf("line %d: Solve(%s).Count = %d, want %d", recs[i].Line, p, res.Count, want)
				}
				if !res.Solution.IsSolutionOf(&g) {
					t.Fatalf("line %d: Solve(%s).Solution = %s is no solution", recs[i].Line, p, res.Solution)
				}
			}
		})
	}
}

// TestSolveAgreesWithOracle compares counts and solutions with the oracle on
// a sample of real puzzles, and on the same puzzles with givens removed,
// which must often make them ambiguous.
func TestSolveAgreesWithOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, name := range []string{dataset.Top1465, dataset.Serg, dataset.CalibKrazyDad, dataset.Unbiased1000} {
		t.Run(name, func(t *testing.T) {
			puzzles := datasettest.LoadPuzzles(t, name, 0)
			ambiguous := 0
			for range 40 {
				g := MustParse(puzzles[rng.IntN(len(puzzles))])
				for removed := 0; removed < 3; removed++ {
					checkAgainstOracle(t, g)
					if Solve(g).Count == 2 {
						ambiguous++
					}
					for { // remove a random given
						c := rng.IntN(81)
						if g[c] != 0 {
							g[c] = 0
							break
						}
					}
				}
			}
			if ambiguous == 0 {
				t.Errorf("no ambiguous puzzle seen: the removal test checks nothing")
			}
		})
	}
}

// TestMinimalPuzzleLosesUniqueness: the 17-clue puzzles are minimal, so
// removing any one given must leave two or more solutions.
func TestMinimalPuzzleLosesUniqueness(t *testing.T) {
	puzzles := datasettest.LoadPuzzles(t, dataset.Clue17, 200)
	for _, p := range puzzles[:50] {
		g := MustParse(p)
		for c := range g {
			if g[c] == 0 {
				continue
			}
			h := g
			h[c] = 0
			if got := Solve(h).Count; got != 2 {
				t.Fatalf("Solve(%s without r%dc%d).Count = %d, want 2", p, c/9+1, c%9+1, got)
			}
		}
	}
}

func checkAgainstOracle(t *testing.T, g Grid) {
	t.Helper()
	want, wantFirst := oracle.Count(g, 2)
	res := Solve(g)
	if res.Count != want {
		t.Fatalf("Solve(%s).Count = %d, oracle says %d", g, res.Count, want)
	}
	if want == 1 && res.Solution != wantFirst {
		t.Fatalf("Solve(%s).Solution = %s, oracle says %s", g, res.Solution, wantFirst)
	}
	if want == 2 && !res.Solution.IsSolutionOf(&g) {
		t.Fatalf("Solve(%s).Solution = %s is no solution", g, res.Solution)
	}
}

func ExampleSolve() {
	g, err := Parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	if err != nil {
		fmt.Println(err)
		return
	}
	res := Solve(g)
	fmt.Println(res.Count, res.Solution)
	// Output: 1 483921657967345821251876493548132976729564138136798245372689514814253769695417382
}

func TestUniqueSolution(t *testing.T) {
	const (
		puzzle   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
		solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	)
	var ce *ConflictError
	tests := []struct {
		name    string
		in      string
		wantErr func(error) bool
	}{
		{"unique", puzzle, func(err error) bool { return err == nil }},
		{"conflict", "44" + puzzle[2:], func(err error) bool { return errors.As(err, &ce) }},
		{"no solution", "12345678." + strings.Repeat(".", 8) + "9" + strings.Repeat(".", 63), func(err error) bool { return errors.Is(err, ErrNoSolution) }},
		{"two solutions", strings.Repeat(".", 81), func(err error) bool { return errors.Is(err, ErrMultipleSolutions) }},
	}
	for _, tt := range tests {
		sol, err := UniqueSolution(MustParse(tt.in))
		if !tt.wantErr(err) {
			t.Errorf("%s: UniqueSolution(%s) error = %v", tt.name, tt.in, err)
		}
		if err == nil && sol.String() != solution {
			t.Errorf("%s: UniqueSolution(%s) = %s, want %s", tt.name, tt.in, sol, solution)
		}
	}
}
