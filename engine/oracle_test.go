package engine

// oracleCount is the plain, obviously correct backtracking solver the fast
// solvers are checked against: it fills the empty cell with the fewest legal
// digits (computed from scratch by scanning the cell's row, column and box)
// with each legal digit in turn, and counts complete grids up to limit. It
// shares no code with the solvers under test but the Grid type.
func oracleCount(g Grid, limit int) (count int, first Grid) {
	var rec func()
	rec = func() {
		best, bestMask, bestN := -1, 0, 10
		for cell := range 81 {
			if g[cell] != 0 {
				continue
			}
			used := 0
			r, c := cell/9, cell%9
			for k := range 9 {
				used |= 1 << g[9*r+k]
				used |= 1 << g[9*k+c]
				used |= 1 << g[9*(3*(r/3)+k/3)+3*(c/3)+k%3]
			}
			free := ^used & 0x3fe
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
	if g.Validate() != nil {
		return 0, Grid{}
	}
	rec()
	return count, first
}
