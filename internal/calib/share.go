package calib

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/dataset"
)

// ShareFiles are the puzzle files whose technique shares ShareReport
// measures: every file of ../shared/data with single-solution puzzles
// (Serg's benchmark has none, so it is left out).
var ShareFiles = []string{
	dataset.CalibKrazyDad, dataset.CalibCoach, dataset.CalibNYT, dataset.CalibSudokuExchange,
	dataset.SERated, dataset.QQWingLabeled, dataset.QQWingAnyStats,
	dataset.Unbiased1000, dataset.NorvigTop95, dataset.NorvigHardest,
	dataset.Top1465, dataset.Hardest1106, dataset.Hardest1905, dataset.Clue17,
}

// Share is how often the rater falls back on one technique on a file.
type Share struct {
	File     string
	Puzzles  int // puzzles rated
	Skipped  int // puzzles the rater rejects (not exactly one solution)
	With     int // puzzles whose path uses the technique
	Steps    int // valid applications on all paths
	TechStep int // of them, applications of the technique
}

// ShareOf rates every puzzle of file on j workers and counts the
// applications of technique tech (a name of rating.Techniques).
func ShareOf(ctx context.Context, file, tech string, j int) (Share, error) {
	sh := Share{File: file}
	ps, err := dataset.Puzzles(file, 0)
	if err != nil {
		return sh, err
	}
	parts := make([]Share, workers(j))
	err = parallel(ctx, len(ps), len(parts), func(w, i int) error {
		p := &parts[w]
		g, err := engine.Parse(ps[i])
		var r rating.Rating
		if err == nil {
			r, err = rating.Rate(g)
		}
		if err != nil {
			p.Skipped++
			return nil
		}
		p.Puzzles++
		p.Steps += r.Counts.Total()
		if n := r.Counts.Of(tech); n > 0 {
			p.With++
			p.TechStep += n
		}
		return nil
	})
	for _, p := range parts {
		sh.Puzzles += p.Puzzles
		sh.Skipped += p.Skipped
		sh.With += p.With
		sh.Steps += p.Steps
		sh.TechStep += p.TechStep
	}
	return sh, err
}

// ShareReport writes a markdown table of the share of trial on every file of
// ShareFiles that is present: puzzles whose path needs trial, and trial
// applications among all valid applications of the paths.
func ShareReport(ctx context.Context, w io.Writer, j int) error {
	fmt.Fprintln(w, "| data (`../shared/data/`) | puzzles | needing trial | trial steps / all steps |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: |")
	for _, file := range ShareFiles {
		sh, err := ShareOf(ctx, file, "trial", j)
		if err != nil {
			if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return err
			}
			fmt.Fprintf(w, "| %s | – | – | – |\n", file)
			continue
		}
		fmt.Fprintf(w, "| %s | %d | %s | %s |\n", file, sh.Puzzles, pct(sh.With, sh.Puzzles), pct(sh.TechStep, sh.Steps))
	}
	return nil
}

// pct formats a/b as a percentage with one decimal ("n/a" when b is 0).
func pct(a, b int) string {
	if b == 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%% (%d)", 100*float64(a)/float64(b), a)
}
