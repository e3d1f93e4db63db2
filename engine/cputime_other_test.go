//go:build !unix

package engine

import "time"

// processCPU is unavailable here: benchmarks report 0 CPU time.
func processCPU() time.Duration { return 0 }
