package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
)

func TestBenchCommand(t *testing.T) {
	const (
		unique = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
		noSol  = "12345678.........9..............................................................."
	)
	path := filepath.Join(t.TempDir(), "tiny.txt")
	if err := os.WriteFile(path, []byte("# comment\n"+unique+"\n"+noSol+"\nnot a puzzle\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	args := []string{"bench", "-solver", "all", "-repeat", "2", path}
	if err := run(context.Background(), args, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("run(%q) = %v; stderr %s", args, err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 1+len(benchSolvers) {
		t.Fatalf("run(%q) wrote %d lines, want a header and %d rows:\n%s", args, len(lines), len(benchSolvers), out.String())
	}
	if !strings.Contains(lines[0], "puzzles/CPU-s") || !strings.Contains(lines[0], "guesses/puzzle") {
		t.Errorf("header = %q, want puzzles/CPU-s and guesses/puzzle columns", lines[0])
	}
	if want := "fast: the " + engine.SolverPath() + " solver path"; !strings.Contains(errOut.String(), want) {
		t.Errorf("stderr = %q, want it to name the solver behind fast (%q)", errOut.String(), want)
	}
	for i, sv := range benchSolvers {
		f := strings.Fields(lines[1+i])
		// file, puzzles, solver, ..., solved, vs tdoku
		if len(f) != 10 || f[0] != "tiny.txt" || f[1] != "2" || f[2] != sv.name || f[8] != "1" || f[9] != "-" {
			t.Errorf("row %d = %q, want tiny.txt, 2 puzzles, solver %s, 1 solved, no tdoku ratio", i+1, lines[1+i], sv.name)
		}
	}

	// Any engine algorithm can be timed by name.
	out.Reset()
	args = []string{"bench", "-solver", "dfs", "-repeat", "1", "-files", path}
	if err := run(context.Background(), args, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("run(%q) = %v; stderr %s", args, err, errOut.String())
	}
	if f := strings.Fields(strings.Split(out.String(), "\n")[1]); len(f) != 10 || f[2] != "dfs" || f[8] != "1" {
		t.Errorf("run(%q) row = %q, want solver dfs with 1 solved", args, f)
	}
}

func TestBenchCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "-solver", "nope", "-limit", "1"},
		{"bench", "-repeat", "1", "/nonexistent/file.txt"},
		{"bench", "-x"},
	} {
		if err := run(context.Background(), args, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
			t.Errorf("run(%q) = nil, want an error", args)
		}
	}
}

// TestBenchTdokuColumn: vs tdoku divides only by a rate given with -tdoku
// (measured side by side), never by a built-in one.
func TestBenchTdokuColumn(t *testing.T) {
	const unique = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	path := filepath.Join(t.TempDir(), "one.txt")
	if err := os.WriteFile(path, []byte(unique+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	args := []string{"bench", "-repeat", "1", "-tdoku", "one.txt=1e-300", path}
	if err := run(context.Background(), args, strings.NewReader(""), &out, &bytes.Buffer{}); err != nil {
		t.Fatalf("run(%q) = %v", args, err)
	}
	if f := strings.Fields(strings.Split(out.String(), "\n")[1]); len(f) != 10 || f[9] == "-" {
		t.Errorf("run(%q) row = %q, want a vs tdoku ratio", args, f)
	}
	for _, bad := range []string{"one.txt", "one.txt=x", "=5", "one.txt=-1"} {
		if err := run(context.Background(), []string{"bench", "-tdoku", bad, path}, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
			t.Errorf("bench -tdoku %q = nil error, want one", bad)
		}
	}
}

// TestBenchScaling runs a tiny scaling table (the shared data must be
// there: the solve and rate works read it).
func TestBenchScaling(t *testing.T) {
	if _, err := dataset.Path(dataset.Top1465); err != nil {
		t.Skipf("shared data not available: %v", err)
	}
	var out, errOut bytes.Buffer
	args := []string{"bench", "-scaling", "-workers", "1,2", "-items", "3", "-works", "solve,generate -level easy,pool fresh medium"}
	if err := run(context.Background(), args, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("run(%q) = %v; stderr %s", args, err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3+3*2 {
		t.Fatalf("bench -scaling wrote %d lines, want a comment, a header, a rule and 3 works × 2 rows:\n%s", len(lines), out.String())
	}
	for i, want := range []string{"| solve -count (top1465) | 1 | 3 |", "| solve -count (top1465) | 2 | 6 |", "| generate -level easy | 1 | 3 |", "| generate -level easy | 2 | 6 |", "| pool fresh medium | 1 | 3 |", "| pool fresh medium | 2 | 6 |"} {
		if !strings.HasPrefix(lines[3+i], want) {
			t.Errorf("row %d = %q, want it to start %q", i+1, lines[3+i], want)
		}
	}
	if err := run(context.Background(), []string{"bench", "-scaling", "-workers", "0"}, strings.NewReader(""), &out, &errOut); err == nil {
		t.Error("bench -scaling -workers 0 = nil, want an error")
	}
}

// TestBenchScalingAgain: -again measures the named worker counts a second
// time after the other rows (and their separate processes, when -procs
// has them), -profile writes a CPU profile of each in-process row, and an
// extra work (the generator without the pipeline) runs only when -works
// names it.
func TestBenchScalingAgain(t *testing.T) {
	if _, err := dataset.Path(dataset.Top1465); err != nil {
		t.Skipf("shared data not available: %v", err)
	}
	t.Setenv(benchChildEnv, "1")
	dir := filepath.Join(t.TempDir(), "prof")
	var out, errOut bytes.Buffer
	args := []string{"bench", "-scaling", "-workers", "1,2", "-items", "4", "-works", "direct generate -level easy", "-procs", "2", "-again", "1,2", "-profile", dir}
	if err := run(context.Background(), args, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("run(%q) = %v; stderr %s", args, err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		"| direct generate -level easy | 1 | 4 |", "| direct generate -level easy | 2 | 8 |",
		"| direct generate -level easy, separate processes | 2 | 8 |",
		"| direct generate -level easy, again | 1 | 4 |", "| direct generate -level easy, again | 2 | 8 |",
		"| direct generate -level easy, separate processes, again | 2 | 8 |",
	}
	if len(lines) != 3+len(want) {
		t.Fatalf("bench -scaling -again wrote %d lines, want %d:\n%s", len(lines), 3+len(want), out.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[3+i], w) {
			t.Errorf("row %d = %q, want it to start %q", i+1, lines[3+i], w)
		}
	}
	for _, name := range []string{"direct-generate-level-easy-1", "direct-generate-level-easy-2", "direct-generate-level-easy-1-again", "direct-generate-level-easy-2-again"} {
		if fi, err := os.Stat(filepath.Join(dir, name+".pprof")); err != nil || fi.Size() == 0 {
			t.Errorf("profile %s.pprof: %v, want a non-empty file", name, err)
		}
	}

	// Without -works, the extra works are left out.
	for _, wk := range mustScaleWorks(t) {
		if got := selected(wk, ""); got == wk.extra || got != !strings.HasPrefix(wk.name, "direct ") {
			t.Errorf("selected(%q, \"\") = %v, want %v", wk.name, got, !wk.extra)
		}
	}
	if err := run(context.Background(), []string{"bench", "-scaling", "-again", "x"}, strings.NewReader(""), &out, &errOut); err == nil {
		t.Error("bench -scaling -again x = nil, want an error")
	}
}

// mustScaleWorks returns the scaling works or stops the test.
func mustScaleWorks(t *testing.T) []scaleWork {
	t.Helper()
	works, err := scaleWorks()
	if err != nil {
		t.Fatal(err)
	}
	return works
}

// TestBenchScalingProcs runs the machine baseline: a work as two separate
// one-worker processes (this test binary, acting as the command), whose
// items and CPU are summed into one row.
func TestBenchScalingProcs(t *testing.T) {
	if _, err := dataset.Path(dataset.Top1465); err != nil {
		t.Skipf("shared data not available: %v", err)
	}
	t.Setenv(benchChildEnv, "1")
	var out, errOut bytes.Buffer
	args := []string{"bench", "-scaling", "-workers", "1,2", "-items", "5", "-works", "generate -level easy", "-procs", "2,3"}
	if err := run(context.Background(), args, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("run(%q) = %v; stderr %s", args, err, errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{"| generate -level easy | 1 | 5 |", "| generate -level easy | 2 | 10 |",
		"| generate -level easy, separate processes | 2 | 10 |", "| generate -level easy, separate processes | 3 | 15 |"}
	if len(lines) != 3+len(want) {
		t.Fatalf("bench -scaling -procs wrote %d lines, want %d:\n%s", len(lines), 3+len(want), out.String())
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[3+i], w) {
			t.Errorf("row %d = %q, want it to start %q", i+1, lines[3+i], w)
		}
	}
	for _, bad := range [][]string{{"-procs", "0"}, {"-procs", "x"}} {
		args := append([]string{"bench", "-scaling", "-items", "1", "-works", "generate -level easy"}, bad...)
		if err := run(context.Background(), args, strings.NewReader(""), &out, &errOut); err == nil {
			t.Errorf("run(%q) = nil, want an error", args)
		}
	}
	if err := runScalingChild(context.Background(), "no such work", 1, strings.NewReader("go\n"), &out); err == nil {
		t.Error("runScalingChild(no such work) = nil, want an error")
	}
}
