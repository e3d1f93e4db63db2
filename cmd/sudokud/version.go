package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"runtime/debug"
	"time"
)

// version and revision are stamped at build time (see the Dockerfile):
//
//	go build -ldflags "-X main.version=v1.2.3 -X main.revision=$(git rev-parse HEAD)" ./cmd/sudokud
//
// Unstamped, buildVersion falls back to what the Go toolchain recorded:
// the module version and the VCS revision of a build inside a git checkout.
var (
	version  string
	revision string
)

// buildInfo is what the binary knows of its own build.
type buildInfo struct {
	Version, Revision, GoVersion string
}

// buildVersion returns the stamped version and revision, else the ones the
// toolchain recorded, else "devel" and "unknown".
func buildVersion() buildInfo {
	b := buildInfo{Version: version, Revision: revision, GoVersion: runtime.Version()}
	if info, ok := debug.ReadBuildInfo(); ok {
		if b.Version == "" && info.Main.Version != "" && info.Main.Version != "(devel)" {
			b.Version = info.Main.Version
		}
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && b.Revision == "" {
				b.Revision = s.Value
			}
		}
	}
	if b.Version == "" {
		b.Version = "devel"
	}
	if b.Revision == "" {
		b.Revision = "unknown"
	}
	return b
}

// String is the -version line: "sudokud v1.2.3 (revision abc123, go1.26.8)".
func (b buildInfo) String() string {
	return fmt.Sprintf("sudokud %s (revision %s, %s)", b.Version, b.Revision, b.GoVersion)
}

// probeTimeout bounds one -probe request: a health check answers in
// microseconds, and a container runtime's HEALTHCHECK has its own timeout.
const probeTimeout = 3 * time.Second

// probe is the health-check mode (-probe URL): GET url once and succeed
// only on a 2xx answer. It lets a HEALTHCHECK run in an image with no
// shell and no curl (distroless, scratch).
func probe(ctx context.Context, url string, stdout io.Writer) error {
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
