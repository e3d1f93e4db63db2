package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/progress"
)

// rateBatch is the number of puzzles a worker rates at once. A rating
// takes about 150 µs (seconds for the rare puzzle that needs deep trial);
// handing a worker one puzzle at a time cost 10% more CPU on
// calib_krazydad.tsv with -j 1 (measured with the old reader-worker-writer
// pipeline: its wake-ups and a flush per line), while 32 puzzles are a few
// milliseconds of work: output still streams, and the reorder window
// keeps a slow batch from idling the other workers.
const rateBatch = 32

// defaultRater rates with the committed model, as rating.Rate does.
var defaultRater = rating.NewRater(rating.DefaultModel())

// rateHeader is the header line of sudoku rate's TSV output.
const rateHeader = "puzzle\tlevel\tscore\tsteps\twnef\thardest\ttier\tlevel1\tgivens\trounds\ttrial_waves\tdeep_trials\tsingles_stall"

func runRate(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("rate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	explain := fs.Bool("explain", false, "after each puzzle's line, print its solving path as '#' comment lines")
	j := fs.Int("j", runtime.GOMAXPROCS(0), "number of parallel workers")
	quiet := fs.Bool("quiet", false, quietUsage)
	modelPath := fs.String("model", "", modelUsage)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku rate [-explain] [-model MODEL.json] [-j N] [-quiet] [file]")
		fmt.Fprintln(stderr, "\nWrites a TSV header, then one line per puzzle: "+strings.ReplaceAll(rateHeader, "\t", ", ")+";")
		fmt.Fprintln(stderr, "a puzzle that cannot be rated gets 'error: <reason>' in the level column. Lines come")
		fmt.Fprintln(stderr, "in input order, each as soon as the ones before it are written. On a terminal,")
		fmt.Fprintln(stderr, "stderr shows a progress bar with the rate (and, for a file, the time left; -quiet: none).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	rater, err := loadRater(*modelPath)
	if err != nil {
		return err
	}
	in, closeIn, err := openInput(fs.Args(), stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	if _, err := fmt.Fprintln(stdout, rateHeader); err != nil {
		return err
	}
	var total int64
	if !*quiet && progress.Terminal(stderr) {
		total = countPuzzles(fs.Args())
	}
	bar := progressBar(stderr, *quiet, "rate", total)
	err = process(ctx, in, stdout, procConfig{j: *j, batch: rateBatch, bar: bar}, func(p string) string {
		return rateLine(rater, p, *explain)
	})
	bar.Finish()
	return err
}

// rateLine is the output of sudoku rate for one puzzle: its TSV line, and
// with explain its path as comment lines; rt rates it (nil: the engine's
// default rater).
func rateLine(rt *rating.Rater, p string, explain bool) string {
	if rt == nil {
		rt = defaultRater
	}
	g, err := engine.Parse(p)
	if err != nil {
		return p + "\terror: " + err.Error()
	}
	var r rating.Rating
	var steps []rating.Step
	if explain {
		r, steps, err = rt.Explain(g)
	} else {
		r, err = rt.Rate(g)
	}
	if err != nil {
		return p + "\terror: " + err.Error()
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s\t%s\t%.3f\t%.1f\t%.4f\t%s\t%d\t%v\t%d\t%d\t%d\t%d\t%v",
		g, r.Level, r.Score, r.Steps, r.WNEF, r.Hardest, r.HardestTier, r.Level1, r.Givens, r.Path.Rounds, r.Path.TrialWaves, r.Path.DeepTrials,
		!generate.SolvesBySingles(g))
	for i, st := range steps {
		fmt.Fprintf(&sb, "\n# %d. [%s] %s", i+1, st.Technique, st.Text)
	}
	return sb.String()
}
