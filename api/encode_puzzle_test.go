package api

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http/httptest"
	"testing"
)

// encodingJSON is what encode writes for v: encoding/json without HTML
// escaping, a newline at the end.
func encodingJSON(t testing.TB, v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestAppendPuzzleJSON holds appendPuzzleJSON to encoding/json on answers
// with and without each omitempty member, and checks that it declines
// (appending nothing) what it leaves to encoding/json.
func TestAppendPuzzleJSON(t *testing.T) {
	full := puzzleJSON{Kind: kindPuzzle, Puzzle: "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
		Solution: "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
		Level:    "medium", Score: 2.4375, Seed: "18446744073709551615", Fresh: true, Givens: 32, Hardest: "hidden pair",
		Token: "st1.eyJpZCI6IkFiQyJ9.c2ln-_x"}
	fine := []struct {
		name string
		j    puzzleJSON
	}{
		{"fresh", full},
		{"variant, no solution", func() puzzleJSON { j := full; j.Solution, j.Fresh, j.Variant = "", false, "7"; return j }()},
		{"daily", func() puzzleJSON { j := full; j.Seed, j.Date, j.Source = "", "2026-11-26", "curated"; return j }()},
		{"zero", puzzleJSON{}},
		{"integer score", func() puzzleJSON { j := full; j.Score = 3; return j }()},
		{"negative zero score", func() puzzleJSON { j := full; j.Score = math.Copysign(0, -1); return j }()},
		{"small score", func() puzzleJSON { j := full; j.Score = 1e-6; return j }()},
		{"large score", func() puzzleJSON { j := full; j.Score = 9.99e20; return j }()},
		{"negative givens", func() puzzleJSON { j := full; j.Givens = -1; return j }()},
		{"<&> unescaped", func() puzzleJSON { j := full; j.Hardest = "<x&y>"; return j }()},
	}
	for _, tt := range fine {
		got, ok := appendPuzzleJSON([]byte("p"), &tt.j)
		if want := append([]byte("p"), encodingJSON(t, tt.j)...); !ok || !bytes.Equal(got, want) {
			t.Errorf("%s: appendPuzzleJSON = %q, %v, want %q, true", tt.name, got, ok, want)
		}
	}
	declined := []struct {
		name string
		j    puzzleJSON
	}{
		{"exponent, small", func() puzzleJSON { j := full; j.Score = 9e-7; return j }()},
		{"exponent, large", func() puzzleJSON { j := full; j.Score = 1e21; return j }()},
		{"NaN", func() puzzleJSON { j := full; j.Score = math.NaN(); return j }()},
		{"infinite", func() puzzleJSON { j := full; j.Score = math.Inf(-1); return j }()},
		{"quote", func() puzzleJSON { j := full; j.Hardest = `a"b`; return j }()},
		{"backslash", func() puzzleJSON { j := full; j.Token = `a\b`; return j }()},
		{"control", func() puzzleJSON { j := full; j.Date = "\n"; return j }()},
		{"beyond ASCII", func() puzzleJSON { j := full; j.Level = "é"; return j }()},
		{"DEL", func() puzzleJSON { j := full; j.Kind = "\x7f"; return j }()},
	}
	for _, tt := range declined {
		if got, ok := appendPuzzleJSON([]byte("p"), &tt.j); ok || string(got) != "p" {
			t.Errorf("%s: appendPuzzleJSON = %q, %v, want %q, false", tt.name, got, ok, "p")
		}
	}
}

// FuzzAppendPuzzleJSON holds appendPuzzleJSON to encoding/json: whatever
// it writes is encoding/json's answer.
func FuzzAppendPuzzleJSON(f *testing.F) {
	f.Add("puzzle", "..3", "", "easy", 1.5, "7", true, "", 30, "x-wing", "", "", "st1.a.b")
	f.Add("p", `"`, "é", "\x00", 1e-7, "", false, "9", -3, "<>", "2026-01-01", "curated", "")
	f.Fuzz(func(t *testing.T, kind, puzzle, solution, level string, score float64, seed string, fresh bool, variant string, givens int, hardest, date, source, token string) {
		j := puzzleJSON{Kind: kind, Puzzle: puzzle, Solution: solution, Level: level, Score: score, Seed: seed, Fresh: fresh,
			Variant: variant, Givens: givens, Hardest: hardest, Date: date, Source: source, Token: token}
		got, ok := appendPuzzleJSON(nil, &j)
		if !ok {
			return
		}
		if want := encodingJSON(t, j); !bytes.Equal(got, want) {
			t.Errorf("appendPuzzleJSON(%+v) = %q, want %q", j, got, want)
		}
	})
}

// TestEncodePuzzle checks encodePuzzle's answer, headers included, against
// encode's, on a puzzle it writes itself and on one it leaves to encode.
func TestEncodePuzzle(t *testing.T) {
	for _, j := range []puzzleJSON{
		{Kind: kindPuzzle, Puzzle: "1.2", Level: "easy", Score: 1.25, Seed: "5", Fresh: true, Givens: 2},
		{Kind: kindPuzzle, Puzzle: "1.2", Level: "easy", Score: math.NaN()}, // encode's own failure
	} {
		r := httptest.NewRequest("GET", "/generate", nil)
		got, want := httptest.NewRecorder(), httptest.NewRecorder()
		encodePuzzle(got, r, &j)
		encode(want, r, 200, "", j)
		if got.Code != want.Code || got.Body.String() != want.Body.String() || got.Header().Get("Content-Type") != want.Header().Get("Content-Type") ||
			got.Header().Get("Content-Length") != want.Header().Get("Content-Length") {
			t.Errorf("encodePuzzle(%+v) = %d %v %q, encode: %d %v %q", j, got.Code, got.Header(), got.Body, want.Code, want.Header(), want.Body)
		}
	}
}
