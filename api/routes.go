package api

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"
)

// addRoutes registers the endpoints of the API proper, the rate-limited
// ones; with addProbeRoutes that is every endpoint, and openapi.yaml
// describes the same set (a test walks both).
func addRoutes(r chi.Router, log *zap.Logger, svc Service) {
	r.Method(http.MethodGet, "/generate", handleGenerate(svc, log))
	r.Method(http.MethodGet, "/daily", handleDaily(svc, log, time.Now))
	r.Method(http.MethodPost, "/solve", handleSolve(svc, log))
	r.Method(http.MethodPost, "/rate", handleRate(svc, log))
	r.Method(http.MethodPost, "/hint", handleHint(svc, log))
	r.Method(http.MethodGet, "/openapi.yaml", handleOpenAPI())
	r.Method(http.MethodGet, "/", handlePage())
	r.Method(http.MethodGet, "/assets/{name}", handlePage())
}

// addProbeRoutes registers the endpoints of the operators' machinery:
// health and readiness probes and the metrics scrape.
func addProbeRoutes(r chi.Router, m *Metrics, svc Service) {
	r.Method(http.MethodGet, "/healthz", handleHealthz())
	r.Method(http.MethodGet, "/readyz", handleReadyz(svc))
	r.Method(http.MethodGet, "/metrics", m.Handler())
}
