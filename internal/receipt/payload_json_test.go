package receipt

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"
)

// TestAppendTokenJSON holds appendTokenJSON to json.Marshal on payloads
// with and without the omitempty members and with strings JSON escapes.
func TestAppendTokenJSON(t *testing.T) {
	full := tokenPayload{ID: "AbC-_9xyzAbC-_9x", Puzzle: "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
		Level: "medium", Source: "generate", Issued: 1764000000000, Expires: 1764086400000}
	tests := []struct {
		name string
		p    tokenPayload
	}{
		{"generate", full},
		{"daily with solution", func() tokenPayload { p := full; p.Source, p.Date, p.Solution = "daily", "2026-11-26", true; return p }()},
		{"zero", tokenPayload{}},
		{"negative times", tokenPayload{Issued: -1, Expires: -9223372036854775808}},
		{"escapes", tokenPayload{ID: `a"b\c`, Puzzle: "<&>", Level: "\x00\x1f\x7f", Source: "é\u2028", Date: "\xff"}},
	}
	for _, c := range []string{"<", ">", "&", `"`, `\`, "\x01", "\t", "\x7f", "é", "\u2029", "\xc3"} {
		tests = append(tests, struct {
			name string
			p    tokenPayload
		}{"only " + c, tokenPayload{ID: "a" + c + "b", Date: c}})
	}
	for _, tt := range tests {
		want, err := json.Marshal(tt.p)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendTokenJSON([]byte("prefix"), tt.p); !bytes.Equal(got, append([]byte("prefix"), want...)) {
			t.Errorf("%s: appendTokenJSON = %s, want prefix%s", tt.name, got, want)
		}
	}
}

// FuzzAppendTokenJSON holds appendTokenJSON to json.Marshal on any
// strings, times and flag.
func FuzzAppendTokenJSON(f *testing.F) {
	f.Add("id", "..3", "easy", "generate", "", false, int64(1), int64(2))
	f.Add(`"\`, "<>&", "\x00", "\u2028", "\xff\xfe", true, int64(-5), int64(1<<62))
	f.Fuzz(func(t *testing.T, id, puzzle, level, source, date string, sol bool, iat, exp int64) {
		p := tokenPayload{ID: id, Puzzle: puzzle, Level: level, Source: source, Date: date, Solution: sol, Issued: iat, Expires: exp}
		want, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendTokenJSON(nil, p); !bytes.Equal(got, want) {
			t.Errorf("appendTokenJSON(%+v) = %s, want %s", p, got, want)
		}
	})
}

// TestSignTokenIsSign checks that SignToken, which writes the payload
// itself, signs the very string sign does through encoding/json, and that
// the token verifies.
func TestSignTokenIsSign(t *testing.T) {
	s, err := NewSigner([]byte("0123456789abcdefghijklmnopqrstuv"))
	if err != nil {
		t.Fatal(err)
	}
	issued := time.UnixMilli(1764000000123).UTC()
	for _, tok := range []Token{
		{ID: NewID(), Puzzle: "..3.2.6..9", Level: "hard", Source: "generate", Issued: issued, Expires: issued.Add(time.Hour)},
		{ID: NewID(), Puzzle: "1.2", Level: "easy", Source: "daily", Date: "2026-11-26", SolutionServed: true, Issued: issued, Expires: issued.Add(time.Minute)},
	} {
		got, want := s.SignToken(tok), s.sign(kindToken, tokenPayloadOf(tok))
		if got != want {
			t.Errorf("SignToken(%+v) = %s, want %s", tok, got, want)
		}
		back, err := s.VerifyToken(got, issued)
		if err != nil || back != tok {
			t.Errorf("VerifyToken(SignToken(%+v)) = %+v, %v", tok, back, err)
		}
	}
}
