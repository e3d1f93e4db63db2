package main

import (
	"context"
	"fmt"
	"os"
	"testing"
)

// benchChildEnv makes the test binary act as the sudoku command, so that
// the machine baseline of bench -scaling -procs can start it as its
// children (TestBenchScalingProcs).
const benchChildEnv = "SUDOKU_TEST_AS_COMMAND"

func TestMain(m *testing.M) {
	if os.Getenv(benchChildEnv) == "1" {
		if err := run(context.Background(), os.Args[1:], os.Stdin, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, "sudoku:", err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}
