//go:build !(goexperiment.simd && amd64)

package engine

// simdSupported reports whether this build and this processor can run the
// SIMD solver: never in a build without GOEXPERIMENT=simd on amd64.
func simdSupported() bool { return false }

// solveSIMD is solveFast in builds without the SIMD solver.
func solveSIMD(g Grid, limit int) Result { return solveFast(g, limit) }

// countSIMD is countFast in builds without the SIMD solver.
func countSIMD(g Grid, limit int) int { return countFast(g, limit) }
