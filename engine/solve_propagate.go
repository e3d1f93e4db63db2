package engine

// solvePropagate is constraint propagation plus search on the Board, in the
// manner of Norvig's solver: propagate naked and hidden singles to a
// fixpoint, then branch on an empty cell with the fewest candidates, copying
// the board at each branch.
func solvePropagate(g Grid, limit int) Result {
	var res Result
	b, ok := NewBoard(g)
	if ok {
		searchPropagate(&b, limit, &res)
	}
	return res
}

func searchPropagate(b *Board, limit int, res *Result) {
	res.Nodes++
	if !PropagateSingles(b) {
		return
	}
	best, bestN := -1, 10
	for cell, m := range b.Cands {
		if b.Digits[cell] == 0 {
			if n := Count(m); n < bestN {
				best, bestN = cell, n
			}
		}
	}
	if best < 0 {
		if res.Count == 0 {
			res.Solution = b.Digits
		}
		res.Count++
		return
	}
	res.Guesses++
	for m := b.Cands[best]; m != 0 && res.Count < limit; m &= m - 1 {
		next := *b
		if next.Place(best, Digit(m&-m)) {
			searchPropagate(&next, limit, res)
		}
	}
}

// SolvePropagate solves g with the Norvig-style baseline: naked and hidden
// singles propagated on a Board of candidate masks, then a guess on a cell
// with the fewest candidates, the board copied at each guess. It has the
// semantics of SolveLimit and is kept as a named algorithm and as the
// baseline the fast solver is measured against; it is some 30 times slower.
func SolvePropagate(g Grid, limit int) Result {
	return solvePropagate(g, max(limit, 1))
}
