package engine

import (
	"encoding/binary"
	"math/bits"
)

// fastState is the position of the fast solver: for each digit and each band
// (three rows) a 27-bit word of the cells where the digit may still go,
// plus the cells not yet solved. It is a plain value of 124 bytes; a guess
// copies it on the Go stack, so solving allocates nothing.
//
// A band word holds three rows of nine cells, row-major, bit 9r+c:
//
//	            box 0      box 1      box 2
//	row 0    0  1  2 |  3  4  5 |  6  7  8
//	row 1    9 10 11 | 12 13 14 | 15 16 17
//	row 2   18 19 20 | 21 22 23 | 24 25 26
//
// and the grid is 27 such words, digit-major:
//
//	cand[3d+b] = candidates of digit d+1 in band b (rows 3b..3b+2)
//
//	          band 0     band 1     band 2
//	digit 1  cand[0]    cand[1]    cand[2]
//	digit 2  cand[3]    cand[4]    cand[5]
//	  ...
//	digit 9  cand[24]   cand[25]   cand[26]
//
// A row of a band word is a 9-bit field, a box is three 3-bit fields, a
// column is the bits c, c+9, c+18 of the three words of a digit. A "triad"
// is the three cells where a row meets a box.
//
// Invariants: a solved cell keeps exactly its digit's bit and no other digit
// has it; every solved cell's digit has been removed from its peers. dirty
// marks the words that lost a candidate since they were last propagated, so
// only changed words are looked at again: a word is marked only when a
// clearing actually removes one of its bits, which is what lets the state do
// without a copy of each word as it was last propagated (that copy doubled
// the bytes copied on every guess).
type fastState struct {
	cand     [27]uint32
	unsolved [3]uint32
	dirty    uint32 // bit w: word w lost a candidate since its last update
}

// fastSearch is the bookkeeping of one solve: the limit, what was found, and
// the statistics. It lives on the caller's stack.
type fastSearch struct {
	limit   int
	count   int
	guesses int
	nodes   int
	keep    bool // keep the first solution in solution
	// recheckAll has every node's propagation look at every digit, as at
	// the root: the test that skipping unchanged digits loses no deduction
	// sets it (TestSolveTouchedDigits).
	recheckAll bool
	// stopAt, when not 0, is the guess at which the search gives up: it
	// sets gaveUp and returns as if the limit were reached, having made
	// stopAt-1 guesses. Only the benchmark of a hybrid with the SIMD port
	// sets it (BenchmarkHybridBudget; docs/solver-log.md, "The hybrid,
	// measured and dropped").
	stopAt   int
	gaveUp   bool
	solution fastState
}

// solveFast is the bitboard solver behind Solve: on band bitboards, naked
// and hidden singles and locked candidates (in bands and in stacks) are
// propagated to a fixpoint, then the search guesses on a cell with two
// candidates (the one with the most unsolved peers), depth first. It counts
// solutions up to limit (at least 1) and allocates nothing. Cost: a few µs
// for most puzzles, about 100 µs for the hardest known (see BENCHMARKS.md).
func solveFast(g Grid, limit int) Result {
	var st fastState
	if !st.init(&g) {
		return Result{}
	}
	sr := fastSearch{limit: limit, keep: true} // at least 1: SolveLimit clamps it
	sr.search(st)
	res := Result{Count: sr.count, Guesses: sr.guesses, Nodes: sr.nodes}
	if sr.count > 0 {
		res.Solution = sr.solution.grid()
	}
	return res
}

// countFast is solveFast without the solution: the number of solutions up
// to limit (at least 1), the search being the same.
func countFast(g Grid, limit int) int {
	var st fastState
	if !st.init(&g) {
		return 0
	}
	sr := fastSearch{limit: limit}
	sr.search(st)
	return sr.count
}

// init sets up the position of puzzle g. It reports false when two givens
// conflict or a cell holds a value above 9.
func (s *fastState) init(g *Grid) bool {
	for i := range s.cand {
		s.cand[i] = bandCells
	}
	s.unsolved = [3]uint32{bandCells, bandCells, bandCells}
	all := gridGivens(g)
	for b := range 3 {
		band := (*[27]uint8)(g[27*b : 27*b+27])
		givens := all[b]
		for ; givens != 0; givens &= givens - 1 {
			i := bits.TrailingZeros32(givens)
			d := band[i]
			if d > 9 || !s.placeGiven(int(d)-1, b, i) {
				return false
			}
		}
	}
	// Every word with a candidate left is looked at once. A word the givens
	// emptied is left to the other rules, as when the solver kept each
	// word's last propagated value (0 at the start), so that the search
	// statistics do not change.
	s.dirty = 0
	for w, a := range s.cand {
		s.dirty |= nonZero(a) << uint(w)
	}
	return true
}

// gridGivens returns, for each band of g, the cells that hold a value as
// a 27-bit mask: eight cells at a time and without a branch per cell
// (empty and given cells alternate unpredictably).
func gridGivens(g *Grid) (givens [3]uint32) {
	for b := range 3 {
		band := (*[27]uint8)(g[27*b : 27*b+27])
		givens[b] = givenBits(binary.LittleEndian.Uint64(band[0:8])) |
			givenBits(binary.LittleEndian.Uint64(band[8:16]))<<8 |
			givenBits(binary.LittleEndian.Uint64(band[16:24]))<<16 |
			givenBits(binary.LittleEndian.Uint64(band[19:27])>>40)<<24 // cells 24..26
	}
	return givens
}

// place puts digit d (0..8) in cell i (0..26) of band b. It reports false
// when d is no longer a candidate there. The cell is solved, its peers in
// the band lose d, no other digit may go there, and d leaves the cell's
// column in the other bands; only the words that lose a bit are marked
// dirty. Cost: 11 word updates.
func (s *fastState) place(d, b, i int) bool {
	w := 3*d + b
	old := s.cand[w]
	bit := uint32(1) << uint(i&31)
	if old&bit == 0 {
		return false
	}
	s.unsolved[b] &^= bit
	c := s.cand[b : b+25 : b+25]
	// had: bit 3k set when digit k+1 was a candidate of the cell.
	var had uint32
	x := c[0]
	had |= nonZero(x & bit)
	c[0] = x &^ bit
	x = c[3]
	had |= nonZero(x&bit) << 3
	c[3] = x &^ bit
	x = c[6]
	had |= nonZero(x&bit) << 6
	c[6] = x &^ bit
	x = c[9]
	had |= nonZero(x&bit) << 9
	c[9] = x &^ bit
	x = c[12]
	had |= nonZero(x&bit) << 12
	c[12] = x &^ bit
	x = c[15]
	had |= nonZero(x&bit) << 15
	c[15] = x &^ bit
	x = c[18]
	had |= nonZero(x&bit) << 18
	c[18] = x &^ bit
	x = c[21]
	had |= nonZero(x&bit) << 21
	c[21] = x &^ bit
	x = c[24]
	had |= nonZero(x&bit) << 24
	c[24] = x &^ bit
	// d's own word keeps the cell and loses its peers.
	peers := old & peerInBand[i&31]
	s.cand[w] = old &^ peers
	had = had&^(1<<uint(3*d)) | nonZero(peers)<<uint(3*d)
	col := colInBand[i&31]
	w0, w1 := 3*d+otherBand0(b), 3*d+otherBand1(b)
	x0, x1 := s.cand[w0], s.cand[w1]
	s.cand[w0] = x0 &^ col
	s.cand[w1] = x1 &^ col
	s.dirty |= had<<uint(b) | nonZero(x0&col)<<uint(w0) | nonZero(x1&col)<<uint(w1)
	return true
}

// placeGiven is place without the dirty marks, for init, which marks the
// words once at the end.
func (s *fastState) placeGiven(d, b, i int) bool {
	w := 3*d + b
	old := s.cand[w]
	bit := uint32(1) << uint(i&31)
	if old&bit == 0 {
		return false
	}
	s.unsolved[b] &^= bit
	c := s.cand[b : b+25 : b+25]
	c[0] &^= bit
	c[3] &^= bit
	c[6] &^= bit
	c[9] &^= bit
	c[12] &^= bit
	c[15] &^= bit
	c[18] &^= bit
	c[21] &^= bit
	c[24] &^= bit
	s.cand[w] = old &^ peerInBand[i&31]
	col := colInBand[i&31]
	s.cand[3*d+otherBand0(b)] &^= col
	s.cand[3*d+otherBand1(b)] &^= col
	return true
}

// givenBits returns bit k set when byte k of x (a cell, little-endian) is
// not 0: the high bit of each byte says it, and one multiplication gathers
// the eight high bits.
func givenBits(x uint64) uint32 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	nz := ((x & low7) + low7 | x) & 0x8080808080808080
	return uint32((nz >> 7) * 0x0102040810204080 >> 56)
}

// nonZero returns 1 when the band word x (27 bits) is not 0, else 0,
// without a branch.
func nonZero(x uint32) uint32 { return (x + bandCells) >> 27 }

// wordBand maps a word index w = 3d+b to b (32 entries, so that w&31 needs
// no bounds check).
var wordBand = [32]uint8{0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2}

// otherBand0 and otherBand1 return the two bands other than b (0..2), in
// registers rather than from a table.
func otherBand0(b int) int { return 1 >> uint(b) }        // 1, 0, 0
func otherBand1(b int) int { return 2 - int(uint(b)>>1) } // 2, 2, 1

// updateWord brings word w (digit w/3, band w%3) up to date: it removes the
// triads that fit no row-to-box matching (locked candidates) and solves each
// row of the band left with one cell (a hidden single in the row, or in a
// box once locked candidates have narrowed the row to it). It reports false
// on a contradiction. The placements are written out here rather than
// calling place: the cells of one pass are placed together. On success w
// is no longer dirty.
func (s *fastState) updateWord(w int) bool {
	b := int(wordBand[w&31])
	w0, w1 := w-b+otherBand0(b), w-b+otherBand1(b)
	a := s.cand[w]
	for {
		r0, r1, r2 := a&0x1ff, a>>9&0x1ff, a>>18&0x1ff
		shrink := uint32(shrinkRow[r0]) | uint32(shrinkRow[r1])<<3 | uint32(shrinkRow[r2])<<6
		// Rows with one cell, looked up beside the triads rather than
		// after them: most often the triads remove nothing, and then
		// these are the rows of the updated word.
		single := uint32(singleRow[r0]) | uint32(singleRow[r1])<<9 | uint32(singleRow[r2])<<18
		m := triadMask[shrink&0x1ff]
		if m == 0 { // no matching, or no cell at all
			return false
		}
		if a&^m != 0 {
			a &= m
			single = uint32(singleRow[a&0x1ff]) | uint32(singleRow[a>>9&0x1ff])<<9 | uint32(singleRow[a>>18&0x1ff])<<18
		}
		// Rows left with one cell, among cells not yet solved.
		single &= s.unsolved[b]
		if single == 0 {
			break
		}
		// Place d in every cell of single: their peers in the band leave
		// a, no other digit may go there, and d leaves their columns in
		// the other bands. No two of the cells see each other: they are in
		// different rows, and a row with one cell has one triad, which
		// every matching uses, so two such rows in one box (or column)
		// would have left no matching. The peers in a are thus the cells
		// of their columns and boxes but themselves (their rows hold
		// nothing else).
		cols := (single | single>>9 | single>>18) & 0x1ff
		a = a&^stackCells[cols] | single
		s.unsolved[b] &^= single
		c := s.cand[b : b+25 : b+25]
		var changed uint32 // bit 3k: digit k+1 lost a cell (d's own bit is dropped below)
		x := c[0]
		changed |= nonZero(x & single)
		c[0] = x &^ single
		x = c[3]
		changed |= nonZero(x&single) << 3
		c[3] = x &^ single
		x = c[6]
		changed |= nonZero(x&single) << 6
		c[6] = x &^ single
		x = c[9]
		changed |= nonZero(x&single) << 9
		c[9] = x &^ single
		x = c[12]
		changed |= nonZero(x&single) << 12
		c[12] = x &^ single
		x = c[15]
		changed |= nonZero(x&single) << 15
		c[15] = x &^ single
		x = c[18]
		changed |= nonZero(x&single) << 18
		c[18] = x &^ single
		x = c[21]
		changed |= nonZero(x&single) << 21
		c[21] = x &^ single
		x = c[24]
		changed |= nonZero(x&single) << 24
		c[24] = x &^ single
		col := cols * 0x40201 // the cells of cols in a band word
		x0, x1 := s.cand[w0], s.cand[w1]
		s.cand[w0] = x0 &^ col
		s.cand[w1] = x1 &^ col
		s.dirty |= changed<<uint(b) | nonZero(x0&col)<<uint(w0) | nonZero(x1&col)<<uint(w1)
	}
	s.cand[w] = a
	s.dirty &^= 1 << uint(w)
	return true
}

// propagate applies the rules until none applies: changed band words are
// updated (hidden singles in rows and boxes, locked candidates in bands),
// then naked singles, then hidden singles in columns, then locked
// candidates in stacks; each later rule runs only when the earlier ones are
// stuck. It reports false on a contradiction. On success it returns the
// cells with exactly two candidates (per band) for the guess.
//
// touched holds the words that changed since the position was last at a
// fixpoint (all 27 at the root): the column and stack rules of a digit
// depend on its three words only, so they look only at the digits with a
// word changed since they last looked.
func (s *fastState) propagate(touched uint32) (pairs [3]uint32, ok bool) {
	touchedCol, touchedStack := touched, touched
	for {
		for s.dirty != 0 {
			touchedCol |= s.dirty
			touchedStack |= s.dirty
			if !s.updateWord(bits.TrailingZeros32(s.dirty)) {
				return pairs, false
			}
		}
		if s.unsolved == [3]uint32{} {
			return pairs, true
		}
		// Naked singles: cells with one candidate, from bit-sliced counting.
		placed := false
		for b := range 3 {
			c := s.cand[b : b+25 : b+25]
			once, twice, thrice := c[0], uint32(0), uint32(0)
			x := c[3]
			twice |= once & x
			once |= x
			x = c[6]
			thrice |= twice & x
			twice |= once & x
			once |= x
			x = c[9]
			thrice |= twice & x
			twice |= once & x
			once |= x
			x = c[12]
			thrice |= twice & x
			twice |= once & x
			once |= x
			x = c[15]
			thrice |= twice & x
			twice |= once & x
			once |= x
			x = c[18]
			thrice |= twice & x
			twice |= once & x
			once |= x
			x = c[21]
			thrice |= twice & x
			twice |= once & x
			once |= x
			x = c[24]
			thrice |= twice & x
			twice |= once & x
			once |= x
			u := s.unsolved[b]
			if u&^once != 0 {
				return pairs, false
			}
			pairs[b] = twice &^ thrice & u
			for single := u &^ twice; single != 0; single &= single - 1 {
				i := bits.TrailingZeros32(single)
				if s.unsolved[b]>>uint(i)&1 == 0 {
					continue
				}
				// The cell's digits, bit k for digit k+1: one, or none
				// when a placement of this loop took the last one.
				digits := c[0]>>uint(i)&1 | c[3]>>uint(i)&1<<1 | c[6]>>uint(i)&1<<2 |
					c[9]>>uint(i)&1<<3 | c[12]>>uint(i)&1<<4 | c[15]>>uint(i)&1<<5 |
					c[18]>>uint(i)&1<<6 | c[21]>>uint(i)&1<<7 | c[24]>>uint(i)&1<<8
				if digits == 0 {
					return pairs, false
				}
				if !s.place(bits.TrailingZeros32(digits), b, i) {
					return pairs, false
				}
				placed = true
			}
		}
		if placed {
			continue
		}
		// Hidden singles in columns: a digit with one cell in a column.
		// Placing d in one band leaves the other bands' cells of the
		// digit's single columns as they were, so the cells of the three
		// bands are found together.
		tc := touchedCol
		touchedCol = 0
		for d := range 9 {
			w := 3 * d
			if tc>>uint(w)&7 == 0 {
				continue
			}
			a0, a1, a2 := s.cand[w], s.cand[w+1], s.cand[w+2]
			any0, one0 := colCounts(a0)
			any1, one1 := colCounts(a1)
			any2, one2 := colCounts(a2)
			if any0|any1|any2 != 0x1ff {
				return pairs, false
			}
			cells0 := a0 & ((one0 &^ (any1 | any2)) * 0x40201) & s.unsolved[0]
			cells1 := a1 & ((one1 &^ (any0 | any2)) * 0x40201) & s.unsolved[1]
			cells2 := a2 & ((one2 &^ (any0 | any1)) * 0x40201) & s.unsolved[2]
			if cells0|cells1|cells2 == 0 {
				continue
			}
			placed = true
			for ; cells0 != 0; cells0 &= cells0 - 1 {
				if !s.place(d, 0, bits.TrailingZeros32(cells0)) {
					return pairs, false
				}
			}
			for ; cells1 != 0; cells1 &= cells1 - 1 {
				if !s.place(d, 1, bits.TrailingZeros32(cells1)) {
					return pairs, false
				}
			}
			for ; cells2 != 0; cells2 &= cells2 - 1 {
				if !s.place(d, 2, bits.TrailingZeros32(cells2)) {
					return pairs, false
				}
			}
		}
		if placed {
			continue
		}
		// Locked candidates in stacks: the band-word rule turned by a
		// quarter, on the columns of each stack.
		narrowed := false
		ts := touchedStack
		touchedStack = 0
		for d := range 9 {
			w := 3 * d
			if ts>>uint(w)&7 == 0 {
				continue
			}
			any0 := colAny(s.cand[w])
			any1 := colAny(s.cand[w+1])
			any2 := colAny(s.cand[w+2])
			for st := uint(0); st < 9; st += 3 {
				sh := any0>>st&7 | (any1>>st&7)<<3 | (any2>>st&7)<<6
				m := uint32(triadSet[sh])
				if m == 0 {
					return pairs, false
				}
				if m == sh {
					continue
				}
				for b := range 3 {
					if cut := (sh &^ m) >> uint(3*b) & 7 << st; cut != 0 {
						s.cand[w+b] &^= cut | cut<<9 | cut<<18
						s.dirty |= 1 << uint(w+b)
						narrowed = true
					}
				}
			}
		}
		if !narrowed {
			return pairs, true
		}
	}
}

// colAny returns the columns of band word a with a candidate.
func colAny(a uint32) uint32 { return (a | a>>9 | a>>18) & 0x1ff }

// colCounts returns the columns of band word a with at least one candidate
// and those with exactly one, as 9-bit masks.
func colCounts(a uint32) (anyCol, oneCol uint32) {
	r0, r1, r2 := a&0x1ff, a>>9&0x1ff, a>>18&0x1ff
	anyCol = r0 | r1 | r2
	oneCol = (r0 ^ r1 ^ r2) &^ (r0 & r1 & r2)
	return anyCol, oneCol
}

// search propagates s, then guesses on one cell, trying each candidate in
// turn; the last candidate reuses s instead of a copy. s is passed by value
// so that each level's copy lives in its stack frame, not on the heap.
func (sr *fastSearch) search(st fastState) {
	s := &st
	for {
		sr.nodes++
		touched := s.dirty // the words the guess changed
		if sr.nodes == 1 || sr.recheckAll {
			touched = bandCells // the root: every word (27 bits)
		}
		pairs, ok := s.propagate(touched)
		if !ok {
			return
		}
		b, i, found := s.pickGuess(&pairs)
		if !found {
			if s.unsolved == [3]uint32{} {
				if sr.count == 0 && sr.keep {
					sr.solution = *s
				}
				sr.count++
				return
			}
			b, i = s.fewestCandidates()
		}
		sr.guesses++
		if sr.guesses == sr.stopAt {
			sr.gaveUp, sr.count = true, sr.limit // unwinds every level
			return
		}
		var digits uint32 // candidate digits of the cell, bit d
		for d := range 9 {
			digits |= (s.cand[3*d+b] >> uint(i) & 1) << uint(d)
		}
		for ; digits&(digits-1) != 0; digits &= digits - 1 {
			next := *s
			if next.place(bits.TrailingZeros32(digits), b, i) {
				sr.search(next)
				if sr.count >= sr.limit {
					return
				}
			}
		}
		if !s.place(bits.TrailingZeros32(digits), b, i) {
			return
		}
	}
}

// pickGuess returns the cell to guess on: among the cells with two
// candidates, the one with the most unsolved peers, so that either choice
// reaches far (this takes 40% fewer guesses on the hard sets than the first
// such cell; docs/solver-log.md, "What was tried, and what it gave"). It
// reports false when no cell has two candidates. Cost: three popcounts per bivalue cell.
func (s *fastState) pickGuess(pairs *[3]uint32) (bestB, bestI int, ok bool) {
	best := -1
	for b, p := range pairs {
		for ; p != 0; p &= p - 1 {
			i := bits.TrailingZeros32(p)
			pm := &bandPeers[27*b+i]
			n := bits.OnesCount32(pm[0]&s.unsolved[0]) + bits.OnesCount32(pm[1]&s.unsolved[1]) + bits.OnesCount32(pm[2]&s.unsolved[2])
			if n > best {
				bestB, bestI, best = b, i, n
			}
		}
	}
	return bestB, bestI, best >= 0
}

// fewestCandidates returns an unsolved cell with the fewest candidates.
func (s *fastState) fewestCandidates() (bestB, bestI int) {
	bestN := 10
	for b := range 3 {
		for u := s.unsolved[b]; u != 0; u &= u - 1 {
			i := bits.TrailingZeros32(u)
			n := 0
			for w := b; w < 27; w += 3 {
				n += int(s.cand[w] >> uint(i) & 1)
			}
			if n < bestN {
				bestB, bestI, bestN = b, i, n
			}
		}
	}
	return bestB, bestI
}

// grid returns the digits of a solved position.
func (s *fastState) grid() Grid {
	var g Grid
	for w, a := range s.cand {
		d, b := w/3, w%3
		for ; a != 0; a &= a - 1 {
			g[27*b+bits.TrailingZeros32(a)] = uint8(d + 1)
		}
	}
	return g
}
