package api

import (
	"context"
	"fmt"
	"hash/fnv"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
)

// dailyCacheControl lets CDNs and publishers' pullers keep the puzzle of
// the day an hour, and serve it stale for a day while they revalidate
// with the ETag: a date's puzzle never changes for a given engine.
const dailyCacheControl = "public, max-age=3600, stale-while-revalidate=86400"

// daily is the use-case behind GET /daily.
type daily interface {
	Daily(ctx context.Context, date time.Time, level engine.Level) (engine.Puzzle, error)
}

// handleDaily serves GET /daily: the puzzle of the day for a level and a
// date (today in UTC by default), with an ETag and Cache-Control.
func handleDaily(s daily, log *zap.Logger, now func() time.Time) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		level, err := levelParam(q)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		date := now().UTC()
		if v := q.Get("date"); v != "" {
			if date, err = time.Parse(time.DateOnly, v); err != nil {
				writeError(w, r, log, &paramError{name: "date", reason: fmt.Sprintf("%q is not a date: want YYYY-MM-DD", v)})
				return
			}
		}
		svg, err := wantSVG(r, q)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		p, err := s.Daily(r.Context(), date, level)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		day := date.Format(time.DateOnly)
		etag := dailyETag(p, day, svg)
		h := w.Header()
		h.Set("ETag", etag)
		h.Set("Cache-Control", dailyCacheControl)
		h.Add("Vary", "Accept")
		if etagMatch(r.Header.Get("If-None-Match"), etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		if svg {
			writeSVG(w, r, log, p.Puzzle, fmt.Sprintf("Sudoku · %s · %s", p.Level, day))
			return
		}
		j := newPuzzleJSON(p)
		j.Date = day
		encode(w, r, http.StatusOK, "", j)
	})
}

// dailyETag is a strong validator of the daily answer: a hash of what it
// shows, so it changes exactly when the answer does (another engine
// version, another salt).
func dailyETag(p engine.Puzzle, day string, svg bool) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%s|%s|%g|%t", day, p.Level, p.Puzzle, p.Solution, p.Score, svg)
	return fmt.Sprintf(`"%016x"`, h.Sum64())
}

// etagMatch reports whether an If-None-Match header matches etag (weak
// comparison, as RFC 9110 asks for If-None-Match).
func etagMatch(header, etag string) bool {
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == etag {
			return true
		}
	}
	return false
}
