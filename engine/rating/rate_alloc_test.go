//go:build !race

// The race detector drops sync.Pool entries on purpose, so this test runs
// without it only.

package rating

import (
	"testing"

	"github.com/sudokuhq/sudoku/engine"
)

// TestRateAllocatesNothing: in steady state a rating takes its scratch
// from finderPool and returns a Rating by value, so it allocates nothing,
// from singles to trial, through VWXYZ-wings and dynamic forcing nets.
func TestRateAllocatesNothing(t *testing.T) {
	tests := []struct {
		name, puzzle string
	}{
		{"singles", "2.5..7..64..96..2.....8..4598..74...57.8.2.69...63..5775..2.....6..51..23..4..5.8"},
		{"forcing chains", "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"},
		{"dynamic forcing chains (trial before)", "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5..........."},
		{"vwxyz-wing", ".6....83..25....1.....16.....7.6....8..4.57.3.......8...2...19..5...8...4....7..."},
		{"dynamic forcing nets and trial", ".....6..5.1.....2...9.3.4......7......48.9...8..4.39....7.8.3...5.....1.2.......6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := engine.MustParse(tt.puzzle)
			if _, err := Rate(g); err != nil { // fills the pool
				t.Fatalf("Rate(%s) error = %v", tt.puzzle, err)
			}
			if n := testing.AllocsPerRun(20, func() { _, _ = Rate(g) }); n != 0 {
				t.Errorf("Rate(%s) allocates %v times per rating, want 0", tt.puzzle, n)
			}
		})
	}
}
