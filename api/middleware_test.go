package api

import (
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

// serve sends one request to h and returns the recorded response with
// its decoded problem (zero when the body is no problem).
func serve(h http.Handler, method, target, body string, header map[string]string) (*httptest.ResponseRecorder, Problem) {
	req := httptest.NewRequest(method, target, strings.NewReader(body))
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var p Problem
	if rec.Header().Get("Content-Type") == "application/problem+json" {
		_ = json.Unmarshal(rec.Body.Bytes(), &p)
	}
	return rec, p
}

func TestRequestIDEchoedAndLogged(t *testing.T) {
	core, logs := observer.New(zap.InfoLevel)
	reg := prometheus.NewRegistry()
	h := NewServer(zap.New(core), NewMetrics(reg, reg), &fakeService{}, Config{})
	tests := []struct {
		name, sent string
		wantSame   bool
	}{
		{"client id kept", "abc-123", true},
		{"none made up", "", false},
		{"control chars replaced", "bad\x01id", false},
		{"too long replaced", strings.Repeat("x", maxRequestIDLen+1), false},
		{"longest kept", strings.Repeat("x", maxRequestIDLen), true},
		{"uuid kept", "123e4567-e89b-12d3-a456-426614174000", true},
		{"quotes replaced", `a"b`, false},
		{"markup replaced", "<script>", false},
		{"spaces replaced", "a b", false},
		{"128 printable replaced", strings.Repeat("y", 128), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, _ := serve(h, "GET", "/healthz", "", map[string]string{RequestIDHeader: tt.sent})
			got := rec.Header().Get(RequestIDHeader)
			if got == "" || (got == tt.sent) != tt.wantSame {
				t.Errorf("X-Request-ID sent %q, echoed %q; want same=%v", tt.sent, got, tt.wantSame)
			}
			entries := logs.FilterField(zap.String("request_id", got)).All()
			if len(entries) != 1 || entries[0].Message != "request" {
				t.Fatalf("log lines with request_id %q = %v, want one access line", got, entries)
			}
			f := entries[0].ContextMap()
			if f["route"] != "/healthz" || f["method"] != "GET" || f["status"] != int64(200) || f["bytes"] == int64(0) {
				t.Errorf("access line = %v, want route /healthz, GET, 200 and bytes", f)
			}
		})
	}
}

func TestPanicRecovered(t *testing.T) {
	core, logs := observer.New(zap.InfoLevel)
	h := NewServer(zap.New(core), newTestMetrics(), &fakeService{panicMsg: "boom"}, Config{})
	rec, p := serve(h, "POST", "/solve", `{"puzzle":"`+puzzleHard+`"}`, nil)
	if rec.Code != 500 || p.Code != "internal" || strings.Contains(rec.Body.String(), "boom") {
		t.Fatalf("panicking handler answered %d %s, want a generic 500 problem", rec.Code, rec.Body)
	}
	panics := logs.FilterMessage("panic serving request").All()
	if len(panics) != 1 || panics[0].ContextMap()["panic"] != "boom" || panics[0].ContextMap()["request_id"] != p.RequestID {
		t.Errorf("panic log = %v, want one line with the panic and request ID %s", panics, p.RequestID)
	}
}

func TestRateLimit(t *testing.T) {
	h, reg := newTestServer(t, &fakeService{}, Config{RateLimit: 3, RateWindow: time.Hour})
	for i := range 3 {
		if rec, _ := serve(h, "GET", "/openapi.yaml", "", nil); rec.Code != 200 {
			t.Fatalf("request %d = %d, want 200 within the limit", i+1, rec.Code)
		}
	}
	rec, p := serve(h, "GET", "/openapi.yaml", "", nil)
	if rec.Code != http.StatusTooManyRequests || p.Code != "rate-limited" {
		t.Fatalf("4th request = %d %s, want 429 rate-limited", rec.Code, rec.Body)
	}
	if ra := rec.Header().Get("Retry-After"); ra != "3600" || p.RetryAfter != 3600 {
		t.Errorf("Retry-After = %q (body %d), want 3600", ra, p.RetryAfter)
	}
	// The 429 is counted under its route, not as an unknown path.
	if got := testutil.ToFloat64(mustCounter(t, reg, "sudoku_http_requests_total", map[string]string{"method": "GET", "route": "/openapi.yaml", "code": "429"})); got != 1 {
		t.Errorf("requests_total{route=/openapi.yaml,code=429} = %v, want 1", got)
	}
	// Probes are not limited.
	for _, path := range []string{"/healthz", "/readyz"} {
		if rec, _ := serve(h, "GET", path, "", nil); rec.Code == http.StatusTooManyRequests {
			t.Errorf("GET %s past the limit = 429, want probes exempt", path)
		}
	}
	// Another client is not limited.
	req := httptest.NewRequest("GET", "/openapi.yaml", nil)
	req.RemoteAddr = "192.0.2.7:1234"
	rec2 := httptest.NewRecorder()
	h.ServeHTTP(rec2, req)
	if rec2.Code != 200 {
		t.Errorf("other client = %d, want 200", rec2.Code)
	}
}

// forwardedCase is a request from a peer address, with an
// X-Forwarded-For header unless xff is empty, and the status it must get.
type forwardedCase struct {
	remote, xff string
	want        int
}

// checkForwarded sends the cases to h in order (GET /openapi.yaml) and
// checks their statuses: the rate limit's buckets follow the client
// address the server derives.
func checkForwarded(t *testing.T, h http.Handler, tests []forwardedCase) {
	t.Helper()
	for _, tt := range tests {
		req := httptest.NewRequest("GET", "/openapi.yaml", nil)
		req.RemoteAddr = tt.remote
		if tt.xff != "" {
			req.Header.Set("X-Forwarded-For", tt.xff)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != tt.want {
			t.Errorf("GET from %s (X-Forwarded-For %q) = %d, want %d", tt.remote, tt.xff, rec.Code, tt.want)
		}
	}
}

// TestRateLimitByHopCount keeps the deprecated hop count working as it
// did: the entry that many hops from the right of X-Forwarded-For.
func TestRateLimitByHopCount(t *testing.T) {
	h, _ := newTestServer(t, &fakeService{}, Config{RateLimit: 1, RateWindow: time.Hour, TrustedHops: 1})
	tests := []forwardedCase{
		{"192.0.2.1:1000", "", 200},
		{"192.0.2.2:1000", "", 200}, // another peer without XFF: its own bucket
		{"192.0.2.3:1000", "not-an-ip", 200},
		{"192.0.2.1:2000", "", http.StatusTooManyRequests},
		{"192.0.2.9:1000", "198.51.100.1", 200},
		{"192.0.2.8:1000", "198.51.100.1", http.StatusTooManyRequests}, // same client through another proxy
	}
	checkForwarded(t, h, tests)
}

func TestRateLimitWithoutForwardedFor(t *testing.T) {
	proxies := []netip.Prefix{netip.MustParsePrefix("192.0.2.0/28"), netip.MustParsePrefix("10.0.0.0/8")}
	h, _ := newTestServer(t, &fakeService{}, Config{RateLimit: 1, RateWindow: time.Hour, TrustedProxies: proxies})
	tests := []forwardedCase{
		{"192.0.2.1:1000", "", 200},
		{"192.0.2.2:1000", "", 200}, // another peer without XFF: its own bucket
		{"192.0.2.3:1000", "not-an-ip", 200},
		{"192.0.2.1:2000", "", http.StatusTooManyRequests},
		{"192.0.2.9:1000", "198.51.100.1", 200},
		{"192.0.2.8:1000", "198.51.100.1", http.StatusTooManyRequests}, // same client through another proxy
		{"192.0.2.8:1000", "198.51.100.2, 10.1.2.3", 200},              // through two trusted proxies
		{"192.0.2.9:1000", "198.51.100.2", http.StatusTooManyRequests},
		// A direct client, not a trusted proxy, cannot name another
		// address to dodge its limit.
		{"203.0.113.5:1000", "", 200},
		{"203.0.113.5:1001", "198.51.100.77", http.StatusTooManyRequests},
		{"203.0.113.5:1002", "198.51.100.78, 192.0.2.1", http.StatusTooManyRequests},
		// Through a trusted proxy, a spoofed entry left of the real
		// client is ignored: the right-most untrusted address counts.
		{"192.0.2.1:1000", "1.1.1.1, 198.51.100.1", http.StatusTooManyRequests},
	}
	checkForwarded(t, h, tests)
}

func TestCORS(t *testing.T) {
	h, _ := newTestServer(t, &fakeService{}, Config{CORSOrigins: []string{"https://play.example"}})
	rec, _ := serve(h, "OPTIONS", "/solve", "", map[string]string{
		"Origin": "https://play.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "Content-Type",
	})
	if got := rec.Header().Get("Access-Control-Allow-Origin"); got != "https://play.example" {
		t.Errorf("preflight from an allowed origin: Allow-Origin = %q (status %d)", got, rec.Code)
	}
	rec, _ = serve(h, "GET", "/healthz", "", map[string]string{"Origin": "https://evil.example"})
	if got := rec.Header().Get("Access-Control-Allow-Origin"); got != "" {
		t.Errorf("other origin: Allow-Origin = %q, want none", got)
	}
}

// slowService blocks in Solve until its context ends.
type slowService struct{ fakeService }

func (s *slowService) Solve(ctx context.Context, _ engine.Grid, _ string) (service.Solution, error) {
	<-ctx.Done()
	return service.Solution{}, ctx.Err()
}

func TestRequestTimeout(t *testing.T) {
	h, _ := newTestServer(t, &slowService{}, Config{RequestTimeout: 20 * time.Millisecond})
	rec, p := serve(h, "POST", "/solve", `{"puzzle":"`+puzzleHard+`"}`, nil)
	if rec.Code != http.StatusGatewayTimeout || p.Code != "deadline" {
		t.Errorf("slow solve = %d %s, want 504 deadline", rec.Code, rec.Body)
	}
}

func TestNotFoundAndMethodNotAllowed(t *testing.T) {
	h, reg := newTestServer(t, &fakeService{}, Config{})
	for _, path := range []string{"/nope", "/a", "/b"} {
		if rec, p := serve(h, "GET", path, "", nil); rec.Code != 404 || p.Code != "not-found" {
			t.Errorf("GET %s = %d %s, want 404 not-found", path, rec.Code, rec.Body)
		}
	}
	if rec, p := serve(h, "GET", "/solve", "", nil); rec.Code != 405 || p.Code != "method-not-allowed" || rec.Header().Get("Allow") != "POST, OPTIONS" {
		t.Errorf("GET /solve = %d %s Allow %q, want 405 with Allow: POST, OPTIONS", rec.Code, rec.Body, rec.Header().Get("Allow"))
	}
	if rec, _ := serve(h, "POST", "/healthz", "", nil); rec.Header().Get("Allow") != "GET, HEAD, OPTIONS" {
		t.Errorf("POST /healthz: Allow %q, want GET, HEAD, OPTIONS", rec.Header().Get("Allow"))
	}
	if rec, _ := serve(h, "HEAD", "/healthz", "", nil); rec.Code != 200 || rec.Body.Len() != 0 {
		t.Errorf("HEAD /healthz = %d with %d bytes, want 200 and no body", rec.Code, rec.Body.Len())
	}
	// Unknown paths share one label: no cardinality blow-up.
	if got := testutil.ToFloat64(mustCounter(t, reg, "sudoku_http_requests_total", map[string]string{"method": "GET", "route": routeOther, "code": "404"})); got != 3 {
		t.Errorf("requests_total{route=%q,code=404} = %v, want 3", routeOther, got)
	}
}

func TestGzipLargeResponsesOnly(t *testing.T) {
	h, _ := newTestServer(t, &fakeService{}, Config{})
	tests := []struct {
		path     string
		wantGzip bool
	}{
		{"/openapi.yaml", true}, // large
		{"/healthz", false},     // small
	}
	for _, tt := range tests {
		rec, _ := serve(h, "GET", tt.path, "", map[string]string{"Accept-Encoding": "br, gzip"})
		if got := rec.Header().Get("Content-Encoding") == "gzip"; got != tt.wantGzip {
			t.Errorf("GET %s gzipped = %v, want %v", tt.path, got, tt.wantGzip)
			continue
		}
		if tt.wantGzip {
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(zr)
			if err != nil || !strings.HasPrefix(string(body), "openapi: 3") {
				t.Errorf("gunzipped %s = %.40q, %v", tt.path, body, err)
			}
		}
	}
	rec, _ := serve(h, "GET", "/openapi.yaml", "", map[string]string{"Accept-Encoding": "gzip;q=0"})
	if rec.Header().Get("Content-Encoding") != "" {
		t.Error("gzip;q=0 still got gzip")
	}
}

func TestReadyz(t *testing.T) {
	for _, ready := range []bool{false, true} {
		h, _ := newTestServer(t, &fakeService{ready: ready}, Config{})
		rec, p := serve(h, "GET", "/readyz", "", nil)
		want := map[bool]int{false: 503, true: 200}[ready]
		if rec.Code != want || (!ready && (p.Code != "not-ready" || rec.Header().Get("Retry-After") == "")) {
			t.Errorf("ready=%v: /readyz = %d %s, want %d", ready, rec.Code, rec.Body, want)
		}
	}
}

func TestAcceptsGzip(t *testing.T) {
	tests := []struct {
		header string
		want   bool
	}{
		{"", false},
		{"gzip", true},
		{"br, GZIP;q=0.5", true},
		{"gzip;q=0", false},
		{"*", true},
		{"br, *;q=0.1", true},
		{"*;q=0", false},
		{"gzip;q=0, *", false},
		{"identity", false},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/", nil)
		r.Header.Set("Accept-Encoding", tt.header)
		if got := acceptsGzip(r); got != tt.want {
			t.Errorf("acceptsGzip(%q) = %v, want %v", tt.header, got, tt.want)
		}
	}
}

// TestRateLimitChargesPerPuzzle checks that a batch of /generate is
// charged its count against the rate limit, not one request.
func TestRateLimitChargesPerPuzzle(t *testing.T) {
	h, _ := newTestServer(t, &fakeService{ready: true, puzzle: generate.Puzzle{Level: rating.Easy}}, Config{RateLimit: 10, RateWindow: time.Hour})
	tests := []struct {
		target string
		want   int
	}{
		{"/generate?level=easy&count=6", 200},
		{"/generate?level=easy&count=4", 200},
		{"/generate?level=easy", http.StatusTooManyRequests}, // 11th puzzle
	}
	for _, tt := range tests {
		if rec, _ := serve(h, "GET", tt.target, "", nil); rec.Code != tt.want {
			t.Errorf("GET %s = %d, want %d", tt.target, rec.Code, tt.want)
		}
	}
	h, _ = newTestServer(t, &fakeService{ready: true, puzzle: generate.Puzzle{Level: rating.Easy}}, Config{RateLimit: 10, RateWindow: time.Hour})
	if rec, _ := serve(h, "GET", "/generate?level=easy&count=11", "", nil); rec.Code != http.StatusTooManyRequests {
		t.Errorf("a batch of 11 against a limit of 10 = %d, want 429", rec.Code)
	}
}
