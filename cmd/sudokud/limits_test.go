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

// TestRunHeaderLimitIs16KiB checks the header limit the docs state:
// net/http reads 4 KiB past http.Server.MaxHeaderBytes before refusing,
// so a header block a little over 16 KiB must get 431, and one a little
// under must not.
func TestRunHeaderLimitIs16KiB(t *testing.T) {
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0"})
	addr := strings.TrimPrefix(s.base, "http://")
	tests := []struct {
		name      string
		blockSize int // bytes of the request line and headers, CRLFs included
		want431   bool
	}{
		{"15 KiB", 15 << 10, false},
		{"16 KiB + 512", 16<<10 + 512, true},
		{"19 KiB", 19 << 10, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			head := "GET /healthz HTTP/1.1\r\nHost: sudokud\r\nX-Pad: "
			pad := tt.blockSize - len(head) - len("\r\n\r\n")
			req := head + strings.Repeat("a", pad) + "\r\n\r\n"
			c, err := net.Dial("tcp", addr)
			if err != nil {
				t.Fatal(err)
			}
			defer c.Close()
			_ = c.SetDeadline(time.Now().Add(10 * time.Second))
			if _, err := io.WriteString(c, req); err != nil {
				t.Fatal(err)
			}
			resp, err := http.ReadResponse(bufio.NewReader(c), nil)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if got := resp.StatusCode == http.StatusRequestHeaderFieldsTooLarge; got != tt.want431 {
				t.Errorf("header block of %d bytes = %s, want 431: %v", len(req), resp.Status, tt.want431)
			}
		})
	}
}
