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

// dailyCacheControl, for a dated URL, lets CDNs and publishers' pullers
// keep the puzzle an hour, and serve it stale for a day while they
// revalidate with the ETag: a date's puzzle never changes for a given
// engine and salt.
const dailyCacheControl = "public, max-age=3600, stale-while-revalidate=86400"

// dailyMaxAge is the longest a cache may keep an undated /daily answer;
// it is cut at the next 00:00 UTC, when the answer changes to the next
// day's puzzle.
const dailyMaxAge = time.Hour

// undatedCacheControl is the Cache-Control of /daily without a date at
// now: cacheable until the next UTC midnight at the latest, and never
// served stale, for the stale answer would be yesterday's puzzle.
func undatedCacheControl(now time.Time) string {
	now = now.UTC()
	midnight := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, time.UTC)
	age := min(dailyMaxAge, midnight.Sub(now)).Truncate(time.Second)
	return fmt.Sprintf("public, max-age=%d", int(age.Seconds()))
}

// daily is the use-case behind GET /daily.
type daily interface {
	Daily(ctx context.Context, date time.Time, level engine.Level) (engine.Puzzle, error)
}

// handleDaily serves GET /daily: the puzzle of the day for a level and a
// date (today in UTC by default), with an ETag and Cache-Control.
func handleDaily(s daily, log *zap.Logger, now func() time.Time) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q, err := queryParams(r)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		level, err := levelParam(q)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		date := now().UTC()
		cacheControl := undatedCacheControl(date)
		v, ok, err := q.get("date")
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		if ok {
			cacheControl = dailyCacheControl
			if date, err = time.Parse(time.DateOnly, v); err != nil {
				writeError(w, r, log, &paramError{name: "date", reason: fmt.Sprintf("%q is not a date: want YYYY-MM-DD", v)})
				return
			}
		}
		media, err := mediaParam(r, q, []string{mediaJSON, mediaSVG})
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		svg := media == mediaSVG
		p, err := s.Daily(r.Context(), date, level)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		day := date.Format(time.DateOnly)
		etag := dailyETag(p, day, svg)
		h := w.Header()
		h.Set("ETag", etag)
		h.Set("Cache-Control", cacheControl)
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

// dailyETag is a weak validator of the daily answer: a hash of what it
// shows, so it changes exactly when the answer does (another engine
// version, another salt). Weak, because the gzipped and the identity
// bodies share it: they are the same representation, not the same bytes.
func dailyETag(p engine.Puzzle, day string, svg bool) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%s|%s|%g|%t", day, p.Level, p.Puzzle, p.Solution, p.Score, svg)
	return fmt.Sprintf(`W/"%016x"`, h.Sum64())
}

// etagMatch reports whether an If-None-Match header matches etag (weak
// comparison, as RFC 9110 asks for If-None-Match).
func etagMatch(header, etag string) bool {
	etag = strings.TrimPrefix(etag, "W/")
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == etag {
			return true
		}
	}
	return false
}
