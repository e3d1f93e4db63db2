// Package oracle is the plain, obviously correct backtracking solver the
// fast solvers, the rater and the generator are checked against in tests.
// It shares no code with them: it works on the 81 bytes of a grid
// (row-major, 0 for an empty cell), as engine.Grid holds them, and imports
// nothing.
package oracle

// Count counts the solutions of g up to limit and returns the first one
// found (the zero array when there is none). A grid whose givens repeat a
// digit in a row, column or box, or hold a value above 9, has no solution.
// It fills the empty cell with the fewest legal digits (computed from
// scratch by scanning the cell's row, column and box) with each legal digit
// in turn.
func Count(g [81]uint8, limit int) (count int, first [81]uint8) {
	for cell, d := range g {
		if d > 9 {
			return 0, first
		}
		if d != 0 && seen(&g, cell)&(1<<d) != 0 {
			return 0, first
		}
	}
	var rec func()
	rec = func() {
		best, bestMask, bestN := -1, 0, 10
		for cell := range 81 {
			if g[cell] != 0 {
				continue
			}
			free := ^seen(&g, cell) & 0x3fe
			n := 0
			for d := 1; d <= 9; d++ {
				if free&(1<<d) != 0 {
					n++
				}
			}
			if n < bestN {
				best, bestMask, bestN = cell, free, n
			}
		}
		if best < 0 {
			if count == 0 {
				first = g
			}
			count++
			return
		}
		for d := 1; d <= 9 && count < limit; d++ {
			if bestMask&(1<<d) != 0 {
				g[best] = uint8(d)
				rec()
			}
		}
		g[best] = 0
	}
	rec()
	return count, first
}

// seen returns the digits (bit d for digit d) held by the other cells of
// cell's row, column and box.
func seen(g *[81]uint8, cell int) int {
	used := 0
	r, c := cell/9, cell%9
	for k := range 9 {
		if o := 9*r + k; o != cell {
			used |= 1 << g[o]
		}
		if o := 9*k + c; o != cell {
			used |= 1 << g[o]
		}
		if o := 9*(3*(r/3)+k/3) + 3*(c/3) + k%3; o != cell {
			used |= 1 << g[o]
		}
	}
	return used &^ 1
}
