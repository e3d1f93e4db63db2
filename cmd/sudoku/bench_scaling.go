package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/cputime"
	"github.com/sudokuhq/sudoku/internal/dataset"
)

// scaleWork is one kind of work of the scaling table (sudoku bench
// -scaling): a command's work run through the command line's own
// pipeline (process), or the service's generation pool.
type scaleWork struct {
	name string
	// extra works run only when -works names them: diagnostics beside
	// the table.
	extra bool
	// run does n items on w workers, cycling over the work's first base
	// items, and returns the first error.
	run func(ctx context.Context, base, n, w int) error
}

// maxScaleItems bounds the distinct items of a work (puzzles, seeds):
// every row of a work cycles over the same first n items, n the one-worker
// row's count, so that rows compare equal work.
const maxScaleItems = 1 << 20

// scaleRow is the measurement of one work at one worker count.
type scaleRow struct {
	work        string
	workers     int
	procs       int // GOMAXPROCS during the run
	items       int
	wall        time.Duration
	user, sys   time.Duration
	gcs         uint32
	rate1, cpu1 float64 // the one-worker row's items/s and CPU s/item (0 on that row)
}

// scaleWorks returns the works of the scaling table by name, in the
// issue's order: the solver, the rater, the generator per level through
// the command line, and fresh generation through the service's pool.
func scaleWorks() ([]scaleWork, error) {
	top, err := dataset.Read(dataset.Top1465, 0)
	if err != nil {
		return nil, err
	}
	kd, err := dataset.Read(dataset.CalibKrazyDad, 0)
	if err != nil {
		return nil, err
	}
	// In a fixed shuffled order, so that the first n items, the rows'
	// items and the probe's, are a fair sample of the file (the KrazyDad
	// file lists its easy puzzles first).
	rng := rand.New(rand.NewPCG(1, 2))
	lines := func(recs []dataset.Record) []string {
		out := make([]string, len(recs))
		for i, r := range recs {
			out[i] = r.Puzzle()
		}
		rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
		return out
	}
	topLines, kdLines := lines(top), lines(kd)
	fast, err := algorithms().Parse(engine.DefaultAlgorithm)
	if err != nil {
		return nil, err
	}
	works := []scaleWork{
		{name: "solve -count (top1465)", run: func(ctx context.Context, base, n, w int) error {
			return process(ctx, cycleLines(topLines, base, n), io.Discard, procConfig{j: w}, func(p string) string {
				return solveLine(ctx, p, fast, true, false)
			})
		}},
		{name: "rate (KrazyDad)", run: func(ctx context.Context, base, n, w int) error {
			return process(ctx, cycleLines(kdLines, base, n), io.Discard, procConfig{j: w, batch: rateBatch}, func(p string) string {
				return rateLine(nil, p, false)
			})
		}},
	}
	for _, l := range rating.Levels() {
		works = append(works, scaleWork{name: "generate -level " + l.String(), run: func(ctx context.Context, base, n, w int) error {
			return process(ctx, cycleLines(seedStrings(base), base, n), io.Discard, procConfig{j: w, batch: generateBatch(n, w)}, func(s string) string {
				seed, _ := strconv.ParseUint(s, 10, 64)
				p, err := generate.Generate(ctx, generate.Options{Rater: rating.DefaultRater(), Level: l, Seed: seed})
				if err != nil {
					return "error: " + err.Error()
				}
				return generateLine(p)
			})
		}})
	}
	for _, l := range []rating.Level{rating.Medium, rating.Evil} {
		works = append(works, scaleWork{name: "pool fresh " + l.String(), run: func(ctx context.Context, _, n, w int) error {
			return poolFresh(ctx, l, n, w) // the pool draws its own seeds
		}})
	}
	// The generator on the command line's seeds without its pipeline:
	// what a row of "generate -level L" pays beyond this is process's.
	for _, l := range rating.Levels() {
		works = append(works, scaleWork{name: "direct generate -level " + l.String(), extra: true, run: func(ctx context.Context, base, n, w int) error {
			return direct(ctx, base, n, w, func(seed uint64) error {
				p, err := generate.Generate(ctx, generate.Options{Rater: rating.DefaultRater(), Level: l, Seed: seed})
				if err == nil {
					_ = generateLine(p)
				}
				return err
			})
		}})
	}
	return works, nil
}

// direct runs f on the seeds 1..base in turn, n calls in all, on w
// goroutines that take the next seed from one atomic counter: no input,
// output, batches or ordering.
func direct(ctx context.Context, base, n, w int, f func(seed uint64) error) error {
	base = max(base, 1)
	var next atomic.Int64
	errs := make(chan error, w)
	var wg sync.WaitGroup
	for range w {
		wg.Go(func() {
			for i := next.Add(1) - 1; i < int64(n); i = next.Add(1) - 1 {
				if err := f(uint64(i%int64(base)) + 1); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// poolFresh makes n fresh puzzles of level l through an generate.Pool of w
// workers, w requests at a time: the service's fresh=true path without
// HTTP.
func poolFresh(ctx context.Context, l rating.Level, n, w int) error {
	p := generate.NewPool(generate.PoolConfig{Options: generate.Options{Rater: rating.DefaultRater()}, Workers: w, BufferSize: 1, Seed: 1})
	defer p.Close()
	var left atomic.Int64
	left.Store(int64(n))
	var wg sync.WaitGroup
	errs := make(chan error, w)
	for range w {
		wg.Go(func() {
			for left.Add(-1) >= 0 {
				if _, err := p.Fresh(ctx, l); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	return <-errs
}

// seedStrings returns the seeds 1 to n in decimal, the input lines of
// sudoku generate.
func seedStrings(n int) []string {
	seeds := make([]string, n)
	for i := range seeds {
		seeds[i] = strconv.Itoa(i + 1)
	}
	return seeds
}

// cycleLines is a reader of n lines: the first base lines of lines (all
// when there are fewer), in turn.
func cycleLines(lines []string, base, n int) io.Reader {
	base = min(max(base, 1), len(lines))
	var sb strings.Builder
	for i := range n {
		sb.WriteString(lines[i%base])
		sb.WriteByte('\n')
	}
	return strings.NewReader(sb.String())
}

// defaultScaleWorkers is 1, 2, 4, ... up to the machine's cores, and the
// core count itself.
func defaultScaleWorkers() []int {
	var ws []int
	for w := 1; w < runtime.NumCPU(); w *= 2 {
		ws = append(ws, w)
	}
	return append(ws, runtime.NumCPU())
}

// scaleConfig configures runScaling (sudoku bench -scaling).
type scaleConfig struct {
	workers   []int         // worker counts of the rows
	only      string        // works to run (selected); "" for all
	items     int           // distinct items per work (0: sized by rowTime)
	rowTime   time.Duration // about the CPU time of each worker of a row
	keepProcs bool          // leave GOMAXPROCS as it is
	// procs are the worker counts at which each work also runs as that
	// many separate one-worker processes (the machine baseline, bench_procs.go).
	procs []int
	// again are the worker counts measured a second time after the
	// baseline rows ("WORK, again"), and the separate processes too where
	// a count is in procs: how much a row moves from run to run.
	again   []int
	profile string // folder for a CPU profile of each in-process row ("": none)
	exe     string // the sudoku binary the baseline starts ("": this one)
}

// runScaling prints the scaling table: each work on each worker count,
// with GOMAXPROCS set to the worker count (as if pinned to that many
// cores) unless keepProcs, then the machine baseline rows (cfg.procs),
// then the rows asked for again (cfg.again). Every row's "CPU vs 1
// worker" divides by the first one-worker row, so the repeated one-worker
// row shows how far the baseline itself moves.
//
// Before a work's rows, a discarded warm-up on one worker (at least a
// tenth of a row of CPU: caches, the scratch pools, the heap and the
// CPU's clock warm, so the one-worker row is not the only cold one) and a
// probe of the warm CPU per item size the rows: each worker of a row does
// about rowTime of CPU work, the items of every row proportional to the
// workers, cycling over the same first items. (A cold probe sized the
// rows of 1 s on the 16-core machine too short: a hard row of 231
// puzzles, 0.56 s.) With cfg.items the warm-up is a quarter of them and
// no probe runs.
func runScaling(ctx context.Context, stdout io.Writer, cfg scaleConfig) error {
	works, err := scaleWorks()
	if err != nil {
		return err
	}
	if cfg.profile != "" {
		if err := os.MkdirAll(cfg.profile, 0o755); err != nil {
			return err
		}
	}
	procs0 := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(procs0)
	gogc := debug.SetGCPercent(-1) // read it, and put it back
	debug.SetGCPercent(gogc)
	rowTime := cfg.rowTime
	fmt.Fprintf(stdout, "# %d cores (runtime.NumCPU), GOMAXPROCS %s, GOGC %d; a warm-up, then about %s of CPU per worker and row (or -items)\n", runtime.NumCPU(),
		map[bool]string{true: strconv.Itoa(procs0) + " throughout", false: "= workers"}[cfg.keepProcs], gogc, rowTime)
	fmt.Fprintln(stdout, "| work | workers | items | wall s | items/s | speed-up | CPU ms/item | CPU vs 1 worker | user s | sys s | GCs |")
	fmt.Fprintln(stdout, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
	for _, wk := range works {
		if !selected(wk, cfg.only) {
			continue
		}
		runtime.GOMAXPROCS(procsFor(1, cfg.keepProcs, procs0))
		base, err := warmUp(ctx, wk, min(cfg.items, maxScaleItems), rowTime)
		if err != nil {
			return err
		}
		var first *scaleRow
		// inProcess measures and prints the row of w workers in this process.
		inProcess := func(w int, again bool) error {
			runtime.GOMAXPROCS(procsFor(w, cfg.keepProcs, procs0))
			defer runtime.GOMAXPROCS(procs0)
			stop, err := startProfile(cfg.profile, wk.name, w, again)
			if err != nil {
				return err
			}
			row, err := measure(ctx, wk, base, base*w, w)
			if perr := stop(); err == nil {
				err = perr
			}
			if err != nil {
				return err
			}
			row.procs = runtime.GOMAXPROCS(0)
			if again {
				row.work += ", again"
			}
			if first == nil {
				first = &row
			} else {
				row.setBase(*first)
			}
			fmt.Fprintln(stdout, row.String())
			return nil
		}
		// separate measures and prints the row of n separate processes.
		separate := func(n int, again bool) error {
			row, err := measureProcs(ctx, cfg.exe, wk.name, base, n)
			if err != nil {
				return fmt.Errorf("%s on %d processes: %w", wk.name, n, err)
			}
			if again {
				row.work += ", again"
			}
			if first != nil {
				row.setBase(*first)
			}
			fmt.Fprintln(stdout, row.String())
			return nil
		}
		for _, w := range cfg.workers {
			if err := inProcess(w, false); err != nil {
				return err
			}
		}
		for _, n := range cfg.procs {
			if err := separate(n, false); err != nil {
				return err
			}
		}
		for _, w := range cfg.again {
			if err := inProcess(w, true); err != nil {
				return err
			}
			if slices.Contains(cfg.procs, w) {
				if err := separate(w, true); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// startProfile starts a CPU profile of a row into dir (nothing when dir
// is ""), and returns the function that stops it and closes the file.
func startProfile(dir, work string, w int, again bool) (stop func() error, err error) {
	if dir == "" {
		return func() error { return nil }, nil
	}
	name := strings.Join(strings.FieldsFunc(work, func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
	}), "-") + "-" + strconv.Itoa(w)
	if again {
		name += "-again"
	}
	f, err := os.Create(filepath.Join(dir, name+".pprof"))
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() error {
		pprof.StopCPUProfile()
		return f.Close()
	}, nil
}

// warmUp runs wk on one worker, discarded, and returns the items of a
// one-worker row: items when set (after a warm-up of a quarter of them),
// else as many as one worker does in rowTime of CPU, measured warm.
func warmUp(ctx context.Context, wk scaleWork, items int, rowTime time.Duration) (int, error) {
	if items > 0 {
		_, err := measure(ctx, wk, items, max(items/4, 1), 1)
		return items, err
	}
	// Doubling until a tenth of a row of CPU time (CPU, not wall: a
	// shared machine stretches wall time, not the work): the warm-up, and
	// a first estimate of the CPU per item.
	var probe scaleRow
	var err error
	for n := 4; ; n *= 2 {
		if probe, err = measure(ctx, wk, n, n, 1); err != nil {
			return 0, err
		}
		if probe.cpu() >= rowTime/10 || n >= maxScaleItems/2 {
			break
		}
	}
	// The probe, warm: a tenth of a row more.
	n := perRow(probe, rowTime/10)
	if probe, err = measure(ctx, wk, n, n, 1); err != nil {
		return 0, err
	}
	return perRow(probe, rowTime), nil
}

// perRow is the items that take d of CPU at the probe's CPU per item.
func perRow(probe scaleRow, d time.Duration) int {
	cpu := max(probe.cpu().Seconds(), 1e-6)
	return min(max(int(float64(probe.items)/cpu*d.Seconds()), 4), maxScaleItems)
}

// selected reports whether wk is among only, a comma-separated list of
// name prefixes ("generate", "pool fresh evil"); "" selects every work
// but the extra ones.
func selected(wk scaleWork, only string) bool {
	if only == "" {
		return !wk.extra
	}
	for p := range strings.SplitSeq(only, ",") {
		if strings.HasPrefix(wk.name, strings.TrimSpace(p)) {
			return true
		}
	}
	return false
}

// procsFor is GOMAXPROCS for a row of w workers.
func procsFor(w int, keep bool, procs0 int) int {
	if keep {
		return procs0
	}
	return w
}

// measure runs n items of wk on w workers after a collection, so that
// rows do not pay for each other's garbage.
func measure(ctx context.Context, wk scaleWork, base, n, w int) (scaleRow, error) {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	gc0 := ms.NumGC
	u0, s0 := cputime.Split()
	t0 := time.Now()
	err := wk.run(ctx, base, n, w)
	wall := time.Since(t0)
	u1, s1 := cputime.Split()
	runtime.ReadMemStats(&ms)
	return scaleRow{work: wk.name, workers: w, items: n, wall: wall, user: u1 - u0, sys: s1 - s0, gcs: ms.NumGC - gc0}, err
}

// cpu is the row's user plus system CPU time.
func (r scaleRow) cpu() time.Duration { return r.user + r.sys }

// setBase records the one-worker row r is compared with.
func (r *scaleRow) setBase(first scaleRow) {
	r.rate1 = float64(first.items) / first.wall.Seconds()
	r.cpu1 = first.cpu().Seconds() / float64(first.items)
}

// String formats the row as a markdown table line.
func (r scaleRow) String() string {
	rate := float64(r.items) / max(r.wall.Seconds(), 1e-9)
	cpu := (r.user + r.sys).Seconds() / float64(r.items)
	speedup, vs := "1.00×", "1.00"
	if r.rate1 > 0 {
		speedup = fmt.Sprintf("%.2f×", rate/r.rate1)
		vs = fmt.Sprintf("%.2f", cpu/r.cpu1)
	}
	return fmt.Sprintf("| %s | %d | %d | %.2f | %.0f | %s | %.3f | %s | %.2f | %.2f | %d |",
		r.work, r.workers, r.items, r.wall.Seconds(), rate, speedup, 1e3*cpu, vs, r.user.Seconds(), r.sys.Seconds(), r.gcs)
}
