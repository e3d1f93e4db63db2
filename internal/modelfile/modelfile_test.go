package modelfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

func TestRoundTrip(t *testing.T) {
	m := rating.DefaultModel()
	m.Cuts = [3]float64{1.5, 2.5, 6.25}
	m.Weights[1][3] = -0.125
	b, err := Encode("gazette", "labels.tsv", &m)
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	got, err := Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("Decode(Encode(m)): %v\n%s", err, b)
	}
	if got.Score != m {
		t.Errorf("Decode(Encode(m)).Score = %+v, want %+v", got.Score, m)
	}
	if got.Name != "gazette" || got.Source != "labels.tsv" || len(got.Digest) != 12 {
		t.Errorf("Decode: name %q source %q digest %q, want gazette, labels.tsv, 12 hex digits", got.Name, got.Source, got.Digest)
	}
	// Rating with the decoded model gives the same score.
	g, err := engine.Parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := rating.NewRater(m).Rate(g)
	have, _ := rating.NewRater(got.Score).Rate(g)
	if have.Score != want.Score || have.Level != want.Level {
		t.Errorf("rated with the decoded model: %v %v, want %v %v", have.Score, have.Level, want.Score, want.Level)
	}
	// Load reads what Write wrote.
	p := filepath.Join(t.TempDir(), "m.json")
	if err := Write(p, "gazette", "", &m); err != nil {
		t.Fatal(err)
	}
	if l, err := Load(p); err != nil || l.Score != m {
		t.Errorf("Load(Write(m)) = %v, want m", err)
	}
}

// TestDecodeOlderFeatures checks that a file of an older engine, which
// names only the first of this engine's features, is read with the later
// ones weighing 0, and that any other shorter list is refused.
func TestDecodeOlderFeatures(t *testing.T) {
	m := rating.DefaultModel()
	n := rating.NumFeatures - 1 // the file of an engine before the last feature was added
	for g := range m.Weights {
		m.Weights[g][n] = 0
	}
	b, err := Encode("older", "", &m)
	if err != nil {
		t.Fatal(err)
	}
	var o map[string]any
	if err := json.Unmarshal(b, &o); err != nil {
		t.Fatal(err)
	}
	o["features"] = o["features"].([]any)[:n]
	for _, w := range o["weights"].([]any) {
		w := w.([]any)
		if w[n] != 0.0 {
			t.Fatalf("last weight %v, want 0", w[n])
		}
	}
	ws := o["weights"].([]any)
	for g := range ws {
		ws[g] = ws[g].([]any)[:n]
	}
	older, _ := json.Marshal(o)
	got, err := Decode(bytes.NewReader(older))
	if err != nil {
		t.Fatalf("Decode(older file): %v", err)
	}
	if got.Score != m {
		t.Errorf("Decode(older file).Score = %+v, want %+v", got.Score, m)
	}
	// The weights must follow the names: one more weight than names is refused.
	ws[0] = append(ws[0].([]any), 1.0)
	bad, _ := json.Marshal(o)
	var me *Error
	if _, err := Decode(bytes.NewReader(bad)); !errors.As(err, &me) || me.Field != "weights[0]" {
		t.Errorf("Decode(older names, a longer weights row) = %v, want an error on weights[0]", err)
	}
}

func TestDecodeRefuses(t *testing.T) {
	def := rating.DefaultModel()
	good, err := Encode("x", "", &def)
	if err != nil {
		t.Fatal(err)
	}
	// edit returns the default model's file with one change made to its
	// decoded JSON object.
	edit := func(f func(map[string]any)) string {
		var o map[string]any
		if err := json.Unmarshal(good, &o); err != nil {
			t.Fatal(err)
		}
		f(o)
		b, _ := json.Marshal(o)
		return string(b)
	}
	tests := []struct {
		name, in, field string
	}{
		{"not json", "weights: 1", ""},
		{"trailing text", string(good) + "{}", ""},
		{"unknown field", edit(func(o map[string]any) { o["bias"] = 1 }), ""},
		{"no format", edit(func(o map[string]any) { delete(o, "format") }), "format"},
		{"future format", edit(func(o map[string]any) { o["format"] = "sudoku-score-model/2" }), "format"},
		{"features renamed", edit(func(o map[string]any) { o["features"].([]any)[0] = "steps" }), "features"},
		{"features short", edit(func(o map[string]any) { o["features"] = o["features"].([]any)[1:] }), "features"},
		{"no features", edit(func(o map[string]any) { o["features"] = []any{} }), "features"},
		{"features long", edit(func(o map[string]any) { o["features"] = append(o["features"].([]any), "jump") }), "features"},
		{"two groups", edit(func(o map[string]any) { o["weights"] = o["weights"].([]any)[1:] }), "weights"},
		{"short weights", edit(func(o map[string]any) { w := o["weights"].([]any); w[2] = w[2].([]any)[1:] }), "weights[2]"},
		{"zero scale", edit(func(o map[string]any) { o["scale"].([]any)[1] = 0 }), "scale"},
		{"falling cuts", edit(func(o map[string]any) { o["cuts"] = []float64{2, 1.5, 5} }), "cuts"},
		{"cut beyond scale", edit(func(o map[string]any) { o["cuts"] = []float64{1.5, 2, 9.5} }), "cuts"},
		{"two cuts", edit(func(o map[string]any) { o["cuts"] = []float64{1.5, 2} }), "cuts"},
		{"falling knots", edit(func(o map[string]any) { o["knots"].([]any)[3] = -100 }), "knots"},
		{"singles key", edit(func(o map[string]any) { o["singles"].(map[string]any)["x"] = []float64{1, 1.5} }), "singles"},
		{"singles range", edit(func(o map[string]any) { o["singles"].(map[string]any)["30"] = []float64{1.5, 1.2} }), "singles"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(strings.NewReader(tt.in))
			var me *Error
			if !errors.As(err, &me) {
				t.Fatalf("Decode = %v, want *Error", err)
			}
			if me.Field != tt.field {
				t.Errorf("Decode error field %q (%v), want %q", me.Field, err, tt.field)
			}
		})
	}
}

func TestLoadNamesPath(t *testing.T) {
	p := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(p, []byte(`{"format":"nope"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(p); err == nil || !strings.Contains(err.Error(), p) {
		t.Errorf("Load(bad) = %v, want an error naming %s", err, p)
	}
}
