package api

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"
)

// TestRoutesMatchOpenAPI walks the chi router and fails when a route is
// missing from openapi.yaml or a documented operation has no route.
func TestRoutesMatchOpenAPI(t *testing.T) {
	h, _ := newTestServer(t, &fakeService{}, Config{})
	routes, ok := h.(chi.Routes)
	if !ok {
		t.Fatalf("NewServer returned %T, want a chi.Routes", h)
	}
	admin, ok := NewAdminServer(zap.NewNop(), newTestMetrics(), &fakeService{}).(chi.Routes)
	if !ok {
		t.Fatal("NewAdminServer returned no chi.Routes")
	}
	served, adminServed := walkRoutes(t, routes), walkRoutes(t, admin)
	// An operation whose path has its own servers (the admin listener) is
	// served by NewAdminServer alone; the others by NewServer.
	var documented, adminDocumented []string
	doc := loadSpec(t)
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			if len(item.Servers) > 0 {
				adminDocumented = append(adminDocumented, strings.ToUpper(method)+" "+path)
				continue
			}
			documented = append(documented, strings.ToUpper(method)+" "+path)
		}
	}
	for _, r := range served {
		if !slices.Contains(documented, r) {
			t.Errorf("route %s is served but not in openapi.yaml (as a path of the API's port)", r)
		}
	}
	for _, r := range documented {
		if !slices.Contains(served, r) {
			t.Errorf("operation %s is in openapi.yaml but not served", r)
		}
	}
	for _, r := range adminDocumented {
		if !slices.Contains(adminServed, r) {
			t.Errorf("operation %s is documented on the admin listener but NewAdminServer does not serve it", r)
		}
	}
	for _, r := range adminServed {
		if !slices.Contains(adminDocumented, r) && !slices.Contains(documented, r) {
			t.Errorf("admin route %s is not in openapi.yaml", r)
		}
	}
}

// walkRoutes lists the "METHOD pattern" of every route of routes, sorted.
func walkRoutes(t *testing.T, routes chi.Routes) []string {
	t.Helper()
	var served []string
	err := chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		served = append(served, method+" "+route)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(served)
	return served
}

// TestMetricsOnlyOnAdmin checks /metrics is served on the admin listener
// and nowhere on the API's, while the probes answer on both.
func TestMetricsOnlyOnAdmin(t *testing.T) {
	svc := &fakeService{ready: true}
	h, _ := newTestServer(t, svc, Config{})
	admin := NewAdminServer(zap.NewNop(), newTestMetrics(), svc)
	tests := []struct {
		name    string
		h       http.Handler
		path    string
		want    int
		wantSub string
	}{
		{"api metrics", h, "/metrics", http.StatusNotFound, "not-found"},
		{"api healthz", h, "/healthz", http.StatusOK, "ok"},
		{"api readyz", h, "/readyz", http.StatusOK, "ready"},
		{"admin metrics", admin, "/metrics", http.StatusOK, "sudoku_http_admin_open_connections"},
		{"admin healthz", admin, "/healthz", http.StatusOK, "ok"},
		{"admin readyz", admin, "/readyz", http.StatusOK, "ready"},
		{"admin no api", admin, "/generate", http.StatusNotFound, "admin listener"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, _ := serve(tt.h, "GET", tt.path, "", nil)
			body := rec.Body.String()
			if rec.Code != tt.want || !strings.Contains(body, tt.wantSub) {
				t.Errorf("GET %s = %d %s, want %d containing %q", tt.path, rec.Code, body, tt.want, tt.wantSub)
			}
		})
	}
}
