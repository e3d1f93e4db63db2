// Command sudokuload is a bounded load generator for sudokud: it starts the
// service binary on a free loopback port (or targets one already running on
// loopback), drives each scenario with a fixed number of concurrent
// keep-alive connections for a bounded time and request count, and prints
// one Markdown table: requests/s, p50/p99/max latency, errors, and the
// ratio to the /healthz ceiling measured in the same run.
//
// Usage:
//
//	go build -o /tmp/sudokud ./cmd/sudokud
//	go run ./cmd/sudokuload -server /tmp/sudokud -c 64 -d 5s [-wrk] [-rounds 3]
//	go run ./cmd/sudokuload -server /tmp/sudokud -c 32 -soak 60s
//
// With -wrk the load comes from wrk (Debian's package), which spends far
// less CPU per request than Go's client and so leaves more of the shared
// cores to the server; otherwise from Go's HTTP client. "load CPU/req" is
// the CPU the load generator spent per request (wrk's, or this process's),
// "server CPU/req" the server's, both taken from the same cores. The pool
// columns come from the server's /metrics: puzzles generated per second
// during the scenario and the share of one worker's time spent generating.
// "engine time/req" is the solver's or rater's own time per /solve or
// /rate (the service's duration histograms), and "engine share" that time
// over the server's CPU per request: what the engine costs the service.
//
// With -soak it runs one soak instead (soak.go): a minute of mixed traffic
// with expensive and bad requests beside floods of idle and slow
// connections, reporting answers by request, latency by group, the
// server's goroutines before and after and its peak RSS.
//
// It only ever connects to loopback addresses (127.0.0.0/8, ::1): it is a
// benchmark, not a tool to load other hosts.
package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sudokuhq/sudoku/internal/cputime"
	"github.com/sudokuhq/sudoku/internal/dataset"
)

// Bounds of one scenario, whatever the flags say: a benchmark here shares
// two cores with other work and must end by itself.
const (
	maxDuration = time.Minute
	maxRequests = 2_000_000
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "sudokuload:", err)
		}
		os.Exit(1)
	}
}

// scenario is one kind of request, sent over and over.
type scenario struct {
	name string
	// conns overrides -c (fresh generation runs at the pool's pace).
	conns int
	// next builds the i-th request (Go driver).
	next func(base string, i int) (*http.Request, error)
	// wrk describes the same requests to wrk.
	wrk wrkScenario
	// engine marks the scenarios timed by the engine histograms (solve,
	// rate); others report no engine time, whatever requests of an earlier
	// scenario were still finishing.
	engine bool
}

// result is what one scenario measured.
type result struct {
	name          string
	conns         int
	requests      int
	errors        int
	elapsed       time.Duration
	p50, p99, max time.Duration
	firstErr      string
	// ratio is req/s over the healthz req/s of the same round.
	ratio float64
	// generated and genSeconds are the pool's puzzles made and worker
	// seconds spent during the scenario, from /metrics.
	generated  float64
	genSeconds float64
	// engineMean is the mean solve or rate time inside the engine;
	// cpuPerReq the server's CPU time per request (with -server);
	// loadCPU the load generator's CPU time over the scenario (wrk's, or
	// this process's with the Go client), which it takes from the same
	// cores.
	engineMean time.Duration
	cpuPerReq  time.Duration
	loadCPU    time.Duration
}

func (r result) rps() float64 { return float64(r.requests) / r.elapsed.Seconds() }

// quantile returns the q-quantile of sorted latencies.
func quantile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, int(q*float64(len(sorted))))]
}

// config is the parsed command line.
type config struct {
	server, target    string // a sudokud binary to start, or a running one's base URL
	admin             string // the running one's admin listener (its /metrics)
	conns, freshConns int
	dur, warm         time.Duration
	maxN, rounds      int
	only              []string // scenarios to run; all when empty
	puzzles           string   // data file for /solve and /rate
	serverArgs, env   []string // extra flags and environment of a started server
	useWrk            bool
	soak              time.Duration // run the soak instead of the scenarios
	floods            soakFloods    // beside the soak
}

// parseFlags reads the command line and checks its bounds.
func parseFlags(args []string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("sudokuload", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.server, "server", "", "sudokud binary to start on 127.0.0.1 with -rate-limit 0 (else use -url)")
	fs.StringVar(&c.target, "url", "", "base URL of a running sudokud on loopback, e.g. http://127.0.0.1:8080")
	fs.StringVar(&c.admin, "admin-url", "", "base URL of the -url server's admin listener, for its /metrics (default: -url's host at port 8081)")
	fs.IntVar(&c.conns, "c", 64, "concurrent connections")
	fs.DurationVar(&c.dur, "d", 5*time.Second, "duration of each scenario (at most 1m)")
	fs.IntVar(&c.maxN, "n", 500_000, "most requests of each scenario")
	fs.DurationVar(&c.warm, "warmup", time.Second, "unmeasured warm-up of each scenario")
	only := fs.String("scenarios", "", "comma-separated scenarios to run (default all)")
	fs.StringVar(&c.puzzles, "puzzles", dataset.Top1465, "puzzle file of the shared data for /solve and /rate")
	fs.IntVar(&c.freshConns, "fresh-c", 4, "connections for the fresh=true scenarios")
	fs.IntVar(&c.rounds, "rounds", 1, "rounds: every scenario runs once per round, interleaved; the median round by req/s is reported")
	serverArgs := fs.String("server-args", "", "extra flags for the started server, space-separated (e.g. \"-fresh-rate -1\")")
	serverEnv := fs.String("server-env", "", "extra environment of the started server, space-separated NAME=value (e.g. \"GOMAXPROCS=8\")")
	fs.BoolVar(&c.useWrk, "wrk", false, "drive the load with wrk (Debian package) instead of the Go client")
	fs.DurationVar(&c.soak, "soak", 0, "instead of the scenarios, run the soak for this long (at most 1m): mixed traffic from -c clients, with expensive and bad requests, beside idle and slow-client floods")
	fs.IntVar(&c.floods.idle, "soak-idle", 150, "idle keep-alive connections the soak holds")
	fs.IntVar(&c.floods.slowHeader, "soak-slow-headers", 50, "connections the soak holds sending headers a byte every 0.5 s")
	fs.IntVar(&c.floods.slowBody, "soak-slow-bodies", 50, "connections the soak holds sending a body a byte every 0.5 s")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if c.dur > maxDuration || c.dur <= 0 || c.maxN <= 0 || c.maxN > maxRequests || c.conns <= 0 || c.rounds < 1 || c.rounds > 9 {
		return c, fmt.Errorf("-d must be in (0, %s], -n in (0, %d], -c > 0, -rounds in 1..9", maxDuration, maxRequests)
	}
	if c.soak > maxDuration || c.soak < 0 || c.floods.idle < 0 || c.floods.slowHeader < 0 || c.floods.slowBody < 0 {
		return c, fmt.Errorf("-soak must be in [0, %s], the flood sizes >= 0", maxDuration)
	}
	c.env = strings.Fields(*serverEnv)
	for _, kv := range c.env {
		if k, _, ok := strings.Cut(kv, "="); !ok || k == "" {
			return c, fmt.Errorf("-server-env: %q is not NAME=value", kv)
		}
	}
	c.serverArgs = strings.Fields(*serverArgs)
	if *only != "" {
		c.only = strings.Split(*only, ",")
	}
	return c, nil
}

// run parses the flags, reaches a ready server (started here or given by
// -url), runs the rounds and prints the table of median results.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	cfg, err := parseFlags(args, stderr)
	if err != nil {
		return err
	}
	list, err := dataset.Puzzles(cfg.puzzles, 0)
	if err != nil {
		return fmt.Errorf("puzzles: %w", err)
	}
	base, admin, pid, stop, err := reachServer(ctx, cfg, stderr)
	if err != nil {
		return err
	}
	defer stop()
	if cfg.soak > 0 {
		mix := soakMix(list)
		load0 := loadAvg()
		r := soak(ctx, base, admin, pid, mix, cfg.floods, cfg.conns, cfg.soak)
		fmt.Fprintf(stdout, "Load average %s before, %s after; %d cores.\n\n", load0, loadAvg(), runtime.NumCPU())
		printSoak(stdout, r, mix, cfg.floods, cfg.conns)
		return ctx.Err()
	}
	scenarios := allScenarios(list, cfg.freshConns)
	if len(cfg.only) > 0 {
		scenarios = slices.DeleteFunc(scenarios, func(s scenario) bool { return !slices.Contains(cfg.only, s.name) })
	}
	m := &meter{cfg: cfg, base: base, admin: admin, pid: pid,
		client: &http.Client{
			Transport: &http.Transport{MaxIdleConns: 1024, MaxIdleConnsPerHost: 1024, IdleConnTimeout: time.Minute},
			Timeout:   30 * time.Second,
		}}
	load0, procs := loadAvg(), scrape(admin).gomaxprocs
	perScenario, err := runRounds(ctx, m, scenarios, stderr)
	if err != nil {
		return err
	}
	driver := "Go client"
	if cfg.useWrk {
		driver = "wrk"
	}
	fmt.Fprintf(stdout, "Load by %s, %d s per scenario, median of %d interleaved rounds; server GOMAXPROCS %g, %d cores available to sudokuload; load average %s before, %s after.\n\n",
		driver, int(cfg.dur.Seconds()), cfg.rounds, procs, runtime.NumCPU(), load0, loadAvg())
	printTable(stdout, medians(perScenario))
	if pid != 0 {
		if hwm, err := peakRSS(pid); err == nil {
			fmt.Fprintf(stdout, "\nServer peak RSS (VmHWM): %.1f MB\n", float64(hwm)/1e6)
		}
	}
	return nil
}

// reachServer starts the -server binary, or takes -url, checks that it is
// on loopback and waits until it is ready. admin is the base URL of its
// admin listener (/metrics); pid is the started server's (0 for -url);
// stop ends it.
func reachServer(ctx context.Context, cfg config, stderr io.Writer) (base, admin string, pid int, stop func(), err error) {
	base, admin, stop = cfg.target, cfg.admin, func() {}
	if admin == "" && base != "" {
		if u, err := url.Parse(base); err == nil {
			admin = "http://" + net.JoinHostPort(u.Hostname(), "8081")
		}
	}
	if cfg.server != "" {
		var proc *exec.Cmd
		if base, admin, proc, err = startServer(ctx, cfg.server, cfg.serverArgs, cfg.env, stderr); err != nil {
			return "", "", 0, nil, err
		}
		pid = proc.Process.Pid
		stop = func() { _ = proc.Process.Signal(syscall.SIGTERM); _ = proc.Wait() }
	}
	if err = checkLoopback(base); err == nil {
		err = waitReady(ctx, base)
	}
	if err != nil {
		stop()
		return "", "", 0, nil, err
	}
	return base, admin, pid, stop, nil
}

// meter runs one scenario and measures it, with the server's counters and
// CPU time read before and after.
type meter struct {
	cfg    config
	base   string
	admin  string // the admin listener's base URL (/metrics)
	pid    int    // the started server, or 0
	client *http.Client
}

// measure runs s with c connections for d.
func (m *meter) measure(ctx context.Context, s scenario, c int, d time.Duration) (result, error) {
	m0, cpu0 := scrape(m.admin), cpuTime(m.pid)
	var r result
	var err error
	if m.cfg.useWrk {
		r, err = runWrk(ctx, m.base, s.name, s.wrk, c, d)
	} else {
		own := cputime.Process()
		r = drive(ctx, m.client, m.base, s, c, d, m.cfg.maxN)
		r.loadCPU = cputime.Process() - own
	}
	m1, cpu1 := scrape(m.admin), cpuTime(m.pid)
	r.generated, r.genSeconds = m1.genCount-m0.genCount, m1.genSeconds-m0.genSeconds
	if n := m1.engineCount - m0.engineCount; n > 0 && s.engine {
		r.engineMean = time.Duration(float64(time.Second) * (m1.engineSecs - m0.engineSecs) / n)
	}
	if m.pid != 0 && r.requests > 0 {
		r.cpuPerReq = (cpu1 - cpu0) / time.Duration(r.requests)
	}
	return r, err
}

// runRounds runs every scenario once per round, interleaved (a warm-up of
// each first), and returns each scenario's results, one per round, with
// the ratio to the same round's /healthz.
func runRounds(ctx context.Context, m *meter, scenarios []scenario, stderr io.Writer) ([][]result, error) {
	perScenario := make([][]result, len(scenarios))
	for round := range m.cfg.rounds {
		ceiling := 0.0
		for i, s := range scenarios {
			c := m.cfg.conns
			if s.conns > 0 {
				c = s.conns
			}
			if m.cfg.warm > 0 && round == 0 {
				if _, err := m.measure(ctx, s, c, m.cfg.warm); err != nil {
					return nil, err
				}
			}
			r, err := m.measure(ctx, s, c, m.cfg.dur)
			if err != nil {
				return nil, err
			}
			if s.name == "healthz" {
				ceiling = r.rps()
			}
			if ceiling > 0 {
				r.ratio = r.rps() / ceiling
			}
			perScenario[i] = append(perScenario[i], r)
			fmt.Fprintf(stderr, "round %d %-22s %8.0f req/s  p50 %-10s p99 %-10s errors %d %s\n", round+1, r.name, r.rps(), r.p50, r.p99, r.errors, r.firstErr)
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
		}
	}
	return perScenario, nil
}

// medians returns, per scenario, its median round by req/s, with the median
// of the rounds' ratios to /healthz (each against its own round's).
func medians(perScenario [][]result) []result {
	var results []result
	for _, rs := range perScenario {
		ratios := make([]float64, len(rs))
		for i, r := range rs {
			ratios[i] = r.ratio
		}
		slices.Sort(ratios)
		slices.SortFunc(rs, func(a, b result) int { return cmp.Compare(a.rps(), b.rps()) })
		med := rs[len(rs)/2]
		med.ratio = ratios[len(ratios)/2]
		results = append(results, med)
	}
	return results
}

// allScenarios lists the scenarios in the order they run: the framework
// ceiling first, then each endpoint.
func allScenarios(puzzles []string, freshConns int) []scenario {
	post := func(path string, body func(i int) string) func(string, int) (*http.Request, error) {
		return func(base string, i int) (*http.Request, error) {
			req, err := http.NewRequest(http.MethodPost, base+path, strings.NewReader(body(i)))
			if err == nil {
				req.Header.Set("Content-Type", "application/json")
			}
			return req, err
		}
	}
	get := func(path string) func(string, int) (*http.Request, error) {
		return func(base string, _ int) (*http.Request, error) {
			return http.NewRequest(http.MethodGet, base+path, nil)
		}
	}
	puzzleBody := func(i int) string { return `{"puzzle":"` + puzzles[i%len(puzzles)] + `"}` }
	bodies := make([]string, len(puzzles))
	for i := range puzzles {
		bodies[i] = puzzleBody(i)
	}
	s := []scenario{
		{name: "healthz", next: get("/healthz"), wrk: wrkScenario{method: "GET", path: "/healthz"}},
		{name: "solve", next: post("/solve", puzzleBody), wrk: wrkScenario{method: "POST", path: "/solve", bodies: bodies}, engine: true},
		{name: "rate", next: post("/rate", puzzleBody), wrk: wrkScenario{method: "POST", path: "/rate", bodies: bodies}, engine: true},
	}
	for _, l := range []string{"easy", "medium", "hard", "evil"} {
		path := "/generate?level=" + l
		s = append(s, scenario{name: "generate-" + l, next: get(path), wrk: wrkScenario{method: "GET", path: path}})
	}
	for _, l := range []string{"easy", "medium", "hard", "evil"} {
		path := "/generate?fresh=true&level=" + l
		s = append(s, scenario{name: "generate-fresh-" + l, conns: freshConns, next: get(path), wrk: wrkScenario{method: "GET", path: path}})
	}
	return s
}

// drive runs scenario s with c workers until d passes or n requests are
// sent, and measures every request's latency.
func drive(ctx context.Context, client *http.Client, base string, s scenario, c int, d time.Duration, n int) result {
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var (
		mu       sync.Mutex
		res      = result{name: s.name, conns: c}
		sent     int
		wg       sync.WaitGroup
		perConn  = make([][]time.Duration, c)
		errCount = make([]int, c)
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if sent >= n || ctx.Err() != nil {
			return 0, false
		}
		sent++
		return sent - 1, true
	}
	start := time.Now()
	for w := range c {
		wg.Go(func() {
			for {
				i, ok := take()
				if !ok {
					return
				}
				req, err := s.next(base, i)
				if err != nil {
					errCount[w]++
					continue
				}
				t0 := time.Now()
				resp, err := client.Do(req.WithContext(context.WithoutCancel(ctx)))
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if err == nil && resp.StatusCode != http.StatusOK {
						err = fmt.Errorf("status %d", resp.StatusCode)
					}
				}
				perConn[w] = append(perConn[w], time.Since(t0))
				if err != nil {
					errCount[w]++
					mu.Lock()
					if res.firstErr == "" {
						res.firstErr = err.Error()
					}
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	var latencies []time.Duration
	for w := range c {
		latencies = append(latencies, perConn[w]...)
		res.errors += errCount[w]
	}
	slices.Sort(latencies)
	res.requests = len(latencies)
	res.p50, res.p99, res.max = quantile(latencies, .5), quantile(latencies, .99), quantile(latencies, 1)
	return res
}

func printTable(w io.Writer, results []result) {
	fmt.Fprintln(w, "| scenario | conns | requests | req/s | vs /healthz (same round) | p50 | p99 | max | errors | server CPU/req | load CPU/req | engine time/req | pool puzzles/s | pool busy | engine share |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
	for _, r := range results {
		ratio := "-"
		if r.ratio > 0 {
			ratio = fmt.Sprintf("%.0f%%", 100*r.ratio)
		}
		secs := r.elapsed.Seconds()
		var loadPerReq time.Duration
		if r.requests > 0 {
			loadPerReq = r.loadCPU / time.Duration(r.requests)
		}
		fmt.Fprintf(w, "| %s | %d | %d | %.0f | %s | %s | %s | %s | %d | %s | %s | %s | %.0f | %.0f%% | %s |\n", r.name, r.conns, r.requests, r.rps(), ratio,
			round(r.p50), round(r.p99), round(r.max), r.errors, orDash(r.cpuPerReq), orDash(loadPerReq), orDash(r.engineMean), r.generated/secs, 100*r.genSeconds/secs,
			engineShare(r.engineMean, r.cpuPerReq))
	}
}

// engineShare is the engine's time per request over the server's CPU per
// request, as a percentage ("-" when either was not measured): how much
// of what the server spends on a /solve or /rate is the solver or rater
// itself, the rest being HTTP, JSON, middleware, logs and metrics. The
// engine time is wall-clock inside the engine, the same as its CPU time
// while the server's threads are not descheduled (pin the server).
func engineShare(engine, cpu time.Duration) string {
	if engine <= 0 || cpu <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(engine)/float64(cpu))
}

// orDash formats a measured duration, or "-" for none (0: not measured,
// like the server's CPU when the server was not started by sudokuload).
func orDash(d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	return round(d).String()
}

func round(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(10 * time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	case d >= 100*time.Microsecond:
		return d.Round(time.Microsecond)
	}
	return d.Round(100 * time.Nanosecond)
}

// startServer starts the sudokud binary on a free loopback port with rate
// limiting off, extra flags and env added to the environment, and returns
// its base URL and its admin listener's once it logs its address.
func startServer(ctx context.Context, bin string, extra, env []string, stderr io.Writer) (base, admin string, _ *exec.Cmd, _ error) {
	cmd := exec.Command(bin, append([]string{"-addr", "127.0.0.1:0", "-admin-addr", "127.0.0.1:0", "-rate-limit", "0"}, extra...)...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return "", "", nil, err
	}
	if err := cmd.Start(); err != nil {
		return "", "", nil, fmt.Errorf("start %s: %w", bin, err)
	}
	addr, adminAddr := make(chan string, 1), make(chan string, 1)
	go func() { // ends when the server exits and closes its stdout
		sc := bufio.NewScanner(out)
		sent := false
		for sc.Scan() {
			var e struct{ Msg, Addr string }
			if !sent && json.Unmarshal(sc.Bytes(), &e) == nil && e.Msg == "listening" {
				addr <- e.Addr
				sent = true
			}
			if e.Msg == "admin listening" {
				adminAddr <- e.Addr // logged once, before "listening"
			}
		}
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case a := <-addr:
		select {
		case admin = <-adminAddr:
			admin = "http://" + admin
		default:
		}
		return "http://" + a, admin, cmd, nil
	case <-time.After(30 * time.Second):
	case <-ctx.Done():
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()
	return "", "", nil, errors.New("server did not log its address within 30 s")
}

// checkLoopback refuses any target that is not a loopback address.
func checkLoopback(base string) error {
	u, err := url.Parse(base)
	if err != nil || u.Host == "" {
		return fmt.Errorf("bad URL %q", base)
	}
	host := u.Hostname()
	ips, err := net.LookupIP(host)
	if err != nil {
		return fmt.Errorf("resolve %s: %w", host, err)
	}
	for _, ip := range ips {
		if !ip.IsLoopback() {
			return fmt.Errorf("%s is not a loopback address: sudokuload only targets this machine", host)
		}
	}
	return nil
}

// waitReady polls /readyz until the pool is warm (at most a minute).
func waitReady(ctx context.Context, base string) error {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		resp, err := http.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
	return errors.New("server not ready within a minute")
}

// cpuTime returns the user+system CPU time of a process so far, from
// /proc/<pid>/stat (fields 14 and 15, in clock ticks of 1/100 s).
func cpuTime(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:]) // fields from 3 on
	if len(f) < 13 {
		return 0
	}
	ut, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(ut+st) * 10 * time.Millisecond
}

// loadAvg returns the 1-minute load average: the machine is shared, and a
// benchmark's numbers mean little without it.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) == 0 {
		return "?"
	}
	return f[0]
}

// peakRSS reads the peak resident set size of a process, in bytes.
func peakRSS(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb int64
			_, err := fmt.Sscanf(strings.TrimSpace(v), "%d kB", &kb)
			return kb * 1024, err
		}
	}
	return 0, errors.New("no VmHWM")
}
