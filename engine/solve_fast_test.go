package engine

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine/internal/oracle"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// randomGrid returns a random complete grid: a solution of a known puzzle
// relabelled, transposed and with rows, columns, bands and stacks shuffled.
func randomGrid(rng *rand.Rand) Grid {
	base := MustParse(easySolution)
	digits := rng.Perm(9)
	perm := func() [9]int { // a row or column order that keeps the bands
		var p [9]int
		bands := rng.Perm(3)
		for i, b := range bands {
			inner := rng.Perm(3)
			for j, k := range inner {
				p[3*i+j] = 3*b + k
			}
		}
		return p
	}
	rows, cols := perm(), perm()
	transpose := rng.IntN(2) == 1
	var g Grid
	for r := range 9 {
		for c := range 9 {
			sr, sc := rows[r], cols[c]
			if transpose {
				sr, sc = sc, sr
			}
			g[9*r+c] = uint8(digits[base[9*sr+sc]-1] + 1)
		}
	}
	return g
}

// TestSolveFastRandomVsOracle compares counts, for several limits, with the
// oracle on random grids with most givens removed (often ambiguous), and on
// random sets of non-conflicting digits (often without solution).
func TestSolveFastRandomVsOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 1000
	if testing.Short() {
		n = 200
	}
	seen := map[int]int{}
	for range n {
		var g Grid
		if rng.IntN(2) == 0 {
			sol := randomGrid(rng)
			keep := 22 + rng.IntN(15)
			for _, c := range rng.Perm(81)[:keep] {
				g[c] = sol[c]
			}
		} else {
			// 26 to 33 digits, so that the oracle refutes them quickly.
			for givens, want := 0, 26+rng.IntN(8); givens < want; {
				h := g
				c := rng.IntN(81)
				h[c] = uint8(1 + rng.IntN(9))
				if g[c] == 0 && h.Validate() == nil {
					g = h
					givens++
				}
			}
		}
		for _, limit := range []int{1, 2, 3} {
			want, wantFirst := oracle.Count(g, limit)
			got := SolveLimit(g, limit)
			if got.Count != want {
				t.Fatalf("SolveLimit(%s, %d).Count = %d, want %d", g, limit, got.Count, want)
			}
			switch {
			case want == 0 && got.Solution != (Grid{}):
				t.Fatalf("SolveLimit(%s, %d).Solution = %s, want the zero grid", g, limit, got.Solution)
			case want > 0 && !got.Solution.IsSolutionOf(&g):
				t.Fatalf("SolveLimit(%s, %d).Solution = %s is no solution", g, limit, got.Solution)
			case want == 1 && limit > 1 && got.Solution != wantFirst:
				t.Fatalf("SolveLimit(%s, %d).Solution = %s, want %s", g, limit, got.Solution, wantFirst)
			}
			if n := CountSolutions(g, limit); n != want {
				t.Fatalf("CountSolutions(%s, %d) = %d, want %d", g, limit, n, want)
			}
			if limit == 2 {
				seen[got.Count]++
			}
		}
	}
	for c := range 3 {
		if seen[c] == 0 {
			t.Errorf("no random grid with %d solutions (counts %v): the test checks too little", c, seen)
		}
	}
}

func TestSolveLimitSemantics(t *testing.T) {
	easy := MustParse(easyPuzzle)
	var bad Grid
	bad[5] = 10
	tests := []struct {
		name      string
		in        Grid
		limit     int
		wantCount int
	}{
		{"empty, limit 0 means 1", Grid{}, 0, 1},
		{"empty, negative limit", Grid{}, -3, 1},
		{"empty, limit 1", Grid{}, 1, 1},
		{"empty, limit 7", Grid{}, 7, 7},
		{"unique, limit 5", easy, 5, 1},
		{"value above 9", bad, 2, 0},
		{"conflicting givens", MustParse("33" + strings.Repeat(".", 79)), 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := SolveLimit(tt.in, tt.limit)
			if res.Count != tt.wantCount {
				t.Fatalf("SolveLimit(%s, %d).Count = %d, want %d", tt.in, tt.limit, res.Count, tt.wantCount)
			}
			if n := CountSolutions(tt.in, tt.limit); n != tt.wantCount {
				t.Fatalf("CountSolutions(%s, %d) = %d, want %d", tt.in, tt.limit, n, tt.wantCount)
			}
			if res.Count > 0 && !res.Solution.IsSolutionOf(&tt.in) {
				t.Fatalf("SolveLimit(%s, %d).Solution = %s is no solution", tt.in, tt.limit, res.Solution)
			}
			if res.Count > 0 && res.Nodes < res.Guesses+1 {
				t.Fatalf("SolveLimit(%s, %d) = %d nodes for %d guesses, want more nodes than guesses", tt.in, tt.limit, res.Nodes, res.Guesses)
			}
		})
	}
}

// TestSolveStats: a puzzle that singles solve needs no guess and one node;
// the hardest sets need guesses.
func TestSolveStats(t *testing.T) {
	if res := Solve(MustParse(easyPuzzle)); res.Guesses != 0 || res.Nodes != 1 {
		t.Errorf("Solve(easy) = %d guesses, %d nodes, want 0 and 1", res.Guesses, res.Nodes)
	}
	puzzles := datasettest.LoadPuzzles(t, dataset.Hardest1106, 20)
	guesses := 0
	for _, p := range puzzles {
		res := Solve(MustParse(p))
		if res.Count != 1 || res.Nodes <= res.Guesses {
			t.Fatalf("Solve(%s) = count %d, %d guesses, %d nodes; want unique with nodes > guesses", p, res.Count, res.Guesses, res.Nodes)
		}
		guesses += res.Guesses
	}
	if guesses == 0 {
		t.Errorf("Solve on 20 of the hardest puzzles made no guess")
	}
}

// TestSolveAllocs: solving allocates nothing, whatever the depth of search.
func TestSolveAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	for _, p := range []string{easyPuzzle, "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"} {
		g := MustParse(p)
		if n := testing.AllocsPerRun(20, func() { Solve(g) }); n != 0 {
			t.Errorf("Solve(%s) allocates %.1f times, want 0", p, n)
		}
	}
	if n := testing.AllocsPerRun(20, func() { SolveLimit(Grid{}, 50) }); n != 0 {
		t.Errorf("SolveLimit(empty, 50) allocates %.1f times, want 0", n)
	}
}

// FuzzSolve checks the fast solver against the baseline on any grid the
// fuzzer makes of 81 bytes (values mod 10, at least 25 givens so the baseline
// stays quick).
func FuzzSolve(f *testing.F) {
	f.Add([]byte(MustParse(easyPuzzle).String()))
	f.Add([]byte("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 81 {
			return
		}
		var g Grid
		givens := 0
		for i := range g {
			if c := data[i]; c >= '1' && c <= '9' {
				g[i] = c - '0'
				givens++
			}
		}
		if givens < 25 {
			return
		}
		want := solvePropagate(g, 2)
		got := Solve(g)
		if got.Count != want.Count {
			t.Fatalf("Solve(%s).Count = %d, baseline says %d", g, got.Count, want.Count)
		}
		if got.Count > 0 && !got.Solution.IsSolutionOf(&g) {
			t.Fatalf("Solve(%s).Solution = %s is no solution", g, got.Solution)
		}
	})
}

// TestCountSolutionsOnData checks CountSolutions against SolveLimit's count
// on the first 5,000 puzzles of each tdoku set and top95 (300 in -short
// mode), for limits 1 and 2.
func TestCountSolutionsOnData(t *testing.T) {
	n := 5000
	if testing.Short() {
		n = 300
	}
	for _, file := range []string{dataset.Clue17, dataset.Unbiased1000, dataset.Top1465, dataset.NorvigTop95, dataset.Hardest1106, dataset.Hardest1905, dataset.Serg} {
		for _, p := range datasettest.LoadPuzzles(t, file, n) {
			g := MustParse(p)
			for _, limit := range []int{1, 2} {
				if got, want := CountSolutions(g, limit), SolveLimit(g, limit).Count; got != want {
					t.Fatalf("%s: CountSolutions(%s, %d) = %d, want %d", file, p, limit, got, want)
				}
			}
		}
	}
}

// TestGivenBits checks the eight-cells-at-once mask of init against a loop,
// on every mask and on cell values 0 to 255.
func TestGivenBits(t *testing.T) {
	for m := range 256 {
		for _, v := range []uint64{1, 9, 10, 128, 255} {
			var x uint64
			for k := range 8 {
				if m>>k&1 == 1 {
					x |= v << (8 * k)
				}
			}
			if got := givenBits(x); got != uint32(m) {
				t.Fatalf("givenBits(%#x) = %#b, want %#b", x, got, m)
			}
		}
	}
}

// TestSolveTouchedDigits checks that propagation loses nothing by looking,
// in the column and stack rules, only at the digits whose words changed:
// the same search with every digit looked at in every node makes the same
// guesses and nodes and finds the same count and first solution, on the
// first 2,000 puzzles of each tdoku set (200 in -short mode) and on the
// random ambiguous and unsolvable grids of TestSolveFastRandomVsOracle's
// kind, for limits 1 to 3.
func TestSolveTouchedDigits(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	var grids []Grid
	for _, file := range []string{dataset.Clue17, dataset.Unbiased1000, dataset.Top1465, dataset.Hardest1106, dataset.Hardest1905, dataset.Serg} {
		for _, p := range datasettest.LoadPuzzles(t, file, n) {
			grids = append(grids, MustParse(p))
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range n {
		sol := randomGrid(rng)
		var g Grid
		for _, c := range rng.Perm(81)[:20+rng.IntN(15)] {
			g[c] = sol[c]
		}
		if rng.IntN(3) == 0 { // a wrong digit: often no solution
			c := rng.IntN(81)
			g[c] = uint8(1 + rng.IntN(9))
		}
		grids = append(grids, g)
	}
	run := func(g Grid, limit int, all bool) (fastSearch, bool) {
		var st fastState
		if !st.init(&g) {
			return fastSearch{}, false
		}
		sr := fastSearch{limit: limit, keep: true, recheckAll: all}
		sr.search(st)
		return sr, true
	}
	for _, g := range grids {
		for _, limit := range []int{1, 2, 3} {
			got, ok1 := run(g, limit, false)
			want, ok2 := run(g, limit, true)
			if ok1 != ok2 || got.count != want.count || got.guesses != want.guesses || got.nodes != want.nodes ||
				(got.count > 0 && got.solution.grid() != want.solution.grid()) {
				t.Fatalf("search(%s, %d) = count %d, %d guesses, %d nodes; looking at every digit gives %d, %d, %d",
					g, limit, got.count, got.guesses, got.nodes, want.count, want.guesses, want.nodes)
			}
		}
	}
}
