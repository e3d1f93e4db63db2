package rating

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
)

// The explanations of the dynamic forcing chains and nets: an assumption
// is replayed one inference at a time (the first naked single in cell
// order, else the first hidden single, else the first locked-candidates
// elimination), each recording the earlier inferences it needs, until the
// contradiction or the conclusion; the text names, in order, only the
// inferences the conclusion needs, each with its cells. Explain mode only.

// dynamicEvent is one inference of a traced assumption.
type dynamicEvent struct {
	cell, digit int   // the cell placed (singles), or the digit removed (locked)
	unit        int   // the unit of a hidden single, or where a locked digit lies; -1 for a naked single
	from        int   // locked candidates: the unit the digit's places are confined to
	removed     []int // locked candidates: the cells that lose the digit
	needs       []int // the earlier inferences it needs
}

// text names the inference.
func (e dynamicEvent) text() string {
	switch {
	case e.removed != nil:
		return fmt.Sprintf("the %d of %s lies in %s, so %s %s %d", e.digit, engine.UnitName(e.from), engine.UnitName(e.unit), cellsText(e.removed), loseVerb(len(e.removed)), e.digit)
	case e.unit < 0:
		return fmt.Sprintf("%s is %d (its only candidate)", engine.CellName(e.cell), e.digit)
	default:
		return fmt.Sprintf("%s is %d (the only place in %s)", engine.CellName(e.cell), e.digit, engine.UnitName(e.unit))
	}
}

// tracer replays one assumption on t, recording for every candidate of
// the starting board that is gone which inference removed it (by: -1 for
// none yet, -2 for the assumption itself).
type tracer struct {
	orig   *engine.Board
	t      engine.Board
	by     [81][9]int16
	events []dynamicEvent
}

// newTracer starts the replay of "cell is d" on b.
func newTracer(b *engine.Board, cell, d int) *tracer {
	tr := &tracer{orig: b, t: *b}
	for c := range tr.by {
		for k := range tr.by[c] {
			tr.by[c][k] = -1
		}
	}
	tr.place(cell, d, -2)
	return tr
}

// place puts d in c on behalf of inference i.
func (tr *tracer) place(c, d int, i int16) {
	for m := tr.t.Cands[c] &^ engine.Bit(d); m != 0; m &= m - 1 {
		tr.by[c][bits.TrailingZeros16(m)] = i
	}
	tr.t.Digits[c], tr.t.Cands[c] = uint8(d), 0
	for _, p := range peers[c] {
		if tr.t.Cands[p]&engine.Bit(d) != 0 {
			tr.t.Cands[p] &^= engine.Bit(d)
			tr.by[p][d-1] = i
		}
	}
}

// removers returns the inferences that removed digit d from the cells of
// cs that held it at the start, other than keep.
func (tr *tracer) removers(cs []uint8, d, keep int) []int {
	var out []int
	for _, c := range cs {
		if int(c) == keep || tr.orig.Cands[c]&engine.Bit(d) == 0 {
			continue
		}
		if i := tr.by[c][d-1]; i >= 0 {
			out = append(out, int(i))
		}
	}
	return out
}

// cellRemovers returns the inferences that removed the candidates mask of c.
func (tr *tracer) cellRemovers(c int, mask uint16) []int {
	var out []int
	for m := mask; m != 0; m &= m - 1 {
		if i := tr.by[c][bits.TrailingZeros16(m)]; i >= 0 {
			out = append(out, int(i))
		}
	}
	return out
}

// broken describes a contradiction on the board and the inferences it
// needs, or returns "" when there is none: a cell without candidates, or
// a unit without a place for a digit.
func (tr *tracer) broken() (string, []int) {
	t := &tr.t
	for c := range 81 {
		if t.Digits[c] == 0 && t.Cands[c] == 0 {
			return fmt.Sprintf("%s would have no candidate left", engine.CellName(c)), tr.cellRemovers(c, tr.orig.Cands[c])
		}
	}
	for u := range units {
		var have uint16
		for _, c := range units[u] {
			have |= t.Cands[c] | digitBit(t.Digits[c])
		}
		if miss := engine.AllDigits &^ have; miss != 0 {
			d := engine.Digit(miss)
			return fmt.Sprintf("%s would have no place for %d", engine.UnitName(u), d), tr.removers(units[u][:], d, -1)
		}
	}
	return "", nil
}

// digitBit is Bit(d) for a placed digit, 0 for an empty cell.
func digitBit(d uint8) uint16 {
	if d == 0 {
		return 0
	}
	return engine.Bit(int(d))
}

// next applies the first naked single in cell order, else the first
// hidden single, else the first locked-candidates elimination, and
// records it; it reports false when none applies.
func (tr *tracer) next() bool {
	t := &tr.t
	i := int16(len(tr.events))
	for c := range 81 {
		if m := t.Cands[c]; t.Digits[c] == 0 && engine.Count(m) == 1 {
			d := engine.Digit(m)
			tr.events = append(tr.events, dynamicEvent{cell: c, digit: d, unit: -1, needs: tr.cellRemovers(c, tr.orig.Cands[c]&^m)})
			tr.place(c, d, i)
			return true
		}
	}
	for u := range units {
		for d := 1; d <= 9; d++ {
			n, at := 0, -1
			for _, c := range units[u] {
				if int(t.Digits[c]) == d {
					n = 2
					break
				}
				if t.Cands[c]&engine.Bit(d) != 0 {
					n++
					at = int(c)
				}
			}
			if n == 1 {
				tr.events = append(tr.events, dynamicEvent{cell: at, digit: d, unit: u, needs: tr.removers(units[u][:], d, at)})
				tr.place(at, d, i)
				return true
			}
		}
	}
	for d := 1; d <= 9; d++ {
		var h cellSet
		for c := range 81 {
			if t.Cands[c]&engine.Bit(d) != 0 {
				h.add(c)
			}
		}
		for from := range units {
			hf := h.and(unitCellSet[from])
			if hf.empty() {
				continue
			}
			for to := range units {
				if to == from || (from < 18) == (to < 18) {
					continue // a box with a line, either way
				}
				if !hf.minus(unitCellSet[to]).empty() {
					continue
				}
				rm := h.and(unitCellSet[to]).minus(unitCellSet[from])
				if rm.empty() {
					continue
				}
				// needs: what removed d from the cells of from outside to
				var outside []uint8
				for _, c := range units[from] {
					if !unitCellSet[to].has(int(c)) {
						outside = append(outside, c)
					}
				}
				cs := rm.cells()
				tr.events = append(tr.events, dynamicEvent{cell: cs[0], digit: d, unit: to, from: from, removed: cs, needs: tr.removers(outside, d, -1)})
				for _, c := range cs {
					t.Cands[c] &^= engine.Bit(d)
					tr.by[c][d-1] = i
				}
				return true
			}
		}
	}
	return false
}

// needed returns the events that the inferences roots need, directly or
// through others, in order.
func (tr *tracer) needed(roots []int) []dynamicEvent {
	used := make([]bool, len(tr.events))
	stack := append([]int(nil), roots...)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if used[i] {
			continue
		}
		used[i] = true
		stack = append(stack, tr.events[i].needs...)
	}
	var out []dynamicEvent
	for i, e := range tr.events {
		if used[i] {
			out = append(out, e)
		}
	}
	return out
}

// traceDynamic follows the assumption that cell is d on b one inference at
// a time until a contradiction, returned as its text with the inferences
// it needs.
func traceDynamic(b *engine.Board, cell, d int) (events []dynamicEvent, broken string) {
	tr := newTracer(b, cell, d)
	for range 2 * 729 {
		if text, needs := tr.broken(); text != "" {
			return tr.needed(needs), text
		}
		if !tr.next() {
			break
		}
	}
	return tr.events, ""
}

// traceToFacts follows the assumption that cell is d on b until every
// fact holds, and returns the inferences they need.
func traceToFacts(b *engine.Board, cell, d int, facts []dynamicFact) []dynamicEvent {
	tr := newTracer(b, cell, d)
	for range 2 * 729 {
		all := true
		for _, x := range facts {
			all = all && x.holds(&tr.t)
		}
		if all {
			break
		}
		if !tr.next() {
			break
		}
	}
	var roots []int
	for _, x := range facts {
		if x.placed {
			for i, e := range tr.events {
				if e.removed == nil && e.cell == x.cell && e.digit == x.digit {
					roots = append(roots, i)
				}
			}
		} else if i := tr.by[x.cell][x.digit-1]; i >= 0 {
			roots = append(roots, int(i))
		}
	}
	return tr.needed(roots)
}

// eventsText joins the inferences' texts, "a, b and c".
func eventsText(events []dynamicEvent) string {
	parts := make([]string, len(events))
	for i, e := range events {
		parts[i] = e.text()
	}
	if len(parts) <= 1 {
		return strings.Join(parts, "")
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// eventCells appends the cells the events name to cells, once each.
func eventCells(cells []int, events []dynamicEvent) []int {
	var seen cellSet
	out := cells[:0]
	for _, c := range cells {
		if !seen.has(c) {
			seen.add(c)
			out = append(out, c)
		}
	}
	cells = out
	for _, e := range events {
		cs := e.removed
		if cs == nil {
			cs = []int{e.cell}
		}
		for _, c := range cs {
			if !seen.has(c) {
				seen.add(c)
				cells = append(cells, c)
			}
		}
	}
	return cells
}

// explainContradiction is the pattern cells and sentence of a dynamic
// forcing chain refuting cell = d; rest is the cell's remaining digits.
func (ds *dynamicSearch) explainContradiction(b *engine.Board, cell, d int, rest uint16) ([]int, string) {
	events, broken := traceDynamic(b, cell, d)
	if broken == "" {
		broken = "the grid would break"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "dynamic-forcing-chain: if %s were %d, then ", engine.CellName(cell), d)
	if len(events) > 0 {
		sb.WriteString(eventsText(events))
		sb.WriteString(", and ")
	}
	sb.WriteString(broken)
	if engine.Count(rest) == 1 {
		fmt.Fprintf(&sb, ": so %s is not %d, it is %d.", engine.CellName(cell), d, engine.Digit(rest))
	} else {
		fmt.Fprintf(&sb, ": so %s is not %d.", engine.CellName(cell), d)
	}
	return eventCells([]int{cell}, events), sb.String()
}

// explainNet is the pattern cells and sentence of a dynamic forcing net:
// every branch, traced up to the point where all facts hold, and the facts.
func (ds *dynamicSearch) explainNet(b *engine.Board, br []*engine.Board, facts []dynamicFact, name func() (string, []int), assumption func(k int) (int, int)) ([]int, string) {
	what, cells := name()
	conclusion := make([]string, len(facts))
	for i, x := range facts {
		conclusion[i] = x.text()
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "dynamic-forcing-net: whichever way %s goes, %s: ", what, strings.Join(conclusion, " and "))
	for k := range br {
		c, d := assumption(k)
		events := traceToFacts(b, c, d, facts)
		if k > 0 {
			sb.WriteString("; ")
		}
		fmt.Fprintf(&sb, "if %s is %d, ", engine.CellName(c), d)
		if len(events) == 0 {
			sb.WriteString("that follows at once")
		} else {
			sb.WriteString("then " + eventsText(events))
		}
		cells = eventCells(append(cells, c), events)
	}
	fmt.Fprintf(&sb, "; so %s.", strings.Join(conclusion, " and "))
	return cells, sb.String()
}

// loseVerb is "loses" for one cell and "lose" for more.
func loseVerb(n int) string {
	if n == 1 {
		return "loses"
	}
	return "lose"
}
