package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
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
