package api

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/service"
)

// TestCheckDoesNotGiveTheSolutionAway is issue 21's /check attack over
// HTTP: every empty cell filled with one digit, for each digit. Before,
// the nine answers' wrong cells spelt out the whole solution; now each
// names the grid's clashes and no cell of the solution.
func TestCheckDoesNotGiveTheSolutionAway(t *testing.T) {
	const (
		puzzle   = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
		solution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	)
	h, _ := newTestServer(t, service.New(service.Config{}, service.Deps{}), Config{})
	known := map[string]bool{} // cells the answers tell right or wrong
	for d := '1'; d <= '9'; d++ {
		body := `{"puzzle":"` + puzzle + `","current":"` + strings.ReplaceAll(puzzle, ".", string(d)) + `"}`
		rec, _ := serve(h, "POST", "/check", body, nil)
		if rec.Code != 200 {
			t.Fatalf("/check = %d %s", rec.Code, rec.Body)
		}
		var got struct { // not checkResponse: the test compiles, and fails, without the fix
			Correct          bool
			Wrong, Conflicts []string
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatal(err)
		}
		for _, c := range got.Wrong {
			known[c] = true
		}
		if got.Correct || len(got.Conflicts) == 0 {
			t.Errorf("/check with every empty cell %c = %s, want its conflicts", d, rec.Body)
		}
		rec, _ = serve(h, "POST", "/hint", body, nil)
		var hint hintResponse
		_ = json.Unmarshal(rec.Body.Bytes(), &hint)
		if rec.Code != 200 || !hint.Mistake || !strings.Contains(hint.Text, "repeats") {
			t.Errorf("/hint with every empty cell %c = %d %s, want the first repetition", d, rec.Code, rec.Body)
		}
	}
	if len(known) > 0 {
		t.Errorf("nine /check calls told %d of the %d empty cells apart, want none", len(known), strings.Count(puzzle, "."))
	}
}
