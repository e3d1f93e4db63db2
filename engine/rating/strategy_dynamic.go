package rating

import (
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// Dynamic forcing chains and nets (Sudoku Explainer's 8.5–9.4 band,
// docs/rating.md): an assumption is followed with naked and hidden singles
// and locked candidates (pointing and claiming) to their fixpoint, every
// conclusion enabling the next ones, as Sudoku Explainer's "dynamic
// forcing chains (+)" do. The static forcing chains and nets
// (strategy_forcing.go) start only from the cells with the fewest
// candidates, follow only singles and conclude only placements; these
// start from every candidate, follow locked candidates too and also
// conclude eliminations. Nested assumptions are never made: one try costs
// at most one fixpoint of the two rules.

// dynamicSearch is the scratch of the dynamic searches, kept in the finder
// (made on first use) so that rating allocates nothing: the board each
// assumption "cell is digit" leads to, computed once a round by
// findDynamicChains and read by findDynamicNets.
type dynamicSearch struct {
	round  uint64              // the round the branches are for
	branch [81][9]engine.Board // branch[c][d-1]: the board after assuming c is d
	waves  [81][9]uint8        // the propagation waves of each branch
	bad    [81]uint16          // the candidates whose assumption broke the grid
	tried  [81]uint16          // the candidates whose assumption was followed
	known  [81]uint16          // candidates placed by an assumption without contradiction
}

// dynamic returns f's dynamic-search scratch, made on first use.
func (f *finder) dynamic() *dynamicSearch {
	if f.dyn == nil {
		f.dyn = new(dynamicSearch)
	}
	return f.dyn
}

// unitCellSet[u] is the set of the cells of unit u.
var unitCellSet = func() (us [27]cellSet) {
	for u := range units {
		for _, c := range units[u] {
			us[u].add(int(c))
		}
	}
	return
}()

// lockedPass applies every pointing and claiming elimination of the digits
// (a mask) on p at once: a digit whose places in a box are all on one line
// leaves the rest of the line, and one whose places on a line are all in
// one box leaves the rest of the box. It reports whether it removed a
// candidate (p records which), and a cell left without candidates as a
// contradiction. Each digit's places are nine 9-bit row masks (the places
// of p's rows), so each of the 81 box/line tests is a few operations on
// them.
func (p *propagation) lockedPass(digits uint16) (removed, bad bool) {
	for d := range 9 {
		if digits&(1<<d) == 0 {
			continue
		}
		var rows [9]uint16 // rows[r]: the columns of row r where d+1 is a candidate
		for r := range rows {
			rows[r] = p.places[r][d]
		}
		rs := &rows
		var band [3]uint16
		for r := range 9 {
			band[r/3] |= rs[r]
		}
		var kill [9]uint16
		for bd := range 3 {
			outside := band[(bd+1)%3] | band[(bd+2)%3]
			r0 := 3 * bd
			for st := range 3 {
				box := uint16(7) << (3 * st)
				seg := [3]uint16{rs[r0] & box, rs[r0+1] & box, rs[r0+2] & box}
				in := seg[0] | seg[1] | seg[2]
				if in == 0 {
					continue
				}
				// pointing along a row: the box's places all on one row
				switch {
				case seg[1]|seg[2] == 0:
					kill[r0] |= rs[r0] &^ box
				case seg[0]|seg[2] == 0:
					kill[r0+1] |= rs[r0+1] &^ box
				case seg[0]|seg[1] == 0:
					kill[r0+2] |= rs[r0+2] &^ box
				}
				for k := range 3 {
					if seg[k] != 0 && seg[k] == rs[r0+k] { // claiming: row r0+k's places all in this box
						for j := range 3 {
							if j != k {
								kill[r0+j] |= seg[j]
							}
						}
					}
				}
				if in&(in-1) == 0 { // pointing along a column
					for r := range 9 {
						if r/3 != bd {
							kill[r] |= rs[r] & in
						}
					}
				}
				for col := in &^ outside; col != 0; col &= col - 1 { // claiming: the column's places all in this box
					cb := col & -col
					for k := range 3 {
						kill[r0+k] |= seg[k] &^ cb
					}
				}
			}
		}
		for r, k := range kill {
			for m := k; m != 0; m &= m - 1 {
				removed = true
				if !p.remove(9*r+bits.TrailingZeros16(m), engine.Bit(d+1)) {
					return true, true
				}
			}
		}
	}
	return removed, false
}

// assumePlus places d in cell and follows singles and locked candidates
// to their fixpoint (each round of locked candidates counts as a wave). It
// reports whether a contradiction appeared and after how many waves. The
// board must have no single and no locked candidates before (true in
// tier 7: tiers 1 and 2 found none), so a round of locked candidates
// looks only at the digits whose candidates changed since the last one.
func (p *propagation) assumePlus(cell, d int) (waves int, contradiction bool) {
	waves, contradiction = p.assume(cell, d)
	if contradiction {
		return waves, true
	}
	return p.lockedFixpoint(waves)
}

// lockedFixpoint goes on from a singles fixpoint reached after waves
// waves, as assumePlus does: rounds of locked candidates on the digits
// that changed since the last round (p.changed), each followed by
// singles, to the fixpoint of both.
func (p *propagation) lockedFixpoint(waves int) (int, bool) {
	for {
		digits := p.changed
		if digits == 0 {
			return waves, false
		}
		p.changed = 0
		removed, bad := p.lockedPass(digits)
		if bad {
			return waves + 1, true
		}
		if !removed {
			return waves, false
		}
		waves++
		w, contradiction := p.singles()
		waves += w
		if contradiction {
			return waves, true
		}
	}
}

// assumeOn sets t to the board that assuming cell is d on f's board leads
// to (assumePlus) and returns its waves and whether it broke the grid.
// When the round's forcing searches followed the same assumption with
// singles (f.followed), it starts from their board instead of following
// the singles again.
func assumeOn(f *finder, t *engine.Board, cell, d int) (waves int, bad bool) {
	var p propagation
	p.start(f)
	waves, bad, digits, ok := f.followed(cell, d)
	switch {
	case !ok:
		waves, bad = p.assumePlus(cell, d)
	case !bad:
		// the singles fixpoint, rebuilt from its digits
		for x, e := range digits {
			if e != 0 && p.b.Digits[x] == 0 {
				p.place(x, engine.Bit(int(e)))
			}
		}
		p.cells, p.units, p.dirty = cellSet{}, 0, [27]uint16{}
		waves, bad = p.lockedFixpoint(waves)
	}
	*t = p.b
	return waves, bad
}

// findDynamicChains runs when nothing easier in its tier made progress. A
// possible application is a candidate of an empty cell: assuming it and
// following singles and locked candidates (assumePlus) is valid when it
// breaks the grid, which removes the candidate (and places the cell's
// other digit when one is left). It keeps every branch for
// findDynamicNets. Cost: one fixpoint per candidate of the board.
func findDynamicChains(f *finder) int {
	if f.apps > 0 || fewestCandidates(f.b) == 10 {
		return 0
	}
	ds := f.dynamic()
	ds.round = f.round
	ds.bad, ds.tried, ds.known = [81]uint16{}, [81]uint16{}, [81]uint16{}
	// First the candidates a chain can start from cheaply, those of a
	// bivalue cell or a digit with two places in a unit of the cell; the
	// others only when none of those breaks the grid. Both sets depend
	// only on the board's structure, so isomorphic boards get the same.
	var strong [81]uint16
	for c := range 81 {
		m := f.b.Cands[c]
		if engine.Count(m) == 2 {
			strong[c] = m
			continue
		}
		for _, u := range cellUnits[c] {
			p := f.places[u]
			for mm := m; mm != 0; mm &= mm - 1 {
				d := bits.TrailingZeros16(mm)
				if engine.Count(p[d]) == 2 {
					strong[c] |= 1 << d
				}
			}
		}
	}
	s := ds.follow(f, &strong)
	if !ds.anyBad() {
		var rest [81]uint16
		for c := range 81 {
			rest[c] = f.b.Cands[c] &^ strong[c]
		}
		s += ds.follow(f, &rest)
	}
	for c := range 81 {
		m := f.b.Cands[c]
		if ds.bad[c] == 0 || ds.bad[c] == m {
			continue // nothing refuted, or (impossible in a solvable grid) everything
		}
		rest := m &^ ds.bad[c]
		for bm := ds.bad[c]; bm != 0; bm &= bm - 1 {
			d := bits.TrailingZeros16(bm) + 1
			f.eliminate(c, engine.Bit(d))
			if engine.Count(rest) == 1 {
				f.put(c, engine.Digit(rest))
			}
			var cells []int
			var text string
			if f.explain {
				cells, text = ds.explainContradiction(f.b, c, d, rest)
			}
			f.commit(techDynamicForcingChain, cells, func() string { return text })
		}
	}
	return s
}

// follow assumes each candidate of which and follows it (assumePlus),
// keeping the board it leads to; it returns how many candidates of which
// there are. A candidate that an earlier assumption without contradiction
// placed on its way is not followed (ds.known): its own fixpoint is part of
// that one, so it breaks nothing either; nor is the solution's digit;
// findDynamicNets follows them when it needs their boards (ds.complete). So the contradictions found, and the
// count, are the same in any cell order.
func (ds *dynamicSearch) follow(f *finder, which *[81]uint16) int {
	s := 0
	for c := range 81 {
		m := which[c]
		s += engine.Count(m)
		skip := ds.known[c]
		if f.solution != nil {
			// Singles and locked candidates are sound: the solution's
			// digit breaks nothing either.
			skip |= engine.Bit(int(f.solution[c]))
		}
		for mm := m &^ skip; mm != 0; mm &= mm - 1 {
			d := bits.TrailingZeros16(mm) + 1
			ds.tried[c] |= engine.Bit(d)
			t := &ds.branch[c][d-1]
			w, bad := assumeOn(f, t, c, d)
			ds.waves[c][d-1] = uint8(min(w, 255))
			if bad {
				ds.bad[c] |= engine.Bit(d)
				f.trialWaves = min(f.trialWaves, w+1)
				continue
			}
			for x := range 81 {
				if f.b.Digits[x] == 0 && t.Digits[x] != 0 {
					ds.known[x] |= engine.Bit(int(t.Digits[x]))
				}
			}
		}
	}
	return s
}

// complete follows every candidate of the board that follow skipped.
func (ds *dynamicSearch) complete(f *finder) {
	for c := range 81 {
		for mm := f.b.Cands[c] &^ ds.tried[c]; mm != 0; mm &= mm - 1 {
			d := bits.TrailingZeros16(mm) + 1
			ds.tried[c] |= engine.Bit(d)
			w, _ := assumeOn(f, &ds.branch[c][d-1], c, d) // known to hold: no contradiction
			ds.waves[c][d-1] = uint8(min(w, 255))
		}
	}
}

// anyBad reports whether some assumption broke the grid.
func (ds *dynamicSearch) anyBad() bool {
	for _, m := range ds.bad {
		if m != 0 {
			return true
		}
	}
	return false
}

// findDynamicNets runs on the branches findDynamicChains followed in the
// same round, when no assumption broke the grid. A possible application is
// an empty cell (its candidates are the branches), or a unit and a digit
// with 2 or more places in it (its places are the branches); it is valid
// when every branch places the same digit in some other cell (which is
// placed) or removes the same candidate (which is removed): whichever
// branch is true, that follows.
func findDynamicNets(f *finder) int {
	ds := f.dynamic()
	if f.apps > 0 || ds.round != f.round {
		return 0
	}
	ds.complete(f)
	s := 0
	var br [9]*engine.Board
	for c := range 81 {
		m := f.b.Cands[c]
		if m == 0 || ds.tried[c] != m {
			continue
		}
		s++
		n := 0
		for mm := m; mm != 0; mm &= mm - 1 {
			br[n] = &ds.branch[c][bits.TrailingZeros16(mm)]
			n++
		}
		f.netConclude(ds, br[:n], func() (string, []int) { return engine.CellName(c), []int{c} }, func(k int) (int, int) { return c, nthDigit(m, k) })
	}
	for u := range units {
		for d := 1; d <= 9; d++ {
			p := f.places[u][d-1]
			if engine.Count(p) < 2 {
				continue
			}
			s++
			n := 0
			for pm := p; pm != 0; pm &= pm - 1 {
				x := int(units[u][bits.TrailingZeros16(pm)])
				br[n] = &ds.branch[x][d-1]
				n++
			}
			f.netConclude(ds, br[:n], func() (string, []int) {
				return fmt.Sprintf("the %d of %s", d, engine.UnitName(u)), unitCells(u, p)
			}, func(k int) (int, int) { return int(units[u][nthBit(p, k)]), d })
		}
	}
	return s
}

// netConclude records, as one application, every placement and
// elimination the branches br agree on that the board lacks. name and
// assumption describe the branches for the explanation (explain mode
// only).
func (f *finder) netConclude(ds *dynamicSearch, br []*engine.Board, name func() (string, []int), assumption func(k int) (cell, digit int)) {
	var facts []dynamicFact
	for x := range 81 {
		if f.b.Digits[x] != 0 {
			continue
		}
		d0 := br[0].Digits[x]
		same := d0 != 0
		gone := f.b.Cands[x]
		for _, t := range br {
			if t.Digits[x] != d0 {
				same = false
			}
			gone &^= t.Cands[x]
			if t.Digits[x] != 0 {
				gone &^= engine.Bit(int(t.Digits[x]))
			}
		}
		switch {
		case same:
			f.put(x, int(d0))
			if f.explain {
				facts = append(facts, dynamicFact{x, int(d0), true})
			}
		case gone != 0:
			f.eliminate(x, gone)
			if f.explain {
				for g := gone; g != 0; g &= g - 1 {
					facts = append(facts, dynamicFact{x, bits.TrailingZeros16(g) + 1, false})
				}
			}
		}
	}
	if !f.progress {
		return
	}
	f.trialWaves = min(f.trialWaves, ds.maxWaves(len(br), assumption)+1)
	var cells []int
	var text string
	if f.explain {
		cells, text = ds.explainNet(f.b, br, facts, name, assumption)
	}
	f.commit(techDynamicForcingNet, cells, func() string { return text })
}

// maxWaves returns the most waves of the n branches.
func (ds *dynamicSearch) maxWaves(n int, assumption func(k int) (int, int)) int {
	w := 0
	for k := range n {
		c, d := assumption(k)
		w = max(w, int(ds.waves[c][d-1]))
	}
	return w
}

// nthBit returns the position of the k-th (from 0) set bit of m.
func nthBit(m uint16, k int) int {
	for range k {
		m &= m - 1
	}
	return bits.TrailingZeros16(m)
}

// nthDigit returns the k-th (from 0) digit of candidate mask m.
func nthDigit(m uint16, k int) int { return nthBit(m, k) + 1 }

// dynamicFact is a conclusion: digit placed in cell, or removed from it.
type dynamicFact struct {
	cell, digit int
	placed      bool
}

// holds reports whether b shows the fact.
func (x dynamicFact) holds(b *engine.Board) bool {
	if x.placed {
		return int(b.Digits[x.cell]) == x.digit
	}
	return int(b.Digits[x.cell]) != x.digit && b.Cands[x.cell]&engine.Bit(x.digit) == 0
}

// text names the fact, "r1c1 is 5" or "r1c1 is not 5".
func (x dynamicFact) text() string {
	if x.placed {
		return fmt.Sprintf("%s is %d", engine.CellName(x.cell), x.digit)
	}
	return fmt.Sprintf("%s is not %d", engine.CellName(x.cell), x.digit)
}
