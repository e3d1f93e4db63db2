//go:build !amd64 || purego

package engine

// asmSupported reports whether this build and this processor can run the
// assembly port: never off amd64 or with -tags purego.
func asmSupported() bool { return false }

// asmAVX512Supported reports whether this build and this processor can
// run the assembly port's AVX-512 body: never off amd64 or with -tags
// purego.
func asmAVX512Supported() bool { return false }

// asmAVX2Supported reports whether this build and this processor can run
// the assembly port's AVX2 body: never off amd64 or with -tags purego.
func asmAVX2Supported() bool { return false }

// asmAVX2Body would select the assembly port's AVX2 body; builds without
// the assembly port have none.
var asmAVX2Body = false

// forceAVX2Body is the measurement build's switch (-tags asmavx2), which
// has no effect without the assembly port.
const forceAVX2Body = false

// solveAsm is solveFast in builds without the assembly port.
func solveAsm(g Grid, limit int) Result { return solveFast(g, limit) }

// countAsm is countFast in builds without the assembly port.
func countAsm(g Grid, limit int) int { return countFast(g, limit) }
