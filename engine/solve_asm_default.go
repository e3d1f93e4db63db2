//go:build !(amd64 && !purego && avx512solver)

package engine

// asmByDefault says whether the build asks for the assembly port behind
// Solve: only a build with -tags avx512solver on amd64 (without purego)
// does (solve_asm_selected.go).
const asmByDefault = false
