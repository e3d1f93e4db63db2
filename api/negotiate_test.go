package api

import (
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

func TestNegotiate(t *testing.T) {
	both := []string{mediaJSON, mediaSVG}
	tests := []struct {
		accept string
		offers []string
		want   string
	}{
		{"", both, mediaJSON},
		{"*/*", both, mediaJSON},
		{"image/svg+xml", both, mediaSVG},
		{"image/svg+xml;q=0, application/json", both, mediaJSON},
		{"image/svg+xml;q=0", both, ""}, // JSON is not listed, so not acceptable either
		{"application/json;q=0.5, image/svg+xml", both, mediaSVG},
		{"application/json;q=0.5, image/*;q=0.9", both, mediaSVG},
		{"image/*;q=0.9, image/svg+xml;q=0.1, application/json;q=0.2", both, mediaJSON},
		{"*/*;q=0.1, image/svg+xml;q=0", both, mediaJSON},
		{"text/html", both, ""},
		{"text/html", []string{mediaJSON}, ""},
		{"image/svg+xml", []string{mediaJSON}, ""},
		{"application/*", both, mediaJSON},
		{"APPLICATION/JSON", both, mediaJSON},
		{"application/json; charset=utf-8", both, mediaJSON},
		{"garbage, */*;q=nope", both, mediaJSON},
		{"*/*;q=0", both, ""},
		{"text/html, application/xhtml+xml, application/xml;q=0.9, */*;q=0.8", both, mediaJSON},
		{"image/svg+xml, application/json", both, mediaJSON},
	}
	for _, tt := range tests {
		if got := negotiate(tt.accept, tt.offers...); got != tt.want {
			t.Errorf("negotiate(%q, %q) = %q, want %q", tt.accept, tt.offers, got, tt.want)
		}
	}
}

func TestGenerateNegotiatesAndHead(t *testing.T) {
	tests := []struct {
		name       string
		method     string
		target     string
		accept     string
		wantStatus int
		wantType   string
		wantCalled bool
	}{
		{"svg refused by q=0", "GET", "/generate?level=easy", "image/svg+xml;q=0, application/json", 200, mediaJSON, true},
		{"svg preferred", "GET", "/generate?level=easy", "application/json;q=0.5, image/svg+xml", 200, mediaSVG, true},
		{"html only", "GET", "/generate?level=easy", "text/html", 406, "application/problem+json", false},
		{"svg only for a batch", "GET", "/generate?level=easy&count=2", "image/svg+xml", 406, "application/problem+json", false},
		{"format wins over Accept", "GET", "/generate?level=easy&format=json", "image/svg+xml", 200, mediaJSON, true},
		{"daily html only", "GET", "/daily?level=easy", "text/html", 406, "application/problem+json", false},
		{"solve html only", "POST", "/solve", "text/html", 406, "application/problem+json", false},
		{"solve any", "POST", "/solve", "*/*", 200, mediaJSON, true},
		{"HEAD fresh", "HEAD", "/generate?level=easy&fresh=true", "", 200, mediaJSON, false},
		{"HEAD bad parameter", "HEAD", "/generate?level=easy&fresh=yes", "", 400, "application/problem+json", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := &fakeService{ready: true, puzzle: generate.Puzzle{Level: rating.Easy}}
			h, _ := newTestServer(t, f, Config{})
			body := ""
			if tt.method == "POST" {
				body = `{"puzzle":"` + puzzleHard + `"}`
			}
			rec, p := serve(h, tt.method, tt.target, body, map[string]string{"Accept": tt.accept})
			if rec.Code != tt.wantStatus || rec.Header().Get("Content-Type") != tt.wantType {
				t.Errorf("%s %s Accept %q = %d %s %s, want %d %s", tt.method, tt.target, tt.accept, rec.Code, rec.Header().Get("Content-Type"), rec.Body, tt.wantStatus, tt.wantType)
			}
			if p.Parameter != "" && rec.Code == 406 {
				t.Errorf("406 names parameter %q, never sent", p.Parameter)
			}
			called := f.genReq.Level != 0 || !f.dailyDate.IsZero() || f.solved != (engine.Grid{})
			if called != tt.wantCalled {
				t.Errorf("%s %s: service called %v, want %v", tt.method, tt.target, called, tt.wantCalled)
			}
		})
	}
}

// FuzzNegotiate checks that any Accept header yields one of the offers or
// none, the same every time, and never a panic. Seeds in
// testdata/fuzz/FuzzNegotiate.
func FuzzNegotiate(f *testing.F) {
	f.Add("image/svg+xml;q=0, application/json")
	f.Fuzz(func(t *testing.T, accept string) {
		got := negotiate(accept, mediaJSON, mediaSVG)
		if got != "" && got != mediaJSON && got != mediaSVG {
			t.Fatalf("negotiate(%q) = %q, not an offer", accept, got)
		}
		if again := negotiate(accept, mediaJSON, mediaSVG); again != got {
			t.Fatalf("negotiate(%q) = %q, then %q", accept, got, again)
		}
	})
}
