package api

import (
	"net/http"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

// TestStrictInputs checks that requests outside the documented shapes are
// refused with a problem naming what is wrong, and never a detail that
// names a Go type.
func TestStrictInputs(t *testing.T) {
	svc := &fakeService{ready: true, puzzle: generate.Puzzle{Level: rating.Easy}, solution: service.Solution{Count: 1, Exhaustive: true}}
	h, _ := newTestServer(t, svc, Config{})
	valid := `{"puzzle":"` + puzzleHard + `"}`
	tests := []struct {
		name       string
		method     string
		target     string
		body       string
		header     map[string]string
		wantStatus int
		wantParam  string
		wantDetail string
	}{
		// Bodies.
		{"valid", "POST", "/solve", valid, nil, 200, "", ""},
		{"key in another case", "POST", "/solve", `{"PUZZLE":"` + puzzleHard + `"}`, nil, 400, "", `unknown member "PUZZLE"`},
		{"key in another case, escaped", "POST", "/solve", `{"Puzzl\u0065":"` + puzzleHard + `"}`, nil, 400, "", `unknown member "Puzzle"`},
		{"repeated key", "POST", "/solve", `{"puzzle":"xx","puzzle":"` + puzzleHard + `"}`, nil, 400, "", `member "puzzle" given twice`},
		{"repeated key, other path", "POST", "/solve", `{"grid":[[1]],"grid":[[2]]}`, nil, 400, "", `member "grid" given twice`},
		{"wrong type", "POST", "/solve", `{"puzzle":5}`, nil, 400, "", `member "puzzle": want a string, got a number`},
		{"wrong type in rows", "POST", "/solve", `{"grid":[["1"]]}`, nil, 400, "", `want an integer, got a string`},
		{"not an object", "POST", "/solve", `[1]`, nil, 400, "", `want an object, got an array`},
		{"vendor json", "POST", "/solve", valid, map[string]string{"Content-Type": "application/vnd.evil+json"}, 415, "", "application/json"},
		{"problem json", "POST", "/solve", valid, map[string]string{"Content-Type": "application/problem+json"}, 415, "", "application/json"},
		{"latin1", "POST", "/solve", valid, map[string]string{"Content-Type": "application/json; charset=latin1"}, 415, "", "charset"},
		{"other parameter", "POST", "/solve", valid, map[string]string{"Content-Type": "application/json; foo=bar"}, 415, "", "foo"},
		{"utf-8", "POST", "/solve", valid, map[string]string{"Content-Type": "application/json; charset=UTF-8"}, 200, "", ""},
		{"gzip body", "POST", "/solve", valid, map[string]string{"Content-Encoding": "gzip"}, 415, "", "Content-Encoding"},
		{"identity body", "POST", "/solve", valid, map[string]string{"Content-Encoding": "identity"}, 200, "", ""},
		// Query parameters.
		{"generate", "GET", "/generate?level=easy", "", nil, 200, "", ""},
		{"repeated level", "GET", "/generate?level=easy&level=foo", "", nil, 400, "level", "given 2 times"},
		{"level in capitals", "GET", "/generate?level=Easy", "", nil, 400, "level", `"Easy"`},
		{"symmetry in capitals", "GET", "/generate?level=easy&symmetry=Central", "", nil, 400, "symmetry", ""},
		{"format in capitals", "GET", "/generate?level=easy&format=SVG", "", nil, 400, "format", ""},
		{"empty level", "GET", "/generate?level=", "", nil, 400, "level", "empty"},
		{"empty seed", "GET", "/generate?level=easy&seed=", "", nil, 400, "seed", "empty"},
		{"empty count", "GET", "/generate?level=easy&count=", "", nil, 400, "count", "empty"},
		{"empty format", "GET", "/generate?level=easy&format=", "", nil, 400, "format", "empty"},
		{"empty symmetry", "GET", "/generate?level=easy&symmetry=", "", nil, 400, "symmetry", "empty"},
		{"empty fresh", "GET", "/generate?level=easy&fresh=", "", nil, 400, "fresh", "empty"},
		{"fresh=1", "GET", "/generate?level=easy&fresh=1", "", nil, 400, "fresh", "true or false"},
		{"fresh=T", "GET", "/generate?level=easy&fresh=T", "", nil, 400, "fresh", "true or false"},
		{"fresh=FALSE", "GET", "/generate?level=easy&fresh=FALSE", "", nil, 400, "fresh", "true or false"},
		{"fresh=true", "GET", "/generate?level=easy&fresh=true", "", nil, 200, "", ""},
		{"malformed query", "GET", "/generate?level=easy&x=%zz", "", nil, 400, "query", ""},
		{"explain=1", "POST", "/rate?explain=1", valid, nil, 400, "explain", "true or false"},
		{"empty date", "GET", "/daily?level=easy&date=", "", nil, 400, "date", "empty"},
		{"repeated date", "GET", "/daily?level=easy&date=2026-01-01&date=2026-01-02", "", nil, 400, "date", "given 2 times"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, p := serve(h, tt.method, tt.target, tt.body, tt.header)
			if rec.Code != tt.wantStatus {
				t.Fatalf("%s %s = %d %s, want %d", tt.method, tt.target, rec.Code, rec.Body, tt.wantStatus)
			}
			if tt.wantStatus < 400 {
				return
			}
			if p.Parameter != tt.wantParam || !strings.Contains(p.Detail, tt.wantDetail) {
				t.Errorf("%s %s: parameter %q detail %q, want parameter %q and a detail with %q", tt.method, tt.target, p.Parameter, p.Detail, tt.wantParam, tt.wantDetail)
			}
			if strings.Contains(p.Detail, "Go ") || strings.Contains(p.Detail, "api.") || strings.Contains(p.Detail, "json:") {
				t.Errorf("%s %s: detail %q names Go internals", tt.method, tt.target, p.Detail)
			}
			if tt.wantStatus == http.StatusUnsupportedMediaType && tt.header["Content-Encoding"] != "" && rec.Header().Get("Accept-Encoding") != "identity" {
				t.Errorf("415 for a content coding: Accept-Encoding %q, want identity", rec.Header().Get("Accept-Encoding"))
			}
		})
	}
}
