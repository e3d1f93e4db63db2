package api

import (
	"context"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

// Defaults of Config, the limits of the HTTP layer.
const (
	// DefaultRequestTimeout is the deadline of a request: long enough for
	// a fresh evil puzzle (service.DefaultGenerateTimeout) plus encoding.
	DefaultRequestTimeout = 15 * time.Second
	// DefaultMaxBodyBytes bounds a request body: a puzzle with a player's
	// grid in rows and some whitespace is under 2 KB, so 64 KiB refuses
	// only abuse.
	DefaultMaxBodyBytes = 64 << 10
	// DefaultRateWindow is the window of the per-client rate limit.
	DefaultRateWindow = time.Minute
	// DefaultAnonymousBatch caps the fresh or seeded batches of clients
	// without scope generate:bulk: ten newly generated puzzles are a
	// game's level pack, and at up to seconds of a core each, a hundred
	// would let one anonymous call hold the generation pool.
	DefaultAnonymousBatch = 10
)

// Config holds the HTTP layer's limits. Zero fields take the defaults
// above; RateLimit 0 disables rate limiting.
type Config struct {
	// RequestTimeout is every request's deadline.
	RequestTimeout time.Duration
	// MaxBodyBytes caps a request body (413 past it).
	MaxBodyBytes int64
	// CORSOrigins lists the browser origins allowed to call the API; "*"
	// allows any, none disables CORS headers.
	CORSOrigins []string
	// RateLimit is the number of requests a client may make per
	// RateWindow (429 past it); 0 means no limit.
	RateLimit int
	// RateWindow is the rate limit's sliding window.
	RateWindow time.Duration
	// TrustedProxies are the addresses of the proxies in front of the
	// service whose X-Forwarded-For entries are trusted to name the client
	// (see clientIP); none keys the rate limit on the peer address.
	TrustedProxies []netip.Prefix
	// TrustedHops, when TrustedProxies is empty, takes the client from
	// the entry that many hops from the right of X-Forwarded-For.
	//
	// Deprecated: a client that reaches the service directly can then name
	// any address; set TrustedProxies.
	TrustedHops int
	// Keys resolves API keys; nil means no key is known, so every client
	// is anonymous and what needs a scope answers 401.
	Keys Keys
	// AnonymousBatch is the largest fresh or seeded batch (count) a
	// client without scope generate:bulk may ask for; 0 means
	// DefaultAnonymousBatch.
	AnonymousBatch int
}

func (c Config) withDefaults() Config {
	if c.RequestTimeout <= 0 {
		c.RequestTimeout = DefaultRequestTimeout
	}
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if c.RateWindow <= 0 {
		c.RateWindow = DefaultRateWindow
	}
	if c.AnonymousBatch <= 0 {
		c.AnonymousBatch = DefaultAnonymousBatch
	}
	return c
}

// solver is the use-case behind POST /solve.
type solver interface {
	Solve(ctx context.Context, g engine.Grid, algorithm string) (service.Solution, error)
}

// rater is the use-case behind POST /rate.
type rater interface {
	Rate(ctx context.Context, g engine.Grid) (rating.Rating, error)
	Explain(ctx context.Context, g engine.Grid) (rating.Rating, []rating.Step, error)
}

// hinter is the use-case behind POST /hint.
type hinter interface {
	Hint(ctx context.Context, puzzle, current engine.Grid) (rating.Hint, error)
}

// readiness tells whether the service can take traffic.
type readiness interface {
	Ready() bool
}

// Service is everything the API consumes from the service layer;
// *service.Service satisfies it. Each handler asks only for its part.
type Service interface {
	solver
	rater
	hinter
	checker
	generator
	streamer
	daily
	packer
	publisher
	readiness
	tokenIssuer
	receiptVerifier
}

// allowedMethods lists the methods path answers, as the Allow header
// says them: HEAD beside GET, and OPTIONS on every known path; nil for a
// path without routes.
func allowedMethods(routes chi.Routes, path string) []string {
	var allowed []string
	for _, m := range []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut} {
		if routeMatches(routes, m, path) {
			allowed = append(allowed, m)
		}
	}
	if allowed == nil {
		return nil
	}
	return append(allowed, http.MethodOptions)
}

// routeMatches reports whether method on path has a route; HEAD goes
// where GET does.
func routeMatches(routes chi.Routes, method, path string) bool {
	if method == http.MethodHead {
		method = http.MethodGet
	}
	return routes.Match(chi.NewRouteContext(), method, path)
}

// NewServer returns the HTTP handler of the service: the chi router with
// its middleware and every route of routes.go. Metrics come from m (see
// NewMetrics); they are served by NewAdminServer, never here.
func NewServer(log *zap.Logger, m *Metrics, svc Service, cfg Config) http.Handler {
	cfg = cfg.withDefaults()
	r := chi.NewRouter()
	r.Use(
		withRequestID,
		withObserve(log, m),
		withRecover(log),
	)
	if len(cfg.CORSOrigins) > 0 {
		r.Use(withCORS(cfg.CORSOrigins, r))
	}
	r.Use(
		withStreamDecision, // before the middleware that treats a stream apart
		withTimeout(cfg.RequestTimeout),
		withBodyLimit(cfg.MaxBodyBytes),
		middleware.GetHead, // HEAD on every GET route, for caches and probes
	)
	notFound := func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, r, Problem{Status: http.StatusNotFound, Code: "not-found", Title: "Not found",
			Detail: "no route for " + r.URL.Path + "; see /openapi.yaml"})
	}
	r.NotFound(notFound)
	// chi calls this for a known path without the method, and for any
	// method it does not know (FOO) on any path: an unknown path is a 404
	// whatever the method. OPTIONS on a known path answers 204 with Allow
	// (a CORS preflight never gets here unless it was refused: see
	// withCORS).
	r.MethodNotAllowed(func(w http.ResponseWriter, req *http.Request) {
		allowed := allowedMethods(r, req.URL.Path)
		if allowed == nil {
			notFound(w, req)
			return
		}
		w.Header().Set("Allow", strings.Join(allowed, ", "))
		if req.Method == http.MethodOptions && req.Header.Get("Access-Control-Request-Method") == "" {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		writeProblem(w, req, Problem{Status: http.StatusMethodNotAllowed, Code: "method-not-allowed", Title: "Method not allowed",
			Detail: req.Method + " is not allowed on " + req.URL.Path, Allowed: allowed})
	})
	// Probes are never rate limited: a load balancer behind the same
	// address as the clients must not be refused.
	addProbeRoutes(r, svc)
	// Authentication and the rate limit run inside a group, after
	// routing, so a 401 or 429 is counted under its route pattern; the
	// key is known before the limit, which is the key's own, and a bad
	// key is refused only after its address was charged.
	r.Group(func(r chi.Router) {
		r.Use(withClientIP(cfg.TrustedProxies, cfg.TrustedHops), withAuth(cfg.Keys), withCost, withRateLimit(cfg.RateLimit, cfg.RateWindow), refuseBadKey, withKnownQuery)
		addRoutes(r, log, svc, cfg)
	})
	return r
}
