package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestCheckLoopback(t *testing.T) {
	tests := []struct {
		url string
		ok  bool
	}{
		{"http://127.0.0.1:8080", true},
		{"http://127.0.0.2:1", true},
		{"http://[::1]:8080", true},
		{"http://10.0.0.1:8080", false},
		{"http://192.168.1.1", false},
		{"http://8.8.8.8", false},
		{"no url", false},
	}
	for _, tt := range tests {
		if err := checkLoopback(tt.url); (err == nil) != tt.ok {
			t.Errorf("checkLoopback(%q) = %v, want ok=%v", tt.url, err, tt.ok)
		}
	}
}

func TestQuantile(t *testing.T) {
	var d []time.Duration
	for i := 1; i <= 100; i++ {
		d = append(d, time.Duration(i))
	}
	for _, tt := range []struct {
		q    float64
		want time.Duration
	}{{0.5, 51}, {0.99, 100}, {1, 100}, {0, 1}} {
		if got := quantile(d, tt.q); got != tt.want {
			t.Errorf("quantile(1..100, %v) = %v, want %v", tt.q, got, tt.want)
		}
	}
	if got := quantile(nil, .5); got != 0 {
		t.Errorf("quantile(nil) = %v, want 0", got)
	}
}

func TestLuaScriptAndResult(t *testing.T) {
	dir := t.TempDir()
	f, err := luaScript(dir, wrkScenario{method: "POST", path: "/solve", bodies: []string{`{"puzzle":"1.2"}`, `{"a":"\"q\""}`}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(f)
	if err != nil || filepath.Dir(f) != dir {
		t.Fatal(err)
	}
	for _, want := range []string{`wrk.method = "POST"`, `"{\"puzzle\":\"1.2\"}"`, `"{\"a\":\"\\\"q\\\"\"}"`, "function request()", "RESULT requests="} {
		if !strings.Contains(string(b), want) {
			t.Errorf("script lacks %s:\n%s", want, b)
		}
	}
	m := resultLine.FindStringSubmatch("Running...\nRESULT requests=1200 errors=1 non2xx=2 p50=1500 p99=9000 max=20000 duration=2000000\n")
	if m == nil || m[1] != "1200" || m[7] != "2000000" {
		t.Errorf("result line not parsed: %v", m)
	}
}

// TestRunRefusesBadFlags checks that bad flags fail before anything starts.
func TestRunRefusesBadFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-server-env", "GOMAXPROCS"}, `-server-env: "GOMAXPROCS" is not NAME=value`},
		{[]string{"-server-env", "=8"}, `-server-env: "=8" is not NAME=value`},
		{[]string{"-rounds", "0"}, "-rounds in 1..9"},
		{[]string{"-d", "2m"}, "-d must be in"},
		{[]string{"-soak", "2m"}, "-soak must be in"},
		{[]string{"-soak-idle", "-1"}, "flood sizes"},
	} {
		err := run(t.Context(), tt.args, io.Discard, io.Discard)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("run(%q) = %v, want an error containing %q", tt.args, err, tt.want)
		}
	}
}

func TestEngineShare(t *testing.T) {
	tests := []struct {
		name        string
		engine, cpu time.Duration
		want        string
	}{
		{"a fifth", 10 * time.Microsecond, 50 * time.Microsecond, "20%"},
		{"rounded", 2 * time.Microsecond, 3 * time.Microsecond, "67%"},
		{"engine unmeasured", 0, 50 * time.Microsecond, "-"},
		{"server unmeasured", 10 * time.Microsecond, 0, "-"},
	}
	for _, tt := range tests {
		if got := engineShare(tt.engine, tt.cpu); got != tt.want {
			t.Errorf("%s: engineShare(%v, %v) = %q, want %q", tt.name, tt.engine, tt.cpu, got, tt.want)
		}
	}
}

// TestPrintTableEngineShare checks the table's last column: the engine's
// time over the server's CPU for a solve row, "-" for a row the engine
// histograms do not time.
func TestPrintTableEngineShare(t *testing.T) {
	var b strings.Builder
	printTable(&b, []result{
		{name: "solve", conns: 1, requests: 100, elapsed: time.Second, engineMean: 6 * time.Microsecond, cpuPerReq: 40 * time.Microsecond},
		{name: "healthz", conns: 1, requests: 100, elapsed: time.Second, cpuPerReq: 20 * time.Microsecond},
	})
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 4 || !strings.HasSuffix(lines[0], "| engine share |") {
		t.Fatalf("table:\n%s", b.String())
	}
	if !strings.HasSuffix(lines[2], "| 15% |") || !strings.HasPrefix(lines[2], "| solve |") {
		t.Errorf("solve row = %q, want it to end with | 15%% |", lines[2])
	}
	if !strings.HasSuffix(lines[3], "| - |") {
		t.Errorf("healthz row = %q, want it to end with | - |", lines[3])
	}
}
