package rating

import (
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// plainSingles applies singles to b in waves the plain way, scanning every
// cell and every unit each wave: the reference propagation.singles must
// match, waves and contradictions included.
func plainSingles(b *engine.Board) (waves int, contradiction bool) {
	for {
		var place [81]int
		n := 0
		for c := range 81 {
			if b.Digits[c] != 0 {
				continue
			}
			switch m := b.Cands[c]; engine.Count(m) {
			case 0:
				return waves, true
			case 1:
				place[c] = engine.Digit(m)
				n++
			}
		}
		for u := range units {
			for d := 1; d <= 9; d++ {
				at, k := -1, 0
				for _, c := range units[u] {
					if int(b.Digits[c]) == d {
						k = -1
						break
					}
					if b.Cands[c]&engine.Bit(d) != 0 {
						at, k = int(c), k+1
					}
				}
				switch k {
				case 0:
					return waves, true
				case 1:
					if place[at] != 0 && place[at] != d {
						return waves, true
					}
					if place[at] == 0 {
						n++
					}
					place[at] = d
				}
			}
		}
		if n == 0 {
			return waves, false
		}
		waves++
		for c, d := range place {
			if d != 0 && (b.Cands[c]&engine.Bit(d) == 0 || !b.Place(c, d)) {
				return waves, true
			}
		}
	}
}

// TestPropagationMatchesPlainSingles assumes every candidate of boards
// without singles (hard puzzles after their singles) and compares
// propagation.assume, which looks only where the last wave changed the
// board, with placing the digit and running plainSingles: the same waves,
// the same contradictions, and the same board at the fixpoint.
func TestPropagationMatchesPlainSingles(t *testing.T) {
	ps := datasettest.LoadPuzzles(t, dataset.Top1465, 60)
	tried, broke := 0, 0
	for _, s := range ps {
		b, ok := engine.NewBoard(engine.MustParse(s))
		if !ok {
			t.Fatalf("%s: no board", s)
		}
		if _, bad := plainSingles(&b); bad || b.Solved() {
			continue
		}
		for c := range 81 {
			for m := b.Cands[c]; m != 0; m &= m - 1 {
				d := engine.Digit(m & -m)
				var p propagation
				p.startBoard(&b)
				gw, gbad := p.assume(c, d)
				want := b
				ww, wbad := 0, true
				if want.Place(c, d) {
					ww, wbad = plainSingles(&want)
				}
				if gw != ww || gbad != wbad || (!gbad && p.b != want) {
					t.Fatalf("%s, %s is %d: assume = %d waves, contradiction %v; plain singles %d, %v (boards equal: %v)",
						s, engine.CellName(c), d, gw, gbad, ww, wbad, p.b == want)
				}
				tried++
				if gbad {
					broke++
				}
			}
		}
	}
	if tried == 0 || broke == 0 || broke == tried {
		t.Fatalf("%d assumptions, %d broke the grid: the test needs both kinds", tried, broke)
	}
}

// TestStartGridMatchesNewBoard builds boards from puzzles, from grids
// with conflicting givens and from grids that leave a cell without a
// candidate: startGrid must accept exactly the grids engine.NewBoard
// accepts, with the same board.
func TestStartGridMatchesNewBoard(t *testing.T) {
	grids := []engine.Grid{{}}
	for _, s := range datasettest.LoadPuzzles(t, dataset.Top1465, 50) {
		g := engine.MustParse(s)
		grids = append(grids, g)
		bad := g
		for c := range bad { // a given repeated in its row
			if bad[c] != 0 && c%9 < 8 && bad[c+1] == 0 {
				bad[c+1] = bad[c]
				break
			}
		}
		grids = append(grids, bad)
	}
	// r1c1 sees 1..8 in its row and 9 in its column: no candidate left
	var empty engine.Grid
	for k := 1; k <= 8; k++ {
		empty[k] = uint8(k)
	}
	empty[9*8] = 9
	outOfRange := engine.Grid{10}
	grids = append(grids, empty, outOfRange)
	accepted, refused := 0, 0
	for _, g := range grids {
		want, wok := engine.NewBoard(g)
		var p propagation
		gok := p.startGrid(&g)
		if gok != wok || (gok && p.b != want) {
			t.Fatalf("startGrid(%v) = %v (board equal: %v), NewBoard %v", g, gok, p.b == want, wok)
		}
		if gok {
			var q propagation
			q.startBoard(&want)
			if p.places != q.places || p.placed != q.placed || p.holding != q.holding {
				t.Fatalf("startGrid(%v): views differ from startBoard's", g)
			}
			accepted++
		} else {
			refused++
		}
	}
	if accepted == 0 || refused < 3 {
		t.Fatalf("%d grids accepted, %d refused: the test needs both", accepted, refused)
	}
}
