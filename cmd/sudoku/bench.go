package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/cputime"
	"github.com/sudokuhq/sudoku/internal/dataset"
)

// benchSolver is one algorithm the bench command can time: a function with
// the semantics of engine.SolveLimit.
type benchSolver struct {
	name  string
	solve func(g engine.Grid, limit int) engine.Result
}

// benchSolvers lists the solvers -solver all times, the default first: the
// two exhaustive solvers fast enough for every data set. Any other
// algorithm of the registry can be timed by name.
var benchSolvers = []benchSolver{
	{"fast", engine.SolveLimit},
	{"propagate", engine.SolvePropagate},
}

// benchDefaultFiles are the data sets timed when no file is named, easiest
// first (names in the shared data folder).
var benchDefaultFiles = []string{
	dataset.Clue17, dataset.Unbiased1000, dataset.CalibKrazyDad, dataset.Top1465,
	dataset.NorvigTop95, dataset.Hardest1106, dataset.Hardest1905, dataset.Serg,
}

// benchRow is the measurement of one solver on one file.
type benchRow struct {
	file, solver string
	puzzles      int
	cpu, wall    time.Duration // median pass
	guesses      int           // over one pass
	nodes        int
	solved       int     // puzzles with at least one solution
	tdoku        float64 // tdoku's puzzles/CPU-s on the file, from -tdoku; 0: none
}

func runBench(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	solverFlag := fs.String("solver", "fast", "solver to time: one of "+strings.Join(benchSolverNames(), ", ")+", or all (fast and propagate)")
	filesFlag := fs.String("files", "", "comma-separated data files (paths, or names in the shared data folder)")
	limit := fs.Int("limit", 0, "time at most this many puzzles of each file (0: all)")
	repeat := fs.Int("repeat", 3, "passes over each file; the median pass is reported")
	scaling := fs.Bool("scaling", false, "print the scaling table instead: solve -count, rate, generate per level and the pool's fresh generation on 1, 2, 4, ... workers (see -workers)")
	workersFlag := fs.String("workers", "", "with -scaling: comma-separated worker counts (default 1, 2, 4, ... up to the cores, and the cores)")
	worksFlag := fs.String("works", "", "with -scaling: only the works whose names start with one of these comma-separated prefixes (say \"generate\" or \"solve,pool fresh evil\")")
	items := fs.Int("items", 0, "with -scaling: the distinct items (puzzles, seeds) of each work, done once per worker (0: as many as one worker does in -row-time of CPU); fix it to compare runs")
	rowTime := fs.Duration("row-time", 3*time.Second, "with -scaling: about how much CPU time each worker of a row spends")
	keepProcs := fs.Bool("keep-procs", false, "with -scaling: leave GOMAXPROCS as it is instead of setting it to the workers of each row")
	procsFlag := fs.String("procs", "", "with -scaling: comma-separated worker counts at which each work also runs as that many separate one-worker processes at once (the machine baseline: say \"2,16\")")
	againFlag := fs.String("again", "", "with -scaling: comma-separated worker counts measured a second time after the baseline rows (rows \"WORK, again\"; with a count also in -procs, its separate-processes row too): the run-to-run variation beside the rows (say \"1,16\")")
	profile := fs.String("profile", "", "with -scaling: a folder in which to write a CPU profile (pprof) of each in-process row, WORK-WORKERS[-again].pprof")
	child := fs.String("scaling-child", "", "internal: be one process of the -procs baseline, running the named work")
	tdokuFlag := fs.String("tdoku", "", "tdoku's puzzles per CPU-second measured side by side with this run, as FILE=RATE,... (fills the vs tdoku column; no rate is built in)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku bench [-solver S] [-files F,...] [-limit N] [-repeat R] [file ...]")
		fmt.Fprintln(stderr, "       sudoku bench -scaling [-workers 1,2,...] [-works NAME] [-row-time D] [-keep-procs] [-procs 2,16] [-again 1,16] [-profile DIR]")
		fmt.Fprintln(stderr, "\nTimes the solvers on one goroutine, each solve checking for a second solution,")
		fmt.Fprintln(stderr, "and prints puzzles per CPU-second (user+sys), µs per puzzle and guesses per")
		fmt.Fprintln(stderr, "puzzle. With no file, times the benchmark sets of the shared data folder.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *child != "" {
		return runScalingChild(ctx, *child, max(*items, 1), stdin, stdout)
	}
	if *scaling {
		workers := defaultScaleWorkers()
		if *workersFlag != "" {
			var err error
			if workers, err = parseWorkers("-workers", *workersFlag); err != nil {
				return err
			}
		}
		var procs []int
		if *procsFlag != "" {
			var err error
			if procs, err = parseWorkers("-procs", *procsFlag); err != nil {
				return err
			}
		}
		var again []int
		if *againFlag != "" {
			var err error
			if again, err = parseWorkers("-again", *againFlag); err != nil {
				return err
			}
		}
		return runScaling(ctx, stdout, scaleConfig{workers: workers, only: *worksFlag, items: *items, rowTime: *rowTime, keepProcs: *keepProcs, procs: procs, again: again, profile: *profile})
	}
	solvers, err := pickBenchSolvers(*solverFlag)
	if err != nil {
		return err
	}
	tdoku, err := parseRates(*tdokuFlag)
	if err != nil {
		return err
	}
	files := fs.Args()
	if *filesFlag != "" {
		files = append(files, strings.Split(*filesFlag, ",")...)
	}
	if len(files) == 0 {
		files = benchDefaultFiles
	}
	*repeat = max(*repeat, 1)

	// One goroutine on one thread, so CPU time is the solver's.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	// which solver "fast" is on this processor, beside the table, not in it
	fmt.Fprintf(stderr, "fast: the %s solver path (engine.SolverPath)\n", engine.SolverPath())
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "file\tpuzzles\tsolver\tpuzzles/CPU-s\tµs/puzzle\tpuzzles/wall-s\tguesses/puzzle\tnodes/puzzle\tsolved\tvs tdoku\t")
	for _, f := range files {
		grids, name, err := readBenchFile(f, *limit)
		if err != nil {
			return err
		}
		for _, sv := range solvers {
			if err := ctx.Err(); err != nil {
				return err
			}
			row := timeSolver(grids, sv, *repeat)
			row.file, row.tdoku = name, tdoku[name]
			fmt.Fprintln(tw, row.String())
		}
	}
	return tw.Flush()
}

// String formats the row as a tab-separated table line.
func (r benchRow) String() string {
	n := float64(max(r.puzzles, 1))
	rate := n / max(r.cpu.Seconds(), 1e-9)
	vs := "-"
	if r.tdoku > 0 {
		vs = fmt.Sprintf("%.2f", rate/r.tdoku)
	}
	return fmt.Sprintf("%s\t%d\t%s\t%.0f\t%.2f\t%.0f\t%.2f\t%.2f\t%d\t%s\t",
		r.file, r.puzzles, r.solver, rate, float64(r.cpu.Microseconds())/n,
		n/max(r.wall.Seconds(), 1e-9), float64(r.guesses)/n, float64(r.nodes)/n, r.solved, vs)
}

// parseRates reads -tdoku: FILE=RATE pairs, comma-separated, FILE the base
// name as the table shows it.
func parseRates(s string) (map[string]float64, error) {
	rates := make(map[string]float64)
	if s == "" {
		return rates, nil
	}
	for pair := range strings.SplitSeq(s, ",") {
		name, v, ok := strings.Cut(pair, "=")
		rate, err := strconv.ParseFloat(v, 64)
		if !ok || name == "" || err != nil || rate <= 0 {
			return nil, fmt.Errorf("-tdoku: %q is not FILE=RATE with a positive rate", pair)
		}
		rates[name] = rate
	}
	return rates, nil
}

// timeSolver solves every grid repeat times with the uniqueness check and
// keeps the pass with the median CPU time.
func timeSolver(grids []engine.Grid, sv benchSolver, repeat int) benchRow {
	row := benchRow{solver: sv.name, puzzles: len(grids)}
	type pass struct{ cpu, wall time.Duration }
	passes := make([]pass, repeat)
	for k := range passes {
		guesses, nodes, solved := 0, 0, 0
		cpu0, wall0 := cputime.Process(), time.Now()
		for _, g := range grids {
			res := sv.solve(g, 2)
			guesses += res.Guesses
			nodes += res.Nodes
			if res.Count > 0 {
				solved++
			}
		}
		passes[k] = pass{cputime.Process() - cpu0, time.Since(wall0)}
		row.guesses, row.nodes, row.solved = guesses, nodes, solved
	}
	slices.SortFunc(passes, func(a, b pass) int { return int(a.cpu - b.cpu) })
	row.cpu, row.wall = passes[repeat/2].cpu, passes[repeat/2].wall
	return row
}

// readBenchFile parses the puzzles of a file given as a path or as a name in
// the shared data folder; lines that are no puzzle are skipped. It returns
// the grids and the file's base name.
func readBenchFile(f string, limit int) ([]engine.Grid, string, error) {
	path := f
	if _, err := os.Stat(path); err != nil {
		p, derr := dataset.Path(f)
		if derr != nil {
			return nil, "", fmt.Errorf("bench: %w", errors.Join(err, derr))
		}
		path = p
	}
	in, err := os.Open(path)
	if err != nil {
		return nil, "", err
	}
	defer in.Close()
	var grids []engine.Grid
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	for sc.Scan() && (limit <= 0 || len(grids) < limit) {
		if p := firstField(sc.Text()); p != "" {
			if g, err := engine.Parse(p); err == nil {
				grids = append(grids, g)
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, "", fmt.Errorf("bench: reading %s: %w", path, err)
	}
	return grids, filepath.Base(path), nil
}

func pickBenchSolvers(name string) ([]benchSolver, error) {
	if name == "all" {
		return benchSolvers, nil
	}
	for _, sv := range benchSolvers {
		if sv.name == name {
			return []benchSolver{sv}, nil
		}
	}
	if a, ok := algorithms().Lookup(name); ok {
		// The run's error (a work budget ran out) shows as unsolved puzzles.
		return []benchSolver{{a.Name, func(g engine.Grid, limit int) engine.Result {
			res, _ := a.Solve(context.Background(), g, limit)
			return res
		}}}, nil
	}
	return nil, fmt.Errorf("bench: unknown solver %q (have %s, all)", name, strings.Join(benchSolverNames(), ", "))
}

// benchSolverNames lists every name -solver accepts besides all.
func benchSolverNames() []string {
	var names []string
	for _, sv := range benchSolvers {
		names = append(names, sv.name)
	}
	for _, a := range algorithms().All() {
		if !slices.Contains(names, a.Name) {
			names = append(names, a.Name)
		}
	}
	return names
}

// parseWorkers parses a comma-separated list of worker counts (flag name
// for the error).
func parseWorkers(name, list string) ([]int, error) {
	var ws []int
	for f := range strings.SplitSeq(list, ",") {
		w, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || w < 1 {
			return nil, fmt.Errorf("%s: %q is not a worker count", name, f)
		}
		ws = append(ws, w)
	}
	return ws, nil
}
