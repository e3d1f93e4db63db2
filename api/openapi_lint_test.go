package api

import (
	"context"
	"os"
	"os/exec"
	"regexp"
	"testing"
	"time"
)

// lintLimit bounds redocly lint: it takes about a second.
const lintLimit = 2 * time.Minute

// TestOpenAPILint runs redocly lint with its recommended rules
// (redocly.yaml) on openapi.yaml, with the CLI pinned in tools/redocly
// (.ci/run installs it: npm ci --prefix tools/redocly). Outside CI it skips
// when the CLI is not installed.
func TestOpenAPILint(t *testing.T) {
	const cli = "../tools/redocly/node_modules/.bin/redocly"
	if _, err := os.Stat(cli); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("redocly is not installed (CI=true): .ci/run runs npm ci in tools/redocly: %v", err)
		}
		t.Skipf("skipping the lint of openapi.yaml: %v (npm ci --prefix tools/redocly)", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), lintLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, cli, "lint", "--config", "../redocly.yaml", "--format", "stylish", "../openapi.yaml")
	// No telemetry or update check: CI has no network but the registries.
	cmd.Env = append(os.Environ(), "REDOCLY_TELEMETRY=off", "REDOCLY_SUPPRESS_UPDATE_NOTICE=true")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("redocly lint openapi.yaml: %v\n%s", err, out)
	}
	// Warnings pass redocly's exit code; they fail here.
	if regexp.MustCompile(`(?m)^\s+\d+:\d+\s+warning\s`).Match(out) {
		t.Fatalf("redocly lint openapi.yaml warns:\n%s", out)
	}
}
