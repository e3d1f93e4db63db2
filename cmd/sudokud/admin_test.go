package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestRunAdminAnswersWhileAPIConnsAreFull holds every API connection
// slot with idle keep-alive clients: the API port's /healthz then waits
// for the idle timeout, but the admin listener's /healthz, /readyz and
// /metrics answer, as the kubelet's probes and Prometheus need.
func TestRunAdminAnswersWhileAPIConnsAreFull(t *testing.T) {
	const maxConns = 2
	s := startServer(t, map[string]string{"SUDOKU_MAX_CONNS": "2", "SUDOKU_RATE_LIMIT": "0"})
	http.DefaultClient.CloseIdleConnections() // startServer's probes hold no slot
	addr := strings.TrimPrefix(s.base, "http://")
	for range maxConns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		_ = c.SetDeadline(time.Now().Add(time.Minute))
		if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: sudokud\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	// A probe's budget: the kubelet's timeoutSeconds is 1 to a few
	// seconds, far below the idle timeout (30 s) the API's slots wait for.
	probe := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	if resp, err := probe.Get(s.base + "/healthz"); err == nil {
		resp.Body.Close()
		t.Fatalf("API /healthz answered %s with every slot held: the test holds no slot", resp.Status)
	}
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		resp, err := probe.Get(s.admin + path)
		if err != nil {
			t.Errorf("admin %s with the API's slots full: %v", path, err)
			continue
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Errorf("admin %s = %s, want 200", path, resp.Status)
		}
	}
}
