package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/sudokuhq/sudoku/api"
	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/service"
)

// envPrefix prefixes the environment variable of every flag.
const envPrefix = "SUDOKU_"

// Shutdown defaults. The drain must outlast the request deadline
// (api.DefaultRequestTimeout, 15 s) so every request in flight ends by its
// own deadline; the drain delay gives load balancers a couple of probe
// periods to see /readyz fail before the listener closes.
const (
	defaultShutdownTimeout = 20 * time.Second
	defaultDrainDelay      = 2 * time.Second
)

// HTTP server defaults. Headers are a few short lines, so 5 s only
// refuses slowloris clients; a whole request is under 64 KiB, so 10 s
// allows a slow mobile link; the write budget covers the request deadline
// (api.DefaultRequestTimeout, 15 s) with room for a slow reader; two
// minutes of keep-alive spares frontends' reconnections.
const (
	defaultReadHeaderTimeout = 5 * time.Second
	defaultReadTimeout       = 10 * time.Second
	defaultWriteTimeout      = 30 * time.Second
	defaultIdleTimeout       = 2 * time.Minute
)

// defaultRateLimit is the requests per client per minute: a player makes
// a request every few seconds at most (10 a minute), and a frontend
// behind one NAT address serves dozens of players, so 600 refuses only
// scrapers and loops.
const defaultRateLimit = 600

// maxHeaderBytes bounds request headers: the API needs a few short ones.
const maxHeaderBytes = 16 << 10

// commandFlags are the flags that turn sudokud into a one-shot command
// rather than the server; no environment variable sets them, so a stray
// SUDOKU_PROBE cannot stop a container serving.
var commandFlags = map[string]bool{"version": true, "probe": true}

// config is everything sudokud can be told, from flags and SUDOKU_*
// variables.
type config struct {
	addr              string
	debugAddr         string
	readHeaderTimeout time.Duration
	readTimeout       time.Duration
	writeTimeout      time.Duration
	idleTimeout       time.Duration
	shutdownTimeout   time.Duration
	drainDelay        time.Duration
	logLevel          string
	logFormat         string
	showVersion       bool   // -version: print the build and exit
	probeURL          string // -probe: health-check mode, see probe
	api               api.Config
	service           service.Config
	pool              engine.PoolConfig
}

// parseConfig reads the configuration: flag defaults, overridden by
// SUDOKU_* variables from getenv, overridden by args.
func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("sudokud", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", ":8080", "listen address (host:port; port 0 picks a free one)")
	fs.StringVar(&c.debugAddr, "debug-addr", "", "if set, serve net/http/pprof on this separate address (keep it on loopback)")
	fs.DurationVar(&c.readHeaderTimeout, "read-header-timeout", defaultReadHeaderTimeout, "time to read a request's headers")
	fs.DurationVar(&c.readTimeout, "read-timeout", defaultReadTimeout, "time to read a whole request")
	fs.DurationVar(&c.writeTimeout, "write-timeout", defaultWriteTimeout, "time from the end of the request headers to the end of the response")
	fs.DurationVar(&c.idleTimeout, "idle-timeout", defaultIdleTimeout, "keep-alive idle time")
	fs.DurationVar(&c.shutdownTimeout, "shutdown-timeout", defaultShutdownTimeout, "time to drain in-flight requests on SIGINT/SIGTERM; must exceed -request-timeout")
	fs.DurationVar(&c.drainDelay, "drain-delay", defaultDrainDelay, "time between reporting not ready (/readyz 503) and closing the listener on SIGINT/SIGTERM")
	fs.StringVar(&c.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	fs.StringVar(&c.logFormat, "log-format", "json", "log format: json or console")
	fs.BoolVar(&c.showVersion, "version", false, "print the version, VCS revision and Go version, and exit")
	fs.StringVar(&c.probeURL, "probe", "", "health-check mode: GET this URL (a bare path: on 127.0.0.1 at the -addr port), exit 0 on a 2xx answer, else 1; a HEALTHCHECK for images with no shell")

	fs.DurationVar(&c.api.RequestTimeout, "request-timeout", api.DefaultRequestTimeout, "deadline of every request (504 past it)")
	fs.Int64Var(&c.api.MaxBodyBytes, "max-body", api.DefaultMaxBodyBytes, "largest request body in bytes (413 past it)")
	origins := fs.String("cors-origins", "*", "comma-separated browser origins allowed by CORS; * for any, empty to disable")
	fs.IntVar(&c.api.RateLimit, "rate-limit", defaultRateLimit, "requests per client per rate window (429 past it); 0 disables")
	fs.DurationVar(&c.api.RateWindow, "rate-window", api.DefaultRateWindow, "window of the per-client rate limit")
	fs.IntVar(&c.api.TrustedProxies, "trusted-proxies", 0, "number of proxies whose X-Forwarded-For names the client for the rate limit")

	fs.DurationVar(&c.service.GenerateTimeout, "generate-timeout", service.DefaultGenerateTimeout, "longest wait for a newly generated puzzle (504 past it)")
	fs.IntVar(&c.service.MaxInFlight, "max-inflight", service.DefaultMaxInFlight(), "solves, ratings and hints computed at once (default: 4 per core)")
	fs.DurationVar(&c.service.SlowSolveTimeout, "slow-solve-timeout", service.DefaultSlowSolveTimeout, "longest solve with an algorithm other than the default (422 budget-exceeded past it)")
	fs.IntVar(&c.service.MaxSlowInFlight, "max-slow-solves", service.DefaultMaxSlowInFlight(), "solves with a slow algorithm running at once, 503 past it (default: half the cores)")
	fs.DurationVar(&c.service.AdmissionWait, "admission-wait", service.DefaultAdmissionWait, "wait for a free slot before answering 503")
	fs.Float64Var(&c.service.FreshRate, "fresh-rate", service.DefaultFreshRate, "buffered puzzles per second and level handed out before variants; negative for no limit")
	fs.StringVar(&c.service.DailySalt, "daily-salt", "", "salt of the daily puzzles; replicas sharing it serve the same ones")

	fs.IntVar(&c.pool.Workers, "workers", defaultWorkers(), "generation workers: the pool's whole CPU use")
	fs.IntVar(&c.pool.BufferSize, "buffer", engine.DefaultBufferSize, "ready puzzles kept per level")
	fs.IntVar(&c.pool.MaxWaiting, "max-waiting", 0, "requests waiting for generation at once before 503 (0: 4 per worker)")

	var envErr error
	fs.VisitAll(func(f *flag.Flag) {
		if commandFlags[f.Name] {
			return
		}
		name := envPrefix + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if v := getenv(name); v != "" && envErr == nil {
			if err := fs.Set(f.Name, v); err != nil {
				envErr = fmt.Errorf("%s=%q: %w", name, v, err)
			}
		}
	})
	if envErr != nil {
		return config{}, envErr
	}
	if err := fs.Parse(args); err != nil {
		return config{}, err
	}
	if fs.NArg() > 0 {
		return config{}, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	for o := range strings.SplitSeq(*origins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			c.api.CORSOrigins = append(c.api.CORSOrigins, o)
		}
	}
	if c.api.RateLimit < 0 || c.api.MaxBodyBytes <= 0 || c.service.MaxInFlight <= 0 || c.service.MaxSlowInFlight <= 0 || c.service.SlowSolveTimeout <= 0 || c.pool.Workers <= 0 || c.pool.BufferSize <= 0 || c.pool.MaxWaiting < 0 {
		return config{}, fmt.Errorf("rate-limit and max-waiting must be >= 0; max-body, max-inflight, max-slow-solves, slow-solve-timeout, workers and buffer > 0")
	}
	if c.drainDelay < 0 {
		return config{}, fmt.Errorf("drain-delay %s must be >= 0", c.drainDelay)
	}
	if c.shutdownTimeout <= c.api.RequestTimeout {
		return config{}, fmt.Errorf("shutdown-timeout %s must exceed request-timeout %s, or requests in flight are cut off at shutdown", c.shutdownTimeout, c.api.RequestTimeout)
	}
	return c, nil
}

// defaultWorkers leaves half the cores to serving: generation is
// background work that refills buffers, and requests must not queue behind
// it.
func defaultWorkers() int {
	return max(1, service.Cores()/2)
}

// Log buffering: lines reach the output at most logFlushInterval late.
const (
	logBufferBytes   = 64 << 10
	logFlushInterval = 500 * time.Millisecond
)

// newLogger builds the zap logger writing to w through a buffer; stop
// flushes it and ends its flushing goroutine.
func newLogger(level, format string, w io.Writer) (log *zap.Logger, stop func() error, err error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, nil, fmt.Errorf("log level: %w", err)
	}
	encCfg := zap.NewProductionEncoderConfig()
	encCfg.TimeKey = "time"
	encCfg.EncodeTime = zapcore.ISO8601TimeEncoder
	encCfg.EncodeDuration = zapcore.StringDurationEncoder
	var enc zapcore.Encoder
	switch format {
	case "json":
		enc = zapcore.NewJSONEncoder(encCfg)
	case "console":
		encCfg.EncodeLevel = zapcore.CapitalLevelEncoder
		enc = zapcore.NewConsoleEncoder(encCfg)
	default:
		return nil, nil, fmt.Errorf("log format %q: want json or console", format)
	}
	// Buffered: one write per logBufferBytes or logFlushInterval instead of
	// one per line, which at thousands of requests a second is a large
	// part of a request's cost. run flushes it on exit (and after the
	// listening line).
	ws := &zapcore.BufferedWriteSyncer{WS: zapcore.AddSync(w), Size: logBufferBytes, FlushInterval: logFlushInterval}
	return zap.New(zapcore.NewCore(enc, ws, lvl), zap.ErrorOutput(ws)), ws.Stop, nil
}
