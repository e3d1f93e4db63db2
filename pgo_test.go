package sudoku_test

import (
	"os/exec"
	"strings"
	"testing"
)

// TestDefaultPGO checks that each profile `go build` applies to a binary's
// package by itself (-pgo=auto; docs/pgo.md) is one the toolchain reads: a
// CPU profile whose samples name this module's engine. A file it cannot
// read breaks every build; one of another program's code guides nothing.
func TestDefaultPGO(t *testing.T) {
	for _, path := range []string{"cmd/sudoku/default.pgo", "cmd/sudokud/default.pgo"} {
		t.Run(path, func(t *testing.T) {
			out, err := exec.Command("go", "tool", "pprof", "-top", "-nodecount=30", path).CombinedOutput()
			if err != nil {
				t.Fatalf("go tool pprof -top %s: %v\n%s", path, err, out)
			}
			for _, want := range []string{"Type: cpu", "github.com/sudokuhq/sudoku/engine"} {
				if !strings.Contains(string(out), want) {
					t.Errorf("go tool pprof -top %s: no %q in\n%s", path, want, out)
				}
			}
		})
	}
}
