package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// TestDashboardAndAlertsAgainstLivePrometheus starts a real Prometheus
// (Debian's package, or any `prometheus` on PATH) scraping a real sudokud
// every second while traffic hits every endpoint, then runs every query of
// deploy/grafana/sudokud.json and every rule of deploy/prometheus/alerts.yaml
// through Prometheus's HTTP API: each must parse, each dashboard query must
// return data, and Prometheus must have loaded and evaluated every rule.
// Outside CI it skips when prometheus is not installed; under CI=true it
// fails.
func TestDashboardAndAlertsAgainstLivePrometheus(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Prometheus; not in -short")
	}
	promBin, err := exec.LookPath("prometheus")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("prometheus is not installed; .ci/run installs Debian's prometheus package")
		}
		t.Skip("prometheus is not installed (apt-get install prometheus): the dashboard is not checked against a live Prometheus")
	}
	rulesPath, err := filepath.Abs(filepath.Join("..", "..", "deploy", "prometheus", "alerts.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	dashboard := loadDashboard(t, filepath.Join("..", "..", "deploy", "grafana", "sudokud.json"))

	// A low rate limit, so that the traffic below meets 429s; a low fresh
	// rate, so that /generate serves variants as well as fresh puzzles.
	s := startServer(t, nil, "-rate-limit", "60", "-fresh-rate", "1")
	target := strings.TrimPrefix(s.admin, "http://") // the scrape goes to the admin listener
	sendTraffic(t, s.base)

	dir := t.TempDir()
	cfg := fmt.Sprintf(`global: {scrape_interval: 1s, evaluation_interval: 1s}
rule_files: [%q]
scrape_configs:
  - job_name: sudokud
    static_configs: [{targets: [%q]}]
`, rulesPath, target)
	cfgPath := filepath.Join(dir, "prometheus.yml")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	promAddr := freeAddr(t)
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, promBin, "--config.file="+cfgPath, "--storage.tsdb.path="+filepath.Join(dir, "data"),
		"--web.listen-address="+promAddr, "--log.level=warn")
	cmd.WaitDelay = 5 * time.Second
	var promLog strings.Builder
	cmd.Stdout, cmd.Stderr = &promLog, &promLog
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cancel()
			<-done
		}
		cancel()
		if t.Failed() {
			t.Logf("prometheus log:\n%s", promLog.String())
		}
	})
	prom := &promClient{t: t, base: "http://" + promAddr}

	// Wait for a few scrapes of sudokud and a round of rule evaluations,
	// with traffic between them so that the counters move.
	deadline := time.Now().Add(90 * time.Second)
	for {
		if v, ok := prom.scalar(`sum(count_over_time(up{job="sudokud"}[1m]))`); ok && v >= 5 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("Prometheus did not scrape sudokud 5 times within 90 s")
		}
		sendTraffic(t, s.base)
		time.Sleep(500 * time.Millisecond)
	}
	if v, ok := prom.scalar(`up{job="sudokud"}`); !ok || v != 1 {
		t.Fatalf("up{job=\"sudokud\"} = %v, %v; want 1", v, ok)
	}

	vars := map[string]string{
		"job": "sudokud", "instance": target, "level": rating.Levels()[len(rating.Levels())-1].String(),
		"__rate_interval": "30s", "__range": "5m", "__interval": "1s",
	}
	for _, q := range dashboard.queries {
		expr := substitute(q.expr, vars)
		n, err := prom.query(expr)
		switch {
		case err != nil:
			t.Errorf("panel %q: %s: %v", q.panel, expr, err)
		case n == 0:
			t.Errorf("panel %q: %s returned no data", q.panel, expr)
		}
	}
	for _, v := range dashboard.variables {
		metric, label, ok := parseLabelValues(substitute(v.query, vars))
		if !ok {
			t.Errorf("variable %s: query %q is not label_values(selector, label)", v.name, v.query)
			continue
		}
		values := prom.labelValues(label, metric)
		if len(values) == 0 {
			t.Errorf("variable %s: %s has no values", v.name, v.query)
		}
	}

	// The alert rules: each expression parses and runs, and Prometheus
	// loaded every rule of the file and evaluated it without error.
	rulesFile, err := os.ReadFile(rulesPath)
	if err != nil {
		t.Fatal(err)
	}
	rules := prom.rules()
	if want := len(regexp.MustCompile(`(?m)^\s*- alert: `).FindAll(rulesFile, -1)); len(rules) != want || want == 0 {
		t.Fatalf("Prometheus loaded %d rules from %s, which has %d alerts", len(rules), rulesPath, want)
	}
	for _, r := range rules {
		if _, err := prom.query(r.Query); err != nil {
			t.Errorf("alert %s: %v", r.Name, err)
		}
		if r.Health == "err" {
			t.Errorf("alert %s: evaluation failed: %s", r.Name, r.LastError)
		}
	}
}

// sendTraffic calls every endpoint: good and bad requests, every level and
// a classic solver, then enough requests to meet the rate limit.
func sendTraffic(t *testing.T, base string) {
	t.Helper()
	const puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	do := func(method, path, body string) int {
		req, err := http.NewRequest(method, base+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		if body != "" {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	for _, p := range []string{"/healthz", "/readyz", "/metrics", "/openapi.yaml", "/daily"} {
		do("GET", p, "")
	}
	for _, l := range rating.Levels() {
		for range 3 {
			do("GET", "/generate?level="+l.String(), "")
		}
	}
	do("POST", "/solve", `{"puzzle":"`+puzzle+`"}`)
	do("POST", "/solve", `{"puzzle":"`+puzzle+`","algorithm":"backtrack"}`)
	do("POST", "/solve", `{"puzzle":"12"}`) // 422
	do("POST", "/rate", `{"puzzle":"`+puzzle+`"}`)
	do("POST", "/hint", `{"puzzle":"`+puzzle+`","current":"`+puzzle+`"}`)
	for range 100 {
		if do("GET", "/openapi.yaml", "") == http.StatusTooManyRequests {
			break
		}
	}
}

// dashboardQueries are the expressions of a Grafana dashboard.
type dashboardQueries struct {
	queries   []struct{ panel, expr string }
	variables []struct{ name, query string }
}

func loadDashboard(t *testing.T, path string) dashboardQueries {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	type panel struct {
		Title   string
		Targets []struct{ Expr string }
		Panels  []json.RawMessage // a collapsed row's panels
	}
	var d struct {
		Panels     []json.RawMessage
		Templating struct {
			List []struct {
				Name, Type string
				Query      json.RawMessage
			}
		}
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	var out dashboardQueries
	var walk func([]json.RawMessage)
	walk = func(raw []json.RawMessage) {
		for _, r := range raw {
			var p panel
			if err := json.Unmarshal(r, &p); err != nil {
				t.Fatal(err)
			}
			for _, tg := range p.Targets {
				out.queries = append(out.queries, struct{ panel, expr string }{p.Title, tg.Expr})
			}
			walk(p.Panels)
		}
	}
	walk(d.Panels)
	for _, v := range d.Templating.List {
		if v.Type != "query" {
			continue
		}
		var q struct{ Query string }
		if err := json.Unmarshal(v.Query, &q); err != nil {
			var s string
			if json.Unmarshal(v.Query, &s) != nil {
				t.Fatalf("variable %s: query %s", v.Name, v.Query)
			}
			q.Query = s
		}
		out.variables = append(out.variables, struct{ name, query string }{v.Name, q.Query})
	}
	if len(out.queries) == 0 || len(out.variables) == 0 {
		t.Fatalf("%s: no queries or no variables", path)
	}
	return out
}

// substitute replaces Grafana's $name and ${name} variables.
func substitute(expr string, vars map[string]string) string {
	return regexp.MustCompile(`\$\{?(\w+)\}?`).ReplaceAllStringFunc(expr, func(m string) string {
		name := strings.Trim(m, "${}")
		if v, ok := vars[name]; ok {
			return v
		}
		return m
	})
}

// parseLabelValues splits Grafana's label_values(selector, label).
func parseLabelValues(q string) (selector, label string, ok bool) {
	m := regexp.MustCompile(`^label_values\((.+),\s*(\w+)\)$`).FindStringSubmatch(q)
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// promClient calls Prometheus's HTTP API.
type promClient struct {
	t    *testing.T
	base string
}

// get decodes the data of an API answer into data.
func (p *promClient) get(path string, params url.Values, data any) error {
	resp, err := http.Get(p.base + path + "?" + params.Encode())
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	var body struct {
		Status, Error string
		Data          json.RawMessage
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return fmt.Errorf("%s: %s: %w", path, resp.Status, err)
	}
	if body.Status != "success" {
		return fmt.Errorf("%s", body.Error)
	}
	return json.Unmarshal(body.Data, data)
}

// query runs an instant query and returns the number of series or samples.
func (p *promClient) query(expr string) (int, error) {
	var data struct {
		ResultType string          `json:"resultType"`
		Result     json.RawMessage `json:"result"`
	}
	if err := p.get("/api/v1/query", url.Values{"query": {expr}}, &data); err != nil {
		return 0, err
	}
	if data.ResultType != "vector" && data.ResultType != "matrix" {
		return 1, nil // a scalar or string
	}
	var series []json.RawMessage
	if err := json.Unmarshal(data.Result, &series); err != nil {
		return 0, err
	}
	return len(series), nil
}

// scalar returns the value of a query with one sample, if it has one.
func (p *promClient) scalar(expr string) (float64, bool) {
	var data struct {
		Result []struct {
			Value [2]any `json:"value"`
		} `json:"result"`
	}
	if err := p.get("/api/v1/query", url.Values{"query": {expr}}, &data); err != nil || len(data.Result) != 1 {
		return 0, false
	}
	var v float64
	s, _ := data.Result[0].Value[1].(string)
	_, err := fmt.Sscan(s, &v)
	return v, err == nil
}

func (p *promClient) labelValues(label, match string) []string {
	var values []string
	if err := p.get("/api/v1/label/"+label+"/values", url.Values{"match[]": {match}}, &values); err != nil {
		p.t.Errorf("label values of %s for %s: %v", label, match, err)
	}
	return values
}

// promRule is a loaded rule as /api/v1/rules reports it.
type promRule struct {
	Name, Query, Health string
	LastError           string `json:"lastError"`
}

func (p *promClient) rules() []promRule {
	var data struct {
		Groups []struct{ Rules []promRule }
	}
	if err := p.get("/api/v1/rules", nil, &data); err != nil {
		p.t.Fatalf("rules: %v", err)
	}
	var rs []promRule
	for _, g := range data.Groups {
		rs = append(rs, g.Rules...)
	}
	return rs
}
