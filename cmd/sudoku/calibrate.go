package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/calib"
)

func runCalibrate(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("calibrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	j := fs.Int("j", runtime.GOMAXPROCS(0), "number of parallel workers")
	fitted := fs.Bool("fitted", false, "report the freshly fitted model instead of the committed rating.DefaultModel()")
	cv := fs.Bool("cv", false, "also print a 2-fold cross-validation of the fit (even rows vs odd rows)")
	quiet := fs.Bool("quiet", false, quietUsage)
	write := fs.String("write", "", "also write the fitted model as the Go file engine's committed model is (engine/rating/score_model.go: "+calib.ModelCommand+")")
	labels := fs.String("labels", "", "fit a house-style model to this TSV of puzzle<TAB>label (an integer rank, 1 = easiest, or a level name) and print its cross-validated agreement; the other flags below then apply")
	out := fs.String("o", "", "with -labels: write the house model fitted on every label to this JSON file (for rate, generate and sudokud -model)")
	modelName := fs.String("name", "", "with -o: the model's name, logged and exported by sudokud (default: the label file's name)")
	levelMap := fs.String("map", "", "with -labels of integer ranks: the service level of each rank, comma-separated (\"1,1,2,3,3,4,4\" or level names; default: up to four ranks are easy, medium, hard, evil, more are spread evenly)")
	curve := fs.Bool("curve", false, "with -labels: also print the learning curve (held-out agreement vs number of labels fitted on)")
	shares := fs.Bool("shares", false, "also print the share of trial on every puzzle file of ../shared/data (slow: rates about 130,000 puzzles)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku calibrate [-fitted] [-cv] [-shares] [-write FILE] [-j N] [-quiet]")
		fmt.Fprintln(stderr, "       sudoku calibrate -labels FILE [-o MODEL.json] [-name NAME] [-map LEVELS] [-curve] [-j N] [-quiet]")
		fmt.Fprintln(stderr, "\nWith -labels: fits the score and the level cuts to a publisher's labels (house style),")
		fmt.Fprintln(stderr, "prints the 2-fold cross-validation against the default model and writes the model (-o).")
		fmt.Fprintln(stderr, "\nRates ../shared/data/calib_krazydad.tsv and calib_coach.tsv, fits the WNEF weight and")
		fmt.Fprintln(stderr, "the score model on them, prints the fitted parameters as Go source, then the agreement")
		fmt.Fprintln(stderr, "table and confusion matrices (markdown) of the committed model, or of the fitted one,")
		fmt.Fprintln(stderr, "a check on calib_nyt.tsv (never fitted on), the agreement with Sudoku Explainer's rating")
		fmt.Fprintln(stderr, "on calib_sudokuexchange_diabolical.tsv and within each source label of se_rated.tsv.")
		fmt.Fprintln(stderr, "On a terminal, stderr shows a progress bar per file rated (-quiet: none).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("calibrate takes no arguments, got %q", fs.Args())
	}
	if *labels != "" {
		return runCalibrateHouse(ctx, houseOptions{labels: *labels, out: *out, name: *modelName, levelMap: *levelMap, curve: *curve, quiet: *quiet, j: *j}, stdout, stderr)
	}
	if *out != "" || *modelName != "" || *levelMap != "" || *curve {
		return fmt.Errorf("calibrate: -o, -name, -map and -curve need -labels FILE")
	}
	// load rates a set's puzzles with a progress bar on a terminal.
	load := func(set calib.Set) (calib.Set, error) {
		bar := progressBar(stderr, *quiet, "calibrate "+set.Name, 0)
		defer bar.Finish()
		if bar == nil {
			return calib.Load(ctx, set, *j)
		}
		return calib.LoadProgress(ctx, set, *j, bar)
	}
	kd, err := load(calib.KrazyDad)
	if err != nil {
		return err
	}
	coach, err := load(calib.Coach)
	if err != nil {
		return err
	}
	sx, err := load(calib.SudokuExchange)
	if err != nil {
		return err
	}
	se, err := load(calib.SERated)
	if err != nil {
		return err
	}
	lambda, rho := calib.FitLambda(kd, coach)
	fmt.Fprintf(stdout, "WNEFLambda = %.2f (mean Spearman of −WNEF over both files %.3f; engine has %.2f)\n\n", lambda, rho, rating.WNEFLambda)
	m := calib.Fit(kd, coach, sx, se)
	fmt.Fprintf(stdout, "fitted score model (tiers 1–5 fitted on the labels of %s and %s and the SE ratings of %s, tiers 6–8 on the SE ratings of %s and %s and the labels of the first, cuts on %s and %s):\n\n%s\n\n",
		kd.Name, coach.Name, se.Name, coach.Name, sx.Name, kd.Name, coach.Name, calib.GoSource(&m))
	if *write != "" {
		src, err := calib.ModelFile(&m)
		if err != nil {
			return err
		}
		if err := os.WriteFile(*write, src, 0o644); err != nil {
			return err
		}
	}
	committed := rating.DefaultModel()
	report, name := &committed, "committed rating.DefaultModel()"
	if *fitted {
		report, name = &m, "fitted model"
	}
	fmt.Fprintf(stdout, "agreement of the %s:\n\n", name)
	calib.Report(stdout, report, rating.WNEFLambda, kd, coach)

	if *cv {
		fmt.Fprintln(stdout, "\n2-fold cross-validation:")
		fmt.Fprintln(stdout)
		calib.CrossValidate(stdout, kd, coach, sx, se)
	}

	// A check on a file never used for fitting, and the SE agreement.
	nyt, err := load(calib.NYT)
	if err != nil {
		return err
	}
	score := func(s *calib.Sample) float64 { return report.Score(&s.Rating) }
	a := calib.AgreeOn(nyt, score, 1, nyt.Levels)
	c := calib.Confusion4(report, nyt)
	fmt.Fprintf(stdout, "\nchecks (the first never fitted on; the second fitted on at tiers 6–8, see -cv for held-out numbers):\n\n- %s (n = %d): score vs label gamma %.3f, Spearman %.3f, tau-b %.3f; level exact %.1f%%, within one %.1f%%\n",
		nyt.Name, a.N, a.Gamma, a.Spearman, a.TauB, 100*c.Exact(), 100*c.Within1())
	fmt.Fprintln(stdout)
	calib.GivensCeiling(stdout, kd, score)
	fmt.Fprintln(stdout)
	a = calib.AgreeSE(sx, score)
	c = calib.Confusion4(report, sx)
	fmt.Fprintf(stdout, "- %s (n = %d, all SE ≥ 5.0): score vs shipped SE rating Spearman %.3f, tau-b %.3f; rated evil %.1f%%\n",
		sx.Name, a.N, a.Spearman, a.TauB, 100*c.Exact())
	fmt.Fprintf(stdout, "\n%s: puzzles per Sudoku Explainer rating (half-points) and hardest tier:\n\n", sx.Name)
	calib.SETiers(stdout, sx, score)

	fmt.Fprintf(stdout, "\nscore vs Sudoku Explainer's rating within each source label of %s:\n\n", se.Name)
	calib.SEByLabel(stdout, se, score)

	if *shares {
		fmt.Fprintln(stdout, "\nshare of trial:")
		fmt.Fprintln(stdout)
		if err := calib.ShareReport(ctx, stdout, *j); err != nil {
			return err
		}
	}
	return nil
}
