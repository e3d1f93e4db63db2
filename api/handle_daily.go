package api

import (
	"context"
	"fmt"
	"hash/fnv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/apikey"
	"github.com/sudokuhq/sudoku/service"
)

// dailyCacheControl, for a dated URL of a public day, lets CDNs and
// publishers' pullers keep the puzzle an hour, and serve it stale for a
// day while they revalidate with the ETag: a public day's stored puzzle
// never changes.
const dailyCacheControl = "public, max-age=3600, stale-while-revalidate=86400"

// embargoedCacheControl keeps an answer for a date not public yet out of
// shared caches, and makes private ones revalidate (with the ETag), for an
// editor may replace the puzzle until its day begins.
const embargoedCacheControl = "private, no-cache"

// tokenEpoch is how long one /daily JSON answer (with its token) stays
// valid for a cache's revalidation: as long as dailyCacheControl's
// max-age, far inside the token's life (a day by default).
const tokenEpoch = time.Hour

// dailyMaxAge is the longest a cache may keep an undated /daily answer;
// it is cut at the next midnight (UTC, or in the tz asked for), when the
// answer changes to the next day's puzzle.
const dailyMaxAge = time.Hour

// undatedCacheControl is the Cache-Control of /daily without a date at
// now: cacheable until the next midnight in now's location at the latest,
// and never served stale, for the stale answer would be yesterday's
// puzzle.
func undatedCacheControl(now time.Time) string {
	midnight := time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, now.Location())
	age := min(dailyMaxAge, midnight.Sub(now)).Truncate(time.Second)
	return fmt.Sprintf("public, max-age=%d", int(age.Seconds()))
}

// daily is the use-case behind GET /daily.
type daily interface {
	Daily(ctx context.Context, date time.Time, level rating.Level) (service.DailyRecord, error)
}

// handleDaily serves GET /daily: the puzzle of the day for a level and a
// date (by default today in UTC, or in the zone tz names), with an ETag
// and Cache-Control. Today anywhere is public: no zone is ahead of UTC+14,
// where the embargo is reckoned.
func handleDaily(s interface {
	daily
	tokenIssuer
}, log *zap.Logger, now func() time.Time) http.Handler {
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
		loc, _, err := tzParam(q)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		date := now().In(loc)
		cacheControl := undatedCacheControl(date)
		v, ok, err := q.get("date")
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		if ok {
			cacheControl = dailyCacheControl
			if date, err = parseDate("date", v); err != nil {
				writeError(w, r, log, err)
				return
			}
			if ahead, ae := checkAhead(r, date, now(), "the puzzle of a day that has not begun in UTC+14"); ae != nil {
				writeProblem(w, r, ae.problem())
				return
			} else if ahead {
				cacheControl = embargoedCacheControl
			}
		}
		media, err := mediaParam(r, q, []string{mediaJSON, mediaSVG, mediaPDF})
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		po, err := printParams(q, media, false)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		withSolution, err := solutionParam(r)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		rec, err := s.Daily(r.Context(), date, level)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		p := rec.EnginePuzzle()
		day := date.Format(time.DateOnly)
		repr := media
		if media != mediaJSON {
			repr += "|" + po.String()
		} else {
			// The JSON answer carries a token, which expires: the ETag
			// changes every tokenEpoch, so a cache revalidating past it
			// gets a body with a fresh token instead of a 304 that would
			// keep the first one until it expired.
			repr += "|" + now().UTC().Truncate(tokenEpoch).Format(time.RFC3339)
		}
		etag := dailyETag(p, day, repr, withSolution)
		h := w.Header()
		h.Set("ETag", etag)
		h.Set("Cache-Control", cacheControl)
		h.Add("Vary", "Accept")
		if etagMatch(r.Header.Get("If-None-Match"), etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		if media != mediaJSON {
			writePrint(w, r, log, media, p, po, day, rec.Date, fmt.Sprintf("sudoku-%s-%s.pdf", day, p.Level))
			return
		}
		j := newDailyJSON(rec, withSolution)
		j.Token = s.Token(rec.EnginePuzzle(), service.SourceDaily, j.Date, withSolution)
		encode(w, r, http.StatusOK, "", j)
	})
}

// newDailyJSON is the JSON answer of /daily: the puzzle with its date and
// source. It has no seed: a generated day's seed would reproduce it
// through /generate, and with the public derivation it is what a short
// salt is brute-forced from (docs/publishing.md, "Embargo"); a curated
// puzzle has none anyway. A curated puzzle is not fresh (the generator did
// not make it); no puzzle of the day is a variant.
func newDailyJSON(rec service.DailyRecord, withSolution bool) puzzleJSON {
	j := newPuzzleJSON(rec.EnginePuzzle(), withSolution)
	j.Date = rec.Date.Format(time.DateOnly)
	j.Source = rec.Source
	j.Variant, j.Seed = "", ""
	if rec.Source == service.SourceCurated {
		j.Fresh = false
	}
	return j
}

// checkAhead applies the embargo to a request for day at now: a day not
// public anywhere yet (see service.Embargoed) needs scope daily:ahead, and
// its answer is never kept by shared caches (an editor may still replace
// it). ahead reports whether day is embargoed; ae is the refusal of a
// request without the scope (what names what it asked for). A date out
// of range is left to the service, which refuses it. The service owns
// the rule and refuses such a day itself (service.EmbargoError, answered
// the same way by writeError) to any request without the read-ahead
// grant withAuth gives a daily:ahead key; this early check only answers
// before the rest of the request is read, and picks the Cache-Control.
func checkAhead(r *http.Request, day, now time.Time, what string) (ahead bool, ae *authError) {
	if _, err := service.Day(day); err != nil || !service.Embargoed(day, now) {
		return false, nil
	}
	return true, requireScope(r, apikey.DailyAhead, what)
}

// dailyETag is a weak validator of the daily answer: a hash of what it
// shows, so it changes exactly when the answer does (an editor replaced an
// embargoed puzzle, the solution left out). Weak, because the gzipped and
// the identity bodies share it: they are the same representation, not the
// same bytes. repr is the media type, and for a print file its options.
func dailyETag(p generate.Puzzle, day, repr string, withSolution bool) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s|%s|%s|%s|%g|%s|%t", day, p.Level, p.Puzzle, p.Solution, p.Score, repr, withSolution)
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

// tzParam reads the optional tz query parameter, an IANA time zone name
// (Europe/Paris, America/New_York, Pacific/Kiritimati): "today" as it is
// now in that zone. UTC when absent; given reports whether it was.
func tzParam(q params) (loc *time.Location, given bool, err error) {
	v, ok, err := q.get("tz")
	if err != nil || !ok {
		return time.UTC, ok, err
	}
	loc, err = time.LoadLocation(v)
	if err != nil || v == "Local" { // Local is the server's zone, not the client's
		return nil, true, &paramError{name: "tz", reason: strconv.Quote(v) + " is not an IANA time zone name (Europe/Paris, America/New_York, UTC)"}
	}
	return loc, true, nil
}
