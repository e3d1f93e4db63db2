package engine

import (
	"fmt"
	"strings"
)

// The explanations of the dynamic forcing chains and nets: an assumption
// is replayed one inference at a time (the first naked single in cell
// order, else the first hidden single, else the first locked-candidates
// elimination), each named with its cells, until the contradiction or the
// conclusion. Explain mode only.

// dynamicEvent is one inference of a traced assumption.
type dynamicEvent struct {
	cell, digit int   // the cell placed (singles), or the digit removed (locked)
	unit        int   // the unit of a hidden single, or where a locked digit lies; -1 for a naked single
	from        int   // locked candidates: the unit the digit's places are confined to
	removed     []int // locked candidates: the cells that lose the digit
}

// text names the inference.
func (e dynamicEvent) text() string {
	switch {
	case e.removed != nil:
		return fmt.Sprintf("the %d of %s lies in %s, so %s %s %d", e.digit, UnitName(e.from), UnitName(e.unit), cellsText(e.removed), loseVerb(len(e.removed)), e.digit)
	case e.unit < 0:
		return fmt.Sprintf("%s is %d (its only candidate)", CellName(e.cell), e.digit)
	default:
		return fmt.Sprintf("%s is %d (the only place in %s)", CellName(e.cell), e.digit, UnitName(e.unit))
	}
}

// brokenText describes a contradiction on t, or returns "" when there is
// none: a cell without candidates, or a unit without a place for a digit.
func brokenText(t *Board) string {
	for c := range 81 {
		if t.Digits[c] == 0 && t.Cands[c] == 0 {
			return fmt.Sprintf("%s would have no candidate left", CellName(c))
		}
	}
	for u := range units {
		var have uint16
		for _, c := range units[u] {
			have |= t.Cands[c] | digitBit(t.Digits[c])
		}
		if miss := AllDigits &^ have; miss != 0 {
			return fmt.Sprintf("%s would have no place for %d", UnitName(u), Digit(miss))
		}
	}
	return ""
}

// digitBit is Bit(d) for a placed digit, 0 for an empty cell.
func digitBit(d uint8) uint16 {
	if d == 0 {
		return 0
	}
	return Bit(int(d))
}

// traceDynamic follows the assumption that cell is d on b one inference at
// a time, until a contradiction (returned as its text), until done reports
// true, or until nothing follows.
func traceDynamic(b *Board, cell, d int, done func(t *Board) bool) (events []dynamicEvent, broken string) {
	t := *b
	t.Place(cell, d)
	for range 2 * 729 {
		if broken = brokenText(&t); broken != "" {
			return events, broken
		}
		if done != nil && done(&t) {
			return events, ""
		}
		e, ok := nextInference(&t)
		if !ok {
			return events, ""
		}
		events = append(events, e)
	}
	return events, ""
}

// nextInference applies to t the first naked single in cell order, else
// the first hidden single, else the first locked-candidates elimination.
func nextInference(t *Board) (dynamicEvent, bool) {
	for c := range 81 {
		if m := t.Cands[c]; t.Digits[c] == 0 && Count(m) == 1 {
			t.Place(c, Digit(m))
			return dynamicEvent{cell: c, digit: Digit(m), unit: -1}, true
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
				if t.Cands[c]&Bit(d) != 0 {
					n++
					at = int(c)
				}
			}
			if n == 1 {
				t.Place(at, d)
				return dynamicEvent{cell: at, digit: d, unit: u}, true
			}
		}
	}
	for d := 1; d <= 9; d++ {
		var h cellSet
		for c := range 81 {
			if t.Cands[c]&Bit(d) != 0 {
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
				cs := rm.cells()
				for _, c := range cs {
					t.Cands[c] &^= Bit(d)
				}
				return dynamicEvent{cell: cs[0], digit: d, unit: to, from: from, removed: cs}, true
			}
		}
	}
	return dynamicEvent{}, false
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
func (ds *dynamicSearch) explainContradiction(b *Board, cell, d int, rest uint16) ([]int, string) {
	events, broken := traceDynamic(b, cell, d, nil)
	if broken == "" {
		broken = "the grid would break"
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "dynamic-forcing-chain: if %s were %d, then ", CellName(cell), d)
	if len(events) > 0 {
		sb.WriteString(eventsText(events))
		sb.WriteString(", and ")
	}
	sb.WriteString(broken)
	if Count(rest) == 1 {
		fmt.Fprintf(&sb, ": so %s is not %d, it is %d.", CellName(cell), d, Digit(rest))
	} else {
		fmt.Fprintf(&sb, ": so %s is not %d.", CellName(cell), d)
	}
	return eventCells([]int{cell}, events), sb.String()
}

// explainNet is the pattern cells and sentence of a dynamic forcing net:
// every branch, traced up to the point where all facts hold, and the facts.
func (ds *dynamicSearch) explainNet(b *Board, br []*Board, facts []dynamicFact, name func() (string, []int), assumption func(k int) (int, int)) ([]int, string) {
	what, cells := name()
	conclusion := make([]string, len(facts))
	for i, x := range facts {
		conclusion[i] = x.text()
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "dynamic-forcing-net: whichever way %s goes, %s: ", what, strings.Join(conclusion, " and "))
	for k := range br {
		c, d := assumption(k)
		events, _ := traceDynamic(b, c, d, func(t *Board) bool {
			for _, x := range facts {
				if !x.holds(t) {
					return false
				}
			}
			return true
		})
		if k > 0 {
			sb.WriteString("; ")
		}
		fmt.Fprintf(&sb, "if %s is %d, ", CellName(c), d)
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
