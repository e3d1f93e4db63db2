package api

import (
	"bufio"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"
)

// startListener serves h through NewListener on a free loopback port and
// returns its address and the observed logs.
func startListener(t *testing.T, h http.Handler, maxConns int) (string, *observer.ObservedLogs, *prometheus.Registry) {
	t.Helper()
	core, logs := observer.New(zap.InfoLevel)
	raw, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	reg := prometheus.NewRegistry()
	ln := NewListener(raw, zap.New(core), NewMetrics(reg, reg), maxConns)
	srv := &http.Server{Handler: h, MaxHeaderBytes: 4 << 10, ReadHeaderTimeout: 5 * time.Second}
	done := make(chan struct{})
	go func() { _ = srv.Serve(ln); close(done) }()
	t.Cleanup(func() { _ = srv.Close(); <-done })
	return raw.Addr().String(), logs, reg
}

// rawExchange writes raw on a new connection and reads one answer.
func rawExchange(t *testing.T, addr, raw string) (*http.Response, []byte) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, raw); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("reading the answer to %q: %v", raw[:min(len(raw), 40)], err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp, body
}

func TestListenerRefusalsAreProblems(t *testing.T) {
	addr, logs, _ := startListener(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "handler", http.StatusTeapot) // text/plain of a handler: left alone
	}), 0)
	tests := []struct {
		name       string
		raw        string
		wantStatus int
		wantCode   string
		wantDetail string
	}{
		{"header too large", "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", 20<<10) + "\r\n\r\n", 431, "header-too-large", "header block"},
		{"missing host", "GET / HTTP/1.1\r\n\r\n", 400, "bad-request", "missing required Host header"},
		{"bad header line", "GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n", 400, "bad-request", "could not be read"},
		{"two content lengths", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400, "bad-request", "could not be read"},
		{"unknown transfer encoding", "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "not-implemented", "Transfer-Encoding"},
		{"bad request line", "GET\r\n\r\n", 400, "bad-request", "could not be read"},
		{"HTTP/2.0 on the wire", "GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505, "http-version-not-supported", "HTTP/1.1"},
		{"HTTP/3.0 on the wire", "GET / HTTP/3.0\r\nHost: x\r\n\r\n", 505, "http-version-not-supported", "HTTP/1.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, body := rawExchange(t, addr, tt.raw)
			var p Problem
			if err := json.Unmarshal(body, &p); err != nil {
				t.Fatalf("%s: %d %q is not a problem: %v", tt.name, resp.StatusCode, body, err)
			}
			if resp.StatusCode != tt.wantStatus || p.Status != tt.wantStatus || p.Code != tt.wantCode ||
				resp.Header.Get("Content-Type") != "application/problem+json" || !strings.Contains(p.Detail, tt.wantDetail) {
				t.Errorf("%s = %d %s %+v, want %d %s problem mentioning %q", tt.name, resp.StatusCode, resp.Header.Get("Content-Type"), p, tt.wantStatus, tt.wantCode, tt.wantDetail)
			}
			if id := resp.Header.Get(RequestIDHeader); id == "" || id != p.RequestID || !resp.Close {
				t.Errorf("%s: request ID %q (problem %q), Close %v; want one ID in both and the connection closed", tt.name, id, p.RequestID, resp.Close)
			}
			if n := logs.FilterField(zap.String("request_id", p.RequestID)).FilterField(zap.Int("status", tt.wantStatus)).Len(); n != 1 {
				t.Errorf("%s: %d log lines with its request ID, want 1", tt.name, n)
			}
		})
	}
	resp, body := rawExchange(t, addr, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
	if resp.StatusCode != http.StatusTeapot || string(body) != "handler\n" {
		t.Errorf("a handler's text/plain answer = %d %q, want it untouched", resp.StatusCode, body)
	}
}

func TestListenerCapsConnections(t *testing.T) {
	addr, _, reg := startListener(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "ok")
	}), 2)
	dialGet := func() (net.Conn, *bufio.Reader) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		return c, bufio.NewReader(c)
	}
	var held []net.Conn
	for range 2 {
		c, br := dialGet()
		defer c.Close()
		_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
		if _, err := http.ReadResponse(br, nil); err != nil {
			t.Fatalf("connection within the cap: %v", err)
		}
		held = append(held, c) // kept alive, idle: holds its slot
	}
	third, br := dialGet()
	defer third.Close()
	time.Sleep(100 * time.Millisecond) // the third waits in the accept queue
	if got := testutil.ToFloat64(mustCounter(t, reg, "sudoku_http_open_connections", nil)); got != 2 {
		t.Errorf("sudoku_http_open_connections = %v with the cap of 2 reached, want 2", got)
	}
	_ = third.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if resp, err := http.ReadResponse(br, nil); err == nil {
		t.Fatalf("a third connection over a cap of 2 was served: %d", resp.StatusCode)
	}
	held[0].Close()
	_ = third.SetReadDeadline(time.Now().Add(10 * time.Second))
	if resp, err := http.ReadResponse(br, nil); err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("third connection once a slot is free: %v, %v; want 200", resp, err)
	}
}
