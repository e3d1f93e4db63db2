package api

import (
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/apikey"
)

// testKeys makes a ring of keys named for their scopes and returns it
// with their secrets by name.
func testKeys(t *testing.T, specs map[string][]apikey.Scope, rates map[string]int) (*apikey.Ring, map[string]string) {
	t.Helper()
	var lines []string
	secrets := map[string]string{}
	for name, scopes := range specs {
		secret, line, err := apikey.New(name, scopes, rates[name])
		if err != nil {
			t.Fatal(err)
		}
		secrets[name] = secret
		lines = append(lines, line)
	}
	set, err := apikey.Parse(strings.NewReader(strings.Join(lines, "\n")))
	if err != nil {
		t.Fatal(err)
	}
	var ring apikey.Ring
	ring.Store(set)
	return &ring, secrets
}

func TestAuthScopes(t *testing.T) {
	ring, secrets := testKeys(t, map[string][]apikey.Scope{
		"plain":     nil,
		"newspaper": {apikey.DailyAhead},
		"editor":    {apikey.Publish},
		"bulk":      {apikey.GenerateBulk},
	}, nil)
	core, logs := observer.New(zap.InfoLevel)
	reg := prometheus.NewRegistry()
	f := &fakeService{puzzle: generate.Puzzle{Level: rating.Easy, Seed: 1, Fresh: true}}
	m := NewMetrics(reg, reg)
	h := NewServer(zap.New(core), m, f, Config{Keys: ring})
	bearer := func(name string) map[string]string {
		return map[string]string{"Authorization": "Bearer " + secrets[name]}
	}
	putBody := `{"puzzle":"` + puzzleEasy + `"}`
	tests := []struct {
		name, method, path, body string
		header                   map[string]string
		wantStatus               int
		wantCode, wantChallenge  string
	}{
		{"anonymous generate", "GET", "/generate?level=easy", "", nil, 200, "", ""},
		{"anonymous past daily", "GET", "/daily?level=easy&date=2026-01-01", "", nil, 200, "", ""},
		{"anonymous future daily", "GET", "/daily?level=easy&date=2099-01-01", "", nil, 401, "unauthorized", `scope="daily:ahead"`},
		{"key without scope, future daily", "GET", "/daily?level=easy&date=2099-01-01", "", bearer("plain"), 403, "insufficient-scope", `error="insufficient_scope", scope="daily:ahead"`},
		{"newspaper future daily", "GET", "/daily?level=easy&date=2099-01-01", "", bearer("newspaper"), 200, "", ""},
		{"newspaper by X-API-Key", "GET", "/daily?level=easy&date=2099-01-01", "", map[string]string{"X-API-Key": secrets["newspaper"]}, 200, "", ""},
		{"unknown key", "GET", "/generate?level=easy", "", map[string]string{"Authorization": "Bearer sudoku_nope"}, 401, "unauthorized", `error="invalid_token"`},
		{"basic scheme", "GET", "/generate?level=easy", "", map[string]string{"Authorization": "Basic dXNlcjpwdw=="}, 401, "unauthorized", `error="invalid_token"`},
		{"empty bearer", "GET", "/generate?level=easy", "", map[string]string{"Authorization": "Bearer "}, 401, "unauthorized", `error="invalid_token"`},
		{"anonymous schedule", "POST", "/daily/schedule", `{"from":"2026-12-01","to":"2026-12-02"}`, nil, 401, "unauthorized", `scope="publish"`},
		{"newspaper schedule", "POST", "/daily/schedule", `{"from":"2026-12-01","to":"2026-12-02"}`, bearer("newspaper"), 403, "insufficient-scope", `scope="publish"`},
		{"editor schedule", "POST", "/daily/schedule", `{"from":"2026-12-01","to":"2026-12-02"}`, bearer("editor"), 200, "", ""},
		{"editor put", "PUT", "/daily/2026-12-24/easy", putBody, bearer("editor"), 200, "", ""},
		{"anonymous put", "PUT", "/daily/2026-12-24/easy", putBody, nil, 401, "unauthorized", `scope="publish"`},
		{"editor archive", "GET", "/daily/archive", "", bearer("editor"), 200, "", ""},
		{"plain archive", "GET", "/daily/archive", "", bearer("plain"), 403, "insufficient-scope", `scope="publish"`},
		{"anonymous small fresh batch", "GET", "/generate?level=easy&count=10&fresh=true", "", nil, 200, "", ""},
		{"anonymous big fresh batch", "GET", "/generate?level=easy&count=11&fresh=true", "", nil, 401, "unauthorized", `scope="generate:bulk"`},
		{"anonymous big seeded batch", "GET", "/generate?level=easy&count=50&seed=3", "", nil, 401, "unauthorized", `scope="generate:bulk"`},
		{"anonymous big buffered batch", "GET", "/generate?level=easy&count=50", "", nil, 200, "", ""},
		{"plain big fresh batch", "GET", "/generate?level=easy&count=50&fresh=true", "", bearer("plain"), 403, "insufficient-scope", `scope="generate:bulk"`},
		{"bulk big fresh batch", "GET", "/generate?level=easy&count=50&fresh=true", "", bearer("bulk"), 200, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, p := serve(h, tt.method, tt.path, tt.body, tt.header)
			if rec.Code != tt.wantStatus || p.Code != tt.wantCode {
				t.Fatalf("%s %s = %d %s, want %d %s", tt.method, tt.path, rec.Code, rec.Body, tt.wantStatus, tt.wantCode)
			}
			if got := rec.Header().Get("WWW-Authenticate"); !strings.Contains(got, tt.wantChallenge) || (tt.wantChallenge != "") != (got != "") {
				t.Errorf("WWW-Authenticate = %q, want it to contain %q", got, tt.wantChallenge)
			}
			if tt.wantCode == "insufficient-scope" && !strings.Contains(p.Detail, "key ") {
				t.Errorf("403 detail %q does not name the key", p.Detail)
			}
		})
	}
	if rec, _ := serve(h, "GET", "/daily?level=easy&date=2099-01-01", "", bearer("newspaper")); rec.Header().Get("Cache-Control") != embargoedCacheControl {
		t.Errorf("embargoed daily Cache-Control = %q, want %q", rec.Header().Get("Cache-Control"), embargoedCacheControl)
	}
	// Names, never secrets, in the logs and the metrics.
	for _, e := range logs.All() {
		line := e.Message
		for _, fld := range e.Context {
			line += " " + fld.Key + "=" + fld.String
		}
		for _, s := range secrets {
			if strings.Contains(line, s) || strings.Contains(line, s[len(s)-20:]) {
				t.Fatalf("log line %q contains a secret", line)
			}
		}
	}
	clients := map[string]bool{}
	for _, e := range logs.FilterMessage("request").All() {
		clients[e.ContextMap()["client"].(string)] = true
	}
	for _, want := range []string{"anonymous", "editor", "newspaper", "plain", "bulk"} {
		if !clients[want] {
			t.Errorf("no access log line with client %q (got %v)", want, clients)
		}
	}
	if n := testutil.ToFloat64(m.clients.WithLabelValues("editor", "200")); n != 3 {
		t.Errorf(`client_requests_total{client="editor",code="200"} = %v, want 3`, n)
	}
}

func TestPerKeyRateLimit(t *testing.T) {
	ring, secrets := testKeys(t, map[string][]apikey.Scope{"limited": nil, "unlimited": nil}, map[string]int{"limited": 2})
	reg := prometheus.NewRegistry()
	h := NewServer(zap.NewNop(), NewMetrics(reg, reg), &fakeService{}, Config{Keys: ring, RateLimit: 1})
	key := func(name string) map[string]string { return map[string]string{"X-API-Key": secrets[name]} }
	tests := []struct {
		name   string
		header map[string]string
		want   int
	}{
		{"anonymous first", nil, 200},
		{"anonymous over its address's limit", nil, 429},
		{"limited key 1 (same address)", key("limited"), 200},
		{"limited key 2", key("limited"), 200},
		{"limited key over its limit", key("limited"), 429},
		{"unlimited key 1", key("unlimited"), 200},
		{"unlimited key 2", key("unlimited"), 200},
		{"unlimited key 3", key("unlimited"), 200},
		// A bad key is charged to its address, whose limit is spent.
		{"bad key over its address's limit", map[string]string{"X-API-Key": "sudoku_not-a-key"}, 429},
		{"malformed Authorization over its address's limit", map[string]string{"Authorization": "Basic eDp5"}, 429},
	}
	for _, tt := range tests {
		rec, p := serve(h, "POST", "/solve", `{"puzzle":"`+puzzleEasy+`"}`, tt.header)
		if rec.Code != tt.want {
			t.Errorf("%s: POST /solve = %d %s, want %d", tt.name, rec.Code, p.Code, tt.want)
		}
		if tt.want == 429 && !strings.Contains(p.Detail, "more than") {
			t.Errorf("%s: 429 detail %q", tt.name, p.Detail)
		}
	}
}
