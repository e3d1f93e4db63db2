package api

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
)

// TestRoutesMatchOpenAPI walks the chi router and fails when a route is
// missing from openapi.yaml or a documented operation has no route.
func TestRoutesMatchOpenAPI(t *testing.T) {
	h, _ := newTestServer(t, &fakeService{}, Config{})
	routes, ok := h.(chi.Routes)
	if !ok {
		t.Fatalf("NewServer returned %T, want a chi.Routes", h)
	}
	var served []string
	err := chi.Walk(routes, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		served = append(served, method+" "+route)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	doc := loadSpec(t)
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented = append(documented, strings.ToUpper(method)+" "+path)
		}
	}
	slices.Sort(served)
	slices.Sort(documented)
	for _, r := range served {
		if !slices.Contains(documented, r) {
			t.Errorf("route %s is served but not in openapi.yaml", r)
		}
	}
	for _, r := range documented {
		if !slices.Contains(served, r) {
			t.Errorf("operation %s is in openapi.yaml but not served", r)
		}
	}
}
