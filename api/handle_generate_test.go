package api

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

func TestGenerateRequestMapping(t *testing.T) {
	seed := uint64(18446744073709551615)
	tests := []struct {
		query string
		want  service.GenerateRequest
		batch bool
	}{
		{"level=easy", service.GenerateRequest{Level: rating.Easy, Count: 1}, false},
		{"level=evil&fresh=true", service.GenerateRequest{Level: rating.Evil, Count: 1, Fresh: true}, false},
		{"level=hard&seed=18446744073709551615&symmetry=mirror", service.GenerateRequest{Level: rating.Hard, Count: 1, Seed: &seed, Symmetry: generate.Mirror}, false},
		{"level=medium&count=7", service.GenerateRequest{Level: rating.Medium, Count: 7}, true},
		{"level=medium&count=1", service.GenerateRequest{Level: rating.Medium, Count: 1}, true},
	}
	for _, tt := range tests {
		f := &fakeService{puzzle: generate.Puzzle{Level: rating.Hard, Seed: seed, Fresh: false, Variant: 9}}
		h, _ := newTestServer(t, f, Config{})
		rec, _ := serve(h, "GET", "/generate?"+tt.query, "", nil)
		if rec.Code != 200 {
			t.Fatalf("GET /generate?%s = %d %s", tt.query, rec.Code, rec.Body)
		}
		got := f.genReq
		if got.Level != tt.want.Level || got.Count != tt.want.Count || got.Fresh != tt.want.Fresh || got.Symmetry != tt.want.Symmetry ||
			(got.Seed == nil) != (tt.want.Seed == nil) || (got.Seed != nil && *got.Seed != *tt.want.Seed) {
			t.Errorf("GET /generate?%s asked the service for %+v, want %+v", tt.query, got, tt.want)
		}
		var body map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		if _, isBatch := body["puzzles"]; isBatch != tt.batch {
			t.Errorf("GET /generate?%s: batch shape %v, want %v: %s", tt.query, isBatch, tt.batch, rec.Body)
		}
		if !tt.batch && (body["seed"] != "18446744073709551615" || body["variant"] != "9" || body["fresh"] != false) {
			t.Errorf("GET /generate?%s = %s: want the seed as a full decimal string and the variant", tt.query, rec.Body)
		}
		if rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("GET /generate Cache-Control = %q, want no-store", rec.Header().Get("Cache-Control"))
		}
	}
}

func TestDailyHandler(t *testing.T) {
	f := &fakeService{puzzle: generate.Puzzle{Level: rating.Easy, Seed: 5, Fresh: true}}
	now := func() time.Time { return time.Date(2026, 11, 22, 23, 30, 0, 0, time.FixedZone("west", -5*3600)) }
	h := handleDaily(f, zap.NewNop(), now)
	rec, _ := serve(h, "GET", "/daily?level=easy", "", nil)
	if rec.Code != 200 || f.dailyDate.Format(time.DateOnly) != "2026-11-23" || f.dailyLevel != rating.Easy {
		t.Errorf("daily without date at 23:30 UTC-5 asked for %s %v (status %d), want 2026-11-23 (UTC) easy", f.dailyDate.Format(time.DateOnly), f.dailyLevel, rec.Code)
	}
	etag := rec.Header().Get("ETag")
	if !strings.HasPrefix(etag, `W/"`) {
		t.Errorf("daily ETag = %q, want a weak one: gzip and identity bodies share it", etag)
	}
	strong := strings.TrimPrefix(etag, "W/")
	for _, inm := range []string{etag, strong, `"other", ` + etag, "*"} {
		if rec, _ := serve(h, "GET", "/daily?level=easy", "", map[string]string{"If-None-Match": inm}); rec.Code != 304 {
			t.Errorf("If-None-Match %s = %d, want 304", inm, rec.Code)
		}
	}
	if rec, _ := serve(h, "GET", "/daily?level=easy", "", map[string]string{"If-None-Match": `"other"`}); rec.Code != 200 {
		t.Errorf("If-None-Match other = %d, want 200", rec.Code)
	}
	svg, _ := serve(h, "GET", "/daily?level=easy&format=svg", "", nil)
	if svg.Header().Get("ETag") == etag {
		t.Error("JSON and SVG answers share an ETag")
	}
}

// TestDailyTZ asks for today in several zones at 23:30 UTC: the day is
// the one of that zone, and the answer is cached until its midnight.
func TestDailyTZ(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC) }
	for _, tc := range []struct {
		tz, wantDay, wantCache string
		status                 int
	}{
		{"", "2026-11-22", "public, max-age=1800", 200},
		{"UTC", "2026-11-22", "public, max-age=1800", 200},
		{"America/Los_Angeles", "2026-11-22", "public, max-age=3600", 200},
		{"Europe/Paris", "2026-11-23", "public, max-age=3600", 200},
		{"Asia/Kolkata", "2026-11-23", "public, max-age=3600", 200},
		{"Pacific/Kiritimati", "2026-11-23", "public, max-age=3600", 200},
		{"Pacific/Pago_Pago", "2026-11-22", "public, max-age=3600", 200},
		{"America/Nowhere", "", "", 400},
		{"Local", "", "", 400},
		{"../etc/passwd", "", "", 400},
	} {
		f := &fakeService{puzzle: generate.Puzzle{Level: rating.Easy}}
		h := handleDaily(f, zap.NewNop(), now)
		path := "/daily?level=easy"
		if tc.tz != "" {
			path += "&tz=" + tc.tz
		}
		rec, p := serve(h, "GET", path, "", nil)
		if rec.Code != tc.status {
			t.Errorf("GET %s = %d %s, want %d", path, rec.Code, rec.Body, tc.status)
			continue
		}
		if tc.status != 200 {
			if p.Parameter != "tz" {
				t.Errorf("GET %s: problem names %q, want tz", path, p.Parameter)
			}
			continue
		}
		if got := f.dailyDate.Format(time.DateOnly); got != tc.wantDay {
			t.Errorf("GET %s asked for %s, want %s", path, got, tc.wantDay)
		}
		if got := rec.Header().Get("Cache-Control"); got != tc.wantCache {
			t.Errorf("GET %s: Cache-Control %q, want %q", path, got, tc.wantCache)
		}
	}
	// Near midnight in Auckland (UTC+13 in November): cut at its midnight.
	h := handleDaily(&fakeService{}, zap.NewNop(), func() time.Time { return time.Date(2026, 11, 22, 10, 50, 0, 0, time.UTC) })
	if rec, _ := serve(h, "GET", "/daily?level=easy&tz=Pacific/Auckland", "", nil); rec.Header().Get("Cache-Control") != "public, max-age=600" {
		t.Errorf("23:50 in Auckland: Cache-Control %q, want max-age=600", rec.Header().Get("Cache-Control"))
	}
}

func TestDailyCacheControl(t *testing.T) {
	f := &fakeService{puzzle: generate.Puzzle{Level: rating.Easy, Seed: 5, Fresh: true}}
	tests := []struct {
		now  time.Time
		path string
		want string
	}{
		{time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC), "/daily?level=easy", "public, max-age=3600"},
		{time.Date(2026, 11, 22, 23, 50, 0, 0, time.UTC), "/daily?level=easy", "public, max-age=600"},
		{time.Date(2026, 11, 22, 18, 50, 30, 0, time.FixedZone("west", -5*3600)), "/daily?level=easy", "public, max-age=570"},
		{time.Date(2026, 11, 22, 23, 50, 0, 0, time.UTC), "/daily?level=easy&date=2026-11-22", dailyCacheControl},
	}
	for _, tt := range tests {
		h := handleDaily(f, zap.NewNop(), func() time.Time { return tt.now })
		rec, _ := serve(h, "GET", tt.path, "", nil)
		if got := rec.Header().Get("Cache-Control"); got != tt.want {
			t.Errorf("GET %s at %s: Cache-Control = %q, want %q", tt.path, tt.now.UTC().Format(time.TimeOnly), got, tt.want)
		}
	}
}

// TestDailyETagRenewsTheToken: a JSON /daily answer carries an expiring
// token, so a cache revalidating with its ETag within the hour gets a 304,
// and past it a 200 with a new ETag (and token) instead of keeping the
// first token until it expires.
func TestDailyETagRenewsTheToken(t *testing.T) {
	f := &fakeService{puzzle: generate.Puzzle{Level: rating.Easy, Seed: 5, Fresh: true}}
	at := time.Date(2026, 11, 22, 12, 10, 0, 0, time.UTC)
	h := handleDaily(f, zap.NewNop(), func() time.Time { return at })
	const path = "/daily?level=easy&date=2026-11-22"
	rec, _ := serve(h, "GET", path, "", nil)
	etag := rec.Header().Get("ETag")
	for _, tt := range []struct {
		after time.Duration
		want  int
	}{{40 * time.Minute, http.StatusNotModified}, {55 * time.Minute, http.StatusOK}} {
		at = time.Date(2026, 11, 22, 12, 10, 0, 0, time.UTC).Add(tt.after)
		rec, _ := serve(h, "GET", path, "", map[string]string{"If-None-Match": etag})
		if rec.Code != tt.want {
			t.Errorf("revalidated %v later: status %d, want %d", tt.after, rec.Code, tt.want)
		}
	}
	// SVG carries no token: its ETag stays.
	at = time.Date(2026, 11, 22, 12, 10, 0, 0, time.UTC)
	rec, _ = serve(h, "GET", path+"&format=svg", "", nil)
	svg := rec.Header().Get("ETag")
	at = at.Add(5 * time.Hour)
	if rec, _ = serve(h, "GET", path+"&format=svg", "", map[string]string{"If-None-Match": svg}); rec.Code != http.StatusNotModified {
		t.Errorf("SVG revalidated 5 h later: status %d, want 304", rec.Code)
	}
}
