package api

import (
	"fmt"
	"testing"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

// TestGenerateTargetParams checks min_score, max_score and technique: read
// into the service request (level optional with them), and refused with a
// 400 naming the parameter when malformed.
func TestGenerateTargetParams(t *testing.T) {
	tests := []struct {
		query string
		want  service.GenerateRequest
		code  int
		param string
	}{
		{"technique=xy-wing", service.GenerateRequest{Count: 1, Technique: "xy-wing"}, 200, ""},
		{"level=hard&min_score=2.5&max_score=3.5", service.GenerateRequest{Level: rating.Hard, Count: 1, MinScore: 2.5, MaxScore: 3.5}, 200, ""},
		{"min_score=6", service.GenerateRequest{Count: 1, MinScore: 6}, 200, ""},
		{"min_score=abc", service.GenerateRequest{}, 400, "min_score"},
		{"max_score=9", service.GenerateRequest{}, 400, "max_score"},
		{"technique=", service.GenerateRequest{}, 400, "technique"},
		{"level=nope&technique=x-wing", service.GenerateRequest{}, 400, "level"},
		{"symmetry=mirror", service.GenerateRequest{}, 400, "level"},
	}
	for _, tt := range tests {
		f := &fakeService{puzzle: generate.Puzzle{Level: rating.Hard, Seed: 1, Fresh: true}}
		h, _ := newTestServer(t, f, Config{})
		rec, p := serve(h, "GET", "/generate?"+tt.query, "", nil)
		if rec.Code != tt.code || p.Parameter != tt.param {
			t.Errorf("GET /generate?%s = %d (parameter %q), want %d (%q): %s", tt.query, rec.Code, p.Parameter, tt.code, tt.param, rec.Body)
			continue
		}
		if tt.code != 200 {
			continue
		}
		got := f.genReq
		if got.Level != tt.want.Level || got.Count != tt.want.Count || got.MinScore != tt.want.MinScore || got.MaxScore != tt.want.MaxScore || got.Technique != tt.want.Technique {
			t.Errorf("GET /generate?%s asked the service for %+v, want %+v", tt.query, got, tt.want)
		}
	}
}

// TestTargetProblems checks the status of a targeted request's errors: 422
// for an impossible combination, 400 for an unknown technique, 503 with
// Retry-After when too costly now.
func TestTargetProblems(t *testing.T) {
	impossible := &service.TargetError{Err: generate.Options{Rater: rating.DefaultRater(), Level: rating.Easy, Technique: "x-wing"}.Validate()}
	unknown := &service.TargetError{Err: generate.Options{Rater: rating.DefaultRater(), Technique: "x-wings"}.Validate()}
	tests := []struct {
		name  string
		err   error
		code  int
		param string
		retry int
	}{
		{"impossible", impossible, 422, "technique", 0},
		{"unknown", unknown, 400, "technique", 0},
		{"too costly", fmt.Errorf("%w (x)", service.ErrTooCostly), 503, "", tooCostlyRetryAfter},
	}
	for _, tt := range tests {
		p := problemFor(tt.err)
		if p.Status != tt.code || p.Parameter != tt.param || p.RetryAfter != tt.retry {
			t.Errorf("problemFor(%s: %v) = %d %q retry %d, want %d %q retry %d", tt.name, tt.err, p.Status, p.Parameter, p.RetryAfter, tt.code, tt.param, tt.retry)
		}
	}
	if p := problemFor(unknown); len(p.Allowed) != len(rating.Techniques()) {
		t.Errorf("problemFor(unknown technique).Allowed = %v, want every technique", p.Allowed)
	}
}
