package engine

import (
	"math/rand/v2"
	"testing"
)

// placeReference is Board.Place as it was written first, with a branch on
// whether each peer has the digit.
func placeReference(b *Board, cell, d int) bool {
	b.Digits[cell] = uint8(d)
	b.Cands[cell] = 0
	m := Bit(d)
	ok := true
	for _, p := range peers[cell] {
		if b.Cands[p]&m != 0 {
			b.Cands[p] &^= m
			if b.Cands[p] == 0 {
				ok = false
			}
		}
	}
	return ok
}

// placeBoard is NewBoard as it was written first, given by given with
// Place: the reference for NewBoard's two passes over the units.
func placeBoard(g Grid) (Board, bool) {
	var b Board
	for i := range b.Cands {
		b.Cands[i] = AllDigits
	}
	for cell, d := range g {
		if d == 0 {
			continue
		}
		if d > 9 || b.Cands[cell]&Bit(int(d)) == 0 || !placeReference(&b, cell, int(d)) {
			return b, false
		}
	}
	return b, true
}

// singlesReference is PropagateSingles as it was written first, with a
// branch on every placed cell: the reference for the branch-free one.
func singlesReference(b *Board) bool {
	for progress := true; progress; {
		progress = false
		for cell, m := range b.Cands {
			if b.Digits[cell] == 0 && m&(m-1) == 0 {
				if m == 0 || !placeReference(b, cell, Digit(m)) {
					return false
				}
				progress = true
			}
		}
		for u := range units {
			var once, twice, placed uint16
			for _, cell := range units[u] {
				m := b.Cands[cell]
				twice |= once & m
				once |= m
				if d := b.Digits[cell]; d != 0 {
					placed |= Bit(int(d))
				}
			}
			if once|placed != AllDigits {
				return false
			}
			for single := once &^ twice; single != 0; single &= single - 1 {
				bit := single & -single
				for _, cell := range units[u] {
					if b.Cands[cell]&bit != 0 {
						if !placeReference(b, int(cell), Digit(bit)) {
							return false
						}
						progress = true
						break
					}
				}
			}
		}
	}
	return true
}

// boardGrids returns grids of every kind NewBoard meets: random grids with
// few to most cells emptied, the same with a wrong digit (often two of a
// digit in a unit), with digits out of range, an empty cell that sees all
// nine digits, and the empty grid.
func boardGrids(rng *rand.Rand, n int) []Grid {
	gs := []Grid{{}}
	var blocked Grid // r1c1 sees 1..8 in its row and 9 in its column
	for k := 1; k <= 8; k++ {
		blocked[k] = uint8(k)
	}
	blocked[72] = 9
	gs = append(gs, blocked, Grid{10}, Grid{80: 200})
	for range n {
		g := randomGrid(rng)
		for _, c := range rng.Perm(81)[:rng.IntN(82)] {
			g[c] = 0
		}
		gs = append(gs, g)
		if rng.IntN(3) == 0 {
			g[rng.IntN(81)] = uint8(1 + rng.IntN(9))
			gs = append(gs, g)
		}
	}
	return gs
}

// TestNewBoardMatchesPlacing checks NewBoard against placing the givens
// one by one: the same verdict on every grid, the same board when valid;
// and Board.Place against its first version.
func TestNewBoardMatchesPlacing(t *testing.T) {
	valid, refused := 0, 0
	for _, g := range boardGrids(rand.New(rand.NewPCG(7, 9)), 3000) {
		got, ok := NewBoard(g)
		want, wok := placeBoard(g)
		if ok != wok || ok && got != want {
			t.Fatalf("NewBoard(%v) = %v (same board: %v), placing the givens: %v", g, ok, got == want, wok)
		}
		if ok {
			valid++
		} else {
			refused++
		}
	}
	b, _ := NewBoard(Grid{})
	for _, cell := range rand.New(rand.NewPCG(3, 3)).Perm(81)[:40] { // Place against the first version
		d := 1 + cell%9
		if b.Cands[cell]&Bit(d) == 0 {
			continue
		}
		want := b
		okWant := placeReference(&want, cell, d)
		if ok := b.Place(cell, d); ok != okWant || b != want {
			t.Fatalf("Place(%d, %d) = %v (same board: %v), the first version %v", cell, d, ok, b == want, okWant)
		}
	}
	if valid < 100 || refused < 100 {
		t.Fatalf("%d valid and %d refused grids: the test needs many of both", valid, refused)
	}
}

// TestPropagateSinglesMatchesReference checks PropagateSingles against the
// first version, whose branches made it slower: the same verdict and, when
// there is no contradiction, the same board (singles reach one fixpoint in
// any order), on boards of every kind, some with cells eliminated by hand.
func TestPropagateSinglesMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 13))
	outcomes := map[bool]int{}
	for _, g := range boardGrids(rng, 3000) {
		b, ok := NewBoard(g)
		if !ok {
			continue
		}
		switch rng.IntN(8) {
		case 0, 1: // eliminations no given explains
			for range 1 + rng.IntN(8) {
				b.Eliminate(rng.IntN(81), Bit(1+rng.IntN(9)))
			}
		case 2: // an empty cell left without a candidate
			b.Eliminate(rng.IntN(81), AllDigits)
		}
		got, want := b, b
		okGot, okWant := PropagateSingles(&got), singlesReference(&want)
		if okGot != okWant || okGot && got != want {
			t.Fatalf("PropagateSingles of %v: %v (same board: %v), the reference %v", g, okGot, got == want, okWant)
		}
		outcomes[okGot]++
	}
	if outcomes[true] < 100 || outcomes[false] < 100 {
		t.Fatalf("outcomes %v: the test needs many of both", outcomes)
	}
}

// TestPropagateSinglesUntil checks that stopping early never changes
// whether the watched cells get placed: on puzzles of random solved grids
// (boards with a solution, PropagateSinglesUntil's domain), watching one
// to four random empty cells, PropagateSinglesUntil reports them placed
// exactly when PropagateSingles places them, they are placed exactly when
// it says so, and every digit it placed is the one PropagateSingles
// placed. Watching no cell is PropagateSingles. Both answers and the early
// stop must occur.
func TestPropagateSinglesUntil(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 5))
	outcomes := map[bool]int{}
	early := 0
	for range 4000 {
		g := randomGrid(rng)
		for _, c := range rng.Perm(81)[:20+rng.IntN(50)] {
			g[c] = 0
		}
		b, ok := NewBoard(g)
		if !ok {
			t.Fatalf("NewBoard of a subset of a solved grid refused: %v", g)
		}
		var cells []int
		for _, c := range rng.Perm(81) {
			if g[c] == 0 && len(cells) < 1+rng.IntN(4) {
				cells = append(cells, c)
			}
		}
		full, until, none := b, b, b
		if !PropagateSingles(&full) || !PropagateSinglesUntil(&none, nil) {
			t.Fatalf("a contradiction in a puzzle with a solution: %v", g)
		}
		if none != full {
			t.Fatalf("PropagateSinglesUntil(nil) of %v is not PropagateSingles", g)
		}
		got, want := PropagateSinglesUntil(&until, cells), full.allPlaced(cells)
		if got != want || got != until.allPlaced(cells) {
			t.Fatalf("%v watching %v: PropagateSinglesUntil %v (placed: %v), PropagateSingles placed them: %v",
				g, cells, got, until.allPlaced(cells), want)
		}
		for c, d := range until.Digits {
			if d != 0 && d != full.Digits[c] {
				t.Fatalf("%v: cell %d placed %d, PropagateSingles %d", g, c, d, full.Digits[c])
			}
		}
		outcomes[got]++
		if until != full {
			early++
		}
	}
	if outcomes[true] < 100 || outcomes[false] < 100 || early < 100 {
		t.Fatalf("outcomes %v, %d early stops: the test needs many of each", outcomes, early)
	}
}
