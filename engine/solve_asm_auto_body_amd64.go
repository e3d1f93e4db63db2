//go:build amd64 && !purego && !asmavx2

package engine

// forceAVX2Body is false in every build but the measurement build (-tags
// asmavx2, solve_asm_force_avx2_amd64.go): the AVX-512 body runs where the
// processor has it.
const forceAVX2Body = false
