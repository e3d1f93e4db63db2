package api

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

// publisher is the use-case behind the publishing endpoints: schedule,
// put and archive (scope publish).
type publisher interface {
	Schedule(ctx context.Context, from, to time.Time, levels []rating.Level) ([]service.ScheduleEntry, error)
	PutDaily(ctx context.Context, date time.Time, level rating.Level, puzzle engine.Grid, force bool) (service.DailyRecord, bool, error)
	Archive(ctx context.Context, q service.ArchiveQuery) (service.ArchivePage, error)
}

// parseDate reads a YYYY-MM-DD date of the parameter or member name.
func parseDate(name, v string) (time.Time, error) {
	d, err := time.Parse(time.DateOnly, v)
	if err != nil {
		return d, &paramError{name: name, reason: fmt.Sprintf("%q is not a date: want YYYY-MM-DD", v)}
	}
	return d, nil
}

// parseLevel reads a level of the parameter or member name, in the lower
// case openapi.yaml lists, as the query's level.
func parseLevel(name, v string) (rating.Level, error) {
	l, err := rating.ParseLevel(v)
	if err != nil {
		return 0, &paramError{name: name, reason: err.Error(), allowed: levelNames()}
	}
	return l, nil
}

// dailyRecordJSON is a stored puzzle of the day as the publishing
// endpoints write it: with its solution (publishers print it) and where
// it came from.
type dailyRecordJSON struct {
	Date       string  `json:"date"`
	Level      string  `json:"level"`
	Puzzle     string  `json:"puzzle"`
	Solution   string  `json:"solution"`
	Score      float64 `json:"score"`
	RatedLevel string  `json:"rated_level"`
	Hardest    string  `json:"hardest,omitempty"`
	Givens     int     `json:"givens"`
	Source     string  `json:"source"`
	Seed       string  `json:"seed,omitempty"`
	StoredAt   string  `json:"stored_at"`
}

func newDailyRecordJSON(r service.DailyRecord) dailyRecordJSON {
	j := dailyRecordJSON{Date: r.Date.Format(time.DateOnly), Level: r.Level.String(), Puzzle: r.Puzzle.String(),
		Solution: r.Solution.String(), Score: r.Score, RatedLevel: r.RatedLevel.String(), Hardest: r.Hardest,
		Givens: r.Puzzle.Givens(), Source: r.Source, StoredAt: r.StoredAt.UTC().Format(time.RFC3339)}
	if r.Source == service.SourceGenerated {
		j.Seed = strconv.FormatUint(r.Seed, 10)
	}
	return j
}

// scheduleRequest is the body of POST /daily/schedule.
type scheduleRequest struct {
	From   string   `json:"from"`
	To     string   `json:"to"`
	Levels []string `json:"levels"`
}

// scheduleEntryJSON is the outcome of one date and level of a schedule.
type scheduleEntryJSON struct {
	Date   string `json:"date"`
	Level  string `json:"level"`
	Status string `json:"status"`
}

// scheduleResponse is the answer of POST /daily/schedule.
type scheduleResponse struct {
	// Complete is false when some entries are pending: post the same
	// schedule again to finish them.
	Complete bool                `json:"complete"`
	Created  int                 `json:"created"`
	Existing int                 `json:"existing"`
	Pending  int                 `json:"pending"`
	Entries  []scheduleEntryJSON `json:"entries"`
}

// handleSchedule serves POST /daily/schedule: generate and store the
// puzzles of a range of dates and levels ahead of time, idempotently.
func handleSchedule(s publisher, log *zap.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req scheduleRequest
		if err := decode(r, &req); err != nil {
			writeError(w, r, log, err)
			return
		}
		if req.From == "" || req.To == "" {
			writeError(w, r, log, &paramError{name: "from", reason: "from and to are required: the first and last date, YYYY-MM-DD"})
			return
		}
		from, err := parseDate("from", req.From)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		to, err := parseDate("to", req.To)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		levels := make([]rating.Level, len(req.Levels))
		for i, v := range req.Levels {
			if levels[i], err = parseLevel("levels", v); err != nil {
				writeError(w, r, log, err)
				return
			}
		}
		entries, err := s.Schedule(r.Context(), from, to, levels)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		resp := scheduleResponse{Entries: make([]scheduleEntryJSON, len(entries))}
		for i, e := range entries {
			resp.Entries[i] = scheduleEntryJSON{Date: e.Date.Format(time.DateOnly), Level: e.Level.String(), Status: e.Status}
			switch e.Status {
			case service.ScheduleCreated:
				resp.Created++
			case service.ScheduleExisting:
				resp.Existing++
			default:
				resp.Pending++
			}
		}
		resp.Complete = resp.Pending == 0
		encode(w, r, http.StatusOK, "", resp)
	})
}

// putDailyRequest is the body of PUT /daily/{date}/{level}: the curated
// puzzle, and force to publish it at a level its rating disagrees with.
type putDailyRequest struct {
	puzzleInput
	Force bool `json:"force"`
}

// handlePutDaily serves PUT /daily/{date}/{level}: store an editor's
// puzzle as the puzzle of that day and level (201 new, 200 replaced or
// unchanged).
func handlePutDaily(s publisher, log *zap.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		date, err := parseDate("date", chi.URLParam(r, "date"))
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		level, err := parseLevel("level", chi.URLParam(r, "level"))
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		var req putDailyRequest
		puzzle, err := decodePuzzle(r, &req)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		rec, created, err := s.PutDaily(r.Context(), date, level, puzzle, req.Force)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		status := http.StatusOK
		if created {
			status = http.StatusCreated
			w.Header().Set("Location", "/daily?"+url.Values{"date": {rec.Date.Format(time.DateOnly)}, "level": {rec.Level.String()}}.Encode())
		}
		encode(w, r, status, "", newDailyRecordJSON(rec))
	})
}

// archiveResponse is the answer of GET /daily/archive.
type archiveResponse struct {
	Puzzles []dailyRecordJSON `json:"puzzles"`
	// Next is the after parameter of the next page; empty on the last.
	Next string `json:"next,omitempty"`
}

// cursorSep separates the date and level of an archive cursor
// ("2026-12-01.hard"), a position in (date, level) order.
const cursorSep = "."

// handleArchive serves GET /daily/archive: the stored puzzles of a range
// of dates, one level or all, a page at a time.
func handleArchive(s publisher, log *zap.Logger, now func() time.Time) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		aq, err := archiveParams(r, now)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		page, err := s.Archive(r.Context(), aq)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		resp := archiveResponse{Puzzles: make([]dailyRecordJSON, len(page.Records))}
		for i, rec := range page.Records {
			resp.Puzzles[i] = newDailyRecordJSON(rec)
		}
		if !page.Next.Date.IsZero() {
			resp.Next = page.Next.Date.Format(time.DateOnly) + cursorSep + page.Next.Level.String()
		}
		w.Header().Set("Cache-Control", "no-store") // a private listing that grows
		encode(w, r, http.StatusOK, "", resp)
	})
}

// archiveParams reads the query of GET /daily/archive, strictly (see
// params): optional from, to, level, limit, after and tz. With tz and
// without to, the archive ends today in that zone (what the site has
// published so far); without either it runs to service.LastDaily.
func archiveParams(r *http.Request, now func() time.Time) (service.ArchiveQuery, error) {
	aq := service.ArchiveQuery{From: service.FirstDaily, To: service.LastDaily}
	q, err := queryParams(r)
	if err != nil {
		return aq, err
	}
	loc, hasTZ, err := tzParam(q)
	if err != nil {
		return aq, err
	}
	if _, hasTo := q["to"]; hasTZ && !hasTo {
		t := now().In(loc)
		aq.To = time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	}
	for _, p := range []struct {
		name string
		set  func(v string) error
	}{
		{"from", func(v string) (err error) { aq.From, err = parseDate("from", v); return err }},
		{"to", func(v string) (err error) { aq.To, err = parseDate("to", v); return err }},
		{"level", func(v string) (err error) { aq.Level, err = parseLevel("level", v); return err }},
		{"limit", func(v string) error {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > service.MaxArchivePage {
				return &paramError{name: "limit", reason: fmt.Sprintf("%q is not an integer from 1 to %d", v, service.MaxArchivePage)}
			}
			aq.Limit = n
			return nil
		}},
		{"after", func(v string) error {
			d, l, ok := strings.Cut(v, cursorSep)
			date, derr := time.Parse(time.DateOnly, d)
			level, lerr := rating.ParseLevel(l)
			if !ok || derr != nil || lerr != nil {
				return &paramError{name: "after", reason: fmt.Sprintf("%q is not a cursor: pass the next of the previous page", v)}
			}
			aq.After = service.ArchiveCursor{Date: date, Level: level}
			return nil
		}},
	} {
		v, ok, err := q.get(p.name)
		if err != nil {
			return aq, err
		}
		if ok {
			if err := p.set(v); err != nil {
				return aq, err
			}
		}
	}
	return aq, nil
}
