package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// server is sudokud started by run in the test, on a free port.
type server struct {
	base  string       // http://127.0.0.1:port
	admin string       // the admin listener's, http://127.0.0.1:port
	logs  *logBuffer   // everything run logged
	stop  func() error // cancels run's context and returns run's error
}

// logBuffer collects log lines from several goroutines and reports the
// address of the "listening" line.
type logBuffer struct {
	mu    sync.Mutex
	lines []string
	addr  chan string
	admin chan string // the "admin listening" line's address
	part  strings.Builder
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.part.Write(p)
	for {
		s := b.part.String()
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			break
		}
		line := s[:i]
		b.part.Reset()
		b.part.WriteString(s[i+1:])
		b.lines = append(b.lines, line)
		var entry struct{ Msg, Addr string }
		if json.Unmarshal([]byte(line), &entry) == nil && entry.Msg == "listening" {
			b.addr <- entry.Addr
		}
		if entry.Msg == "admin listening" && b.admin != nil {
			select {
			case b.admin <- entry.Addr:
			default:
			}
		}
	}
	return len(p), nil
}

// Lines returns the lines logged so far.
func (b *logBuffer) Lines() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.lines...)
}

// startServer runs sudokud with args (plus -addr and -admin-addr
// 127.0.0.1:0) and env, and waits until /healthz answers. The drain delay is 0 unless env sets it.
func startServer(t *testing.T, env map[string]string, args ...string) *server {
	t.Helper()
	if _, ok := env["SUDOKU_DRAIN_DELAY"]; !ok {
		env = maps.Clone(env)
		if env == nil {
			env = map[string]string{}
		}
		env["SUDOKU_DRAIN_DELAY"] = "0"
	}
	ctx, cancel := context.WithCancel(context.Background())
	logs := &logBuffer{addr: make(chan string, 1), admin: make(chan string, 1)}
	done := make(chan error, 1)
	getenv := func(k string) string { return env[k] }
	args = append([]string{"-addr", "127.0.0.1:0", "-admin-addr", "127.0.0.1:0"}, args...)
	go func() { done <- run(ctx, args, getenv, logs, io.Discard) }()
	var addr string
	select {
	case addr = <-logs.addr:
	case err := <-done:
		cancel()
		t.Fatalf("run exited before listening: %v", err)
	case <-time.After(30 * time.Second):
		cancel()
		t.Fatal("run did not log its address within 30 s")
	}
	s := &server{base: "http://" + addr, logs: logs}
	select {
	case a := <-logs.admin: // logged before "listening"
		s.admin = "http://" + a
	default:
	}
	var once sync.Once
	var runErr error
	s.stop = func() error {
		once.Do(func() {
			// The test's idle keep-alive connections would hold the
			// stop for keepAliveGrace (a second) every time: close them,
			// as a client that went elsewhere would. Tests of draining
			// with open connections keep theirs on their own clients.
			http.DefaultClient.CloseIdleConnections()
			cancel()
			runErr = <-done
		})
		return runErr
	}
	t.Cleanup(func() {
		if err := s.stop(); err != nil {
			t.Errorf("run returned %v, want nil after cancel", err)
		}
	})
	waitOK(t, s.base+"/healthz")
	waitOK(t, s.base+"/readyz")
	return s
}

// waitOKLimit bounds waitOK. It only guards against a hang: the pool warms
// in well under a second alone, but under -race on 2 shared cores, with
// other packages' tests running beside it, a minute was once not enough.
const waitOKLimit = 3 * time.Minute

// waitOK polls url until it answers 200, for at most waitOKLimit.
func waitOK(t *testing.T, url string) {
	t.Helper()
	deadline := time.Now().Add(waitOKLimit)
	for time.Now().Before(deadline) {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("%s not OK within %v", url, waitOKLimit)
}

// call sends a request and decodes the JSON answer into a map.
func call(t *testing.T, method, url, contentType, body string) (*http.Response, map[string]any) {
	t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, url, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if strings.Contains(resp.Header.Get("Content-Type"), "json") {
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatalf("%s %s: body %q is not JSON: %v", method, url, raw, err)
		}
	}
	return resp, m
}

func TestRunServesWithDefaults(t *testing.T) {
	s := startServer(t, nil)
	tests := []struct {
		base, path string
		want       int
	}{
		{s.base, "/healthz", http.StatusOK},
		{s.base, "/readyz", http.StatusOK},
		{s.base, "/openapi.yaml", http.StatusOK},
		{s.base, "/metrics", http.StatusNotFound}, // only on the admin listener
		{s.admin, "/healthz", http.StatusOK},
		{s.admin, "/readyz", http.StatusOK},
		{s.admin, "/metrics", http.StatusOK},
		{s.admin, "/generate?level=easy", http.StatusNotFound},
	}
	for _, tt := range tests {
		resp, _ := call(t, http.MethodGet, tt.base+tt.path, "", "")
		if resp.StatusCode != tt.want {
			t.Errorf("GET %s%s = %d, want %d", tt.base, tt.path, resp.StatusCode, tt.want)
		}
	}
}

func TestRunSolve(t *testing.T) {
	s := startServer(t, nil, "-rate-limit", "0")
	const (
		puzzle   = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
		solution = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	)
	tests := []struct {
		name       string
		body       string
		ctype      string
		wantStatus int
		want       map[string]any
	}{
		{"unique", `{"puzzle":"` + puzzle + `"}`, "application/json", 200,
			map[string]any{"solution": solution, "unique": true, "solutions": 1.0, "puzzle": puzzle}},
		{"no content type", `{"puzzle":"` + puzzle + `"}`, "", 200, map[string]any{"solution": solution}},
		{"two solutions", `{"puzzle":"` + strings.Repeat(".", 81) + `"}`, "application/json", 200,
			map[string]any{"unique": false, "solutions": 2.0}},
		{"conflict", `{"puzzle":"44` + puzzle[2:] + `"}`, "application/json", 422,
			map[string]any{"code": "conflict", "digit": 4.0, "unit": "row 1", "cells": []any{"r1c1", "r1c2"}}},
		{"bad char", `{"puzzle":"` + puzzle[:10] + "x" + puzzle[11:] + `"}`, "application/json", 422,
			map[string]any{"code": "bad-char", "offset": 10.0, "char": "x", "column": 11.0}},
		{"short", `{"puzzle":"123"}`, "application/json", 422, map[string]any{"code": "cell-count", "found": 3.0}},
		{"no solution", `{"puzzle":"` + "12345678." + strings.Repeat(".", 8) + "9" + strings.Repeat(".", 63) + `"}`, "application/json", 422,
			map[string]any{"code": "no-solution", "solutions": 0.0}},
		{"malformed json", `{"puzzle":`, "application/json", 400, map[string]any{"code": "malformed-json"}},
		{"unknown member", `{"puzzel":"` + puzzle + `"}`, "application/json", 400, map[string]any{"code": "malformed-json"}},
		{"missing puzzle", `{}`, "application/json", 400, map[string]any{"code": "bad-parameter", "parameter": "puzzle"}},
		{"unknown algorithm", `{"puzzle":"` + puzzle + `","algorithm":"magic"}`, "application/json", 400,
			map[string]any{"code": "bad-parameter", "parameter": "algorithm"}},
		{"wrong content type", `puzzle=1`, "application/x-www-form-urlencoded", 415, map[string]any{"code": "unsupported-media-type"}},
		{"too large", `{"puzzle":"` + strings.Repeat(" ", 70_000) + `"}`, "application/json", 413, map[string]any{"code": "body-too-large"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resp, got := call(t, http.MethodPost, s.base+"/solve", tt.ctype, tt.body)
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("POST /solve %s = %d %v, want %d", tt.name, resp.StatusCode, got, tt.wantStatus)
			}
			if tt.wantStatus >= 400 {
				if ct := resp.Header.Get("Content-Type"); ct != "application/problem+json" {
					t.Errorf("Content-Type = %q, want application/problem+json", ct)
				}
				if got["status"] != float64(tt.wantStatus) || got["request_id"] != resp.Header.Get("X-Request-ID") || got["request_id"] == "" {
					t.Errorf("problem %v: want status %d and request_id %q", got, tt.wantStatus, resp.Header.Get("X-Request-ID"))
				}
			}
			for k, want := range tt.want {
				if g, _ := json.Marshal(got[k]); string(g) != mustJSON(want) {
					t.Errorf("POST /solve %s: %s = %s, want %s", tt.name, k, g, mustJSON(want))
				}
			}
		})
	}
}

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func TestRunConfigFromEnvAndFlags(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		args    []string
		wantErr string
	}{
		{"bad env duration", map[string]string{"SUDOKU_REQUEST_TIMEOUT": "soon"}, nil, "SUDOKU_REQUEST_TIMEOUT"},
		{"bad log level", nil, []string{"-log-level", "loud"}, "log level"},
		{"bad log format env", map[string]string{"SUDOKU_LOG_FORMAT": "xml"}, nil, "log format"},
		{"negative rate", nil, []string{"-rate-limit", "-1"}, "rate-limit"},
		{"stray argument", nil, []string{"serve"}, "unexpected arguments"},
		{"busy address", map[string]string{"SUDOKU_ADDR": "256.0.0.1:80"}, nil, "listen"},
		{"drain shorter than requests", nil, []string{"-shutdown-timeout", "3s"}, "shutdown-timeout"},
		{"drain equal to requests", map[string]string{"SUDOKU_REQUEST_TIMEOUT": "5s", "SUDOKU_SHUTDOWN_TIMEOUT": "5s"}, nil, "shutdown-timeout"},
		{"negative drain delay", nil, []string{"-drain-delay", "-1s"}, "drain-delay"},
		{"proxies as a negative count", nil, []string{"-trusted-proxies", "-1"}, "trusted-proxies"},
		{"proxies and a count", nil, []string{"-trusted-proxies", "1,10.0.0.0/8"}, `"1"`},
		{"proxies not addresses", map[string]string{"SUDOKU_TRUSTED_PROXIES": "10.0.0.0/8,proxy.local"}, nil, "proxy.local"},
		{"writes outlast the drain", nil, []string{"-write-timeout", "30s", "-shutdown-timeout", "20s"}, "write-timeout"},
		{"writes shorter than requests", nil, []string{"-write-timeout", "10s", "-request-timeout", "12s"}, "write-timeout"},
		{"body read outlasts writes", nil, []string{"-read-timeout", "19s", "-write-timeout", "18s"}, "read-timeout"},
		{"headers outlast the request read", nil, []string{"-read-header-timeout", "11s", "-read-timeout", "10s"}, "read-header-timeout"},
		{"drain delay as long as the drain", nil, []string{"-drain-delay", "20s"}, "drain-delay"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string {
				if k == "SUDOKU_ADMIN_ADDR" {
					return "127.0.0.1:0" // never the fixed default port in a test
				}
				return tt.env[k]
			}
			// A configuration wrongly accepted serves until the timeout.
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			err := run(ctx, tt.args, getenv, io.Discard, io.Discard)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("run(%q, env %v) = %v, want an error mentioning %q", tt.args, tt.env, err, tt.wantErr)
			}
		})
	}
}

func TestRunEnvOverridesDefaultAndFlagOverridesEnv(t *testing.T) {
	env := map[string]string{"SUDOKU_MAX_BODY": "50", "SUDOKU_RATE_LIMIT": "0"}
	s := startServer(t, env)
	resp, got := call(t, http.MethodPost, s.base+"/solve", "application/json", `{"puzzle":"`+strings.Repeat(".", 81)+`"}`)
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("SUDOKU_MAX_BODY=50: POST /solve with 94 bytes = %d %v, want 413", resp.StatusCode, got)
	}
	s2 := startServer(t, env, "-max-body", "1000")
	resp, got = call(t, http.MethodPost, s2.base+"/solve", "application/json", `{"puzzle":"`+strings.Repeat(".", 81)+`"}`)
	if resp.StatusCode != http.StatusOK {
		t.Errorf("-max-body 1000 over SUDOKU_MAX_BODY=50: POST /solve = %d %v, want 200", resp.StatusCode, got)
	}
}

func TestRunShutdownDrainsAndLogs(t *testing.T) {
	s := startServer(t, nil)
	resp, _ := call(t, http.MethodGet, s.base+"/healthz", "", "")
	id := resp.Header.Get("X-Request-ID")
	if err := s.stop(); err != nil {
		t.Fatalf("run after cancel = %v, want nil", err)
	}
	if _, err := http.Get(s.base + "/healthz"); err == nil {
		t.Error("GET /healthz after shutdown succeeded, want a connection error")
	}
	var sawAccess, sawStopped bool
	for _, line := range s.logs.Lines() {
		var e map[string]any
		if err := json.Unmarshal([]byte(line), &e); err != nil {
			t.Errorf("log line %q is not JSON: %v", line, err)
			continue
		}
		if e["msg"] == "request" && e["request_id"] == id {
			sawAccess = e["route"] == "/healthz" && e["status"] == 200.0 && e["method"] == "GET"
		}
		if e["msg"] == "stopped" {
			sawStopped = true
		}
	}
	if !sawAccess || !sawStopped {
		t.Errorf("logs lack the access line of request %s (%v) or the stop line (%v):\n%s", id, sawAccess, sawStopped, strings.Join(s.logs.Lines(), "\n"))
	}
}

func TestRunDrainsInFlightRequests(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_REQUEST_TIMEOUT": "1s"})
	hard := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	type answer struct {
		status int
		err    error
	}
	done := make(chan answer, 1)
	go func() {
		// The naive solver runs until its budget or the 1 s deadline.
		resp, err := http.Post(s.base+"/solve", "application/json", strings.NewReader(`{"puzzle":"`+hard+`","algorithm":"naive"}`))
		if err != nil {
			done <- answer{err: err}
			return
		}
		resp.Body.Close()
		done <- answer{status: resp.StatusCode}
	}()
	time.Sleep(200 * time.Millisecond) // let the request reach the handler
	if err := s.stop(); err != nil {
		t.Fatalf("run after cancel = %v, want nil", err)
	}
	select {
	case a := <-done:
		if a.err != nil {
			t.Errorf("in-flight request during shutdown failed: %v, want an answer", a.err)
		}
	default:
		t.Error("run returned before the in-flight request was answered")
	}
}

func TestRunNotReadyWhileDraining(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_DRAIN_DELAY": "3s"})
	stopped := make(chan error, 1)
	go func() { stopped <- s.stop() }()
	var last int
	for range 100 {
		resp, err := http.Get(s.base + "/readyz")
		if err != nil {
			break // the listener closed: the drain delay is over
		}
		resp.Body.Close()
		if last = resp.StatusCode; last == http.StatusServiceUnavailable {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if last != http.StatusServiceUnavailable {
		t.Errorf("GET /readyz during the drain delay = %d, want 503", last)
	}
	if resp, err := http.Get(s.base + "/healthz"); err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("GET /healthz during the drain delay = %v, %v; want 200: the server still serves", resp, err)
	} else {
		resp.Body.Close()
	}
	if err := <-stopped; err != nil {
		t.Errorf("run after cancel = %v, want nil", err)
	}
}

func TestDrainCancelsRequestsPastTimeout(t *testing.T) {
	base, cancelRequests := context.WithCancel(context.Background())
	defer cancelRequests()
	started := make(chan struct{})
	ts := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		close(started)
		<-r.Context().Done() // a handler that ends only when cancelled
		w.WriteHeader(http.StatusServiceUnavailable)
	}))
	ts.Config.BaseContext = func(net.Listener) context.Context { return base }
	ts.Start()
	defer ts.Close()
	type answer struct {
		status int
		err    error
	}
	done := make(chan answer, 1)
	go func() {
		resp, err := http.Get(ts.URL)
		if err != nil {
			done <- answer{err: err}
			return
		}
		resp.Body.Close()
		done <- answer{status: resp.StatusCode}
	}()
	<-started
	if err := drain(ts.Config, cancelRequests, 50*time.Millisecond); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("drain past its timeout = %v, want context.DeadlineExceeded", err)
	}
	if a := <-done; a.err != nil || a.status != http.StatusServiceUnavailable {
		t.Errorf("request in flight when the drain timed out = %d, %v; want the handler's 503", a.status, a.err)
	}
}

func TestRunDebugListenFailureFreesAddress(t *testing.T) {
	probe, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := probe.Addr().String()
	probe.Close()
	args := []string{"-addr", addr, "-admin-addr", "127.0.0.1:0", "-debug-addr", "256.0.0.1:80"}
	if err := run(context.Background(), args, func(string) string { return "" }, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "debug listen") {
		t.Fatalf("run(%q) = %v, want a debug listen error", args, err)
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatalf("listen on %s after run failed: %v; want the address free", addr, err)
	}
	ln.Close()
}

func TestRunSlowBodyIsRequestTimeout(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_READ_HEADER_TIMEOUT": "300ms", "SUDOKU_READ_TIMEOUT": "300ms", "SUDOKU_RATE_LIMIT": "0"})
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Headers promise 100 bytes; the body stops short and never ends.
	if _, err := io.WriteString(conn, "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"puzzle\":\""); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(30 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatalf("reading the answer to a stalled body: %v", err)
	}
	defer resp.Body.Close()
	var p map[string]any
	_ = json.NewDecoder(resp.Body).Decode(&p)
	if resp.StatusCode != http.StatusRequestTimeout || p["code"] != "request-timeout" {
		t.Errorf("stalled body = %d %v, want 408 request-timeout", resp.StatusCode, p)
	}
}
