package rating

import (
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// TestUniqueRectangleOnData replays the unique rectangles of sudoku.coach's
// fiendish to hell puzzles (where Sudoku Explainer rates them 4.5): every
// step is sound (replayExplain), and its pattern is four cells on two rows,
// two columns and two boxes, the removed candidates inside it (types 1 and
// 4) or seeing two of its cells (type 2), all named by the text.
func TestUniqueRectangleOnData(t *testing.T) {
	var ps []string
	for _, r := range datasettest.Load(t, dataset.CalibCoach, 0) {
		if l := r.Field(1); strings.HasPrefix(l, "8-") || strings.HasPrefix(l, "9-") || strings.HasPrefix(l, "10-") {
			ps = append(ps, r.Puzzle())
		}
	}
	seen := make(map[string]int)
	n := 0
	for _, p := range ps {
		for _, st := range replayExplain(t, p, seen) {
			if st.Technique != "unique-rectangle" {
				continue
			}
			n++
			rows, cols, boxes := map[int]bool{}, map[int]bool{}, map[int]bool{}
			in := map[int]bool{}
			for _, c := range st.Cells {
				rows[int(rowOf[c])], cols[int(colOf[c])], boxes[int(boxOf[c])] = true, true, true
				in[c] = true
				if !strings.Contains(st.Text, engine.CellName(c)) {
					t.Fatalf("Explain(%s): %q does not name %s", p, st.Text, engine.CellName(c))
				}
			}
			if len(st.Cells) != 4 || len(rows) != 2 || len(cols) != 2 || len(boxes) != 2 {
				t.Fatalf("Explain(%s): %q: cells %v are not a rectangle on two boxes", p, st.Text, st.Cells)
			}
			for _, e := range st.Eliminations {
				sees := 0
				for _, c := range st.Cells {
					if peerSet[c].has(e.Cell) {
						sees++
					}
				}
				if !in[e.Cell] && sees < 2 {
					t.Fatalf("Explain(%s): %q removes %d from %s, outside the rectangle and its peers", p, st.Text, e.Digit, engine.CellName(e.Cell))
				}
			}
		}
	}
	if n == 0 {
		t.Fatalf("no unique rectangle on %d puzzles", len(ps))
	}
	t.Logf("%d unique rectangles on %d puzzles", n, len(ps))
}
