package api

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

func TestScheduleHandlerCounts(t *testing.T) {
	d := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	f := &fakeService{schedule: []service.ScheduleEntry{
		{Date: d, Level: rating.Easy, Status: service.ScheduleCreated},
		{Date: d, Level: rating.Hard, Status: service.ScheduleExisting},
		{Date: d, Level: rating.Evil, Status: service.SchedulePending},
	}}
	rec, _ := serve(handleSchedule(f, zap.NewNop()), "POST", "/daily/schedule", `{"from":"2026-12-01","to":"2026-12-01"}`, nil)
	var got scheduleResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 200 {
		t.Fatalf("POST /daily/schedule = %d %s", rec.Code, rec.Body)
	}
	if got.Complete || got.Created != 1 || got.Existing != 1 || got.Pending != 1 || len(got.Entries) != 3 || got.Entries[2].Status != "pending" {
		t.Errorf("schedule answer = %+v, want 1 created, 1 existing, 1 pending, not complete", got)
	}
}

func TestArchiveHandlerCursor(t *testing.T) {
	d := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	f := &fakeService{archive: service.ArchivePage{
		Records: []service.DailyRecord{{Date: d, Level: rating.Hard, Source: service.SourceGenerated, Seed: 1<<63 + 5}},
		Next:    service.ArchiveCursor{Date: d, Level: rating.Hard},
	}}
	h := handleArchive(f, zap.NewNop(), time.Now)
	rec, _ := serve(h, "GET", "/daily/archive?from=2026-12-01&to=2026-12-31&level=hard&limit=1", "", nil)
	var got archiveResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 200 {
		t.Fatalf("GET /daily/archive = %d %s", rec.Code, rec.Body)
	}
	if got.Next != "2026-12-01.hard" || len(got.Puzzles) != 1 || got.Puzzles[0].Seed != "9223372036854775813" {
		t.Errorf("archive answer = %+v, want next 2026-12-01.hard and the seed as a decimal string", got)
	}
	for _, q := range []string{"level=HARD", "limit=1&limit=2", "from=", "to=2026-13-01", "after=2026-12-01.expert", "limit=0"} {
		if rec, _ := serve(h, "GET", "/daily/archive?"+q, "", nil); rec.Code != 400 {
			t.Errorf("GET /daily/archive?%s = %d, want 400", q, rec.Code)
		}
	}
	// The next page asks from after the cursor.
	serve(h, "GET", "/daily/archive?after="+got.Next, "", nil)
	if f.archiveQ.After.Date != d || f.archiveQ.After.Level != rating.Hard || f.archiveQ.From != service.FirstDaily || f.archiveQ.To != service.LastDaily {
		t.Errorf("archive query after the cursor = %+v", f.archiveQ)
	}
}

func TestArchiveTZ(t *testing.T) {
	now := func() time.Time { return time.Date(2026, 11, 22, 23, 30, 0, 0, time.UTC) }
	for _, tc := range []struct {
		query, wantTo string
		status        int
	}{
		{"", service.LastDaily.Format(time.DateOnly), 200},
		{"tz=Pacific/Auckland", "2026-11-23", 200},
		{"tz=America/Los_Angeles", "2026-11-22", 200},
		{"tz=Pacific/Auckland&to=2026-12-31", "2026-12-31", 200},
		{"tz=Mars/Olympus", "", 400},
		{"tz=Local", "", 400},
	} {
		f := &fakeService{}
		h := handleArchive(f, zap.NewNop(), now)
		rec, _ := serve(h, "GET", "/daily/archive?"+tc.query, "", nil)
		if rec.Code != tc.status || (tc.status == 200 && f.archiveQ.To.Format(time.DateOnly) != tc.wantTo) {
			t.Errorf("GET /daily/archive?%s = %d, to %s; want %d, to %s", tc.query, rec.Code, f.archiveQ.To.Format(time.DateOnly), tc.status, tc.wantTo)
		}
	}
}

func TestPutDailyHandler(t *testing.T) {
	f := &fakeService{putCreated: true}
	rec, _ := serve(handlePutDailyRouted(f), "PUT", "/daily/2026-12-24/easy", `{"puzzle":"`+puzzleEasy+`","force":true}`, nil)
	if rec.Code != 201 || rec.Header().Get("Location") != "/daily?date=2026-12-24&level=easy" || !f.putForce {
		t.Errorf("PUT new = %d, Location %q, force %t; want 201, the /daily URL, force", rec.Code, rec.Header().Get("Location"), f.putForce)
	}
	f.putCreated = false
	if rec, _ := serve(handlePutDailyRouted(f), "PUT", "/daily/2026-12-24/easy", `{"puzzle":"`+puzzleEasy+`"}`, nil); rec.Code != 200 || f.putForce {
		t.Errorf("PUT replace = %d, force %t; want 200, no force", rec.Code, f.putForce)
	}
	for _, tt := range []struct{ path, body, param string }{
		{"/daily/24-12-2026/easy", `{"puzzle":"` + puzzleEasy + `"}`, "date"},
		{"/daily/2026-12-24/expert", `{"puzzle":"` + puzzleEasy + `"}`, "level"},
		{"/daily/2026-12-24/easy", `{"force":true}`, "puzzle"},
		{"/daily/2026-12-24/easy", `{"puzzle":"` + puzzleEasy + `","force":"yes"}`, ""},
	} {
		rec, p := serve(handlePutDailyRouted(f), "PUT", tt.path, tt.body, nil)
		if rec.Code != 400 || p.Parameter != tt.param {
			t.Errorf("PUT %s %s = %d parameter %q, want 400 naming %q", tt.path, tt.body, rec.Code, p.Parameter, tt.param)
		}
	}
}

// handlePutDailyRouted is handlePutDaily behind its chi route, which
// fills in the path parameters.
func handlePutDailyRouted(f *fakeService) http.Handler {
	r := chi.NewRouter()
	r.Method(http.MethodPut, "/daily/{date}/{level}", handlePutDaily(f, zap.NewNop()))
	return r
}
