package service

import (
	"context"
	"errors"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"
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
	release, err := s.admit(context.Background(), OpSolve)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Solve(context.Background(), g, ""); !errors.Is(err, engine.ErrOverloaded) {
		t.Errorf("Solve with no free slot = %v, want ErrOverloaded", err)
	}
	if _, err := s.Rate(context.Background(), g); !errors.Is(err, engine.ErrOverloaded) {
		t.Errorf("Rate with no free slot = %v, want ErrOverloaded", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	slow := New(Config{MaxInFlight: 1, AdmissionWait: time.Hour}, Deps{})
	r2, _ := slow.admit(context.Background(), OpSolve)
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

// hardest is norvig_top95 #1: The classic solvers take seconds on it.
const hardest = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

func TestSlowSolvesCannotStarveFast(t *testing.T) {
	s := New(Config{MaxInFlight: 2, MaxSlowInFlight: 1, SlowSolveTimeout: time.Hour, AdmissionWait: time.Millisecond}, Deps{})
	g := engine.MustParse(hardest)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := s.Solve(ctx, g, "dfs"); done <- err }()
	for len(s.slots) == 0 { // the slow solve holds its slots
		time.Sleep(time.Millisecond)
	}
	for _, algo := range []string{"dfs", "naive", "propagate"} {
		if _, err := s.Solve(context.Background(), g, algo); !errors.Is(err, engine.ErrOverloaded) {
			t.Errorf("Solve(%s) beside a running slow solve = %v, want ErrOverloaded", algo, err)
		}
	}
	if sol, err := s.Solve(context.Background(), g, ""); err != nil || sol.Count != 1 {
		t.Errorf("Solve(fast) beside a running slow solve = %+v, %v; want the unique solution", sol, err)
	}
	if _, err := s.Rate(context.Background(), g); err != nil {
		t.Errorf("Rate beside a running slow solve = %v", err)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("slow Solve after cancel = %v, want context.Canceled", err)
	}
}

func TestSlowSolveTimeout(t *testing.T) {
	s := New(Config{SlowSolveTimeout: 20 * time.Millisecond}, Deps{})
	g := engine.MustParse(hardest)
	for _, algo := range []string{"dfs", "annealing"} {
		_, err := s.Solve(context.Background(), g, algo)
		if !errors.Is(err, engine.ErrBudgetExceeded) || errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("Solve(%s) past the slow-solve timeout = %v, want only ErrBudgetExceeded", algo, err)
		}
	}
	if _, err := s.Solve(context.Background(), g, ""); err != nil {
		t.Errorf("Solve(fast) = %v: the slow-solve timeout must not apply", err)
	}
	if len(s.slow) != 0 || len(s.slots) != 0 {
		t.Errorf("slots held after the solves: slow %d, shared %d", len(s.slow), len(s.slots))
	}
}

// refusedHooks counts AdmissionRejected calls by operation.
type refusedHooks struct {
	NopHooks
	mu      sync.Mutex
	refused map[string]int
}

func (h *refusedHooks) AdmissionRejected(op string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.refused[op]++
}

func TestAdmissionRejectedHook(t *testing.T) {
	h := &refusedHooks{refused: map[string]int{}}
	s := New(Config{MaxInFlight: 1, MaxSlowInFlight: 1, AdmissionWait: time.Millisecond}, Deps{Hooks: h})
	g := engine.MustParse(hardest)
	release, err := s.admit(context.Background(), OpSolve)
	if err != nil {
		t.Fatal(err)
	}
	s.slow <- struct{}{} // every slow-solve slot taken
	_, _ = s.Solve(context.Background(), g, "")
	_, _ = s.Solve(context.Background(), g, "dfs")
	_, _ = s.Rate(context.Background(), g)
	_, _, _ = s.Explain(context.Background(), g)
	_, _ = s.Hint(context.Background(), g, g)
	<-s.slow
	release()
	want := map[string]int{OpSolve: 1, OpSlowSolve: 1, OpRate: 1, OpExplain: 1, OpHint: 1}
	if !maps.Equal(h.refused, want) {
		t.Errorf("AdmissionRejected calls = %v, want %v", h.refused, want)
	}
}

// TestCores checks that the CPU-bound defaults follow GOMAXPROCS down (a
// container's CPU limit) but not up past the machine's cores.
func TestCores(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	n := runtime.NumCPU()
	for _, tc := range []struct{ procs, want int }{
		{1, 1},
		{n, n},
		{2 * n, n},
		{4 * n, n},
	} {
		runtime.GOMAXPROCS(tc.procs)
		if got := Cores(); got != tc.want {
			t.Errorf("GOMAXPROCS %d on %d cores: Cores() = %d, want %d", tc.procs, n, got, tc.want)
		}
		if got, want := DefaultMaxInFlight(), maxInFlightPerCore*tc.want; got != want {
			t.Errorf("GOMAXPROCS %d: DefaultMaxInFlight() = %d, want %d", tc.procs, got, want)
		}
		if got, want := DefaultMaxSlowInFlight(), max(1, tc.want/2); got != want {
			t.Errorf("GOMAXPROCS %d: DefaultMaxSlowInFlight() = %d, want %d", tc.procs, got, want)
		}
	}
}

// solveHooks records which hook each solve reported to.
type solveHooks struct {
	NopHooks
	mu         sync.Mutex
	fast, slow []string
}

func (h *solveHooks) Solved(algorithm string, _ time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.fast = append(h.fast, algorithm)
}

func (h *solveHooks) SlowSolved(algorithm string, _ time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.slow = append(h.slow, algorithm)
}

// TestSolveHooks: the default algorithm reports to Solved, every other one
// to SlowSolved, the slow path's own histogram.
func TestSolveHooks(t *testing.T) {
	h := &solveHooks{}
	s := New(Config{}, Deps{Hooks: h})
	g := engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	for _, algo := range []string{"", "fast", "propagate", "backtrack", "dfs"} {
		if sol, err := s.Solve(context.Background(), g, algo); err != nil || sol.Count != 1 {
			t.Fatalf("Solve(%q) = %+v, %v", algo, sol, err)
		}
	}
	if want := []string{"fast", "fast"}; !slices.Equal(h.fast, want) {
		t.Errorf("Solved calls = %v, want %v", h.fast, want)
	}
	if want := []string{"propagate", "backtrack", "dfs"}; !slices.Equal(h.slow, want) {
		t.Errorf("SlowSolved calls = %v, want %v", h.slow, want)
	}
}
