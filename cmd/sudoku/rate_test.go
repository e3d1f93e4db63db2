package main

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

func TestRateCommand(t *testing.T) {
	const puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	// hard needs more than singles: its singles_stall column is true.
	const hard = ".6....83..25....1.....16.....7.6....8..4.57.3.......8...2...19..5...8...4....7..."
	multi := puzzle[:30] + strings.Repeat(".", 51)
	input := strings.Join([]string{"# comment", puzzle + "\tlabel", hard, multi, "abc"}, "\n")
	line := func(p string, stall bool) string {
		r, err := rating.Rate(engine.MustParse(p))
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprintf("%s\t%s\t%.3f\t%.1f\t%.4f\t%s\t%d\t%v\t%d\t%d\t%d\t%d\t%v", p, r.Level, r.Score, r.Steps, r.WNEF, r.Hardest, r.HardestTier, r.Level1, r.Givens, r.Path.Rounds, r.Path.TrialWaves, r.Path.DeepTrials, stall)
	}
	want := []string{
		rateHeader,
		line(puzzle, false),
		line(hard, true),
		multi + "\terror: puzzle has more than one solution",
		"abc\terror: invalid character 'a' at offset 0 (line 1, column 1): want 1-9 for a given, '.' or '0' for an empty cell",
	}
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"rate", "-j", "2"}, strings.NewReader(input), &out, &errOut); err != nil {
		t.Fatalf("run(rate) = %v; stderr %s", err, errOut.String())
	}
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("sudoku rate output:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	out.Reset()
	if err := run(context.Background(), []string{"rate", "-explain"}, strings.NewReader(puzzle), &out, &errOut); err != nil {
		t.Fatalf("run(rate -explain) = %v", err)
	}
	_, steps, _ := rating.Explain(engine.MustParse(puzzle))
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 2+len(steps) || !strings.HasPrefix(lines[2], "# 1. [") {
		t.Fatalf("sudoku rate -explain gave %d lines (%q...), want %d", len(lines), lines[:min(3, len(lines))], 2+len(steps))
	}
}

// TestRateCommandOrder checks that -j keeps the input order on real data.
func TestRateCommandOrder(t *testing.T) {
	puzzles := datasettest.LoadPuzzles(t, dataset.CalibCoach, 0)
	if testing.Short() {
		puzzles = puzzles[:100]
	}
	var out1, out4, errOut bytes.Buffer
	in := strings.Join(puzzles, "\n")
	if err := run(context.Background(), []string{"rate", "-j", "1"}, strings.NewReader(in), &out1, &errOut); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"rate", "-j", "4"}, strings.NewReader(in), &out4, &errOut); err != nil {
		t.Fatal(err)
	}
	if out1.String() != out4.String() {
		t.Fatalf("sudoku rate -j 4 output differs from -j 1")
	}
	lines := strings.Split(strings.TrimSuffix(out1.String(), "\n"), "\n")
	for i, p := range puzzles {
		if !strings.HasPrefix(lines[i+1], p+"\t") {
			t.Fatalf("line %d = %q, want puzzle %s", i+2, lines[i+1], p)
		}
	}
}
