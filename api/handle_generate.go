package api

import (
	"bytes"
	"context"
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/service"
)

// generator is the use-case behind GET /generate.
type generator interface {
	Generate(ctx context.Context, req service.GenerateRequest) ([]engine.Puzzle, error)
}

// Kinds of /generate's answers: the required member that tells typed
// clients one puzzle (also /daily's answer) from a batch.
const (
	kindPuzzle = "puzzle"
	kindBatch  = "batch"
)

// puzzleJSON is a generated puzzle as the API writes it.
type puzzleJSON struct {
	Kind     string  `json:"kind"` // kindPuzzle
	Puzzle   string  `json:"puzzle"`
	Solution string  `json:"solution"`
	Level    string  `json:"level"`
	Score    float64 `json:"score"`
	// Seed is a decimal string: JavaScript numbers lose digits past 2^53.
	Seed    string `json:"seed"`
	Fresh   bool   `json:"fresh"`
	Variant string `json:"variant,omitempty"`
	Givens  int    `json:"givens"`
	Hardest string `json:"hardest,omitempty"`
	Date    string `json:"date,omitempty"`
}

func newPuzzleJSON(p engine.Puzzle) puzzleJSON {
	j := puzzleJSON{
		Kind:     kindPuzzle,
		Puzzle:   p.Puzzle.String(),
		Solution: p.Solution.String(),
		Level:    p.Level.String(),
		Score:    p.Score,
		Seed:     strconv.FormatUint(p.Seed, 10),
		Fresh:    p.Fresh,
		Givens:   p.Puzzle.Givens(),
		Hardest:  p.Rating.Hardest,
	}
	if !p.Fresh {
		j.Variant = strconv.FormatUint(p.Variant, 10)
	}
	return j
}

// batchJSON is the answer of GET /generate with count.
type batchJSON struct {
	Kind    string       `json:"kind"` // kindBatch
	Puzzles []puzzleJSON `json:"puzzles"`
}

// handleGenerate serves GET /generate: puzzles of a level from the service
// (see service.Service.Generate), one as JSON or SVG, or a batch.
func handleGenerate(s generator, log *zap.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		var req service.GenerateRequest
		var err error
		if req.Level, err = levelParam(q); err != nil {
			writeError(w, r, log, err)
			return
		}
		if v := q.Get("seed"); v != "" {
			seed, err := strconv.ParseUint(v, 10, 64)
			if err != nil {
				writeError(w, r, log, &paramError{name: "seed", reason: strconv.Quote(v) + " is not an unsigned 64-bit integer"})
				return
			}
			req.Seed = &seed
		}
		if req.Symmetry, err = engine.ParseSymmetry(q.Get("symmetry")); err != nil {
			writeError(w, r, log, err) // problemFor names the parameter and the allowed values
			return
		}
		batch := q.Has("count")
		req.Count = 1
		if batch {
			// The service checks the range (1 to service.MaxBatch).
			if req.Count, err = strconv.Atoi(q.Get("count")); err != nil {
				writeError(w, r, log, &paramError{name: "count", reason: fmt.Sprintf("%q is not an integer from 1 to %d", q.Get("count"), service.MaxBatch)})
				return
			}
		}
		if req.Fresh, err = boolParam(q, "fresh"); err != nil {
			writeError(w, r, log, err)
			return
		}
		svg, err := wantSVG(r, q)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		if svg && req.Count > 1 {
			writeError(w, r, log, &paramError{name: "format", reason: "svg draws one puzzle: leave out count or set it to 1"})
			return
		}
		puzzles, err := s.Generate(r.Context(), req)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store") // every call is a new puzzle
		switch {
		case svg:
			p := puzzles[0]
			writeSVG(w, r, log, p.Puzzle, fmt.Sprintf("Sudoku · %s · %s", p.Level, strconv.FormatUint(p.Seed, 10)))
		case batch:
			out := batchJSON{Kind: kindBatch, Puzzles: make([]puzzleJSON, len(puzzles))}
			for i, p := range puzzles {
				out.Puzzles[i] = newPuzzleJSON(p)
			}
			encode(w, r, http.StatusOK, "", out)
		default:
			encode(w, r, http.StatusOK, "", newPuzzleJSON(puzzles[0]))
		}
	})
}

// levelParam reads the required level query parameter.
func levelParam(q url.Values) (engine.Level, error) {
	v := q.Get("level")
	if v == "" {
		return 0, &paramError{name: "level", reason: "missing", allowed: levelNames()}
	}
	return engine.ParseLevel(strings.ToLower(v))
}

// wantSVG reports whether the client asked for SVG: format=svg, or no
// format and an Accept header that prefers image/svg+xml to JSON.
func wantSVG(r *http.Request, q url.Values) (bool, error) {
	switch f := q.Get("format"); f {
	case "svg":
		return true, nil
	case "json":
		return false, nil
	case "":
	default:
		return false, &paramError{name: "format", reason: strconv.Quote(f) + " is no format", allowed: []string{"json", "svg"}}
	}
	for part := range strings.SplitSeq(r.Header.Get("Accept"), ",") {
		mt, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch mt {
		case "image/svg+xml":
			return true, nil
		case "application/json", "application/*", "*/*":
			return false, nil
		}
	}
	return false, nil
}

// writeSVG renders g as a printable SVG image.
func writeSVG(w http.ResponseWriter, r *http.Request, log *zap.Logger, g engine.Grid, title string) {
	var buf bytes.Buffer
	if err := engine.RenderSVG(&buf, g, engine.SVGOptions{Title: title}); err != nil {
		writeError(w, r, log, fmt.Errorf("render svg: %w", err))
		return
	}
	writeBody(w, r, http.StatusOK, "image/svg+xml", buf.Bytes())
}

func symmetryNames() []string {
	names := make([]string, len(engine.Symmetries()))
	for i, s := range engine.Symmetries() {
		names[i] = s.String()
	}
	return names
}
