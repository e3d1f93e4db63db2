package api

import (
	"net"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/zap"
)

// DefaultAdminMaxConns caps the admin listener's connections: a kubelet,
// a Prometheus or two and an operator's curl need a handful, and the cap
// keeps a stray client from holding more than a few hundred kilobytes.
const DefaultAdminMaxConns = 16

// NewAdminServer returns the handler of the admin listener, for the
// operators' machinery: GET /healthz (liveness), /readyz (readiness) and
// /metrics (the Prometheus scrape). It sits on its own port and
// connection cap (NewAdminListener), so probes and scrapes answer however
// many clients hold the API's connections, and /metrics, which names
// every API key's client and costs a millisecond of CPU, is served
// nowhere else. No rate limit, CORS or authentication: the port is meant
// to be reachable only from inside the cluster (docs/operations.md).
func NewAdminServer(log *zap.Logger, m *Metrics, svc readiness) http.Handler {
	r := chi.NewRouter()
	r.Use(withRequestID, withObserve(log, m), withRecover(log), middleware.GetHead)
	r.NotFound(func(w http.ResponseWriter, r *http.Request) {
		writeProblem(w, r, Problem{Status: http.StatusNotFound, Code: "not-found", Title: "Not found",
			Detail: "no route for " + r.URL.Path + " on the admin listener: /healthz, /readyz and /metrics"})
	})
	r.MethodNotAllowed(func(w http.ResponseWriter, req *http.Request) {
		w.Header().Set("Allow", "GET, HEAD")
		writeProblem(w, req, Problem{Status: http.StatusMethodNotAllowed, Code: "method-not-allowed", Title: "Method not allowed",
			Detail: req.Method + " is not allowed on " + req.URL.Path, Allowed: []string{http.MethodGet, http.MethodHead}})
	})
	addProbeRoutes(r, svc)
	r.Method(http.MethodGet, "/metrics", m.Handler())
	return r
}

// NewAdminListener is NewListener for the admin listener: its open
// connections are counted apart (sudoku_http_admin_open_connections),
// against their own cap.
func NewAdminListener(ln net.Listener, log *zap.Logger, m *Metrics, maxConns int) *Listener {
	l := NewListener(ln, log, m, maxConns)
	l.open = m.adminConns
	return l
}
