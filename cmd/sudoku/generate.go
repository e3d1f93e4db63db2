package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/printpdf"
)

func runGenerate(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("generate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	levelName := fs.String("level", "medium", "level: easy, medium, hard, evil, or any (the rater's level of a random minimal puzzle)")
	n := fs.Int("n", 1, "number of puzzles")
	seed := fs.Uint64("seed", 0, "seed of the first puzzle; puzzle i (from 0) uses seed+i. 0: a random seed, reported on stderr")
	symName := fs.String("symmetry", "none", "pattern of givens: none, rotational, mirror or diagonal")
	minimal := fs.Bool("minimal", false, "make minimal puzzles (no given can be removed)")
	minGivens := fs.Int("min-givens", 0, "fewest givens (0: no bound)")
	maxGivens := fs.Int("max-givens", 0, "most givens (0: no bound)")
	minScore := fs.Float64("min-score", 0, "lowest rater score (0: no bound)")
	maxScore := fs.Float64("max-score", 0, "highest rater score (0: no bound)")
	technique := fs.String("technique", "", "the puzzles' hardest technique, by name (hidden-single, x-wing, x-chain, ...: see sudoku rate's hardest column); without -level, any level")
	failures := fs.Int("failures", 0, "allowed failures of tuned masking (0: the default)")
	date := fs.String("date", "", "make the puzzle of the day for this date (YYYY-MM-DD) instead: only -level, -salt, -daily-secret-file and -format apply")
	salt := fs.String("salt", "", "salt of the puzzle of the day")
	format := fs.String("format", "text", "output: text (puzzle<TAB>solution<TAB>level<TAB>score lines), svg (one printable grid, -n 1) or pdf (one PDF page, -n 1)")
	key := fs.Bool("key", false, "svg, pdf: draw the answer key (givens bold, the other digits light)")
	width := fs.String("width", "90mm", "pdf: the page's width with its unit (50mm, 3in); the page is as tall as the grid")
	secretFile := fs.String("daily-secret-file", "", "file of the daily secret, as sudokud's (default $SUDOKU_DAILY_SECRET_FILE); without it -date makes the puzzle of the public derivation, which only a server without a secret serves")
	j := fs.Int("j", runtime.GOMAXPROCS(0), "number of parallel workers")
	quiet := fs.Bool("quiet", false, quietUsage)
	modelPath := fs.String("model", "", modelUsage)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku generate [-level L] [-n N] [-seed S] [-symmetry S] [-j N] [-format text|svg|pdf] [-quiet] [flags]")
		fmt.Fprintln(stderr, "\nWrites puzzle<TAB>solution<TAB>level<TAB>score lines, in seed order whatever -j is,")
		fmt.Fprintln(stderr, "each as soon as the ones before it are written. On a terminal, stderr shows a")
		fmt.Fprintln(stderr, "progress bar with the rate and the time left (-quiet: none).")
		fmt.Fprintln(stderr, "A seed whose generation fails gives an \"error: <reason>\" line instead; the exit")
		fmt.Fprintln(stderr, "status is non-zero when every puzzle failed (so always when -n 1 or -date fails).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("generate takes no arguments, got %q", fs.Args())
	}
	var opt generate.Options
	levelSet := false
	fs.Visit(func(f *flag.Flag) { levelSet = levelSet || f.Name == "level" })
	if *technique != "" && !levelSet {
		*levelName = "any" // the technique sets the difficulty
	}
	opt.Technique = *technique
	if *levelName != "any" {
		l, err := rating.ParseLevel(*levelName)
		if err != nil {
			return err
		}
		opt.Level = l
	}
	sym, err := generate.ParseSymmetry(*symName)
	if err != nil {
		return err
	}
	opt.Symmetry, opt.Minimal = sym, *minimal
	opt.MinGivens, opt.MaxGivens = *minGivens, *maxGivens
	opt.MinScore, opt.MaxScore = *minScore, *maxScore
	opt.AllowedFailures = *failures
	var day time.Time // the puzzle of the day's date, the PDF's
	if *date != "" {
		d, err := time.Parse(time.DateOnly, *date)
		if err != nil {
			return fmt.Errorf("bad -date: %w", err)
		}
		day = d
		if opt.Level == 0 {
			return errors.New("-date needs a -level")
		}
		secret, err := readDailySecret(*secretFile)
		if err != nil {
			return err
		}
		if secret == nil {
			fmt.Fprintln(stderr, "# no daily secret: the public derivation, served only by a server without -daily-secret-file")
		}
		opt = dailyKey(secret, *salt).Options(d, opt.Level)
		*n = 1
	} else if *seed == 0 {
		*seed = rand.Uint64()
		fmt.Fprintf(stderr, "# seed %d\n", *seed)
	}
	if opt.Rater, err = loadRater(*modelPath); err != nil {
		return err
	}
	if err := opt.Validate(); err != nil {
		return err
	}
	switch *format {
	case "text":
	case "svg", "pdf":
		if *n != 1 {
			return fmt.Errorf("-format %s writes one grid: use -n 1", *format)
		}
	default:
		return fmt.Errorf("unknown -format %q: want text, svg or pdf", *format)
	}
	var page printpdf.Size
	if *format == "pdf" {
		if page.Width, err = printpdf.ParseLength(*width); err != nil {
			return fmt.Errorf("-width: %w", err)
		}
		if err := printpdf.CheckLayout(printpdf.Size{Width: page.Width, Height: printpdf.FitHeight(page.Width, true)}, 1, true); err != nil {
			return fmt.Errorf("-width: %w", err)
		}
	}
	if *n < 0 {
		return fmt.Errorf("-n %d: want at least 0", *n)
	}
	if *format != "text" {
		if *date == "" {
			opt.Seed = *seed
		}
		p, err := generate.Generate(ctx, opt)
		if err != nil {
			return err
		}
		var solution engine.Grid
		if *key {
			solution = p.Solution
		}
		if *format == "pdf" {
			label := strconv.FormatUint(p.Seed, 10)
			if *date != "" {
				label = *date
			}
			caption := printpdf.Caption(*key, p.Level, label)
			return printpdf.Write(stdout, printpdf.Document{Title: caption, Date: day, Page: page,
				Sections: [][]printpdf.Grid{{{Puzzle: p.Puzzle, Solution: solution, Caption: caption}}}})
		}
		title := fmt.Sprintf("%s · #%d", p.Level, p.Seed)
		if *date != "" {
			title = fmt.Sprintf("%s · %s", p.Level, *date)
		}
		return engine.RenderSVG(stdout, p.Puzzle, engine.SVGOptions{Title: title, Solution: solution})
	}
	if *date != "" {
		p, err := generate.Generate(ctx, opt)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(stdout, generateLine(p))
		return err
	}
	seeds := &seedLines{next: *seed, left: *n}
	var failed atomic.Int64
	bar := progressBar(stderr, *quiet, "generate "+*levelName, int64(*n))
	out := &lineCounter{w: stdout}
	err = process(ctx, seeds, out, procConfig{j: *j, batch: generateBatch(*n, *j), bar: bar}, func(field string) string {
		s, err := strconv.ParseUint(field, 10, 64)
		if err == nil {
			o := opt
			o.Seed = s
			var p generate.Puzzle
			if p, err = generate.Generate(ctx, o); err == nil {
				return generateLine(p)
			}
		}
		failed.Add(1)
		return "error: " + err.Error()
	})
	bar.Finish()
	if err != nil && ctx.Err() != nil && out.lines < int64(*n) {
		// Interrupted: say how to go on, so a long bank loses nothing.
		fmt.Fprintf(stderr, "# stopped after %d of %d puzzles; the rest: -seed %d -n %d\n",
			out.lines, *n, *seed+uint64(out.lines), int64(*n)-out.lines)
	}
	if err == nil && *n > 0 && failed.Load() == int64(*n) {
		err = errors.New("the puzzle failed (see the error line)")
		if *n > 1 {
			err = fmt.Errorf("all %d puzzles failed (see the error lines)", *n)
		}
	}
	return err
}

// generateBatch is the seeds a worker of sudoku generate takes at once, for
// n puzzles on j workers. Up to 8: handing a worker one seed at a time
// cost 5-7% more CPU with -j 1 (-level any -n 3000: 1.30-1.37 s user
// against 1.24-1.29 s, same output, with the reader-writer pipeline), but
// every worker must still get at least 4 batches, so that the last seeds
// spread over all of them.
func generateBatch(n, j int) int {
	return min(8, max(1, n/(4*max(j, 1))))
}

// generateLine is the output line of sudoku generate for one puzzle.
func generateLine(p generate.Puzzle) string {
	return fmt.Sprintf("%s\t%s\t%s\t%.2f", p.Puzzle, p.Solution, p.Level, p.Score)
}

// lineCounter counts the lines written through it.
type lineCounter struct {
	w     io.Writer
	lines int64
}

func (c *lineCounter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.lines += int64(bytes.Count(p[:n], []byte{'\n'}))
	return n, err
}

// seedLines is a reader of left lines holding consecutive seeds from next,
// made as they are read, so that generate streams through process in
// constant memory.
type seedLines struct {
	next uint64
	left int
	buf  []byte
}

func (s *seedLines) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(s.buf) == 0 {
			if s.left == 0 {
				break
			}
			s.buf = strconv.AppendUint(s.buf[:0], s.next, 10)
			s.buf = append(s.buf, '\n')
			s.next++
			s.left--
		}
		c := copy(p[n:], s.buf)
		s.buf = s.buf[c:]
		n += c
	}
	if n == 0 {
		return 0, io.EOF
	}
	return n, nil
}
