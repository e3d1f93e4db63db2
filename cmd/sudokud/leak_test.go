package main

import (
	"os"
	"testing"

	"go.uber.org/goleak"
)

// TestMain checks that run leaves no goroutine behind: every test ends
// its server by cancelling run's context, which must stop the listener
// (closing the tests' keep-alive connections), the generation pool and
// the log flusher. It removes the binary built by buildSudokud.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.Cleanup(func(code int) {
		if binDir != "" {
			_ = os.RemoveAll(binDir)
		}
		os.Exit(code)
	}))
}
