package rating

import (
	"strconv"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// TestSinglesWalkMatchesSudokuExplainer: on the singles-only puzzles of
// se_rated.tsv, the easiest-first walk's kind of singles (box only, rows or
// columns needed, naked needed) must be Sudoku Explainer's rating class
// (1.2, 1.5, 1.7 and above: its direct pointing and hidden pairs come just
// before naked singles) for nearly all; the rater's own rounds, which
// apply every single at once, would miss most of the 1.5s.
func TestSinglesWalkMatchesSudokuExplainer(t *testing.T) {
	n, same := 0, 0
	for _, r := range datasettest.Load(t, dataset.SERated, 0) {
		se, err := strconv.ParseFloat(r.Field(2), 64)
		if err != nil {
			continue
		}
		g := engine.MustParse(r.Puzzle())
		rt, err := Rate(g)
		if err != nil {
			t.Fatal(err)
		}
		if rt.HardestTier != 1 {
			continue
		}
		want := 0
		switch {
		case se >= 1.7:
			want = 2
		case se >= 1.5:
			want = 1
		}
		got := 0
		switch {
		case rt.Path.NakedRounds > 0:
			got = 2
		case rt.Path.LineRounds > 0:
			got = 1
		}
		n++
		if got == want {
			same++
		}
	}
	if n == 0 || float64(same) < 0.9*float64(n) {
		t.Fatalf("the walk's kind of singles is Sudoku Explainer's on %d of %d singles-only puzzles, want 90%% or more", same, n)
	}
	t.Logf("the walk's kind of singles is Sudoku Explainer's on %d of %d singles-only puzzles of %s", same, n, dataset.SERated)
}

// TestSinglesWalkMatchesPlain compares singlesWalk, which looks only
// where the board changed, with the whole-board walk on the givens of
// puzzles of every level: the same line and naked rounds.
func TestSinglesWalkMatchesPlain(t *testing.T) {
	lines, naked := 0, 0
	for _, name := range []string{dataset.CalibKrazyDad, dataset.SERated, dataset.Top1465} {
		for _, s := range datasettest.LoadPuzzles(t, name, 400) {
			b, ok := engine.NewBoard(engine.MustParse(s))
			if !ok {
				t.Fatalf("%s: no board", s)
			}
			var p propagation
			p.startBoard(&b)
			p.markAll()
			gl, gn := singlesWalk(p)
			wl, wn := plainSinglesWalk(b)
			if gl != wl || gn != wn {
				t.Fatalf("%s: singlesWalk = %d line, %d naked rounds; the whole-board walk %d, %d", s, gl, gn, wl, wn)
			}
			lines += gl
			naked += gn
		}
	}
	if lines == 0 || naked == 0 {
		t.Fatalf("%d line and %d naked rounds in all: the test needs both", lines, naked)
	}
}

// plainSinglesWalk is singlesWalk written the plain way, scanning the
// whole board every round: the reference it must match. It solves b with singles alone the way a person scanning for the
// easiest single first does (Sudoku Explainer's order: a hidden single in a
// box 1.2, in a row or column 1.5, a naked single 2.3): each round places
// every hidden single in a box; only when there is none, every hidden
// single in a row or column; only when there is none of those either,
// every naked single. It returns how many rounds had to use rows or
// columns, and how many naked singles, until b is solved or no single is
// left. Every round places all singles of its kind
// at once, so the counts do not depend on cell numbering or digit values.
func plainSinglesWalk(b engine.Board) (lineRounds, nakedRounds int) {
	var place [81]int8
	for {
		n := 0
		for kind := range 3 {
			n = plainSinglesOfKind(&b, kind, &place)
			if n > 0 {
				switch kind {
				case 1:
					lineRounds++
				case 2:
					nakedRounds++
				}
				break
			}
		}
		if n == 0 {
			return
		}
		for c, d := range place {
			if d != 0 {
				b.Place(c, int(d))
				place[c] = 0
			}
		}
	}
}

// plainSinglesOfKind marks in place the singles of one kind on b: 0 hidden
// singles in boxes, 1 in rows and columns, 2 naked singles. It returns how
// many cells it marked.
func plainSinglesOfKind(b *engine.Board, kind int, place *[81]int8) int {
	n := 0
	mark := func(c, d int) {
		if place[c] == 0 {
			place[c] = int8(d)
			n++
		}
	}
	if kind == 2 {
		for c := range 81 {
			if b.Digits[c] == 0 && engine.Count(b.Cands[c]) == 1 {
				mark(c, engine.Digit(b.Cands[c]))
			}
		}
		return n
	}
	lo, hi := 18, 27
	if kind == 1 {
		lo, hi = 0, 18
	}
	for u := lo; u < hi; u++ {
		var once, twice uint16
		for _, c := range units[u] {
			m := b.Cands[c] // 0 for a placed cell (Board)
			twice |= once & m
			once |= m
		}
		single := once &^ twice
		if single == 0 {
			continue
		}
		for _, c := range units[u] {
			if m := b.Cands[c] & single; m != 0 {
				mark(int(c), engine.Digit(m))
			}
		}
	}
	return n
}
