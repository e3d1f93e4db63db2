package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/pdftest"
	"github.com/sudokuhq/sudoku/printpdf"
)

func TestGenerateCommand(t *testing.T) {
	gen := func(args ...string) string {
		t.Helper()
		var out, errOut bytes.Buffer
		if err := run(context.Background(), append([]string{"generate"}, args...), strings.NewReader(""), &out, &errOut); err != nil {
			t.Fatalf("run(generate %v) = %v; stderr %s", args, err, errOut.String())
		}
		return out.String()
	}
	out := gen("-level", "medium", "-n", "5", "-seed", "40", "-symmetry", "rotational", "-j", "3")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 5 {
		t.Fatalf("generate -n 5 wrote %d lines:\n%s", len(lines), out)
	}
	for i, line := range lines {
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("line %d = %q, want 4 tab-separated fields", i+1, line)
		}
		p, s := engine.MustParse(f[0]), engine.MustParse(f[1])
		if res := engine.Solve(p); res.Count != 1 || res.Solution != s {
			t.Errorf("line %d: puzzle %s has %d solutions, want 1: %s", i+1, f[0], res.Count, f[1])
		}
		if f[2] != "medium" || !generate.Rotational180.Keeps(p) {
			t.Errorf("line %d: level %s, symmetric %v; want medium, true", i+1, f[2], generate.Rotational180.Keeps(p))
		}
		// Line i is the puzzle of seed 40+i.
		want, _ := generate.Generate(context.Background(), generate.Options{Rater: rating.DefaultRater(), Level: rating.Medium, Seed: uint64(40 + i), Symmetry: generate.Rotational180})
		if f[0] != want.Puzzle.String() {
			t.Errorf("line %d = %s, want the puzzle of seed %d, %s", i+1, f[0], 40+i, want.Puzzle)
		}
	}
	if again := gen("-level", "medium", "-n", "5", "-seed", "40", "-symmetry", "rotational", "-j", "1"); again != out {
		t.Errorf("generate -j 1 differs from -j 3:\n%s\n%s", again, out)
	}
	svg := gen("-level", "easy", "-seed", "3", "-format", "svg")
	if !strings.HasPrefix(svg, "<svg") || !strings.Contains(svg, "easy · #3") {
		t.Errorf("generate -format svg = %.200s...", svg)
	}
	if key := gen("-level", "easy", "-seed", "3", "-format", "svg", "-key"); strings.Count(key, `fill="#888"`) != 81-strings.Count(svg, `font-weight="bold"`) {
		t.Errorf("generate -format svg -key has %d light digits, want one for each empty cell", strings.Count(key, `fill="#888"`))
	}
	// -technique without -level: any level, the hardest step that technique.
	for i, line := range strings.Split(strings.TrimSuffix(gen("-technique", "xy-wing", "-n", "3", "-seed", "7"), "\n"), "\n") {
		f := strings.Split(line, "\t")
		r, err := rating.Rate(engine.MustParse(f[0]))
		if err != nil || r.Hardest != "xy-wing" || f[2] != r.Level.String() {
			t.Errorf("generate -technique xy-wing line %d = %q: hardest %q, level %v (%v)", i+1, line, r.Hardest, r.Level, err)
		}
	}
	daily := gen("-level", "hard", "-date", "2026-11-22")
	want, _ := generate.Daily(context.Background(), rating.DefaultRater(), mustDate(t, "2026-11-22"), rating.Hard, "")
	if !strings.HasPrefix(daily, want.Puzzle.String()+"\t") {
		t.Errorf("generate -date = %q, want the puzzle of the day %s", daily, want.Puzzle)
	}
}

func TestGenerateCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"-level", "nightmare"},
		{"-symmetry", "spiral"},
		{"-format", "ps"},
		{"-format", "svg", "-n", "2"},
		{"-format", "pdf", "-n", "2"},
		{"-format", "pdf", "-width", "50"},
		{"-format", "pdf", "-width", "1in"},
		{"-date", "22/11/2026"},
		{"-max-givens", "10"},
		{"-technique", "x-wings"},
		{"-technique", "x-wing", "-level", "easy"},
		{"extra"},
	} {
		var out, errOut bytes.Buffer
		if err := run(context.Background(), append([]string{"generate", "-seed", "1"}, args...), strings.NewReader(""), &out, &errOut); err == nil {
			t.Errorf("generate %v = nil error, output %q", args, out.String())
		}
	}
}

// TestGenerateCommandAllFailed: when every puzzle fails, generate writes an
// error line per seed and returns an error (a non-zero exit status).
// -min-givens 40 keeps any minimal puzzle out of reach; Validate lets it
// through (minimal puzzles of 40 givens exist), so each seed fails after
// MaxAttempts grids, made short by -failures 1.
func TestGenerateCommandAllFailed(t *testing.T) {
	args := []string{"generate", "-level", "any", "-minimal", "-min-givens", "40", "-failures", "1", "-seed", "1", "-n", "2", "-j", "2"}
	var out, errOut bytes.Buffer
	err := run(context.Background(), args, strings.NewReader(""), &out, &errOut)
	if err == nil {
		t.Errorf("run(%v) = nil error, want one: every puzzle failed", args)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "error: ") || !strings.HasPrefix(lines[1], "error: ") {
		t.Errorf("run(%v) wrote %q, want two error lines", args, out.String())
	}
}

func mustDate(t *testing.T, s string) (d time.Time) {
	t.Helper()
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestGeneratePDF writes a puzzle of the day's answer key as a PDF page
// 50 mm wide and reads it back with poppler.
func TestGeneratePDF(t *testing.T) {
	pdftest.Require(t)
	var out, errOut bytes.Buffer
	args := []string{"generate", "-level", "hard", "-date", "2026-11-22", "-format", "pdf", "-width", "50mm", "-key"}
	if err := run(context.Background(), args, strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatalf("run(%v) = %v; %s", args, err, errOut.String())
	}
	want, _ := generate.Daily(context.Background(), rating.DefaultRater(), mustDate(t, "2026-11-22"), rating.Hard, "")
	pages := pdftest.Read(t, out.Bytes())
	width := 50 * 72 / 25.4
	size := printpdf.Size{Width: width, Height: printpdf.FitHeight(width, true)}
	if len(pages) != 1 || math.Abs(pages[0].Width-size.Width) > 0.01 || math.Abs(pages[0].Height-size.Height) > 0.01 {
		t.Fatalf("%d pages, the first %g×%g pt; want one of %g×%g", len(pages), pages[0].Width, pages[0].Height, size.Width, size.Height)
	}
	b := printpdf.Boxes(size, 1, true)[0]
	if got := pages[0].Grid(b.X, b.Y, b.Side); got != want.Solution.String() {
		t.Errorf("the key reads\n%s\nwant\n%s", got, want.Solution)
	}
	if !strings.Contains(pages[0].Text, "Solution · hard · 2026-11-22") {
		t.Errorf("no caption in %q", pages[0].Text)
	}
}

// TestGenerateInterruptResumes interrupts a long run: the lines written
// are whole, in seed order, and stderr says how to make the rest; the
// resumed run completes the bank exactly.
func TestGenerateInterruptResumes(t *testing.T) {
	full := func(args ...string) string {
		var out bytes.Buffer
		if err := run(context.Background(), append([]string{"generate"}, args...), strings.NewReader(""), &out, &bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	want := full("-level", "easy", "-n", "40", "-seed", "100", "-j", "2")

	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut bytes.Buffer
	w := &cancelAfter{w: &out, n: 10, cancel: cancel}
	err := run(ctx, []string{"generate", "-level", "easy", "-n", "40", "-seed", "100", "-j", "2"}, strings.NewReader(""), w, &errOut)
	if err == nil {
		t.Fatal("interrupted generate = nil, want the context's error")
	}
	got := out.String()
	if !strings.HasPrefix(want, got) || !strings.HasSuffix(got, "\n") {
		t.Fatalf("interrupted output is not whole lines of the full run:\n%s", got)
	}
	k := strings.Count(got, "\n")
	var seed, rest int
	if _, err := fmt.Sscanf(errOut.String()[strings.Index(errOut.String(), "-seed"):], "-seed %d -n %d", &seed, &rest); err != nil {
		t.Fatalf("stderr %q: no resume hint: %v", errOut.String(), err)
	}
	if seed != 100+k || rest != 40-k {
		t.Errorf("resume hint -seed %d -n %d after %d lines, want -seed %d -n %d", seed, rest, k, 100+k, 40-k)
	}
	if got+full("-level", "easy", "-n", fmt.Sprint(rest), "-seed", fmt.Sprint(seed), "-j", "2") != want {
		t.Error("interrupted run + resumed run differ from the full run")
	}
}

// cancelAfter is a writer that cancels once n lines went through it.
type cancelAfter struct {
	w      io.Writer
	n      int
	cancel func()
}

func (c *cancelAfter) Write(p []byte) (int, error) {
	c.n -= bytes.Count(p, []byte{'\n'})
	if c.n <= 0 {
		c.cancel()
	}
	return c.w.Write(p)
}
