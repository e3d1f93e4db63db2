package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// waitNotReady polls /readyz until it answers 503: the drain has begun.
func waitNotReady(t *testing.T, base string) {
	t.Helper()
	c := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		resp, err := c.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusServiceUnavailable {
				return
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("/readyz did not turn 503 within 10 s of the stop")
}

// TestRunDrainClosesKeepAlive checks that a keep-alive connection opened
// before the stop is served through the drain delay without being closed
// under its client, and, once the listener is closed, answered and told to
// close: the client learns the connection ends with its answer instead of
// finding it closed under its next request.
func TestRunDrainClosesKeepAlive(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_DRAIN_DELAY": "1s"})
	addr := strings.TrimPrefix(s.base, "http://")
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	br := bufio.NewReader(conn)
	get := func() *http.Response {
		t.Helper()
		if _, err := io.WriteString(conn, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			t.Fatal(err)
		}
		_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatalf("reading an answer on the kept-alive connection: %v", err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp
	}
	if resp := get(); resp.Close {
		t.Fatalf("before the stop: Connection: close on %v, want keep-alive", resp.Header)
	}
	stopped := make(chan error, 1)
	go func() { stopped <- s.stop() }()
	waitNotReady(t, s.base)
	if resp := get(); resp.StatusCode != http.StatusOK || resp.Close {
		t.Errorf("during the drain delay: %d, Connection %q; want 200 on the kept-alive connection", resp.StatusCode, resp.Header.Get("Connection"))
	}
	// Once new connections are refused, the next answer closes this one.
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(2 * time.Millisecond) {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			break
		}
		c.Close()
		if time.Now().After(deadline) {
			t.Fatal("the listener still accepts 10 s after the stop")
		}
	}
	if resp := get(); resp.StatusCode != http.StatusOK || !resp.Close {
		t.Errorf("after the listener closed: %d, Connection %q; want 200 with Connection: close", resp.StatusCode, resp.Header.Get("Connection"))
	}
	if err := <-stopped; err != nil {
		t.Errorf("run after cancel = %v, want nil", err)
	}
}

// TestRunDrainLosesNoRequest runs clients that send POST /solve back to
// back on keep-alive connections while the server stops. A client stops
// once an answer tells it the connection closes (as a load balancer stops
// once /readyz fails): no request it sent may go unanswered.
func TestRunDrainLosesNoRequest(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_DRAIN_DELAY": "1s", "SUDOKU_RATE_LIMIT": "0"})
	const clients = 8
	body := `{"puzzle":"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}`
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		failures []error
		answered int
	)
	started := make(chan struct{}, clients)
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1}, Timeout: 30 * time.Second}
			defer c.CloseIdleConnections()
			first := true
			for {
				resp, err := c.Post(s.base+"/solve", "application/json", strings.NewReader(body))
				if err != nil {
					mu.Lock()
					failures = append(failures, err)
					mu.Unlock()
					return
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				answered++
				if resp.StatusCode != http.StatusOK {
					failures = append(failures, errors.New(resp.Status))
				}
				mu.Unlock()
				if first {
					started <- struct{}{}
					first = false
				}
				if resp.Close {
					return
				}
			}
		}()
	}
	for range clients {
		<-started
	}
	time.Sleep(200 * time.Millisecond)
	if err := s.stop(); err != nil {
		t.Errorf("run after cancel = %v, want nil", err)
	}
	wg.Wait()
	if len(failures) > 0 {
		t.Errorf("%d requests answered, %d failed during the drain, first: %v", answered, len(failures), failures[0])
	}
}

// TestRunDrainCutsStuckWriter pipelines requests on a connection that
// never reads its answers, then stops the server: the write deadline cuts
// the stuck writer within the drain, and run returns nil.
func TestRunDrainCutsStuckWriter(t *testing.T) {
	s := startServer(t, map[string]string{
		"SUDOKU_READ_HEADER_TIMEOUT": "500ms", "SUDOKU_READ_TIMEOUT": "1s", "SUDOKU_REQUEST_TIMEOUT": "1s",
		"SUDOKU_WRITE_TIMEOUT": "2s", "SUDOKU_SHUTDOWN_TIMEOUT": "5s", "SUDOKU_RATE_LIMIT": "0",
	})
	conn, err := net.Dial("tcp", strings.TrimPrefix(s.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if tc, ok := conn.(*net.TCPConn); ok {
		_ = tc.SetReadBuffer(4096) // fill the window sooner
	}
	// Thousands of requests for the largest document, never read: the
	// server's writes block once the socket buffers are full.
	go func() {
		req := "GET /openapi.yaml HTTP/1.1\r\nHost: x\r\n\r\n"
		for range 5000 {
			if _, err := io.WriteString(conn, req); err != nil {
				if !errors.Is(err, syscall.EPIPE) && !errors.Is(err, syscall.ECONNRESET) {
					t.Logf("pipelining: %v", err)
				}
				return
			}
		}
	}()
	time.Sleep(500 * time.Millisecond)
	start := time.Now()
	if err := s.stop(); err != nil {
		t.Errorf("run with a stuck writer = %v, want nil: the write deadline ends it within the drain", err)
	}
	t.Logf("drained in %v", time.Since(start).Round(time.Millisecond))
}

// TestBinaryStuckWriterExitsZero is TestRunDrainCutsStuckWriter on the
// binary: SIGTERM while a client pipelines requests and never reads, and
// the process must exit 0 within its drain.
func TestBinaryStuckWriterExitsZero(t *testing.T) {
	p := startBinary(t, "SUDOKU_RATE_LIMIT=0", "SUDOKU_DRAIN_DELAY=200ms",
		"SUDOKU_READ_HEADER_TIMEOUT=500ms", "SUDOKU_READ_TIMEOUT=1s", "SUDOKU_REQUEST_TIMEOUT=1s",
		"SUDOKU_WRITE_TIMEOUT=2s", "SUDOKU_SHUTDOWN_TIMEOUT=5s")
	waitOK(t, p.base+"/healthz")
	conn, err := net.Dial("tcp", strings.TrimPrefix(p.base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	go func() {
		for range 5000 {
			if _, err := io.WriteString(conn, "GET /openapi.yaml HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
				return
			}
		}
	}()
	time.Sleep(500 * time.Millisecond)
	if err := p.stop(t, 30*time.Second); err != nil {
		t.Errorf("sudokud with a stuck writer after SIGTERM: %v, want exit 0", err)
	}
}

// TestRunDrainClosesRequestsBegunBefore checks that a request already
// running when the listener closes is answered with Connection: close
// too.
func TestRunDrainClosesRequestsBegunBefore(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_DRAIN_DELAY": "100ms", "SUDOKU_RATE_LIMIT": "0", "SUDOKU_REQUEST_TIMEOUT": "1s"})
	hard := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	type answer struct {
		resp *http.Response
		err  error
	}
	done := make(chan answer, 1)
	go func() {
		// The naive solver runs until its budget or the 1 s deadline.
		resp, err := http.Post(s.base+"/solve", "application/json", strings.NewReader(`{"puzzle":"`+hard+`","algorithm":"naive"}`))
		if err == nil {
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		done <- answer{resp, err}
	}()
	time.Sleep(200 * time.Millisecond)
	stopped := make(chan error, 1)
	go func() { stopped <- s.stop() }()
	a := <-done
	if a.err != nil || !a.resp.Close {
		t.Errorf("request begun before the drain: %v, Close %v; want an answer with Connection: close", a.err, a.resp != nil && a.resp.Close)
	}
	if err := <-stopped; err != nil {
		t.Errorf("run after cancel = %v, want nil", err)
	}
}

// TestRunDrainResetsNoQueuedRequest runs clients that do not stop when
// told to close (no load balancer in front): they reconnect and send
// again until the listener is gone. A request may then fail only at its
// dial (nothing was sent); none sent on a connection may go unanswered,
// such as one still in the kernel's accept queue when the listener closes.
func TestRunDrainResetsNoQueuedRequest(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_DRAIN_DELAY": "500ms", "SUDOKU_RATE_LIMIT": "0"})
	const clients = 32
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		lost     []error
		answered int
		stop     = make(chan struct{})
	)
	started := make(chan struct{}, clients)
	for range clients {
		wg.Go(func() {
			c := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
			defer c.CloseIdleConnections()
			first := true
			for {
				select {
				case <-stop:
					return
				default:
				}
				resp, err := c.Get(s.base + "/healthz")
				if err != nil {
					var op *net.OpError
					if errors.As(err, &op) && op.Op == "dial" {
						time.Sleep(time.Millisecond) // the listener is gone: nothing was sent
						continue
					}
					mu.Lock()
					lost = append(lost, err)
					mu.Unlock()
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mu.Lock()
				answered++
				mu.Unlock()
				if first {
					started <- struct{}{}
					first = false
				}
			}
		})
	}
	for range clients {
		<-started
	}
	if err := s.stop(); err != nil {
		t.Errorf("run after cancel = %v, want nil", err)
	}
	time.Sleep(200 * time.Millisecond)
	close(stop)
	wg.Wait()
	if len(lost) > 0 {
		t.Errorf("%d requests answered, %d sent and never answered during the drain, first: %v", answered, len(lost), lost[0])
	}
}

// TestRunStopAnswersClientsPastTheCap fills every connection slot with
// idle keep-alive clients, then queues more clients than the cap, each
// with its request sent, in the kernel's accept queue, and stops the
// server. Each queued request must get an answer (served, or a 503 that
// closes the connection), not a reset.
func TestRunStopAnswersClientsPastTheCap(t *testing.T) {
	const maxConns, queued = 3, 12
	s := startServer(t, map[string]string{"SUDOKU_MAX_CONNS": strconv.Itoa(maxConns), "SUDOKU_RATE_LIMIT": "0"})
	addr := strings.TrimPrefix(s.base, "http://")
	http.DefaultClient.CloseIdleConnections() // startServer's probes hold no slot
	dial := func() net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		_ = c.SetDeadline(time.Now().Add(time.Minute))
		return c
	}
	const request = "GET /healthz HTTP/1.1\r\nHost: sudokud\r\n\r\n"
	for range maxConns { // hold every slot, idle after one answer
		c := dial()
		if _, err := io.WriteString(c, request); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	conns := make([]net.Conn, queued)
	for i := range conns {
		conns[i] = dial() // the kernel completes the handshake: queued
		if _, err := io.WriteString(conns[i], request); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(100 * time.Millisecond) // the requests reach the server's socket buffers
	stopped := make(chan error, 1)
	go func() { stopped <- s.stop() }()
	var wg sync.WaitGroup
	errs := make([]error, queued)
	for i, c := range conns {
		wg.Go(func() {
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				errs[i] = err
				return
			}
			_, _ = io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			switch {
			case resp.StatusCode == http.StatusOK:
			case resp.StatusCode == http.StatusServiceUnavailable && resp.Close && resp.Header.Get("Retry-After") != "" &&
				resp.Header.Get("Content-Type") == "application/problem+json":
			default:
				errs[i] = fmt.Errorf("answer %s (close %v, Retry-After %q, %s), want 200 or a 503 problem closing the connection",
					resp.Status, resp.Close, resp.Header.Get("Retry-After"), resp.Header.Get("Content-Type"))
			}
		})
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("queued client %d of %d past the cap of %d: %v", i+1, queued, maxConns, err)
		}
	}
	if err := <-stopped; err != nil {
		t.Errorf("run after cancel = %v, want nil", err)
	}
}
