package rating

import (
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

// TestThreeLinkFishOnData replays the three-link fishes of the
// SudokuExchange puzzles (Sudoku Explainer rates many of them 5.4–5.5 for
// their 3-strong-link fishes): every step is sound (replayExplain), its
// six cells are named, and every removed candidate sees both free ends.
func TestThreeLinkFishOnData(t *testing.T) {
	rs := datasettest.LoadPuzzles(t, dataset.CalibSudokuExchange, 0)
	if testing.Short() {
		rs = rs[:300]
	}
	seen := make(map[string]int)
	n := 0
	for _, p := range rs {
		for _, st := range replayExplain(t, p, seen) {
			if st.Technique != "three-link-fish" {
				continue
			}
			n++
			if len(st.Cells) != 6 {
				t.Fatalf("Explain(%s): %q has cells %v, want 6", p, st.Text, st.Cells)
			}
			ends := [2]int{st.Cells[0], st.Cells[5]}
			for _, c := range st.Cells {
				if !strings.Contains(st.Text, engine.CellName(c)) {
					t.Fatalf("Explain(%s): %q does not name %s", p, st.Text, engine.CellName(c))
				}
			}
			for _, e := range st.Eliminations {
				if !peerSet[ends[0]].has(e.Cell) || !peerSet[ends[1]].has(e.Cell) {
					t.Fatalf("Explain(%s): %q removes %d from %s, which does not see both ends", p, st.Text, e.Digit, engine.CellName(e.Cell))
				}
			}
		}
	}
	if n == 0 {
		t.Fatalf("no three-link fish on %d puzzles", len(rs))
	}
	t.Logf("%d three-link fishes on %d puzzles", n, len(rs))
}
