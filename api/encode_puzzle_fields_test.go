package api

import (
	"bytes"
	"testing"

	"github.com/sudokuhq/sudoku/internal/fieldfill"
)

// TestAppendPuzzleJSONEveryField fills every field of puzzleJSON and holds
// appendPuzzleJSON to encoding/json on it: a field added to puzzleJSON but
// not to appendPuzzleJSON fails here, even an omitempty one that the other
// tests leave empty.
func TestAppendPuzzleJSONEveryField(t *testing.T) {
	var j puzzleJSON
	fieldfill.Every(t, &j)
	got, ok := appendPuzzleJSON(nil, &j)
	if want := encodingJSON(t, j); !ok || !bytes.Equal(got, want) {
		t.Errorf("appendPuzzleJSON = %q, %v, want %q, true", got, ok, want)
	}
}
