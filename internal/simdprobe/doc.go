// Package simdprobe holds benchmarks of Go 1.26's experimental
// simd/archsimd package on the machine at hand, behind the figures of
// docs/solver-log.md ("Not done"): they build only with GOEXPERIMENT=simd on
// amd64 and skip without AVX-512.
//
//	GOEXPERIMENT=simd go test -run '^$' -bench . ./internal/simdprobe
//
// The package has no code: the solver does not use SIMD.
package simdprobe
