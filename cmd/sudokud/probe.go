package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"
)

// probeTimeout bounds one -probe request: a health check answers in
// microseconds, and a container runtime's HEALTHCHECK has its own timeout.
const probeTimeout = 3 * time.Second

// probe is the health-check mode (-probe URL): GET url once and succeed
// only on a 2xx answer. It lets a HEALTHCHECK run in an image with no
// shell and no curl (distroless, scratch). A url that is only a path
// ("/healthz") is asked of this server's own port on loopback, so the
// image's HEALTHCHECK follows SUDOKU_ADDR.
func probe(ctx context.Context, url, addr string, stdout io.Writer) error {
	if strings.HasPrefix(url, "/") {
		_, port, err := net.SplitHostPort(addr)
		if err != nil {
			return fmt.Errorf("probe: -addr %q: %w", addr, err)
		}
		url = "http://" + net.JoinHostPort("127.0.0.1", port) + url
	}
	ctx, cancel := context.WithTimeout(ctx, probeTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return fmt.Errorf("probe: %w", err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("probe: %w", err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("probe: %s answered %s", url, resp.Status)
	}
	fmt.Fprintf(stdout, "%s: %s\n", url, resp.Status)
	return nil
}
