package api

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"

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
		req, batch, media, err := generateParams(r)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		if r.Method == http.MethodHead {
			// The headers of the answer, without making (and counting) a
			// puzzle nobody will see.
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Content-Type", media)
			w.WriteHeader(http.StatusOK)
			return
		}
		svg := media == mediaSVG
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

// generateParams reads the query of GET /generate (batch: count was
// given) and negotiates the media type of its answer (JSON, or SVG for
// one puzzle). The service checks the count's range and the seeds.
func generateParams(r *http.Request) (req service.GenerateRequest, batch bool, media string, err error) {
	q, err := queryParams(r)
	if err != nil {
		return req, false, "", err
	}
	if req.Level, err = levelParam(q); err != nil {
		return req, false, "", err
	}
	if v, ok, err := q.get("symmetry"); err != nil {
		return req, false, "", err
	} else if ok {
		if req.Symmetry, err = engine.ParseSymmetry(v); err != nil {
			return req, false, "", err // problemFor names the parameter and the allowed values
		}
	}
	req.Count = 1
	if v, ok, err := q.get("count"); err != nil {
		return req, false, "", err
	} else if ok {
		if req.Count, err = strconv.Atoi(v); err != nil {
			return req, false, "", &paramError{name: "count", reason: fmt.Sprintf("%q is not an integer from 1 to %d", v, service.MaxBatch)}
		}
		batch = true
	}
	if v, ok, err := q.get("seed"); err != nil {
		return req, false, "", err
	} else if ok {
		seed, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return req, false, "", &paramError{name: "seed", reason: strconv.Quote(v) + " is not an unsigned 64-bit integer"}
		}
		req.Seed = &seed
	}
	if req.Fresh, err = q.boolean("fresh"); err != nil {
		return req, false, "", err
	}
	offers := []string{mediaJSON, mediaSVG}
	if req.Count > 1 {
		offers = offers[:1] // SVG draws one puzzle
	}
	media, err = mediaParam(r, q, offers)
	if err == nil && media == mediaSVG && req.Count > 1 {
		err = &paramError{name: "format", reason: "svg draws one puzzle: leave out count or set it to 1"}
	}
	return req, batch, media, err
}

// levelParam reads the required level query parameter.
func levelParam(q params) (engine.Level, error) {
	v, ok, err := q.get("level")
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, &paramError{name: "level", reason: "missing", allowed: levelNames()}
	}
	return engine.ParseLevel(v)
}

// mediaParam returns the media type of the answer: the format parameter
// when given (json or svg), else the one of offers the Accept header
// prefers; a *notAcceptableError when it accepts none.
func mediaParam(r *http.Request, q params, offers []string) (string, error) {
	f, ok, err := q.get("format")
	if err != nil {
		return "", err
	}
	if ok {
		switch f {
		case "svg":
			return mediaSVG, nil
		case "json":
			return mediaJSON, nil
		}
		return "", &paramError{name: "format", reason: strconv.Quote(f) + " is no format", allowed: []string{"json", "svg"}}
	}
	accept := r.Header.Get("Accept")
	if m := negotiate(accept, offers...); m != "" {
		return m, nil
	}
	return "", &notAcceptableError{accept: accept, offers: offers}
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
