package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/calib"
	"github.com/sudokuhq/sudoku/internal/modelfile"
)

// curveSizes are the numbers of labelled puzzles of the learning curve
// (`sudoku calibrate -labels FILE -curve`), and curveDraws the random
// subsets fitted at each size and fold.
var curveSizes = []int{50, 100, 200, 400, 800, 1600}

const curveDraws = 5

// houseOptions are the flags of `sudoku calibrate -labels`.
type houseOptions struct {
	labels, out, name, levelMap string
	curve, quiet                bool
	j                           int
}

// runCalibrateHouse fits a house-style model to a publisher's label file:
// it prints the 2-fold cross-validation (house fit vs the default model
// on each held-out half), with -curve the learning curve, and with -o
// writes the model fitted on every label.
func runCalibrateHouse(ctx context.Context, o houseOptions, stdout, stderr io.Writer) error {
	fh, err := os.Open(o.labels)
	if err != nil {
		return err
	}
	lf, err := calib.ParseLabels(fh)
	fh.Close()
	if err != nil {
		return fmt.Errorf("%s: %w", o.labels, err)
	}
	distinct := map[int]bool{}
	for _, r := range lf.Rows {
		distinct[r.Label] = true
	}
	if len(distinct) < 2 {
		return fmt.Errorf("%s: %d labelled puzzles with %d different labels, want two labels or more", o.labels, len(lf.Rows), len(distinct))
	}
	var tier4 []int
	if o.levelMap != "" {
		if lf.Scale != calib.Ranks {
			return fmt.Errorf("-map: %s holds level names, which need no map", o.labels)
		}
		if tier4, err = calib.ParseLevelMap(o.levelMap, lf.Levels); err != nil {
			return err
		}
	}
	name := filepath.Base(o.labels)
	bar := progressBar(stderr, o.quiet, "calibrate "+name, 0)
	var p calib.Progress
	if bar != nil {
		p = bar
	}
	s, err := calib.RateLabels(ctx, name, lf, tier4, o.j, p)
	bar.Finish()
	if err != nil {
		return err
	}
	base := rating.DefaultModel()
	tier4 = s.Tier4
	var mapping []string
	for l := 1; l <= s.Levels; l++ {
		mapping = append(mapping, fmt.Sprintf("%d→%s", l, rating.Level(tier4[l])))
	}
	fmt.Fprintf(stdout, "%s: %d puzzles labelled with %s (%s)\n\n", name, len(s.Samples), lf.Scale, strings.Join(mapping, ", "))
	fmt.Fprintln(stdout, "2-fold cross-validation, house fit vs the default model on the held-out half:")
	fmt.Fprintln(stdout)
	calib.CrossValidateHouse(base, s).Write(stdout, s)
	if o.curve {
		fmt.Fprintf(stdout, "\nlearning curve: house fit on n labels of one half (%d random draws a fold below the whole half), measured on the other half, both folds:\n\n", curveDraws)
		def := calib.AgreeHouse(&base, s)
		fmt.Fprintln(stdout, "| labels fitted on | fits | Spearman, mean (lowest) | level exact, mean (lowest) |")
		fmt.Fprintln(stdout, "| ---: | ---: | ---: | ---: |")
		for _, pt := range calib.LearningCurve(base, s, curveSizes, curveDraws) {
			fmt.Fprintf(stdout, "| %d | %d | %.3f (%.3f) | %.1f%% (%.1f%%) |\n", pt.Labels, pt.Fits, pt.Spearman, pt.MinSpearman, 100*pt.Exact, 100*pt.MinExact)
		}
		fmt.Fprintf(stdout, "| default model, whole file | | %.3f | %.1f%% |\n", def.Spearman, 100*def.Exact)
	}
	m, refit := calib.FitHouse(base, s)
	fmt.Fprintf(stdout, "\nhouse model fitted on all %d labels (refit: %s): cuts %.2f %.2f %.2f (default %.2f %.2f %.2f)\n",
		len(s.Samples), strings.Join(append(refit, "cuts"), ", "), m.Cuts[0], m.Cuts[1], m.Cuts[2], base.Cuts[0], base.Cuts[1], base.Cuts[2])
	if o.out == "" {
		return nil
	}
	modelName := o.name
	if modelName == "" {
		modelName = strings.TrimSuffix(name, filepath.Ext(name))
	}
	if err := modelfile.Write(o.out, modelName, fmt.Sprintf("sudoku calibrate -labels %s (%d puzzles)", name, len(s.Samples)), &m); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (model %q)\n", o.out, modelName)
	return nil
}
