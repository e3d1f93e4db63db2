package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
)

func TestVersionFlagPrintsStampedBuild(t *testing.T) {
	defer func(v, r string) { version, revision = v, r }(version, revision)
	version, revision = "v1.2.3", "0123abc"
	var out bytes.Buffer
	if err := run(context.Background(), []string{"-version"}, func(string) string { return "" }, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	want := "sudokud v1.2.3 (revision 0123abc, " + runtime.Version() + ")\n"
	if out.String() != want {
		t.Errorf("-version printed %q, want %q", out.String(), want)
	}
}

func TestVersionUnstampedFallsBack(t *testing.T) {
	defer func(v, r string) { version, revision = v, r }(version, revision)
	version, revision = "", ""
	b := buildVersion()
	if b.Version == "" || b.Revision == "" || b.GoVersion != runtime.Version() {
		t.Errorf("buildVersion() = %+v, want non-empty version and revision, Go %s", b, runtime.Version())
	}
}

func TestProbe(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/healthz" {
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	}))
	defer ts.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close()
	tests := []struct {
		name    string
		url     string
		wantErr string
	}{
		{"healthy", ts.URL + "/healthz", ""},
		{"unhealthy", ts.URL + "/readyz", "503"},
		{"nobody listening", closed.URL + "/healthz", "connect"},
		{"bad url", "://nope", "missing protocol scheme"},
		{"path on -admin-addr's port", "/healthz", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			// A bare path asks the admin listener, not the API's port.
			env := map[string]string{"SUDOKU_ADMIN_ADDR": strings.TrimPrefix(ts.URL, "http://"), "SUDOKU_ADDR": strings.TrimPrefix(closed.URL, "http://")}
			err := run(context.Background(), []string{"-probe", tt.url}, func(k string) string { return env[k] }, &out, io.Discard)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("probe %s: %v, want success", tt.url, err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("probe %s: %v, want an error with %q", tt.url, err, tt.wantErr)
			}
		})
	}
}

// TestCommandFlagsIgnoreEnvironment guards the server against a stray
// SUDOKU_PROBE or SUDOKU_VERSION turning it into a one-shot command.
func TestCommandFlagsIgnoreEnvironment(t *testing.T) {
	env := map[string]string{"SUDOKU_PROBE": "http://127.0.0.1:1/", "SUDOKU_VERSION": "true"}
	cfg, err := parseConfig(nil, func(k string) string { return env[k] }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.probeURL != "" || cfg.showVersion {
		t.Errorf("environment set probe=%q version=%v, want neither", cfg.probeURL, cfg.showVersion)
	}
}

func TestRunExportsBuildInfo(t *testing.T) {
	s := startServer(t, nil)
	resp, err := http.Get(s.admin + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	b := buildVersion()
	line := regexp.MustCompile(`(?m)^sudoku_build_info\{goversion="` + regexp.QuoteMeta(b.GoVersion) + `",revision="` + regexp.QuoteMeta(b.Revision) +
		`",solver="` + engine.SolverPath() + `",version="` + regexp.QuoteMeta(b.Version) + `"\} 1$`)
	if !line.Match(body) {
		t.Errorf("/metrics has no sudoku_build_info line for %+v", b)
	}
	var started bool
	for _, l := range s.logs.Lines() {
		started = started || (strings.Contains(l, `"msg":"starting"`) && strings.Contains(l, `"version":"`+b.Version+`"`) &&
			strings.Contains(l, `"solver":"`+engine.SolverPath()+`"`))
	}
	if !started {
		t.Error("no startup log line with the version and the solver path")
	}
}
