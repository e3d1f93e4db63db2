package main

import (
	"fmt"
	"io"
	"os"
	"runtime/pprof"
)

// cpuProfileEnv names the variable that makes any subcommand write a CPU
// profile of its whole process to the file it names: how
// tools/pgo-profiles.sh takes the profile-guided build's profile
// (cmd/sudoku/default.pgo, docs/pgo.md) of what users run. Unset, it
// costs nothing.
const cpuProfileEnv = "SUDOKU_CPUPROFILE"

// startCPUProfile starts the CPU profile to path when path is not empty
// and returns the function that stops it and closes the file; errors go
// to stderr, for a profile never changes what the command does.
func startCPUProfile(path string, stderr io.Writer) (stop func()) {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintf(stderr, "sudoku: %s: %v\n", cpuProfileEnv, err)
		return func() {}
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintf(stderr, "sudoku: %s: %v\n", cpuProfileEnv, err)
		f.Close()
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			fmt.Fprintf(stderr, "sudoku: %s: %v\n", cpuProfileEnv, err)
		}
	}
}
