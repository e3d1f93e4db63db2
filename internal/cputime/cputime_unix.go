//go:build unix

// Package cputime reads the CPU time the process has used, which benchmarks
// on a shared machine report beside wall time (wall time overstates the cost
// when other work holds the cores).
package cputime

import (
	"syscall"
	"time"
)

// Process returns the user plus system CPU time the process has used so
// far, or 0 when the system does not tell.
func Process() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
