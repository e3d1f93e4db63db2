package rating

import "github.com/sudokuhq/sudoku/engine"

// singlesWalk solves b with singles alone the way a person scanning for the
// easiest single first does (Sudoku Explainer's order: a hidden single in a
// box 1.2, in a row or column 1.5, a naked single 2.3): each round places
// every hidden single in a box; only when there is none, every hidden
// single in a row or column; only when there is none of those either,
// every naked single. It returns how many rounds had to use rows or
// columns, and how many naked singles, until b is solved or no single is
// left. Every round places all singles of its kind
// at once, so the counts do not depend on cell numbering or digit values.
func singlesWalk(b engine.Board) (lineRounds, nakedRounds int) {
	var place [81]int8
	for {
		n := 0
		for kind := range 3 {
			n = singlesOfKind(&b, kind, &place)
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

// singlesOfKind marks in place the singles of one kind on b: 0 hidden
// singles in boxes, 1 in rows and columns, 2 naked singles. It returns how
// many cells it marked.
func singlesOfKind(b *engine.Board, kind int, place *[81]int8) int {
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
