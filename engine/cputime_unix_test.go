//go:build unix

package engine

import (
	"syscall"
	"time"
)

// processCPU returns the user plus system CPU time the process has used, for
// benchmarks on a shared machine where wall time overstates the cost.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
