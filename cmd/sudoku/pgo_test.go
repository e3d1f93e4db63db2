package main

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDefaultPGO checks that the profile `go build` applies to this
// package by itself (-pgo=auto; docs/pgo.md) is one the toolchain reads: a
// CPU profile whose samples name this module's engine. A file it cannot
// read breaks every build; one of another program's code guides nothing.
func TestDefaultPGO(t *testing.T) {
	out, err := exec.Command("go", "tool", "pprof", "-top", "-nodecount=30", "default.pgo").CombinedOutput()
	if err != nil {
		t.Fatalf("go tool pprof -top default.pgo: %v\n%s", err, out)
	}
	for _, want := range []string{"Type: cpu", "github.com/sudokuhq/sudoku/engine"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go tool pprof -top default.pgo: no %q in\n%s", want, out)
		}
	}
}
