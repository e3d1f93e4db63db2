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

// Split returns the user and the system CPU time the process has used so
// far (0, 0 when the system does not tell): system time is where thread
// wake-ups, page faults and returning memory show.
func Split() (user, sys time.Duration) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, 0
	}
	return time.Duration(ru.Utime.Nano()), time.Duration(ru.Stime.Nano())
}
