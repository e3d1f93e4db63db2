package api

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

func TestCheckHandler(t *testing.T) {
	f := &fakeService{check: service.CheckResult{Filled: 40, Wrong: []int{0, 80}}}
	h := handleCheck(f, zap.NewNop())
	rec, _ := serve(h, "POST", "/check", `{"puzzle":"`+puzzleEasy+`","current":"`+puzzleEasy+`"}`, nil)
	if rec.Code != 200 {
		t.Fatalf("POST /check = %d %s", rec.Code, rec.Body)
	}
	var got checkResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Filled != 40 || strings.Join(got.Wrong, ",") != "r1c1,r9c9" {
		t.Errorf("POST /check = %+v, want filled 40, wrong r1c1,r9c9", got)
	}
	if f.hinted[0] != engine.MustParse(puzzleEasy) {
		t.Errorf("Check got puzzle %v", f.hinted[0])
	}
	for _, body := range []string{`{"puzzle":"` + puzzleEasy + `"}`, `{"puzzle":"` + puzzleEasy + `","current":"12"}`, `{"current":"` + puzzleEasy + `"}`} {
		if rec, _ := serve(h, "POST", "/check", body, nil); rec.Code/100 != 4 || !strings.Contains(rec.Body.String(), `"parameter"`) {
			t.Errorf("POST /check %s = %d %s, want a 4xx naming the member", body, rec.Code, rec.Body)
		}
	}
}

func TestSolutionParam(t *testing.T) {
	f := &fakeService{puzzle: generate.Puzzle{Level: rating.Easy, Seed: 5, Fresh: true,
		Puzzle: engine.MustParse(puzzleEasy), Solution: engine.MustParse(solutionEasy)}}
	tests := []struct {
		path string
		want bool
	}{
		{"/generate?level=easy", true},
		{"/generate?level=easy&solution=true", true},
		{"/generate?level=easy&solution=false", false},
		{"/generate?level=easy&count=2&solution=false", false},
		{"/daily?level=easy&date=2026-01-01", true},
		{"/daily?level=easy&date=2026-01-01&solution=false", false},
	}
	for _, tt := range tests {
		h := handleGenerate(f, zap.NewNop(), DefaultAnonymousBatch)
		if strings.HasPrefix(tt.path, "/daily") {
			h = handleDaily(f, zap.NewNop(), fixedNow)
		}
		rec, _ := serve(h, "GET", tt.path, "", nil)
		if rec.Code != 200 {
			t.Fatalf("GET %s = %d %s", tt.path, rec.Code, rec.Body)
		}
		if got := strings.Contains(rec.Body.String(), solutionEasy); got != tt.want {
			t.Errorf("GET %s shows the solution: %t, want %t", tt.path, got, tt.want)
		}
	}
	a, _ := serve(handleDaily(f, zap.NewNop(), fixedNow), "GET", "/daily?level=easy&date=2026-01-01", "", nil)
	b, _ := serve(handleDaily(f, zap.NewNop(), fixedNow), "GET", "/daily?level=easy&date=2026-01-01&solution=false", "", nil)
	if a.Header().Get("ETag") == b.Header().Get("ETag") {
		t.Error("daily with and without the solution share an ETag")
	}
}

// fixedNow is the handlers' clock in tests: 2026-11-25 10:00 UTC, when
// 2026-11-26 has begun in UTC+14.
func fixedNow() time.Time { return time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC) }
