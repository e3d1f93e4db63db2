package rating

import (
	"fmt"
	"math/bits"
	"slices"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
)

// findForcingChains finds forcing chains from the cells with the fewest
// candidates (two in almost every puzzle), with naked and hidden singles as
// the only inferences (never nested assumptions: one check costs at most
// one singles fixpoint). A possible application is a candidate of such a
// cell. It is valid when placing it and applying singles leads to a
// contradiction, which removes it (and places the other digit of a
// two-candidate cell). The explanation lists the singles the contradiction
// needs, in order (traceSingles).
func findForcingChains(f *finder) int {
	minN := fewestCandidates(f.b)
	if minN == 10 {
		return 0
	}
	s := 0
	cs := f.chains()
	cs.branches = cs.branches[:0]
	cs.branchesIn = f.round
	// known[c]: the digits an unrefuted assumption placed in c. Assuming
	// one of them refutes nothing either: its singles are a part of that
	// assumption's, which broke nothing.
	var known [81]uint16
	for c := range 81 {
		m := f.b.Cands[c]
		if engine.Count(m) != minN {
			continue
		}
		refuted := false
		for mm := m; mm != 0; mm &= mm - 1 {
			d := bits.TrailingZeros16(mm) + 1
			s++
			if refuted && minN == 2 {
				continue // the other digit of a refuted pair is the solution's
			}
			if f.solution != nil && int(f.solution[c]) == d || known[c]&engine.Bit(d) != 0 {
				// Singles are sound, so the solution's digit leads to no
				// contradiction, and neither does a known one: its branch
				// is followed only when a later search of the round reads
				// it (resolve).
				cs.branches = append(cs.branches, forcingBranch{cell: c, digit: d, waves: -1})
				continue
			}
			waves, bad, digits := f.assumption(c, d)
			if !bad {
				cs.branches = append(cs.branches, forcingBranch{c, d, waves, *digits})
				for x, e := range digits {
					if e != 0 && f.b.Digits[x] == 0 {
						known[x] |= engine.Bit(int(e))
					}
				}
				continue
			}
			refuted = true
			f.trialWaves = min(f.trialWaves, waves+1)
			var tr *trace
			if f.explain {
				tr = traceSingles(f.b, c, d)
			}
			f.eliminate(c, engine.Bit(d))
			rest := m &^ engine.Bit(d)
			if engine.Count(rest) == 1 {
				f.put(c, engine.Digit(rest))
			}
			f.commit(techForcingChain, tr.cells(f, c), func() string { return tr.text(f.techs[techForcingChain].Name, c, d, rest) })
		}
	}
	return s
}

// forcingBranch is an assumption of findForcingChains that singles did not
// refute: the digits on the board after them, kept for findForcingNets.
// waves is -1 while the branch is not yet followed (resolve).
type forcingBranch struct {
	cell, digit, waves int
	digits             engine.Grid
}

// resolve follows branch br on f's board when findForcingChains left it
// for later (the solution's digit, or a known one: it knows singles
// cannot refute them).
func (br *forcingBranch) resolve(f *finder) {
	if br.waves >= 0 {
		return
	}
	waves, _, digits := f.assumption(br.cell, br.digit)
	br.waves, br.digits = waves, *digits
}

// roundBranches returns the unrefuted forcing-chain assumptions
// findForcingChains followed in this round, and none when it has not run
// in this round: a later search of the round (forcing nets, trial) reads
// them, never a previous round's.
func (f *finder) roundBranches() []forcingBranch {
	cs := f.chains()
	if cs.branchesIn != f.round {
		return nil
	}
	for i := range cs.branches {
		cs.branches[i].resolve(f)
	}
	return cs.branches
}

// findForcingNets runs when no forcing chain refuted a candidate in the
// round, on the branches findForcingChains followed (so it must come right
// after it in the tier). A possible application is a cell with the fewest candidates; it is
// valid when every one of its candidates leads, by singles, to the same
// digit in some other cell, which is placed (a cell forcing net: the
// branches of all the cell's digits meet).
func findForcingNets(f *finder) int {
	minN := fewestCandidates(f.b)
	if minN == 10 || f.apps > 0 {
		return 0
	}
	s := 0
	br := f.roundBranches()
	for i := 0; i < len(br); {
		c := br[i].cell
		m := f.b.Cands[c]
		s++
		agree := br[i].digits
		waves := 0
		for ; i < len(br) && br[i].cell == c; i++ {
			waves = max(waves, br[i].waves)
			for x := range agree {
				if agree[x] != br[i].digits[x] {
					agree[x] = 0
				}
			}
		}
		var forced []int
		for x, d := range agree {
			if d != 0 && f.b.Digits[x] == 0 && x != c {
				f.put(x, int(d))
				forced = append(forced, x)
			}
		}
		if len(forced) == 0 {
			continue
		}
		f.trialWaves = min(f.trialWaves, waves+1)
		f.commit(techForcingNet, f.cells(append([]int{c}, forced...)...), func() string {
			var parts []string
			for _, x := range forced {
				parts = append(parts, fmt.Sprintf("%s is %d", engine.CellName(x), agree[x]))
			}
			return fmt.Sprintf("forcing-net: whichever of %s %s holds, the singles that follow give %s: so %s.",
				digitsText(m), engine.CellName(c), strings.Join(parts, " and "), strings.Join(parts, " and "))
		})
	}
	if f.apps == 0 {
		s += findUnitForcing(f)
	}
	return s
}

// findUnitForcing runs when no cell forcing net was found either: for each
// digit with exactly two places in a unit (a strong link), a possible
// application, both places are tried with singles. When one leads to a
// contradiction, the digit is removed from it (a forcing chain from that
// place); otherwise every digit both branches place is placed (a unit
// forcing net).
func findUnitForcing(f *finder) int {
	s := 0
	var done [9][27]int // pairs already tried, as 81·a+b, per digit
	var nDone [9]int
	for u := range units {
		for d := 1; d <= 9; d++ {
			p := f.places[u][d-1]
			if engine.Count(p) != 2 {
				continue
			}
			a, b := int(units[u][bits.TrailingZeros16(p)]), int(units[u][15-bits.LeadingZeros16(p)])
			if slices.Contains(done[d-1][:nDone[d-1]], 81*a+b) {
				continue
			}
			done[d-1][nDone[d-1]] = 81*a + b
			nDone[d-1]++
			s++
			var branch [2]engine.Grid
			var waves [2]int
			bad := -1
			order := [2]int{0, 1}
			if f.solution != nil && int(f.solution[a]) == d {
				// Singles cannot refute the solution's place: follow the
				// other first, and this one only if that one stands.
				order = [2]int{1, 0}
			}
			for _, i := range order {
				x := [2]int{a, b}[i]
				w, contra, digits := f.assumption(x, d)
				if contra {
					bad = i
					waves[i] = w
					break
				}
				branch[i], waves[i] = *digits, w
			}
			if bad >= 0 {
				x := [2]int{a, b}[bad]
				f.trialWaves = min(f.trialWaves, waves[bad]+1)
				var tr *trace
				if f.explain {
					tr = traceSingles(f.b, x, d)
				}
				f.eliminate(x, engine.Bit(d))
				f.commit(techForcingChain, tr.cells(f, x), func() string { return tr.text(f.techs[techForcingChain].Name, x, d, 0) })
				continue
			}
			agree := branch[0]
			var forced []int
			for x := range agree {
				if agree[x] != 0 && agree[x] == branch[1][x] && f.b.Digits[x] == 0 && x != a && x != b {
					f.put(x, int(agree[x]))
					forced = append(forced, x)
				}
			}
			if len(forced) == 0 {
				continue
			}
			f.trialWaves = min(f.trialWaves, max(waves[0], waves[1])+1)
			f.commit(techForcingNet, f.cells(append([]int{a, b}, forced...)...), func() string {
				var parts []string
				for _, x := range forced {
					parts = append(parts, fmt.Sprintf("%s is %d", engine.CellName(x), agree[x]))
				}
				return fmt.Sprintf("forcing-net: whichever of %s and %s holds the %d of %s, the singles that follow give %s: so %s.",
					engine.CellName(a), engine.CellName(b), d, engine.UnitName(u), strings.Join(parts, " and "), strings.Join(parts, " and "))
			})
		}
	}
	return s
}

// trailStep is one single of a traced assumption: a digit placed in a cell,
// why (a naked single, or the last place in a unit), and the earlier steps
// it needs.
type trailStep struct {
	cell, digit int
	unit        int   // the unit of a hidden single, -1 for a naked single
	needs       []int // indexes of earlier steps whose placements it needs
}

// trace is an assumption followed by singles, one placement at a time, up
// to the first contradiction: its steps (step 0 is the assumption) and the
// contradiction, a cell left without candidates or a unit without a place
// for a digit, with the steps that caused it.
type trace struct {
	steps []trailStep
	cell  int   // the cell without candidates, or -1
	unit  int   // the unit without a place for digit, or -1
	digit int   // the digit without a place in unit
	needs []int // steps the contradiction needs
	used  []bool
}

// traceSingles follows the assumption that cell is d on b with singles,
// one placement at a time in row-major order of the waves, recording for
// every removed candidate the placement that removed it, until the first
// contradiction. It is called only for an assumption that assume
// refuted, so a contradiction is always reached. Cost: O(81) placements of
// O(20) each, plus a scan of the board per wave.
func traceSingles(b *engine.Board, cell, d int) *trace {
	t := *b
	tr := &trace{cell: -1, unit: -1}
	var by [81][9]int16 // the step that removed a candidate; -1: not removed by the trace
	for c := range by {
		for k := range by[c] {
			by[c][k] = -1
		}
	}
	place := func(c, e int, unit int, needs []int) bool {
		i := int16(len(tr.steps))
		tr.steps = append(tr.steps, trailStep{c, e, unit, needs})
		for m := t.Cands[c] &^ engine.Bit(e); m != 0; m &= m - 1 {
			by[c][bits.TrailingZeros16(m)] = i
		}
		t.Digits[c], t.Cands[c] = uint8(e), 0
		for _, p := range peers[c] {
			if t.Cands[p]&engine.Bit(e) != 0 {
				t.Cands[p] &^= engine.Bit(e)
				by[p][e-1] = i
				if t.Cands[p] == 0 {
					tr.cell = int(p)
					tr.needs = removers(&by, b.Cands[p], int(p))
					return false
				}
			}
		}
		return true
	}
	if !place(cell, d, -1, nil) {
		return tr.finish()
	}
	for {
		progress := false
		for c := range 81 {
			if m := t.Cands[c]; t.Digits[c] == 0 && engine.Count(m) == 1 {
				if !place(c, engine.Digit(m), -1, removers(&by, b.Cands[c]&^m, c)) {
					return tr.finish()
				}
				progress = true
			}
		}
		for u := range units {
			for e := 1; e <= 9; e++ {
				var where []int
				placed := false
				for _, c := range units[u] {
					if int(t.Digits[c]) == e {
						placed = true
						break
					}
					if t.Cands[c]&engine.Bit(e) != 0 {
						where = append(where, int(c))
					}
				}
				switch {
				case placed:
				case len(where) == 0:
					tr.unit, tr.digit = u, e
					for _, c := range units[u] {
						if b.Cands[c]&engine.Bit(e) != 0 {
							if by[c][e-1] >= 0 {
								tr.needs = append(tr.needs, int(by[c][e-1]))
							} else if i := placedBy(tr, int(c)); i >= 0 {
								tr.needs = append(tr.needs, i)
							}
						}
					}
					return tr.finish()
				case len(where) == 1:
					x := where[0]
					var needs []int
					for _, c := range units[u] {
						if int(c) != x && b.Cands[c]&engine.Bit(e) != 0 {
							if by[c][e-1] >= 0 {
								needs = append(needs, int(by[c][e-1]))
							} else if i := placedBy(tr, int(c)); i >= 0 {
								needs = append(needs, i)
							}
						}
					}
					if !place(x, e, u, needs) {
						return tr.finish()
					}
					progress = true
				}
			}
		}
		if !progress {
			return tr.finish() // cannot happen for a refuted assumption
		}
	}
}

// removers returns the steps that removed the candidates mask of cell c.
func removers(by *[81][9]int16, mask uint16, c int) []int {
	var out []int
	for m := mask; m != 0; m &= m - 1 {
		if i := by[c][bits.TrailingZeros16(m)]; i >= 0 {
			out = append(out, int(i))
		}
	}
	return out
}

// placedBy returns the step that placed a digit in cell c, or -1.
func placedBy(tr *trace, c int) int {
	for i, st := range tr.steps {
		if st.cell == c {
			return i
		}
	}
	return -1
}

// finish marks the steps the contradiction needs, directly or through
// other steps.
func (tr *trace) finish() *trace {
	tr.used = make([]bool, len(tr.steps))
	stack := append([]int(nil), tr.needs...)
	if len(tr.steps) > 0 {
		stack = append(stack, 0)
	}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if tr.used[i] {
			continue
		}
		tr.used[i] = true
		stack = append(stack, tr.steps[i].needs...)
	}
	return tr
}

// cells returns, in explain mode, the assumption's cell and those of the
// needed steps.
func (tr *trace) cells(f *finder, c int) []int {
	if !f.explain {
		return nil
	}
	out := []int{c}
	for i, st := range tr.steps {
		if i > 0 && tr.used[i] {
			out = append(out, st.cell)
		}
	}
	return out
}

// text is the sentence of a refuted assumption: the needed singles in
// order, the contradiction, and the conclusion.
func (tr *trace) text(name string, c, d int, rest uint16) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%s: if %s were %d, then ", name, engine.CellName(c), d)
	n := 0
	for i, st := range tr.steps {
		if i == 0 || !tr.used[i] {
			continue
		}
		if n > 0 {
			sb.WriteString(", ")
		}
		n++
		if st.unit < 0 {
			fmt.Fprintf(&sb, "%s is %d (its only candidate)", engine.CellName(st.cell), st.digit)
		} else {
			fmt.Fprintf(&sb, "%s is %d (the only place in %s)", engine.CellName(st.cell), st.digit, engine.UnitName(st.unit))
		}
	}
	if n > 0 {
		sb.WriteString(", and ")
	}
	switch {
	case tr.cell >= 0:
		fmt.Fprintf(&sb, "%s would have no candidate left", engine.CellName(tr.cell))
	case tr.unit >= 0:
		fmt.Fprintf(&sb, "%s would have no place for %d", engine.UnitName(tr.unit), tr.digit)
	default:
		sb.WriteString("the grid would break")
	}
	if engine.Count(rest) == 1 {
		fmt.Fprintf(&sb, ": so %s is not %d, it is %d.", engine.CellName(c), d, engine.Digit(rest))
	} else {
		fmt.Fprintf(&sb, ": so %s is not %d.", engine.CellName(c), d)
	}
	return sb.String()
}
