package main

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"github.com/sudokuhq/sudoku/engine"
)

const (
	easyPuzzle   = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	easySolution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
)

// checkPuzzle fails unless p is a valid answer of /generate or /daily at
// level: 81 cells, a unique solution equal to the one given.
func checkPuzzle(t *testing.T, what string, p map[string]any, level string) {
	t.Helper()
	ps, _ := p["puzzle"].(string)
	sol, _ := p["solution"].(string)
	g, err := engine.Parse(ps)
	if err != nil || len(ps) != 81 || strings.ContainsAny(ps, "0") {
		t.Fatalf("%s: puzzle %q: %v", what, ps, err)
	}
	s, err := engine.Parse(sol)
	if err != nil || strings.Contains(sol, ".") {
		t.Fatalf("%s: solution %q: %v", what, sol, err)
	}
	if res := engine.Solve(g); res.Count != 1 || res.Solution != s {
		t.Errorf("%s: puzzle has %d solutions, first %v; answer says %s", what, res.Count, res.Solution, sol)
	}
	if p["level"] != level {
		t.Errorf("%s: level = %v, want %s", what, p["level"], level)
	}
	// A puzzle of the day (it has a date) never shows its seed, which
	// would reproduce it through /generate; every other puzzle does.
	if _, daily := p["date"]; daily {
		if seed, ok := p["seed"]; ok {
			t.Errorf("%s: a daily answer carries seed %v", what, seed)
		}
	} else if seed, _ := p["seed"].(string); seed == "" {
		t.Errorf("%s: no seed", what)
	} else if _, err := strconv.ParseUint(seed, 10, 64); err != nil {
		t.Errorf("%s: seed %q: %v", what, seed, err)
	}
	if score, ok := p["score"].(float64); !ok || score <= 0 {
		t.Errorf("%s: score = %v, want > 0", what, p["score"])
	}
	if g.Givens() != int(p["givens"].(float64)) {
		t.Errorf("%s: givens = %v, want %d", what, p["givens"], g.Givens())
	}
}

func get(t *testing.T, url string, header map[string]string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func TestRunGenerate(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_BUFFER": "2"})
	for _, level := range []string{"easy", "medium", "hard", "evil"} {
		resp, p := call(t, "GET", s.base+"/generate?level="+level, "", "")
		if resp.StatusCode != 200 {
			t.Fatalf("GET /generate?level=%s = %d %v", level, resp.StatusCode, p)
		}
		checkPuzzle(t, "generate "+level, p, level)

		_, p = call(t, "GET", s.base+"/generate?fresh=true&level="+level, "", "")
		checkPuzzle(t, "fresh "+level, p, level)
		if p["fresh"] != true {
			t.Errorf("fresh=true gave fresh = %v", p["fresh"])
		}
	}

	// A seed reproduces the puzzle; a batch with a seed counts up from it.
	_, a := call(t, "GET", s.base+"/generate?level=hard&seed=42", "", "")
	_, b := call(t, "GET", s.base+"/generate?level=hard&seed=42&count=2", "", "")
	batch, _ := b["puzzles"].([]any)
	if len(batch) != 2 || batch[0].(map[string]any)["puzzle"] != a["puzzle"] || a["seed"] != "42" {
		t.Errorf("seed 42 gave %v, then batch %v: want the same first puzzle", a["puzzle"], batch)
	}
	if len(batch) == 2 && batch[1].(map[string]any)["seed"] != "43" {
		t.Errorf("second puzzle of a batch from seed 42 has seed %v, want 43", batch[1].(map[string]any)["seed"])
	}

	// Symmetry: the givens keep the half-turn pattern.
	_, p := call(t, "GET", s.base+"/generate?level=medium&symmetry=rotational", "", "")
	ps := p["puzzle"].(string)
	for i := range 81 {
		if (ps[i] == '.') != (ps[80-i] == '.') {
			t.Fatalf("symmetry=rotational gave %s: cells %d and %d differ in emptiness", ps, i, 80-i)
		}
	}

	// A burst larger than the buffer is answered at once with variants.
	_, b = call(t, "GET", s.base+"/generate?level=evil&count=100", "", "")
	batch, _ = b["puzzles"].([]any)
	variants := 0
	for i, x := range batch {
		p := x.(map[string]any)
		checkPuzzle(t, "burst "+strconv.Itoa(i), p, "evil")
		if p["fresh"] == false {
			variants++
			if v, _ := p["variant"].(string); v == "" {
				t.Errorf("variant without a variant seed: %v", p)
			}
		}
	}
	if len(batch) != 100 || variants == 0 {
		t.Errorf("burst of 100 with a buffer of 2: %d puzzles, %d variants; want 100 with variants", len(batch), variants)
	}

	// SVG, by format or by Accept.
	for _, h := range []map[string]string{nil, {"Accept": "image/svg+xml"}} {
		url := s.base + "/generate?level=easy"
		if h == nil {
			url += "&format=svg"
		}
		resp, body := get(t, url, h)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/svg+xml" || !strings.Contains(string(body), "<svg") {
			t.Errorf("GET %s %v = %d %s %.60q, want an SVG", url, h, resp.StatusCode, resp.Header.Get("Content-Type"), body)
		}
	}

	metrics := scrape(t, s.admin)
	for _, level := range []string{"easy", "medium", "hard", "evil"} {
		if n := metricValue(metrics, "sudoku_generation_duration_seconds", map[string]string{"level": level}); n < 1 {
			t.Errorf("sudoku_generation_duration_seconds{level=%q} count = %v, want >= 1", level, n)
		}
		if _, ok := find(metrics, "sudoku_pool_buffer_depth", map[string]string{"level": level}); !ok {
			t.Errorf("no sudoku_pool_buffer_depth{level=%q}", level)
		}
	}
	if n := metricValue(metrics, "sudoku_generate_served_total", map[string]string{"level": "evil", "fresh": "false"}); n != float64(variants) {
		t.Errorf("served_total{evil,fresh=false} = %v, want %d variants", n, variants)
	}
	if n := metricValue(metrics, "sudoku_http_requests_total", map[string]string{"route": "/generate", "code": "200", "method": "GET"}); n < 10 {
		t.Errorf("http_requests_total{route=/generate,code=200} = %v", n)
	}
	for _, name := range []string{"go_goroutines", "process_resident_memory_bytes", "sudoku_pool_generated_total"} {
		if _, ok := metrics[name]; !ok {
			t.Errorf("metric %s missing", name)
		}
	}
}

func TestRunGenerateErrors(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0"})
	tests := []struct {
		query, param string
	}{
		{"", "level"},
		{"level=expert", "level"},
		{"level=easy&count=0", "count"},
		{"level=easy&count=101", "count"},
		{"level=easy&count=x", "count"},
		{"level=easy&seed=-1", "seed"},
		{"level=easy&symmetry=spiral", "symmetry"},
		{"level=easy&fresh=maybe", "fresh"},
		{"level=easy&format=png", "format"},
		{"level=easy&format=svg&count=2", "format"},
	}
	for _, tt := range tests {
		resp, p := call(t, "GET", s.base+"/generate?"+tt.query, "", "")
		if resp.StatusCode != 400 || p["code"] != "bad-parameter" || p["parameter"] != tt.param {
			t.Errorf("GET /generate?%s = %d %v, want 400 bad-parameter on %s", tt.query, resp.StatusCode, p, tt.param)
		}
	}
}

func TestRunGenerationDeadline(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0"}, "-generate-timeout", "1ns")
	resp, p := call(t, "GET", s.base+"/generate?level=evil&fresh=true", "", "")
	if resp.StatusCode != 504 || p["code"] != "deadline" {
		t.Errorf("fresh evil with a 1ns deadline = %d %v, want 504 deadline", resp.StatusCode, p)
	}
	// The buffered path does not wait, so the deadline does not matter.
	if resp, p := call(t, "GET", s.base+"/generate?level=evil", "", ""); resp.StatusCode != 200 {
		t.Errorf("buffered evil = %d %v, want 200", resp.StatusCode, p)
	}
}

func TestRunDaily(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_DAILY_SALT": "test"})
	resp, a := call(t, "GET", s.base+"/daily?level=hard&date=2026-01-31", "", "")
	if resp.StatusCode != 200 {
		t.Fatalf("GET /daily = %d %v", resp.StatusCode, a)
	}
	checkPuzzle(t, "daily", a, "hard")
	etag := resp.Header.Get("ETag")
	if a["date"] != "2026-01-31" || etag == "" || !strings.Contains(resp.Header.Get("Cache-Control"), "max-age") {
		t.Errorf("daily: date %v, ETag %q, Cache-Control %q", a["date"], etag, resp.Header.Get("Cache-Control"))
	}
	// Concurrent and repeated pulls get the same puzzle and ETag.
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			resp, b := call(t, "GET", s.base+"/daily?level=hard&date=2026-01-31", "", "")
			if b["puzzle"] != a["puzzle"] || resp.Header.Get("ETag") != etag {
				t.Errorf("repeated daily = %v (ETag %s), want %v (%s)", b["puzzle"], resp.Header.Get("ETag"), a["puzzle"], etag)
			}
		})
	}
	wg.Wait()
	resp, body := get(t, s.base+"/daily?level=hard&date=2026-01-31", map[string]string{"If-None-Match": etag})
	if resp.StatusCode != http.StatusNotModified || len(body) != 0 {
		t.Errorf("If-None-Match with the ETag = %d %q, want 304 and no body", resp.StatusCode, body)
	}
	// Another replica with the same salt serves the same puzzle.
	s2 := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_DAILY_SALT": "test"})
	if _, b := call(t, "GET", s2.base+"/daily?level=hard&date=2026-01-31", "", ""); b["puzzle"] != a["puzzle"] {
		t.Errorf("second replica's daily = %v, want %v", b["puzzle"], a["puzzle"])
	}
	// Another level or date is another puzzle; no date means today (UTC).
	if _, b := call(t, "GET", s.base+"/daily?level=evil&date=2026-01-31", "", ""); b["puzzle"] == a["puzzle"] {
		t.Error("evil and hard daily puzzles are the same")
	}
	today := time.Now().UTC().Format(time.DateOnly)
	if _, b := call(t, "GET", s.base+"/daily?level=easy", "", ""); b["date"] != today {
		t.Errorf("daily without date: date = %v, want %s", b["date"], today)
	}
	if resp, body := get(t, s.base+"/daily?level=easy&format=svg", nil); resp.StatusCode != 200 || !strings.Contains(string(body), "<svg") {
		t.Errorf("daily svg = %d %.60q", resp.StatusCode, body)
	}
	for _, q := range []string{"level=easy&date=2026-02-30", "level=easy&date=1999-12-31", "level=easy&date=today", "date=2026-01-01"} {
		if resp, p := call(t, "GET", s.base+"/daily?"+q, "", ""); resp.StatusCode != 400 || p["code"] != "bad-parameter" {
			t.Errorf("GET /daily?%s = %d %v, want 400", q, resp.StatusCode, p)
		}
	}
}

func TestRunRateAndHint(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0"})
	resp, r := call(t, "POST", s.base+"/rate", "application/json", `{"puzzle":"`+easyPuzzle+`"}`)
	if resp.StatusCode != 200 {
		t.Fatalf("POST /rate = %d %v", resp.StatusCode, r)
	}
	counts, _ := r["counts"].(map[string]any)
	if r["level"] != "easy" || r["level1"] != true || r["hardest_tier"] != 1.0 || r["givens"] != 32.0 || len(counts) == 0 {
		t.Errorf("rate of an easy puzzle = %v", r)
	}
	for _, k := range []string{"score", "steps", "wnef"} {
		if v, ok := r[k].(float64); !ok || v <= 0 {
			t.Errorf("rate: %s = %v, want > 0", k, r[k])
		}
	}
	if _, ok := r["path"]; ok {
		t.Error("rate without explain has a path")
	}
	_, r = call(t, "POST", s.base+"/rate?explain=true", "application/json", `{"puzzle":"`+easyPuzzle+`"}`)
	path, _ := r["path"].([]any)
	placed := 0
	for _, x := range path {
		for _, pl := range x.(map[string]any)["placements"].([]any) {
			pl := pl.(map[string]any)
			cell, digit := int(pl["cell"].(float64)), int(pl["digit"].(float64))
			if easySolution[cell] != byte('0'+digit) {
				t.Errorf("explain places %d at %v, solution has %c", digit, pl["name"], easySolution[cell])
			}
			placed++
		}
	}
	if placed != 81-32 {
		t.Errorf("explain path places %d digits, want %d", placed, 81-32)
	}

	tests := []struct {
		name, current string
		want          map[string]any
	}{
		{"mistake", "5" + easyPuzzle[1:], map[string]any{"mistake": true, "cell": "r1c1", "cell_index": 0.0, "solved": false}},
		{"duplicate is a mistake", easyPuzzle[:1] + "3" + easyPuzzle[2:], map[string]any{"mistake": true, "cell": "r1c2"}},
		{"given removed", "." + easyPuzzle[1:2] + "." + easyPuzzle[3:], map[string]any{"mistake": true, "cell": "r1c3"}},
		{"solved", easySolution, map[string]any{"solved": true, "mistake": false}},
	}
	for _, tt := range tests {
		resp, h := call(t, "POST", s.base+"/hint", "application/json", `{"puzzle":"`+easyPuzzle+`","current":"`+tt.current+`"}`)
		if resp.StatusCode != 200 {
			t.Errorf("hint %s = %d %v", tt.name, resp.StatusCode, h)
			continue
		}
		for k, v := range tt.want {
			if h[k] != v {
				t.Errorf("hint %s: %s = %v, want %v (%v)", tt.name, k, h[k], v, h)
			}
		}
	}
	_, h := call(t, "POST", s.base+"/hint", "application/json", `{"puzzle":"`+easyPuzzle+`","current":"`+easyPuzzle+`"}`)
	step, _ := h["step"].(map[string]any)
	if step == nil || h["text"] == "" || step["tier"] != 1.0 {
		t.Fatalf("hint on the untouched puzzle = %v, want a tier-1 step", h)
	}
	for _, pl := range step["placements"].([]any) {
		pl := pl.(map[string]any)
		if easySolution[int(pl["cell"].(float64))] != byte('0'+int(pl["digit"].(float64))) {
			t.Errorf("hint places %v, not the solution's digit", pl)
		}
	}

	// Errors of /rate and /hint.
	errs := []struct {
		path, body, code, param string
		status                  int
	}{
		{"/rate", `{"puzzle":"` + strings.Repeat(".", 81) + `"}`, "multiple-solutions", "", 422},
		{"/rate", `{"puzzle":"12345678........9` + strings.Repeat(".", 64) + `"}`, "no-solution", "", 422},
		{"/rate", `{"grid":[[1,2]]}`, "row-count", "grid", 422},
		{"/hint", `{"puzzle":"` + easyPuzzle + `","current":"abc"}`, "bad-char", "current", 422},
		{"/hint", `{"puzzle":"` + easyPuzzle + `"}`, "bad-parameter", "current", 400},
		{"/hint", `{"puzzle":"` + easyPuzzle + `","current":"` + easyPuzzle + `","x":1}`, "malformed-json", "", 400},
	}
	for _, e := range errs {
		resp, p := call(t, "POST", s.base+e.path, "application/json", e.body)
		if resp.StatusCode != e.status || p["code"] != e.code || (e.param != "" && p["parameter"] != e.param) {
			t.Errorf("POST %s %s = %d %v, want %d %s on %q", e.path, e.body, resp.StatusCode, p, e.status, e.code, e.param)
		}
	}
}

func TestRunRateLimitAndOverload(t *testing.T) {
	// Probes are exempt from the limit, so startServer's polls do not
	// count: exactly the request past the limit is refused.
	const limit = 40
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": strconv.Itoa(limit), "SUDOKU_RATE_WINDOW": "1h"})
	limited := 0
	for i := range limit + 1 {
		resp, p := call(t, "GET", s.base+"/openapi.yaml", "", "")
		switch {
		case resp.StatusCode == 429:
			limited++
			if p["code"] != "rate-limited" || resp.Header.Get("Retry-After") != "3600" {
				t.Errorf("429 = %v Retry-After %q, want rate-limited and 3600", p, resp.Header.Get("Retry-After"))
			}
		case limited > 0:
			t.Fatalf("request %d = %d after a 429, want 429", i, resp.StatusCode)
		}
	}
	if limited != 1 {
		t.Errorf("%d requests with a limit of %d/h: %d refused, want 1", limit+1, limit, limited)
	}
	if resp, _ := call(t, "GET", s.base+"/healthz", "", ""); resp.StatusCode != 200 {
		t.Errorf("GET /healthz past the rate limit = %d, want 200: probes are exempt", resp.StatusCode)
	}

	// One CPU slot, held by a slow solver: the next solve is refused fast.
	s = startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_MAX_INFLIGHT": "1", "SUDOKU_ADMISSION_WAIT": "1ms", "SUDOKU_REQUEST_TIMEOUT": "3s"})
	hard := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	slow := make(chan int, 1)
	go func() {
		resp, _ := call(t, "POST", s.base+"/solve", "application/json", `{"puzzle":"`+hard+`","algorithm":"naive"}`)
		slow <- resp.StatusCode
	}()
	deadline := time.Now().Add(3 * time.Second)
	var got int
	for time.Now().Before(deadline) {
		resp, p := call(t, "POST", s.base+"/solve", "application/json", `{"puzzle":"`+hard+`"}`)
		got = resp.StatusCode
		if got == 503 {
			if p["code"] != "overloaded" || resp.Header.Get("Retry-After") == "" {
				t.Errorf("503 = %v, want code overloaded with Retry-After", p)
			}
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if got != 503 {
		t.Errorf("solve while the only slot is held = %d, want 503", got)
	}
	if code := <-slow; code != 422 && code != 504 && code != 200 {
		t.Errorf("slow naive solve = %d, want 200, 422 (budget) or 504 (deadline)", code)
	}
}

// scrape reads /metrics of the admin listener at admin into metric
// families.
func scrape(t *testing.T, admin string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, body := get(t, admin+"/metrics", nil)
	if resp.StatusCode != 200 {
		t.Fatalf("/metrics = %d", resp.StatusCode)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	mfs, err := p.TextToMetricFamilies(strings.NewReader(string(body)))
	if err != nil {
		t.Fatalf("parsing /metrics: %v", err)
	}
	return mfs
}

// metricValue returns the value of a counter or gauge, or a histogram's
// sample count, with the given labels; -1 when absent.
func metricValue(mfs map[string]*dto.MetricFamily, name string, labels map[string]string) float64 {
	m, ok := find(mfs, name, labels)
	if !ok {
		return -1
	}
	switch {
	case m.Counter != nil:
		return m.Counter.GetValue()
	case m.Gauge != nil:
		return m.Gauge.GetValue()
	case m.Histogram != nil:
		return float64(m.Histogram.GetSampleCount())
	}
	return -1
}

func find(mfs map[string]*dto.MetricFamily, name string, labels map[string]string) (*dto.Metric, bool) {
	mf, ok := mfs[name]
	if !ok {
		return nil, false
	}
next:
	for _, m := range mf.GetMetric() {
		for k, v := range labels {
			found := false
			for _, lp := range m.GetLabel() {
				if lp.GetName() == k && lp.GetValue() == v {
					found = true
				}
			}
			if !found {
				continue next
			}
		}
		return m, true
	}
	return nil, false
}
