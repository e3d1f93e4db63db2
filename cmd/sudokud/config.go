package main

import (
	"flag"
	"fmt"
	"io"
	"net/netip"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/sudokuhq/sudoku/api"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/service"
)

// envPrefix prefixes the environment variable of every flag.
const envPrefix = "SUDOKU_"

// envAliases names a flag's variable by a second name, read when the
// first is unset: SUDOKU_API_KEYS_FILE says what -api-keys holds.
var envAliases = map[string]string{"SUDOKU_API_KEYS": "SUDOKU_API_KEYS_FILE"}

// Shutdown defaults. The drain must outlast every connection's write
// deadline (defaultWriteTimeout), so that every request in flight is
// answered, or its stuck writer cut, before the drain ends; the drain
// delay gives load balancers a couple of probe periods to see /readyz
// fail before the listener closes. A stop takes at most drain delay +
// the listener's stop (api.Listener.Stop, 2 s) + keepAliveGrace +
// shutdown timeout + cancelGrace (26 s): an
// orchestrator's grace period must be longer (deploy/kubernetes/base/deployment.yaml).
const (
	defaultShutdownTimeout = 20 * time.Second
	defaultDrainDelay      = 2 * time.Second
)

// HTTP server defaults, ordered so that a connection's whole life in a
// drain is bounded: headers (5 s) within the request read (10 s) within
// the write deadline (18 s, counted like the read from the request's
// start), which covers the request deadline (api.DefaultRequestTimeout,
// 15 s) with room to write the answer and ends before the drain
// (defaultShutdownTimeout, 20 s). Headers are a few short lines, so 5 s
// only refuses slowloris clients; a whole request is under 64 KiB, so
// 10 s allows a slow mobile link. An idle keep-alive connection holds one
// of the maxConns slots, so it is closed after 30 s: long enough to spare
// a player's next call the handshake, short enough that idle clients
// cannot keep the slots.
const (
	defaultReadHeaderTimeout = 5 * time.Second
	defaultReadTimeout       = 10 * time.Second
	defaultWriteTimeout      = 18 * time.Second
	defaultIdleTimeout       = 30 * time.Second
)

// defaultRateLimit is the requests per client per minute: a player makes
// a request every few seconds at most (10 a minute), and a frontend
// behind one NAT address serves dozens of players, so 600 refuses only
// scrapers and loops.
const defaultRateLimit = 600

// maxHeaderBytes bounds a request's header block (request line and
// headers): the API needs a few short ones. net/http reads
// netHTTPHeaderSlack bytes past http.Server.MaxHeaderBytes before it
// refuses (its bufio slop), so the servers are given serverMaxHeaderBytes
// to refuse past maxHeaderBytes, the 16 KiB the docs state
// (TestRunHeaderLimitIs16KiB).
const (
	maxHeaderBytes       = 16 << 10
	netHTTPHeaderSlack   = 4096
	serverMaxHeaderBytes = maxHeaderBytes - netHTTPHeaderSlack
)

// defaultMaxConns caps the open connections so that they fit the memory
// budget (defaultMemoryLimit, 80 MiB) whatever clients do: an idle
// connection costs about 20 KB, and one whose body is being read up to
// -max-body (64 KiB) more; with the collector's headroom the flood test
// (TestFloodsStayInMemoryBudget) measures about 125 KB of RSS per
// connection held by a slow body, so 384 of them peak near 60 MiB with the
// ~11 MiB the process takes at rest. Clients beyond the cap wait in the
// kernel's accept queue. docs/service.md, "Connections".
const defaultMaxConns = 384

// defaultAdminAddr is the admin listener's address: beside the API's
// :8080, on every interface so that the kubelet and Prometheus reach it
// from outside the pod; the NetworkPolicy and Service keep it inside the
// cluster (docs/operations.md).
const defaultAdminAddr = ":8081"

// commandFlags are the flags that turn sudokud into a one-shot command
// rather than the server; no environment variable sets them, so a stray
// SUDOKU_PROBE cannot stop a container serving.
var commandFlags = map[string]bool{"version": true, "probe": true}

// config is everything sudokud can be told, from flags and SUDOKU_*
// variables.
type config struct {
	addr               string
	adminAddr          string
	adminMaxConns      int
	debugAddr          string
	readHeaderTimeout  time.Duration
	readTimeout        time.Duration
	writeTimeout       time.Duration
	idleTimeout        time.Duration
	maxConns           int
	shutdownTimeout    time.Duration
	drainDelay         time.Duration
	logLevel           string
	logFormat          string
	store              string
	storeCheckInterval time.Duration
	apiKeys            string
	receiptSecret      string // -receipt-secret, decoded by loadReceiptSecret
	receiptFile        string // -receipt-secret-file
	dailySecretFile    string // -daily-secret-file, read by loadDailySecret
	model              string // -model, read by loadModel
	keyPoll            time.Duration
	showVersion        bool   // -version: print the build and exit
	probeURL           string // -probe: health-check mode, see probe
	api                api.Config
	service            service.Config
	pool               generate.PoolConfig
}

// parseConfig reads the configuration: flag defaults, overridden by
// SUDOKU_* variables from getenv, overridden by args.
func parseConfig(args []string, getenv func(string) string, stderr io.Writer) (config, error) {
	var c config
	fs := flag.NewFlagSet("sudokud", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.addr, "addr", ":8080", "listen address (host:port; port 0 picks a free one)")
	fs.StringVar(&c.adminAddr, "admin-addr", defaultAdminAddr, "listen address of the admin listener: /healthz, /readyz and /metrics, apart from the API's connection cap (empty: none, and /metrics is not served)")
	fs.IntVar(&c.adminMaxConns, "admin-max-conns", api.DefaultAdminMaxConns, "open connections at once on the admin listener")
	fs.StringVar(&c.debugAddr, "debug-addr", "", "if set, serve net/http/pprof on this separate address (keep it on loopback)")
	fs.DurationVar(&c.readHeaderTimeout, "read-header-timeout", defaultReadHeaderTimeout, "time to read a request's headers")
	fs.DurationVar(&c.readTimeout, "read-timeout", defaultReadTimeout, "time to read a whole request")
	fs.DurationVar(&c.writeTimeout, "write-timeout", defaultWriteTimeout, "time from the start of a request to the end of its response; must exceed -request-timeout and stay below -shutdown-timeout")
	fs.DurationVar(&c.idleTimeout, "idle-timeout", defaultIdleTimeout, "keep-alive idle time")
	fs.IntVar(&c.maxConns, "max-conns", defaultMaxConns, "open connections at once; more wait in the kernel's accept queue (size it to the memory limit: about 20 KB each, plus -max-body while a body is read)")
	fs.DurationVar(&c.shutdownTimeout, "shutdown-timeout", defaultShutdownTimeout, "time to drain in-flight requests on SIGINT/SIGTERM; must exceed -write-timeout")
	fs.DurationVar(&c.drainDelay, "drain-delay", defaultDrainDelay, "time between reporting not ready (/readyz 503) and closing the listener on SIGINT/SIGTERM")
	fs.StringVar(&c.logLevel, "log-level", "info", "log level: debug, info, warn, error")
	fs.StringVar(&c.logFormat, "log-format", "json", "log format: json or console")
	fs.BoolVar(&c.showVersion, "version", false, "print the version, VCS revision and Go version, and exit")
	fs.StringVar(&c.probeURL, "probe", "", "health-check mode: GET this URL (a bare path: on 127.0.0.1 at the -admin-addr port, or -addr's without one), exit 0 on a 2xx answer, else 1; a HEALTHCHECK for images with no shell")

	fs.DurationVar(&c.api.RequestTimeout, "request-timeout", api.DefaultRequestTimeout, "deadline of every request (504 past it)")
	fs.Int64Var(&c.api.MaxBodyBytes, "max-body", api.DefaultMaxBodyBytes, "largest request body in bytes (413 past it)")
	origins := fs.String("cors-origins", "*", "comma-separated browser origins allowed by CORS; * for any, empty to disable")
	fs.IntVar(&c.api.RateLimit, "rate-limit", defaultRateLimit, "requests per client per rate window (429 past it); 0 disables")
	fs.DurationVar(&c.api.RateWindow, "rate-window", api.DefaultRateWindow, "window of the per-client rate limit")
	fs.StringVar(&c.apiKeys, "api-keys", "", "file of API keys (name, scopes, rate, sha256 per line; see docs/publishing.md), reloaded on change and on SIGHUP; empty: every client is anonymous")
	fs.DurationVar(&c.keyPoll, "api-keys-poll", keyPollInterval, "how often the API key file is checked for changes")
	fs.IntVar(&c.api.AnonymousBatch, "anonymous-batch", api.DefaultAnonymousBatch, "largest fresh or seeded batch without scope generate:bulk")
	proxies := fs.String("trusted-proxies", "", "comma-separated addresses or CIDRs of the proxies whose X-Forwarded-For names the client for the rate limit (empty or 0: the peer address; a number is the deprecated hop count)")

	fs.DurationVar(&c.service.GenerateTimeout, "generate-timeout", service.DefaultGenerateTimeout, "longest wait for a newly generated puzzle (504 past it)")
	fs.IntVar(&c.service.MaxInFlight, "max-inflight", service.DefaultMaxInFlight(), "solves, ratings and hints computed at once (default: 4 per core)")
	fs.DurationVar(&c.service.SlowSolveTimeout, "slow-solve-timeout", service.DefaultSlowSolveTimeout, "longest solve with an algorithm other than the default (422 budget-exceeded past it)")
	fs.IntVar(&c.service.MaxSlowInFlight, "max-slow-solves", service.DefaultMaxSlowInFlight(), "solves with a slow algorithm running at once, 503 past it (default: half the cores)")
	fs.DurationVar(&c.service.AdmissionWait, "admission-wait", service.DefaultAdmissionWait, "wait for a free slot before answering 503")
	fs.Float64Var(&c.service.FreshRate, "fresh-rate", service.DefaultFreshRate, "buffered puzzles per second and level handed out before variants; negative for no limit")
	fs.StringVar(&c.service.DailySalt, "daily-salt", "", "salt of the daily puzzles generated here; once stored, every replica serves the stored puzzle")
	fs.StringVar(&c.dailySecretFile, "daily-secret-file", "", "file holding the daily secret (make it with: sudoku keys secret), which keys the puzzles of the day; every replica needs the same one. Empty: anyone can compute future puzzles not yet stored (a warning at start)")
	fs.StringVar(&c.model, "model", "", "score model JSON file (a house style: sudoku calibrate -labels FILE -o MODEL.json) that rates puzzles and sets the levels of generated ones; validated at start. Empty: the committed model")
	fs.StringVar(&c.store, "store", "memory", "store of the published daily puzzles: memory, sqlite:PATH, or postgres://... (shared by replicas)")
	fs.DurationVar(&c.storeCheckInterval, "store-check-interval", defaultStoreCheck, "how often the daily store is pinged (sudoku_store_up) and, while it is not open (the database was down at start), opening is retried")
	fs.DurationVar(&c.service.StoreTimeout, "store-timeout", service.DefaultStoreTimeout, "longest call to the daily store (503 store-unavailable past it)")

	fs.StringVar(&c.receiptSecret, "receipt-secret", "", "secret (hex or base64, at least 128 bits) that signs puzzle tokens and solve receipts; every replica needs the same one (prefer -receipt-secret-file or the variable: a flag shows in ps); empty: a random one per process")
	fs.StringVar(&c.receiptFile, "receipt-secret-file", "", "file holding the receipt secret, instead of -receipt-secret")
	fs.DurationVar(&c.service.TokenTTL, "token-ttl", service.DefaultTokenTTL, "how long a puzzle token may be redeemed for a receipt")
	fs.DurationVar(&c.service.ReceiptTTL, "receipt-ttl", service.DefaultReceiptTTL, "how long a solve receipt verifies")

	fs.IntVar(&c.pool.Workers, "workers", defaultWorkers(), "generation workers: the pool's whole CPU use")
	fs.IntVar(&c.pool.BufferSize, "buffer", generate.DefaultBufferSize, "ready puzzles kept per level")
	fs.IntVar(&c.pool.MaxWaiting, "max-waiting", 0, "requests waiting for generation at once before 503 (0: 4 per worker)")

	var envErr error
	fs.VisitAll(func(f *flag.Flag) {
		if commandFlags[f.Name] {
			return
		}
		name := envPrefix + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if alias, ok := envAliases[name]; ok && getenv(name) == "" {
			name = alias
		}
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
	var err error
	//lint:ignore SA1019 the old hop-count form of -trusted-proxies is still taken (and logged as deprecated at start)
	if c.api.TrustedProxies, c.api.TrustedHops, err = parseProxies(*proxies); err != nil {
		return config{}, err
	}
	for o := range strings.SplitSeq(*origins, ",") {
		if o = strings.TrimSpace(o); o != "" {
			c.api.CORSOrigins = append(c.api.CORSOrigins, o)
		}
	}
	if c.keyPoll <= 0 || c.api.AnonymousBatch <= 0 || c.storeCheckInterval <= 0 {
		return config{}, fmt.Errorf("api-keys-poll, anonymous-batch and store-check-interval must be > 0")
	}
	if c.api.RateLimit < 0 || c.api.MaxBodyBytes <= 0 || c.service.MaxInFlight <= 0 || c.service.MaxSlowInFlight <= 0 || c.service.SlowSolveTimeout <= 0 || c.pool.Workers <= 0 || c.pool.BufferSize <= 0 || c.pool.MaxWaiting < 0 || c.maxConns <= 0 || c.adminMaxConns <= 0 {
		return config{}, fmt.Errorf("rate-limit and max-waiting must be >= 0; max-body, max-inflight, max-slow-solves, slow-solve-timeout, workers, buffer, max-conns and admin-max-conns > 0")
	}
	if c.service.TokenTTL <= 0 || c.service.ReceiptTTL <= 0 {
		return config{}, fmt.Errorf("token-ttl and receipt-ttl must be > 0")
	}
	if err := c.checkTimeouts(); err != nil {
		return config{}, err
	}
	return c, nil
}

// checkTimeouts relates the timeouts so that a stop loses nothing: every
// connection's last write ends before the drain does. In order,
// read-header-timeout <= read-timeout <= write-timeout (a request is read
// before its answer is written), request-timeout < write-timeout (a
// request that runs to its deadline can still write its 504), and
// write-timeout < shutdown-timeout (a client that does not read its
// answer is cut by the write deadline, inside the drain). The drain delay
// is a few probe periods, shorter than the drain itself.
func (c config) checkTimeouts() error {
	switch {
	case c.readHeaderTimeout <= 0 || c.readTimeout <= 0 || c.writeTimeout <= 0 || c.idleTimeout <= 0 || c.api.RequestTimeout <= 0:
		return fmt.Errorf("read-header-timeout, read-timeout, write-timeout, idle-timeout and request-timeout must be > 0")
	case c.readHeaderTimeout > c.readTimeout:
		return fmt.Errorf("read-header-timeout %s must not exceed read-timeout %s: the headers are part of the request", c.readHeaderTimeout, c.readTimeout)
	case c.readTimeout > c.writeTimeout:
		return fmt.Errorf("read-timeout %s must not exceed write-timeout %s: both count from the request's start, and the body is read before the answer is written", c.readTimeout, c.writeTimeout)
	case c.writeTimeout <= c.api.RequestTimeout:
		return fmt.Errorf("write-timeout %s must exceed request-timeout %s, or a request that runs to its deadline cannot write its answer", c.writeTimeout, c.api.RequestTimeout)
	case c.shutdownTimeout <= c.writeTimeout:
		return fmt.Errorf("shutdown-timeout %s must exceed write-timeout %s (and so request-timeout %s), or requests in flight and stuck writers outlast the drain", c.shutdownTimeout, c.writeTimeout, c.api.RequestTimeout)
	case c.drainDelay < 0 || c.drainDelay >= c.shutdownTimeout:
		return fmt.Errorf("drain-delay %s must be >= 0 and below shutdown-timeout %s: it is a few probe periods of a load balancer", c.drainDelay, c.shutdownTimeout)
	}
	return nil
}

// parseProxies reads -trusted-proxies: the proxies' addresses and CIDRs,
// comma separated; or, deprecated, one number, the hop count the flag
// took before (0, its default, means none). A hop count lets a client
// that reaches the service directly name any address in X-Forwarded-For,
// so run logs a warning for it.
func parseProxies(v string) (prefixes []netip.Prefix, hops int, err error) {
	if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
		if n < 0 {
			return nil, 0, fmt.Errorf("trusted-proxies %d: want proxies' addresses or CIDRs (or a hop count >= 0)", n)
		}
		return nil, n, nil
	}
	for part := range strings.SplitSeq(v, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if p, err := netip.ParsePrefix(part); err == nil {
			prefixes = append(prefixes, p.Masked())
			continue
		}
		a, err := netip.ParseAddr(part)
		if err != nil {
			return nil, 0, fmt.Errorf("trusted-proxies: %q is neither an address nor a CIDR", part)
		}
		prefixes = append(prefixes, netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()))
	}
	return prefixes, 0, nil
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
