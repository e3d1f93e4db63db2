//go:build !(goexperiment.simd && amd64 && simdsolver)

package engine

// simdByDefault says whether the build asks for the SIMD solver behind
// Solve: only a build with GOEXPERIMENT=simd and -tags simdsolver on amd64
// does (solve_simd_selected.go).
const simdByDefault = false
