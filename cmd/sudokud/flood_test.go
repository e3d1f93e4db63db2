package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// peakRSS reads the peak resident set size (VmHWM) of process pid, in
// bytes.
func peakRSS(t *testing.T, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Skipf("no /proc status: %v", err)
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				t.Fatalf("VmHWM %q: %v", v, err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc status")
	return 0
}

// memoryBudget is sudokud's default GOMEMLIMIT (defaultMemoryLimit): the
// whole process must stay within it.
const memoryBudget = defaultMemoryLimit

// TestFloodsStayInMemoryBudget floods the sudokud binary (default
// connection cap) with clients that hold connections: bodies that stop
// just short of the size limit, idle keep-alive connections, and header
// blocks that never end. The process's peak RSS must stay within the
// memory budget, and once the clients leave it serves again.
func TestFloodsStayInMemoryBudget(t *testing.T) {
	p := startBinary(t, "SUDOKU_RATE_LIMIT=0",
		"SUDOKU_READ_HEADER_TIMEOUT=3s", "SUDOKU_READ_TIMEOUT=4s", "SUDOKU_REQUEST_TIMEOUT=4s",
		"SUDOKU_WRITE_TIMEOUT=5s", "SUDOKU_SHUTDOWN_TIMEOUT=8s", "SUDOKU_IDLE_TIMEOUT=6s", "SUDOKU_DRAIN_DELAY=0")
	waitOK(t, p.base+"/healthz")
	addr := strings.TrimPrefix(p.base, "http://")
	before := peakRSS(t, p.cmd.Process.Pid)

	var (
		mu      sync.Mutex
		conns   []net.Conn
		dialErr int
	)
	flood := func(n int, send func(c net.Conn) error) {
		var wg sync.WaitGroup
		sem := make(chan struct{}, 256)
		for range n {
			wg.Add(1)
			sem <- struct{}{}
			go func() {
				defer wg.Done()
				defer func() { <-sem }()
				c, err := net.DialTimeout("tcp", addr, 2*time.Second)
				if err != nil {
					mu.Lock()
					dialErr++
					mu.Unlock()
					return
				}
				mu.Lock()
				conns = append(conns, c)
				mu.Unlock()
				_ = c.SetDeadline(time.Now().Add(2 * time.Second))
				_ = send(c) // a connection waiting beyond the cap times out here: fine
			}()
		}
		wg.Wait()
	}
	// Slow bodies first, so that they take the slots: each is a /solve
	// whose 64,000-byte body stops one byte short.
	body := `{"puzzle":"` + strings.Repeat(" ", 63_988) + `"}`
	flood(600, func(c net.Conn) error {
		_, err := fmt.Fprintf(c, "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", len(body), body[:len(body)-1])
		return err
	})
	// Idle keep-alive connections after one /healthz each.
	flood(1500, func(c net.Conn) error {
		if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
			return err
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err == nil {
			resp.Body.Close()
		}
		return err
	})
	// Header blocks that never end.
	flood(800, func(c net.Conn) error {
		_, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
		return err
	})
	time.Sleep(time.Second) // let the server take in what it accepted
	peak := peakRSS(t, p.cmd.Process.Pid)
	t.Logf("%d connections held (%d dials failed); peak RSS %.1f MiB before the floods, %.1f MiB after, budget %d MiB",
		len(conns), dialErr, float64(before)/(1<<20), float64(peak)/(1<<20), memoryBudget>>20)
	if peak > memoryBudget {
		t.Errorf("peak RSS %.1f MiB under the floods, want within the %d MiB budget", float64(peak)/(1<<20), memoryBudget>>20)
	}
	for _, c := range conns {
		c.Close()
	}
	waitOK(t, p.base+"/healthz")
	if err := p.stop(t, 30*time.Second); err != nil {
		t.Errorf("sudokud after SIGTERM: %v, want exit 0", err)
	}
}
