package api

import (
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"
)

// addRoutes registers every endpoint of the service; openapi.yaml
// describes the same set (a test walks both).
func addRoutes(r chi.Router, log *zap.Logger, m *Metrics, svc Service) {
	r.Method(http.MethodGet, "/generate", handleGenerate(svc, log))
	r.Method(http.MethodGet, "/daily", handleDaily(svc, log, time.Now))
	r.Method(http.MethodPost, "/solve", handleSolve(svc, log))
	r.Method(http.MethodPost, "/rate", handleRate(svc, log))
	r.Method(http.MethodPost, "/hint", handleHint(svc, log))
	r.Method(http.MethodGet, "/healthz", handleHealthz())
	r.Method(http.MethodGet, "/readyz", handleReadyz(svc))
	r.Method(http.MethodGet, "/metrics", m.Handler())
	r.Method(http.MethodGet, "/openapi.yaml", handleOpenAPI())
}
