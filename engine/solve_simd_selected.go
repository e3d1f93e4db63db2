//go:build goexperiment.simd && amd64 && simdsolver

package engine

// simdByDefault says whether the build asks for the SIMD solver behind
// Solve: this one does (GOEXPERIMENT=simd, -tags simdsolver, amd64); it
// runs where the processor has AVX2, the band-word solver elsewhere.
const simdByDefault = true
