package receipt

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/sudokuhq/sudoku/internal/fieldfill"
)

// TestAppendTokenJSONEveryField fills every field of tokenPayload and
// holds appendTokenJSON to json.Marshal on it: a field added to
// tokenPayload but not to appendTokenJSON fails here, even an omitempty
// one that the other tests leave empty.
func TestAppendTokenJSONEveryField(t *testing.T) {
	var p tokenPayload
	fieldfill.Every(t, &p)
	want, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := appendTokenJSON(nil, p); !bytes.Equal(got, want) {
		t.Errorf("appendTokenJSON = %q, want %q", got, want)
	}
}
