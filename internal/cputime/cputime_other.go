//go:build !unix

// Package cputime reads the CPU time the process has used, which benchmarks
// on a shared machine report beside wall time.
package cputime

import "time"

// Process is unavailable on this system: it returns 0.
func Process() time.Duration { return 0 }

// Split is unavailable on this system: it returns 0, 0.
func Split() (user, sys time.Duration) { return 0, 0 }
