package api

import (
	"net/http"

	sudoku "github.com/sudokuhq/sudoku"
	"github.com/sudokuhq/sudoku/service"
)

// statusResponse is the body of /healthz and /readyz.
type statusResponse struct {
	Status string `json:"status"`
}

// handleHealthz serves GET /healthz: 200 while the process serves HTTP at
// all (liveness).
func handleHealthz() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		encode(w, r, http.StatusOK, "", statusResponse{Status: "ok"})
	})
}

// handleReadyz serves GET /readyz: 503 until the service has warmed up, 200
// from then on (readiness). Warm is a latch (service.Service.Ready): a burst
// that drains the buffers does not take a busy pod out of rotation; only a
// drain on shutdown does (cmd/sudokud).
func handleReadyz(s readiness) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.Ready() {
			writeProblem(w, r, problemFor(service.ErrNotReady))
			return
		}
		encode(w, r, http.StatusOK, "", statusResponse{Status: "ready"})
	})
}

// handleOpenAPI serves GET /openapi.yaml, the API's OpenAPI 3 document.
func handleOpenAPI() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=3600")
		writeBody(w, r, http.StatusOK, "application/yaml", sudoku.OpenAPI)
	})
}
