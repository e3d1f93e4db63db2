package api

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/apikey"
	"github.com/sudokuhq/sudoku/printpdf"
	"github.com/sudokuhq/sudoku/service"
)

// packer is the use-case behind GET /daily/pack.
type packer interface {
	Pack(ctx context.Context, from, to time.Time, levels []rating.Level) ([]service.DailyRecord, error)
}

// defaultPackDays is the length of a pack without to: a week.
const defaultPackDays = 7

// openPackDays is the longest pack without scope daily:ahead: a week.
// A pack may generate every puzzle it prints (124 for a month at four
// levels) in one request, so longer ones are for the newspapers' keys.
const openPackDays = 7

// handlePack serves GET /daily/pack: the puzzles of the day of a range of
// dates and levels in one PDF, N a page, then their answer keys; the same
// query gives the same bytes. Days not public yet need scope daily:ahead,
// as on /daily, and so do packs longer than openPackDays.
func handlePack(s packer, log *zap.Logger, now func() time.Time) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		from, to, levels, po, err := packParams(r)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		cacheControl := dailyCacheControl
		if to.Sub(from) >= openPackDays*24*time.Hour {
			if ae := requireScope(r, apikey.DailyAhead, fmt.Sprintf("a pack of more than %d days", openPackDays)); ae != nil {
				writeProblem(w, r, ae.problem())
				return
			}
		}
		if ahead, ae := checkAhead(r, to, now(), "puzzles of days that have not begun in UTC+14"); ae != nil {
			writeProblem(w, r, ae.problem())
			return
		} else if ahead {
			cacheControl = embargoedCacheControl
		}
		recs, err := s.Pack(r.Context(), from, to, levels)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		entries := make([]printpdf.Entry, len(recs))
		for i, rec := range recs {
			entries[i] = printpdf.Entry{Puzzle: rec.Puzzle, Solution: rec.Solution, Level: rec.Level, Date: rec.Date}
		}
		doc := printpdf.Pack(entries, printpdf.PackOptions{Page: po.page, PerPage: po.perPage, Keys: po.key, Captions: po.title})
		w.Header().Set("Cache-Control", cacheControl)
		writePDF(w, r, log, doc, "sudoku-"+from.Format(time.DateOnly)+"-to-"+to.Format(time.DateOnly)+".pdf")
	})
}

// packParams reads the query of GET /daily/pack: from (required), to
// (default a week from from), levels (comma-separated, default all four),
// format (pdf, the only one) and the print parameters (see printParams).
func packParams(r *http.Request) (from, to time.Time, levels []rating.Level, po printOptions, err error) {
	q, err := queryParams(r)
	if err != nil {
		return from, to, nil, po, err
	}
	v, ok, err := q.get("from")
	if err != nil {
		return from, to, nil, po, err
	}
	if !ok {
		return from, to, nil, po, &paramError{name: "from", reason: "missing: give the first date, YYYY-MM-DD"}
	}
	if from, err = parseDate("from", v); err != nil {
		return from, to, nil, po, err
	}
	to = from.AddDate(0, 0, defaultPackDays-1)
	if v, ok, err := q.get("to"); err != nil {
		return from, to, nil, po, err
	} else if ok {
		if to, err = parseDate("to", v); err != nil {
			return from, to, nil, po, err
		}
	}
	if v, ok, err := q.get("levels"); err != nil {
		return from, to, nil, po, err
	} else if ok {
		for name := range strings.SplitSeq(v, ",") {
			l, err := parseLevel("levels", name)
			if err != nil {
				return from, to, nil, po, err
			}
			levels = append(levels, l)
		}
	}
	media, err := mediaParam(r, q, []string{mediaPDF})
	if err != nil {
		return from, to, nil, po, err
	}
	if media != mediaPDF {
		return from, to, nil, po, &paramError{name: "format", reason: "a pack is a PDF", allowed: []string{"pdf"}}
	}
	po, err = printParams(q, media, true)
	return from, to, levels, po, err // the service checks the range
}
