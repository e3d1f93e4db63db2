// Package modelfile reads and writes a score model (rating.ScoreModel) as
// JSON: the house-style model that `sudoku calibrate -labels FILE -o
// MODEL.json` fits to a publisher's labels, and that `sudoku rate -model`,
// `sudoku generate -model` and `sudokud -model` use instead of the
// committed rating.DefaultModel. The format is documented in
// docs/rating.md ("House style"); engine stays free of JSON.
package modelfile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// Format is the value of the "format" field this package writes and the
// only one it reads. A change to the meaning of any field gets a new
// version; readers refuse versions they do not know.
const Format = "sudoku-score-model/1"

// maxFileBytes bounds a model file: a real one is about 3 KB, so anything
// far larger is not a model and is refused before it is decoded.
const maxFileBytes = 1 << 20

// File is the JSON form of a score model. The arrays follow
// rating.ScoreModel field by field: Features names the rating features
// (rating.FeatureTable) in the order of the weights, and a file whose
// names differ from the running engine's is refused (the weights would
// weigh the wrong numbers), except that a file of an older engine, whose
// names are the first of this one's, is read with the features added
// since weighing 0: it scores exactly as it did; Weights has one row per
// score group (tier 1,
// tiers 2–5, tiers 6–8) of one weight per feature; Singles maps a givens count to the lowest and
// highest score of the singles-only puzzles with that many givens.
type File struct {
	Format   string                `json:"format"`
	Name     string                `json:"name,omitempty"`
	Source   string                `json:"source,omitempty"`
	Features []string              `json:"features"`
	Weights  [][]float64           `json:"weights"`
	Center   []float64             `json:"center"`
	Scale    []float64             `json:"scale"`
	Cuts     []float64             `json:"cuts"`
	Knots    []float64             `json:"knots"`
	Singles  map[string][2]float64 `json:"singles,omitempty"`
}

// Model is a validated score model with its name and the digest of the
// file it came from.
type Model struct {
	Name   string // the file's name field, or "default"
	Source string // what it was fitted on (free text)
	Digest string // first 12 hex digits of the file's SHA-256; "" for the default
	Score  rating.ScoreModel
}

// Default returns the committed model under the name "default".
func Default() Model {
	return Model{Name: "default", Source: "rating.DefaultModel", Score: rating.DefaultModel()}
}

// Error is a model file that cannot be used: Field names the JSON field at
// fault ("" for the whole file).
type Error struct {
	Field  string
	Reason string
}

// Error says what is wrong and where.
func (e *Error) Error() string {
	if e.Field == "" {
		return "model file: " + e.Reason
	}
	return fmt.Sprintf("model file: field %q: %s", e.Field, e.Reason)
}

// Encode returns the JSON of m (indented, newline-terminated).
func Encode(name, source string, m *rating.ScoreModel) ([]byte, error) {
	f := File{Format: Format, Name: name, Source: source, Features: featureNames(), Singles: map[string][2]float64{}}
	for g := range m.Weights {
		f.Weights = append(f.Weights, append([]float64(nil), m.Weights[g][:]...))
	}
	f.Center = append([]float64(nil), m.Center[:]...)
	f.Scale = append([]float64(nil), m.Scale[:]...)
	f.Cuts = append([]float64(nil), m.Cuts[:]...)
	f.Knots = append([]float64(nil), m.Knots[:]...)
	for g, r := range m.Singles {
		if r != [2]float64{} {
			f.Singles[strconv.Itoa(g)] = r
		}
	}
	if err := f.check(); err != nil {
		return nil, err
	}
	b, err := json.MarshalIndent(&f, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Decode reads and validates a model file: unknown fields, another
// format, wrong array lengths, numbers that are not finite, a scale that
// is not positive, cuts that do not rise within the score scale (1, 9)
// and knots that fall are all refused with an *Error.
func Decode(r io.Reader) (Model, error) {
	b, err := io.ReadAll(io.LimitReader(r, maxFileBytes+1))
	if err != nil {
		return Model{}, err
	}
	if len(b) > maxFileBytes {
		return Model{}, &Error{Reason: fmt.Sprintf("larger than %d bytes", maxFileBytes)}
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var f File
	if err := dec.Decode(&f); err != nil {
		return Model{}, &Error{Reason: "not a model: " + err.Error()}
	}
	if dec.More() {
		return Model{}, &Error{Reason: "text after the JSON object"}
	}
	if err := f.check(); err != nil {
		return Model{}, err
	}
	sum := sha256.Sum256(b)
	m := Model{Name: f.Name, Source: f.Source, Digest: hex.EncodeToString(sum[:])[:12]}
	if m.Name == "" {
		m.Name = "house"
	}
	for g := range m.Score.Weights {
		copy(m.Score.Weights[g][:], f.Weights[g])
	}
	copy(m.Score.Center[:], f.Center)
	copy(m.Score.Scale[:], f.Scale)
	copy(m.Score.Cuts[:], f.Cuts)
	copy(m.Score.Knots[:], f.Knots)
	for k, v := range f.Singles {
		g, _ := strconv.Atoi(k) // checked
		m.Score.Singles[g] = v
	}
	return m, nil
}

// Load reads and validates the model file at path; the error names the
// path.
func Load(path string) (Model, error) {
	fh, err := os.Open(path)
	if err != nil {
		return Model{}, err
	}
	defer fh.Close()
	m, err := Decode(fh)
	if err != nil {
		return Model{}, fmt.Errorf("%s: %w", path, err)
	}
	return m, nil
}

// Write writes m's JSON to path.
func Write(path, name, source string, m *rating.ScoreModel) error {
	b, err := Encode(name, source, m)
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// errNotFinite is the reason for a NaN or infinite number.
var errNotFinite = errors.New("holds a number that is not finite")

// check validates f.
func (f *File) check() error {
	if f.Format != Format {
		return &Error{Field: "format", Reason: fmt.Sprintf("is %q, want %q", f.Format, Format)}
	}
	names := featureNames()
	if len(f.Features) == 0 || len(f.Features) > len(names) {
		return &Error{Field: "features", Reason: fmt.Sprintf("has %d names, this engine rates with %d: %v (refit the model)", len(f.Features), len(names), names)}
	}
	for i, n := range f.Features {
		if names[i] != n {
			return &Error{Field: "features", Reason: fmt.Sprintf("features[%d] is %q, this engine's is %q (refit the model)", i, n, names[i])}
		}
	}
	const groups = len(rating.ScoreModel{}.Weights)
	if len(f.Weights) != groups {
		return &Error{Field: "weights", Reason: fmt.Sprintf("has %d rows, want %d (one per score group)", len(f.Weights), groups)}
	}
	for g, w := range f.Weights {
		if err := vector(fmt.Sprintf("weights[%d]", g), w, len(f.Features)); err != nil {
			return err
		}
	}
	for _, v := range []struct {
		name string
		x    []float64
		n    int
	}{{"center", f.Center, groups}, {"scale", f.Scale, groups}, {"cuts", f.Cuts, 3}, {"knots", f.Knots, rating.NumKnots}} {
		if err := vector(v.name, v.x, v.n); err != nil {
			return err
		}
	}
	for g, s := range f.Scale {
		if s <= 0 {
			return &Error{Field: "scale", Reason: fmt.Sprintf("scale[%d] = %g, want > 0", g, s)}
		}
	}
	for i, c := range f.Cuts {
		if c <= 1 || c >= rating.MaxTier+1 || (i > 0 && c <= f.Cuts[i-1]) {
			return &Error{Field: "cuts", Reason: fmt.Sprintf("%v: want three rising scores between 1 and %d", f.Cuts, rating.MaxTier+1)}
		}
	}
	for i := 1; i < len(f.Knots); i++ {
		if f.Knots[i] < f.Knots[i-1] {
			return &Error{Field: "knots", Reason: fmt.Sprintf("knots[%d] = %g falls below knots[%d] = %g", i, f.Knots[i], i-1, f.Knots[i-1])}
		}
	}
	for k, r := range f.Singles {
		g, err := strconv.Atoi(k)
		if err != nil || g < 17 || g > 80 || strconv.Itoa(g) != k {
			return &Error{Field: "singles", Reason: fmt.Sprintf("key %q is not a givens count 17–80", k)}
		}
		if math.IsNaN(r[0]) || math.IsNaN(r[1]) || r[0] < 1 || r[1] < r[0] || r[1] >= 2 {
			return &Error{Field: "singles", Reason: fmt.Sprintf("%s: %v is not a range of singles-only scores in [1, 2)", k, r)}
		}
	}
	return nil
}

// vector checks that x has n finite numbers.
func vector(name string, x []float64, n int) error {
	if len(x) != n {
		return &Error{Field: name, Reason: fmt.Sprintf("has %d numbers, want %d", len(x), n)}
	}
	for _, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return &Error{Field: name, Reason: errNotFinite.Error()}
		}
	}
	return nil
}

// featureNames returns the names of the engine's rating features, in the
// order of the weights.
func featureNames() []string {
	var n []string
	for _, f := range rating.FeatureTable() {
		n = append(n, f.Name)
	}
	return n
}
