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
