//go:build amd64 && !purego && avx512solver

package engine

// asmByDefault says whether the build asks for the assembly port behind
// Solve: this one does (-tags avx512solver, amd64); it runs where the
// processor has AVX512F, BW, VL and BITALG, the band-word solver
// elsewhere.
const asmByDefault = true
