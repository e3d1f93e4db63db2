package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/printpdf"
	"github.com/sudokuhq/sudoku/service"
	"github.com/sudokuhq/sudoku/store"
)

// runDaily runs "sudoku daily schedule|put|export" against a daily store
// directly (the one sudokud serves from, -store or SUDOKU_STORE): the
// editor's and operator's tools for print runs and backups.
func runDaily(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	subs := map[string]func(context.Context, []string, io.Reader, io.Writer, io.Writer) error{
		"schedule": runDailySchedule, "put": runDailyPut, "export": runDailyExport,
	}
	if len(args) == 0 || subs[args[0]] == nil {
		fmt.Fprintln(stderr, "usage: sudoku daily schedule|put|export -store STORE [flags]")
		return errors.New("daily: want the subcommand schedule, put or export")
	}
	return subs[args[0]](ctx, args[1:], stdin, stdout, stderr)
}

// dailyFlags are the flags every daily subcommand shares.
type dailyFlags struct {
	fs         *flag.FlagSet
	store      *string
	salt       *string
	secretFile *string
	stderr     io.Writer
}

func newDailyFlags(name, usage string, stderr io.Writer) dailyFlags {
	fs := flag.NewFlagSet("daily "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	// The environment is read in open, not given as the flags' defaults,
	// which usage would print: the store's URL may hold a password, and
	// the salt lets anyone make the coming puzzles.
	f := dailyFlags{
		stderr:     stderr,
		fs:         fs,
		store:      fs.String("store", "", "daily store: sqlite:PATH or postgres://... (default $SUDOKU_STORE)"),
		salt:       fs.String("salt", "", "salt of generated puzzles, as sudokud's -daily-salt (default $SUDOKU_DAILY_SALT)"),
		secretFile: fs.String("daily-secret-file", "", "file of the daily secret, as sudokud's (default $SUDOKU_DAILY_SECRET_FILE); without it generated puzzles use the public derivation"),
	}
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku daily "+name+" "+usage)
		fs.PrintDefaults()
	}
	return f
}

// open opens the store and a service on it that generates in the
// calling goroutines (the service runs a schedule's generations on Cores
// of them), with the deployment's salt and daily secret; the caller must
// call the returned close. The operator holds the store itself, so the
// CLI reads ahead of the embargo (service.WithReadAhead).
func (f dailyFlags) open(ctx context.Context) (*service.Service, func(), error) {
	for _, v := range []struct {
		flag *string
		env  string
	}{{f.store, "SUDOKU_STORE"}, {f.salt, "SUDOKU_DAILY_SALT"}} {
		if *v.flag == "" {
			*v.flag = os.Getenv(v.env)
		}
	}
	if *f.store == "" || *f.store == "memory" {
		return nil, nil, errors.New("-store (or SUDOKU_STORE) must name a shared store: sqlite:PATH or postgres://...")
	}
	secret, err := readDailySecret(*f.secretFile)
	if err != nil {
		return nil, nil, err
	}
	if secret == nil && f.fs.Name() == "daily schedule" {
		fmt.Fprintln(f.stderr, "# no daily secret: puzzles generated here use the public derivation, which anyone can compute (docs/publishing.md, \"Embargo\")")
	}
	st, err := store.Open(ctx, *f.store)
	if err != nil {
		return nil, nil, err
	}
	svc := service.New(service.Config{DailySalt: *f.salt, DailySecret: secret, GenerateTimeout: time.Minute}, service.Deps{Pool: service.InlinePool{}, Store: st})
	return svc, func() { st.Close() }, nil
}

func parseDay(flagName, v string) (time.Time, error) {
	d, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return d, fmt.Errorf("-%s %q: want YYYY-MM-DD", flagName, v)
	}
	return d, nil
}

func parseLevels(v string) ([]rating.Level, error) {
	var levels []rating.Level
	for name := range strings.SplitSeq(v, ",") {
		if name = strings.TrimSpace(name); name == "" {
			continue
		}
		l, err := rating.ParseLevel(name)
		if err != nil {
			return nil, err
		}
		levels = append(levels, l)
	}
	return levels, nil
}

func runDailySchedule(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	f := newDailyFlags("schedule", "-store STORE -from DATE -to DATE [-levels L,...]", stderr)
	from := f.fs.String("from", "", "first date, YYYY-MM-DD")
	to := f.fs.String("to", "", fmt.Sprintf("last date, YYYY-MM-DD (at most %d days)", service.MaxScheduleDays))
	levelNames := f.fs.String("levels", "", "levels to schedule (default all four)")
	if err := f.fs.Parse(args); err != nil {
		return err
	}
	fd, err := parseDay("from", *from)
	if err != nil {
		return err
	}
	td, err := parseDay("to", *to)
	if err != nil {
		return err
	}
	levels, err := parseLevels(*levelNames)
	if err != nil {
		return err
	}
	svc, closeAll, err := f.open(ctx)
	if err != nil {
		return err
	}
	defer closeAll()
	entries, err := svc.Schedule(ctx, fd, td, levels)
	for _, e := range entries {
		fmt.Fprintf(stdout, "%s\t%s\t%s\n", e.Date.Format(time.DateOnly), e.Level, e.Status)
	}
	return err
}

func runDailyPut(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	f := newDailyFlags("put", "-store STORE -date DATE -level L [-force] [file]", stderr)
	date := f.fs.String("date", "", "the date, YYYY-MM-DD")
	levelName := f.fs.String("level", "", "the level")
	force := f.fs.Bool("force", false, "store the puzzle even if it rates at another level")
	if err := f.fs.Parse(args); err != nil {
		return err
	}
	d, err := parseDay("date", *date)
	if err != nil {
		return err
	}
	level, err := rating.ParseLevel(*levelName)
	if err != nil {
		return err
	}
	r, closeIn, err := openInput(f.fs.Args(), stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	text, err := io.ReadAll(io.LimitReader(r, 64<<10))
	if err != nil {
		return err
	}
	var puzzle string
	for line := range strings.SplitSeq(string(text), "\n") {
		if puzzle = firstField(line); puzzle != "" {
			break
		}
	}
	g, err := engine.Parse(puzzle)
	if err != nil {
		return fmt.Errorf("puzzle: %w", err)
	}
	svc, closeAll, err := f.open(ctx)
	if err != nil {
		return err
	}
	defer closeAll()
	rec, created, err := svc.PutDaily(ctx, d, level, g, *force)
	if err != nil {
		return err
	}
	what := "replaced"
	if created {
		what = "stored"
	}
	fmt.Fprintf(stdout, "%s\t%s\t%s\trated %s (score %.2f)\n", rec.Date.Format(time.DateOnly), rec.Level, what, rec.RatedLevel, rec.Score)
	return nil
}

// exportRecord is one line of a JSON export.
type exportRecord struct {
	Date       string  `json:"date"`
	Level      string  `json:"level"`
	Puzzle     string  `json:"puzzle"`
	Solution   string  `json:"solution"`
	Score      float64 `json:"score"`
	RatedLevel string  `json:"rated_level"`
	Hardest    string  `json:"hardest"`
	Source     string  `json:"source"`
	// Seed is the generator seed in decimal, empty (left out) for a
	// curated puzzle, which no seed makes.
	Seed     string `json:"seed,omitempty"`
	StoredAt string `json:"stored_at"`
}

func runDailyExport(ctx context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	f := newDailyFlags("export", "-store STORE [-from DATE] [-to DATE] [-level L] [-format tsv|json|pdf] [pdf flags]", stderr)
	from := f.fs.String("from", service.FirstDaily.Format(time.DateOnly), "first date")
	to := f.fs.String("to", service.LastDaily.Format(time.DateOnly), "last date")
	levelName := f.fs.String("level", "", "one level (default all)")
	format := f.fs.String("format", "tsv", "tsv (date, level, puzzle, solution, score, rated level, hardest, source, seed, stored at; with a header line), json (one object per line) or pdf (a print pack: the puzzles, then their answer keys)")
	pf := newPackFlags(f.fs)
	if err := f.fs.Parse(args); err != nil {
		return err
	}
	q := service.ArchiveQuery{Limit: service.MaxArchivePage}
	var err error
	if q.From, err = parseDay("from", *from); err != nil {
		return err
	}
	if q.To, err = parseDay("to", *to); err != nil {
		return err
	}
	if *levelName != "" {
		if q.Level, err = rating.ParseLevel(*levelName); err != nil {
			return err
		}
	}
	if *format != "tsv" && *format != "json" && *format != "pdf" {
		return fmt.Errorf("-format %q: want tsv, json or pdf", *format)
	}
	var pack printpdf.PackOptions
	if *format == "pdf" {
		if pack, err = pf.options(); err != nil {
			return err
		}
	}
	svc, closeAll, err := f.open(ctx)
	if err != nil {
		return err
	}
	defer closeAll()
	ctx = service.WithReadAhead(ctx) // the operator's export: every stored day, future ones too
	if *format == "pdf" {
		return exportPack(ctx, svc, q, pack, stdout)
	}
	enc := json.NewEncoder(stdout)
	if *format == "tsv" {
		fmt.Fprintln(stdout, "date\tlevel\tpuzzle\tsolution\tscore\trated_level\thardest\tsource\tseed\tstored_at")
	}
	return eachArchived(ctx, svc, q, func(r service.DailyRecord) error {
		e := exportRecord{Date: r.Date.Format(time.DateOnly), Level: r.Level.String(), Puzzle: r.Puzzle.String(),
			Solution: r.Solution.String(), Score: r.Score, RatedLevel: r.RatedLevel.String(), Hardest: r.Hardest,
			Source: r.Source, StoredAt: r.StoredAt.UTC().Format(time.RFC3339)}
		if r.Source != service.SourceCurated {
			e.Seed = strconv.FormatUint(r.Seed, 10)
		}
		if *format == "json" {
			return enc.Encode(e)
		}
		_, err := fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\t%g\t%s\t%s\t%s\t%s\t%s\n", e.Date, e.Level, e.Puzzle, e.Solution, e.Score,
			e.RatedLevel, e.Hardest, e.Source, e.Seed, e.StoredAt)
		return err
	})
}
