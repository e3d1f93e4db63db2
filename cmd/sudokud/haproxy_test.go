package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// haproxyConfig is the load balancer of TestRollingRestartBehindHAProxy:
// health checks on /readyz every 200 ms, a server out after 2 failures
// (so within the replicas' 1.5 s drain delay) and back after 2 successes;
// keep-alive to the servers, as a production proxy runs it. Retries are
// HAProxy's safe default, on connection failures only (a request that
// never reached a server), redispatched to another server: the drain of
// sudokud, not replays, is what must lose nothing.
const haproxyConfig = `global
    maxconn 512
defaults
    mode http
    timeout connect 1s
    timeout client 30s
    timeout server 30s
    timeout http-keep-alive 5s
    retries 3
    option redispatch 1
    retry-on conn-failure
frontend api
    bind 127.0.0.1:%d
    default_backend sudokud
frontend stats
    bind 127.0.0.1:%d
    stats enable
    stats uri /stats
backend sudokud
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
    default-server inter 200ms fall 2 rise 2
%s`

// freePort returns a loopback port that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// haproxyUp returns the status HAProxy's stats page gives each server of
// the sudokud backend ("UP", "DOWN", ...).
func haproxyUp(statsURL string) (map[string]string, error) {
	resp, err := http.Get(statsURL)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	rows, err := csv.NewReader(bytes.NewReader(bytes.TrimPrefix(body, []byte("# ")))).ReadAll()
	if err != nil || len(rows) == 0 {
		return nil, fmt.Errorf("stats csv: %v", err)
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	out := map[string]string{}
	for _, r := range rows[1:] {
		if len(r) > col["status"] && r[col["pxname"]] == "sudokud" && r[col["svname"]] != "BACKEND" {
			out[r[col["svname"]]] = r[col["status"]]
		}
	}
	return out, nil
}

// TestRollingRestartBehindHAProxy runs three sudokud replicas behind
// HAProxy, drives steady mixed traffic through it, restarts each replica
// in turn with SIGTERM, and requires that the clients saw no failed
// request: the drain (readiness off, Connection: close, then the drain of
// the requests in flight) must hand every request to a live replica.
func TestRollingRestartBehindHAProxy(t *testing.T) {
	haproxy, err := exec.LookPath("haproxy")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("haproxy is not installed; .ci/run installs it")
		}
		t.Skip("haproxy is not installed (apt-get install haproxy); CI runs this test")
	}
	buildSudokud(t)
	const replicas = 3
	ports := make([]int, replicas)
	var servers strings.Builder
	for i := range ports {
		ports[i] = freePort(t)
		fmt.Fprintf(&servers, "    server s%d 127.0.0.1:%d check\n", i, ports[i])
	}
	start := func(i int) *proc {
		return startBinary(t, fmt.Sprintf("SUDOKU_ADDR=127.0.0.1:%d", ports[i]), "SUDOKU_RATE_LIMIT=0",
			"SUDOKU_WORKERS=1", "SUDOKU_BUFFER=4", "SUDOKU_DRAIN_DELAY=1500ms")
	}
	procs := make([]*proc, replicas)
	for i := range procs {
		procs[i] = start(i)
	}

	frontPort, statsPort := freePort(t), freePort(t)
	dir := t.TempDir()
	cfg := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(cfg, fmt.Appendf(nil, haproxyConfig, frontPort, statsPort, servers.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var hlog bytes.Buffer
	hp := exec.Command(haproxy, "-db", "-f", cfg)
	hp.Stdout, hp.Stderr = &hlog, &hlog
	if err := hp.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = hp.Process.Kill()
		_ = hp.Wait()
		if t.Failed() {
			t.Logf("haproxy output:\n%s", hlog.String())
		}
	})
	statsURL := fmt.Sprintf("http://127.0.0.1:%d/stats;csv", statsPort)
	allUp := func(want int) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
			st, err := haproxyUp(statsURL)
			up := 0
			for _, s := range st {
				if s == "UP" {
					up++
				}
			}
			if err == nil && up == want {
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("HAProxy does not see %d servers up within 60 s", want)
	}
	allUp(replicas)

	// Steady mixed traffic from keep-alive clients.
	front := fmt.Sprintf("http://127.0.0.1:%d", frontPort)
	const hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	type call struct{ method, path, body string }
	mix := []call{
		{"GET", "/generate?level=easy", ""},
		{"POST", "/solve", `{"puzzle":"` + hard + `"}`},
		{"GET", "/generate?level=medium&count=3", ""},
		{"POST", "/rate", `{"puzzle":"` + easyPuzzle + `"}`},
		{"GET", "/daily?level=easy&date=2026-01-01", ""},
		{"POST", "/hint", `{"puzzle":"` + easyPuzzle + `","current":"` + easyPuzzle + `"}`},
	}
	var (
		stop     atomic.Bool
		ok       atomic.Int64
		mu       sync.Mutex
		failures []string
		wg       sync.WaitGroup
	)
	for c := range 6 {
		wg.Go(func() {
			client := &http.Client{Timeout: 20 * time.Second}
			defer client.CloseIdleConnections()
			for i := c; !stop.Load(); i++ {
				x := mix[i%len(mix)]
				req, _ := http.NewRequest(x.method, front+x.path, strings.NewReader(x.body))
				if x.body != "" {
					req.Header.Set("Content-Type", "application/json")
				}
				resp, err := client.Do(req)
				if err == nil {
					_, err = io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if err == nil && resp.StatusCode != http.StatusOK {
						err = fmt.Errorf("status %d", resp.StatusCode)
					}
				}
				if err != nil {
					mu.Lock()
					failures = append(failures, fmt.Sprintf("%s %s at %s: %v", x.method, x.path, time.Now().Format("15:04:05.000"), err))
					mu.Unlock()
					continue
				}
				ok.Add(1)
			}
		})
	}
	time.Sleep(time.Second)
	for i := range procs {
		before := ok.Load()
		if err := procs[i].stop(t, 40*time.Second); err != nil {
			t.Errorf("replica %d after SIGTERM: %v, want exit 0", i, err)
		}
		procs[i] = start(i)
		allUp(replicas)
		t.Logf("replica %d restarted; %d requests answered meanwhile", i, ok.Load()-before)
	}
	time.Sleep(time.Second)
	stop.Store(true)
	wg.Wait()
	t.Logf("%d requests answered, %d failed", ok.Load(), len(failures))
	if len(failures) > 0 {
		t.Errorf("%d requests failed during the rolling restart, want 0; first ones:\n%s", len(failures), strings.Join(failures[:min(len(failures), 10)], "\n"))
	}
	if ok.Load() < 100 {
		t.Errorf("only %d requests answered: the load did not run", ok.Load())
	}
	for i := range procs {
		if err := procs[i].stop(t, 40*time.Second); err != nil {
			t.Errorf("replica %d at the end: %v, want exit 0", i, err)
		}
	}
}
