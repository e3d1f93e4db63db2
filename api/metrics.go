package api

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promauto"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

// Histogram buckets, sized to the range each operation really spans.
var (
	// generationBuckets span 1 ms (an easy puzzle on a warm core) to 30 s
	// (an evil one under load): generation is the slow path.
	generationBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30}
	// solveBuckets span 5 µs to 100 ms, in steps of at most 2.5x: the
	// default (bitboard) solver takes microseconds on every published
	// puzzle, and a solve past 100 ms means a starved process, not a hard
	// puzzle.
	solveBuckets = []float64{.000005, .00001, .000025, .00005, .0001, .00025, .0005, .001, .0025, .005, .01, .025, .1}
	// slowSolveBuckets span 1 ms to 15 s, in steps of at most 2.5x: the
	// other algorithms (propagate and the classic ones) take milliseconds
	// to seconds on hard puzzles (docs/solvers.md) and are cut at the
	// slow-solve timeout (2 s by default, so the 2 and 2.5 buckets show the
	// cut ones), or at the request deadline (15 s by default) when that
	// timeout is raised.
	slowSolveBuckets = []float64{.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2, 2.5, 5, 15}
	// rateBuckets span 100 µs to 15 s (the request deadline), in steps of
	// at most 2.5x: rating runs the strategy solver, milliseconds on most
	// puzzles and up to seconds with the heaviest techniques.
	rateBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 15}
	// httpBuckets span 100 µs (a health check) to 30 s (a fresh evil
	// puzzle waiting on generation).
	httpBuckets = []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 10, 30}
)

// Metrics holds the service's Prometheus collectors, registered on one
// registry that is never the global one. It implements service.Hooks and
// generate.PoolHooks, so the service and the pool report without importing
// Prometheus. Its methods are safe for concurrent use.
type Metrics struct {
	reg    prometheus.Registerer
	gather prometheus.Gatherer

	generation *prometheus.HistogramVec
	attempts   *prometheus.CounterVec
	depth      *prometheus.GaugeVec
	generated  *prometheus.CounterVec
	rejected   *prometheus.CounterVec
	refused    *prometheus.CounterVec
	served     *prometheus.CounterVec
	solve      *prometheus.HistogramVec
	// solveDefault is solve's series of engine.DefaultAlgorithm, looked up
	// once: Solved runs on nearly every /solve, and the vector's own lookup
	// hashes the label and takes a lock shared by every core. (The label
	// stays for the dashboards that group by it.)
	solveDefault prometheus.Observer
	slowSolve    *prometheus.HistogramVec
	rate         *prometheus.HistogramVec
	requests     *prometheus.CounterVec
	duration     *prometheus.HistogramVec
	clients      *prometheus.CounterVec
	// conns counts the open connections of NewListener's listeners,
	// against their cap.
	conns prometheus.Gauge
	// adminConns counts the admin listener's (NewAdminListener).
	adminConns prometheus.Gauge
	// storeUp and storeErrors report the daily store's health (StoreUp,
	// StoreFailed).
	storeUp     prometheus.Gauge
	storeErrors *prometheus.CounterVec
}

// NewMetrics registers the service's collectors, and the Go runtime and
// process collectors, on reg, and serves what gather gathers at /metrics
// (usually both are the same *prometheus.Registry). It panics if a
// collector is already registered on reg (a wiring bug).
func NewMetrics(reg prometheus.Registerer, gather prometheus.Gatherer) *Metrics {
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	f := promauto.With(reg)
	m := &Metrics{
		reg:    reg,
		gather: gather,
		generation: f.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "sudoku", Subsystem: "generation", Name: "duration_seconds",
			Help:    "Time to generate one accepted puzzle, by level.",
			Buckets: generationBuckets,
		}, []string{"level"}),
		attempts: f.NewCounterVec(prometheus.CounterOpts{
			Namespace: "sudoku", Subsystem: "generation", Name: "attempts_total",
			Help: "Candidate puzzles tried by the generator, by level.",
		}, []string{"level"}),
		depth: f.NewGaugeVec(prometheus.GaugeOpts{
			Namespace: "sudoku", Subsystem: "pool", Name: "buffer_depth",
			Help: "Puzzles ready in the pool's buffer, by level.",
		}, []string{"level"}),
		generated: f.NewCounterVec(prometheus.CounterOpts{
			Namespace: "sudoku", Subsystem: "pool", Name: "generated_total",
			Help: "Puzzles generated and accepted by the pool, by level.",
		}, []string{"level"}),
		rejected: f.NewCounterVec(prometheus.CounterOpts{
			Namespace: "sudoku", Subsystem: "pool", Name: "rejected_total",
			Help: "Pool requests and generations that failed, by level and reason: overloaded (too many requests waiting), canceled (the request's context ended while it waited), failed (the generator returned an error).",
		}, []string{"level", "reason"}),
		refused: f.NewCounterVec(prometheus.CounterOpts{
			Namespace: "sudoku", Subsystem: "admission", Name: "rejected_total",
			Help: "CPU-bound calls refused with 503 overloaded for want of a slot, by operation: solve, slow_solve (every slow-solve slot taken), rate, explain, hint.",
		}, []string{"op"}),
		served: f.NewCounterVec(prometheus.CounterOpts{
			Namespace: "sudoku", Subsystem: "generate", Name: "served_total",
			Help: "Puzzles handed out, by level and freshness (fresh=\"false\": an isomorphic variant of a recent puzzle).",
		}, []string{"level", "fresh"}),
		solve: f.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "sudoku", Subsystem: "solve", Name: "duration_seconds",
			Help:    "Time to solve one puzzle (counting solutions up to 2) with the default algorithm, named by the label.",
			Buckets: solveBuckets,
		}, []string{"algorithm"}),
		slowSolve: f.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "sudoku", Subsystem: "solve", Name: "slow_duration_seconds",
			Help:    "Time to solve one puzzle (counting solutions up to 2) with an algorithm other than the default, by algorithm.",
			Buckets: slowSolveBuckets,
		}, []string{"algorithm"}),
		rate: f.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "sudoku", Subsystem: "rate", Name: "duration_seconds",
			Help:    "Time to rate, explain or hint one puzzle, by operation.",
			Buckets: rateBuckets,
		}, []string{"op"}),
		requests: f.NewCounterVec(prometheus.CounterOpts{
			Namespace: "sudoku", Subsystem: "http", Name: "requests_total",
			Help: "HTTP requests answered, by method, route pattern and status code.",
		}, []string{"method", "route", "code"}),
		duration: f.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: "sudoku", Subsystem: "http", Name: "request_duration_seconds",
			Help:    "HTTP request latency, by method and route pattern.",
			Buckets: httpBuckets,
		}, []string{"method", "route"}),
		clients: f.NewCounterVec(prometheus.CounterOpts{
			Namespace: "sudoku", Subsystem: "http", Name: "client_requests_total",
			Help: "HTTP requests answered, by client (the API key's name, or anonymous; bounded by the key file's at most 1000 keys, a key's series deleted when it leaves the file) and status code.",
		}, []string{"client", "code"}),
		conns: f.NewGauge(prometheus.GaugeOpts{
			Namespace: "sudoku", Subsystem: "http", Name: "open_connections",
			Help: "Client connections open, at most -max-conns; clients beyond it wait in the kernel's accept queue.",
		}),
		storeUp: f.NewGauge(prometheus.GaugeOpts{
			Namespace: "sudoku", Subsystem: "store", Name: "up",
			Help: "1 when the daily store answered its last ping (every -store-check-interval), 0 when it failed or is not open yet.",
		}),
		storeErrors: f.NewCounterVec(prometheus.CounterOpts{
			Namespace: "sudoku", Subsystem: "store", Name: "errors_total",
			Help: "Failed calls to the daily store, by call (get, insert, replace, list, ping, open) and cause (timeout, unreachable, disk-full, file-gone, not-open, error).",
		}, []string{"op", "cause"}),
		adminConns: f.NewGauge(prometheus.GaugeOpts{
			Namespace: "sudoku", Subsystem: "http", Name: "admin_open_connections",
			Help: "Connections open on the admin listener (probes, scrapes), at most -admin-max-conns.",
		}),
	}
	for _, l := range rating.Levels() {
		m.depth.WithLabelValues(l.String()).Set(0)
	}
	m.solveDefault = m.solve.WithLabelValues(engine.DefaultAlgorithm)
	// Refusals start at 0, so that rate() sees the first one.
	for _, op := range []string{service.OpSolve, service.OpSlowSolve, service.OpRate, service.OpExplain, service.OpHint, service.OpCheck} {
		m.refused.WithLabelValues(op)
	}
	for _, l := range rating.Levels() {
		for _, reason := range []string{generate.RejectOverloaded, generate.RejectCanceled, generate.RejectFailed} {
			m.rejected.WithLabelValues(l.String(), reason)
		}
	}
	return m
}

// StoreUp records whether the daily store answered its last ping.
func (m *Metrics) StoreUp(up bool) {
	v := 0.0
	if up {
		v = 1
	}
	m.storeUp.Set(v)
}

// StoreFailed counts one failed call op to the daily store, of cause
// (service.StoreCause).
func (m *Metrics) StoreFailed(op, cause string) {
	m.storeErrors.WithLabelValues(op, cause).Inc()
}

// Handler serves the registry in the Prometheus exposition format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.gather, promhttp.HandlerOpts{Registry: m.reg})
}

// Generated records one accepted puzzle of level that took d and attempts
// candidates to find (generate.PoolHooks).
func (m *Metrics) Generated(level rating.Level, d time.Duration, attempts int) {
	m.generation.WithLabelValues(level.String()).Observe(d.Seconds())
	m.generated.WithLabelValues(level.String()).Inc()
	m.attempts.WithLabelValues(level.String()).Add(float64(attempts))
}

// Depth records the buffer depth of level (generate.PoolHooks).
func (m *Metrics) Depth(level rating.Level, n int) {
	m.depth.WithLabelValues(level.String()).Set(float64(n))
}

// Rejected counts a generated puzzle the pool threw away (generate.PoolHooks).
func (m *Metrics) Rejected(level rating.Level, reason string) {
	m.rejected.WithLabelValues(levelLabel(level), reason).Inc()
}

// Solved records one solve with the default algorithm (service.Hooks).
func (m *Metrics) Solved(algorithm string, d time.Duration) {
	if algorithm == engine.DefaultAlgorithm {
		m.solveDefault.Observe(d.Seconds())
		return
	}
	m.solve.WithLabelValues(algorithm).Observe(d.Seconds())
}

// SlowSolved records one solve with another algorithm (service.Hooks).
func (m *Metrics) SlowSolved(algorithm string, d time.Duration) {
	m.slowSolve.WithLabelValues(algorithm).Observe(d.Seconds())
}

// Rated records one rating, explanation or hint (service.Hooks).
func (m *Metrics) Rated(op string, d time.Duration) {
	m.rate.WithLabelValues(op).Observe(d.Seconds())
}

// AdmissionRejected counts one call refused for want of a slot (service.Hooks).
func (m *Metrics) AdmissionRejected(op string) {
	m.refused.WithLabelValues(op).Inc()
}

// Served counts one puzzle handed out (service.Hooks).
func (m *Metrics) Served(level rating.Level, fresh bool) {
	m.served.WithLabelValues(level.String(), strconv.FormatBool(fresh)).Inc()
}

// ForgetClients deletes the client label's series of keys that left the
// key file, so a process that sees many rotations over its life keeps only
// the series of its current keys (and anonymous). A request still in
// flight under a removed name may bring its series back once.
func (m *Metrics) ForgetClients(names ...string) {
	for _, n := range names {
		m.clients.DeletePartialMatch(prometheus.Labels{"client": n})
	}
}

func (m *Metrics) observeHTTP(method, route, client string, status int, d time.Duration) {
	method = methodLabel(method)
	code := strconv.Itoa(status)
	m.requests.WithLabelValues(method, route, code).Inc()
	m.clients.WithLabelValues(client, code).Inc()
	m.duration.WithLabelValues(method, route).Observe(d.Seconds())
}

// methodLabel bounds the method label to the standard methods: a client
// can send any token as a method.
func methodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return method
	}
	return "OTHER"
}

// levelLabel is the level label of a metric: the level's name, or "any"
// for the zero Level (a targeted /generate without a level).
func levelLabel(l rating.Level) string {
	if l == 0 {
		return "any"
	}
	return l.String()
}
