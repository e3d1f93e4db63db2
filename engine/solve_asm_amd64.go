//go:build amd64 && !purego

package engine

// The assembly port of tdoku's triad solver: propagation, the givens'
// placement, the search and the solution's read-out in assembly
// (solve_asm_amd64.s; the search in solve_asm_search_amd64.h, one call a
// solve), with the search also here in Go (searchAsm) for the rare
// searches past asmNodeBudget and as the assembly search's test oracle.
// It has two bodies of one propagation (solve_asm_fixpoint_amd64.h):
// AVX-512, where cpuAVX512 finds AVX512F, BW, VL and BITALG (and POPCNT
// and BMI1) and an operating system that saves their registers, and
// AVX2, where cpuAVX2 finds AVX2, BMI1 and POPCNT but not that set. The
// band-word solver (solve_fast.go) runs everywhere else, and in builds
// with -tags purego.

// cpuAVX512 reports whether the processor has AVX512F, AVX512BW,
// AVX512VL and AVX512_BITALG, and POPCNT and BMI1 (which the search and
// the givens' placement use), and the operating system saves the AVX-512
// state (CPUID leaves 1 and 7, XGETBV).
//
//go:noescape
func cpuAVX512() bool

// cpuAVX2 reports whether the processor has AVX2, BMI1 and POPCNT (the
// search's band choice counts configurations with it) and the operating
// system saves the AVX state (CPUID leaves 1 and 7, XGETBV).
//
//go:noescape
func cpuAVX2() bool

// asmInit sets st to the position of puzzle grid (each given placed in its
// box, its band eliminations pending) and propagates it to the fixpoint.
// It reports false on a contradiction or a value above 9.
//
//go:noescape
func asmInit(st *simdState, grid *Grid) bool

// asmGuess adds to band band the elimination of digit value (a bit) from
// the configurations in cfgs (bit i: configuration i) and propagates the
// position to the fixpoint. It reports false on a contradiction.
//
//go:noescape
func asmGuess(st *simdState, band int, value uint16, cfgs uint8) bool

// asmGrid writes the digits of solved boxes to grid.
//
//go:noescape
func asmGrid(boxen *[9][16]uint16, grid *Grid)

// asmAVX512 says whether this processor runs the assembly port's AVX-512
// body.
var asmAVX512 = cpuAVX512()

// asmAVX2 says whether this processor runs the assembly port's AVX2 body.
var asmAVX2 = cpuAVX2()

// asmAVX2Body selects the body that asmInit, asmGuess and asmGrid run
// (solve_asm_amd64.s reads it): the AVX2 one on processors with AVX2 but
// not the AVX-512 set, the AVX-512 one where it runs; the AVX2 one
// wherever it runs in the measurement build -tags asmavx2 (forceAVX2Body).
// Tests set it to run the AVX2 body on processors that have both.
var asmAVX2Body = asmAVX2 && (!asmAVX512 || forceAVX2Body)

// asmSupported reports whether this build and this processor can run the
// assembly port (one of its bodies).
func asmSupported() bool { return asmAVX512 || asmAVX2 }

// asmAVX512Supported reports whether this build and this processor can
// run the assembly port's AVX-512 body.
func asmAVX512Supported() bool { return asmAVX512 }

// asmAVX2Supported reports whether this build and this processor can run
// the assembly port's AVX2 body.
func asmAVX2Supported() bool { return asmAVX2 }

// searchAsm counts the solutions consistent with the position, up to the
// limit, as simdSearch.search does on the archsimd port. It may change st.
func (sr *simdSearch) searchAsm(st *simdState) {
	sr.nodes++
	b, value := chooseBand(st)
	if b < 0 {
		sr.count++
		if sr.keep && sr.count == 1 {
			sr.solution = st.boxen
		}
		return
	}
	band := &st.bands[b]
	// the configurations holding the digit: assign the first, then negate it
	var with uint8
	for i := range 6 {
		if band[i]&value != 0 {
			with |= 1 << i
		}
	}
	first := with & -with
	sr.guesses++
	cp := *st
	if asmGuess(&cp, b, value, with&^first) {
		sr.searchAsm(&cp)
		if sr.count >= sr.limit {
			return
		}
	}
	if asmGuess(st, b, value, first) {
		sr.searchAsm(st)
	}
}

// asmSolveAVX512 runs the whole search of the assembly port on its
// AVX-512 body in one call: it places the givens of grid (asmInit) and
// searches as searchAsm does, with the same choices, so the same count
// up to limit, the same first solution (written to sol unless sol is
// nil, and only when there is one) and the same guesses and nodes. The
// positions are a stack in its frame (about 28 KiB of the goroutine's
// stack). It gives up and returns count -1 when the search would visit
// more than budget nodes (so that no call runs long without a point
// where the goroutine can be preempted: assembly has none) or go deeper
// than its stack, which the bound in solve_asm_search_amd64.h says it
// cannot.
//
//go:noescape
func asmSolveAVX512(grid *Grid, limit int, budget int, sol *Grid) (count, guesses, nodes int)

// asmSolveAVX2 is asmSolveAVX512 on the AVX2 body.
//
//go:noescape
func asmSolveAVX2(grid *Grid, limit int, budget int, sol *Grid) (count, guesses, nodes int)

// asmNodeBudget is the most nodes one assembly call visits: 0.5 ms of
// counting the empty grid's solutions (60 ns a node), about 4 ms at the
// hardest sets' 500 ns a node, where none of their puzzles needs more
// than 546 nodes (limit 2). A search past it is done again by searchAsm,
// in Go, whose calls the scheduler can preempt.
const asmNodeBudget = 1 << 13

// asmSolve runs the search of the body that asmAVX2Body selects.
func asmSolve(g *Grid, limit, budget int, sol *Grid) (count, guesses, nodes int) {
	if asmAVX2Body {
		return asmSolveAVX2(g, limit, budget, sol)
	}
	return asmSolveAVX512(g, limit, budget, sol)
}

// solveAsm is solveFast on the assembly port: the solution count up to
// limit (at least 1), the first solution, and the search statistics. The
// caller checks asmSupported.
func solveAsm(g Grid, limit int) Result {
	var res Result
	res.Count, res.Guesses, res.Nodes = asmSolve(&g, limit, asmNodeBudget, &res.Solution)
	if res.Count < 0 {
		return solveAsmGo(g, limit)
	}
	return res
}

// countAsm is solveAsm without the solution.
func countAsm(g Grid, limit int) int {
	count, _, _ := asmSolve(&g, limit, asmNodeBudget, nil)
	if count < 0 {
		return countAsmGo(g, limit)
	}
	return count
}

// solveAsmGo is solveAsm with the search in Go (searchAsm, one assembly
// call per node): the searches past asmNodeBudget.
func solveAsmGo(g Grid, limit int) Result {
	sr := simdSearch{limit: limit, keep: true}
	var st simdState
	if asmInit(&st, &g) {
		sr.searchAsm(&st)
	}
	res := Result{Count: sr.count, Guesses: sr.guesses, Nodes: sr.nodes}
	if sr.count > 0 {
		asmGrid(&sr.solution, &res.Solution)
	}
	return res
}

// countAsmGo is solveAsmGo without the solution.
func countAsmGo(g Grid, limit int) int {
	sr := simdSearch{limit: limit}
	var st simdState
	if asmInit(&st, &g) {
		sr.searchAsm(&st)
	}
	return sr.count
}
