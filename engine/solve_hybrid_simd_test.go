//go:build goexperiment.simd && amd64

package engine

import (
	"testing"

	"simd/archsimd"

	"github.com/sudokuhq/sudoku/internal/cputime"
)

// The hand-off hybrid of issue 22 (docs/solver-log.md, "The hand-off hybrid,
// bounded and dropped"): the band-word solver propagates the root, and
// when it must guess the SIMD port takes over from the band words'
// candidates (nothing is solved twice, no given is placed again). Kept
// here, in a test file, so that its measurement can be rerun; it is not
// behind Solve.

// fromFast sets st to the position of the band words s: each box's cells
// are restricted to the candidates the band words leave them, through the
// port's own propagation (boxRestrict), from the empty position. It
// reports false on a contradiction.
func (st *simdState) fromFast(s *fastState) bool {
	st.reset()
	for box := range 9 {
		c := boxCandidates(s, box)
		cand := simdLd(&c)
		if restricts(st, box, cand) && !boxRestrict(st, box, cand, false) {
			return false
		}
	}
	return true
}

// boxCandidates returns the box matrix of the band words' candidates of
// box b: the candidates of cell (r, c) in lane 4r+c, all nine digits in
// the triad lanes.
func boxCandidates(s *fastState, b int) [16]uint16 {
	band, stack := b/3, b%3
	c := [16]uint16{3: kAll9, 7: kAll9, 11: kAll9, 12: kAll9, 13: kAll9, 14: kAll9, 15: kAll9}
	for d := range 9 {
		a := s.cand[3*d+band] >> uint(3*stack)
		bit := uint16(1) << uint(d)
		for r := range 3 {
			m := a >> uint(9*r)
			for col := range 3 {
				if m>>uint(col)&1 != 0 {
					c[4*r+col] |= bit
				}
			}
		}
	}
	return c
}

// handoff runs the band-word solver's root propagation on g, which
// decides some puzzles (0 or 1 solution), and else the port's search from
// the band words' position; sr.count is the count, sr.limit the limit.
func handoff(g *Grid, sr *simdSearch) {
	var s fastState
	if !s.init(g) {
		return
	}
	if _, ok := s.propagate(bandCells); !ok {
		return
	}
	if s.unsolved == [3]uint32{} {
		sr.count = 1
		return
	}
	var st simdState
	if st.fromFast(&s) {
		sr.search(&st)
	}
}

// countHandoff is countSIMD through the hand-off.
func countHandoff(g Grid, limit int) int {
	sr := simdSearch{limit: limit}
	handoff(&g, &sr)
	archsimd.ClearAVXUpperBits()
	return sr.count
}

// transferOnly is the hand-off without the port's search: the band
// words' root and the transfer. It reports whether a search would follow.
func transferOnly(g *Grid) bool {
	var s fastState
	if !s.init(g) {
		return false
	}
	if _, ok := s.propagate(bandCells); !ok || s.unsolved == [3]uint32{} {
		return false
	}
	var st simdState
	ok := st.fromFast(&s)
	archsimd.ClearAVXUpperBits()
	return ok
}

// transposeOnly is the band words' root and the first step of the
// transfer alone: the box matrices of the candidates, without the port's
// propagation. It returns a lane of them, so that they are computed.
func transposeOnly(g *Grid) int {
	var s fastState
	if !s.init(g) {
		return 0
	}
	if _, ok := s.propagate(bandCells); !ok || s.unsolved == [3]uint32{} {
		return 0
	}
	x := uint16(0)
	for box := range 9 {
		c := boxCandidates(&s, box)
		x ^= c[0] ^ c[5] ^ c[10]
	}
	return int(x)
}

// rootFast is the band-word solver up to its first guess: init and the
// root's propagation. It reports whether the puzzle needs a guess.
func rootFast(g *Grid) bool {
	var s fastState
	if !s.init(g) {
		return false
	}
	_, ok := s.propagate(bandCells)
	return ok && s.unsolved != [3]uint32{}
}

// rootSIMD is the port up to its first guess: init, which propagates.
func rootSIMD(g *Grid) bool {
	var st simdState
	ok := st.init(g)
	archsimd.ClearAVXUpperBits()
	return ok
}

// BenchmarkHandoffBound measures what bounds the hand-off hybrid's cost
// (docs/solver-log.md, "The hand-off hybrid"), counting to 2, in CPU time per
// puzzle: the two solvers (fast, simd), the band words' root propagation
// on every puzzle (root), and on the puzzles whose root needs a guess
// (guessing/...) the port whole, the port's root only, the hand-off and
// the hand-off's root and transfer without the search (transfer), its root
// alone (root) and with the candidates' transpose, the transfer's first
// step (transpose). The hybrid costs at
// least root + share × (guessing/simd − guessing/simdroot), share being
// the guess-share metric; handoff is the hybrid itself.
//
//	GOEXPERIMENT=simd go test -tags simdsolver -run '^$' -bench 'HandoffBound/' ./engine
func BenchmarkHandoffBound(b *testing.B) {
	if !simdSupported() {
		b.Skip("no SIMD solver in this build or on this processor")
	}
	for _, set := range benchSets {
		grids := loadGrids(b, set.file)
		var guessing []Grid
		for i := range grids {
			if rootFast(&grids[i]) {
				guessing = append(guessing, grids[i])
			}
		}
		run := func(name string, gs []Grid, f func(*Grid) int) {
			b.Run(set.name+"/"+name, func(b *testing.B) {
				if len(gs) == 0 {
					b.Skip("no puzzle")
				}
				n, sink := 0, 0
				cpu0 := cputime.Process()
				for b.Loop() {
					sink += f(&gs[n%len(gs)])
					n++
				}
				b.ReportMetric(float64(cputime.Process()-cpu0)/float64(n), "cpu-ns/op")
				b.ReportMetric(float64(len(guessing))/float64(len(grids)), "guess-share")
				if sink < 0 {
					b.Fatal(sink)
				}
			})
		}
		b2i := func(x bool) int {
			if x {
				return 1
			}
			return 0
		}
		run("fast", grids, func(g *Grid) int { return countFast(*g, 2) })
		run("simd", grids, func(g *Grid) int { return countSIMD(*g, 2) })
		run("handoff", grids, func(g *Grid) int { return countHandoff(*g, 2) })
		run("root", grids, func(g *Grid) int { return b2i(rootFast(g)) })
		run("guessing/simd", guessing, func(g *Grid) int { return countSIMD(*g, 2) })
		run("guessing/simdroot", guessing, func(g *Grid) int { return b2i(rootSIMD(g)) })
		run("guessing/handoff", guessing, func(g *Grid) int { return countHandoff(*g, 2) })
		run("guessing/root", guessing, func(g *Grid) int { return b2i(rootFast(g)) })
		run("guessing/transpose", guessing, transposeOnly)
		run("guessing/transfer", guessing, func(g *Grid) int { return b2i(transferOnly(g)) })
		if len(guessing) > 0 {
			// the port's guesses per guessing puzzle, from its own root
			// and from the band words' (not timed)
			own, handed := 0, 0
			for i := range guessing {
				own += solveSIMD(guessing[i], 2).Guesses
				sr := simdSearch{limit: 2}
				handoff(&guessing[i], &sr)
				handed += sr.guesses
			}
			b.Logf("%s: port guesses per guessing puzzle: %.2f from its root, %.2f from the band words' root",
				set.name, float64(own)/float64(len(guessing)), float64(handed)/float64(len(guessing)))
		}
	}
}

// TestHandoffCounts checks the hand-off's counts against the band words'
// with limits 1 to 3 on the first puzzles of each data set.
func TestHandoffCounts(t *testing.T) {
	needSIMD(t)
	n := 1000
	if testing.Short() || raceEnabled {
		n = 50
	}
	for _, set := range benchSets {
		grids := loadGrids(t, set.file)
		for _, g := range grids[:min(n, len(grids))] {
			for limit := 1; limit <= 3; limit++ {
				if got, want := countHandoff(g, limit), countFast(g, limit); got != want {
					t.Fatalf("%s: countHandoff(%s, %d) = %d, want %d", set.name, g, limit, got, want)
				}
			}
		}
	}
}
