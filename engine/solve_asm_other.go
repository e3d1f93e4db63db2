//go:build !amd64 || purego

package engine

// asmSupported reports whether this build and this processor can run the
// assembly port: never off amd64 or with -tags purego.
func asmSupported() bool { return false }

// solveAsm is solveFast in builds without the assembly port.
func solveAsm(g Grid, limit int) Result { return solveFast(g, limit) }

// countAsm is countFast in builds without the assembly port.
func countAsm(g Grid, limit int) int { return countFast(g, limit) }
