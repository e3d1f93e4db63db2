package engine

// Conflicts returns, in cell order, every filled cell of g whose digit
// appears again in one of its units (row, column or box): the cells a
// player sees clash on the grid itself, whatever the solution is. nil
// for a grid without a repeated digit; values above 9 are ignored (see
// Validate). Cost: one pass over the 27 units.
func (g *Grid) Conflicts() []int {
	var clash [81]bool
	any := false
	for u := range units {
		var first [10]int8 // 1 + the first cell of each digit in the unit, 0 if none
		for _, cell := range units[u] {
			d := g[cell]
			if d == 0 || d > 9 {
				continue
			}
			if first[d] == 0 {
				first[d] = int8(cell) + 1
				continue
			}
			clash[first[d]-1], clash[cell], any = true, true, true
		}
	}
	if !any {
		return nil
	}
	var cells []int
	for c, ok := range clash {
		if ok {
			cells = append(cells, c)
		}
	}
	return cells
}
