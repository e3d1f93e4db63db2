package api

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/internal/apikey"
)

// addRoutes registers the endpoints of the API proper, the rate-limited
// ones; with addProbeRoutes that is every endpoint, and openapi.yaml
// describes the same set (a test walks both).
func addRoutes(r chi.Router, log *zap.Logger, svc Service, cfg Config) {
	r.Method(http.MethodGet, "/generate", handleGenerate(svc, log, cfg.AnonymousBatch))
	r.Method(http.MethodGet, "/daily", handleDaily(svc, log, time.Now))
	r.Method(http.MethodGet, "/daily/pack", handlePack(svc, log, time.Now))
	publish := r.With(withScope(apikey.Publish, "publishing"))
	publish.Method(http.MethodPost, "/daily/schedule", handleSchedule(svc, log))
	publish.Method(http.MethodPut, "/daily/{date}/{level}", handlePutDaily(svc, log))
	publish.Method(http.MethodGet, "/daily/archive", handleArchive(svc, log, time.Now))
	r.Method(http.MethodPost, "/solve", handleSolve(svc, log))
	r.Method(http.MethodPost, "/rate", handleRate(svc, log))
	r.Method(http.MethodPost, "/hint", handleHint(svc, log))
	r.Method(http.MethodPost, "/check", handleCheck(svc, log))
	r.Method(http.MethodPost, "/receipts/verify", handleVerifyReceipt(svc, log))
	r.Method(http.MethodGet, "/openapi.yaml", handleOpenAPI())
	r.Method(http.MethodGet, "/", handlePage())
	r.Method(http.MethodGet, "/assets/{name}", handlePage())
}

// addProbeRoutes registers the health and readiness probes, served on
// both listeners: the admin one for the kubelet, the API's for a load
// balancer that checks the port it sends traffic to. /metrics is only on
// the admin listener (NewAdminServer).
func addProbeRoutes(r chi.Router, svc readiness) {
	r.Method(http.MethodGet, "/healthz", handleHealthz())
	r.Method(http.MethodGet, "/readyz", handleReadyz(svc))
}
