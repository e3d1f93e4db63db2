package api

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/apikey"
	"github.com/sudokuhq/sudoku/service"
)

// generator is the use-case behind GET /generate.
type generator interface {
	Generate(ctx context.Context, req service.GenerateRequest) ([]generate.Puzzle, error)
}

// generateService is what GET /generate calls: batches and streams, and
// the tokens served with their puzzles.
type generateService interface {
	generator
	streamer
	tokenIssuer
}

// Kinds of /generate's answers: the required member that tells typed
// clients one puzzle (also /daily's answer) from a batch.
const (
	kindPuzzle = "puzzle"
	kindBatch  = "batch"
)

// puzzleJSON is a generated puzzle as the API writes it.
type puzzleJSON struct {
	Kind   string `json:"kind"` // kindPuzzle
	Puzzle string `json:"puzzle"`
	// Solution is left out with solution=false.
	Solution string  `json:"solution,omitempty"`
	Level    string  `json:"level"`
	Score    float64 `json:"score"`
	// Seed is a decimal string: JavaScript numbers lose digits past 2^53.
	// /generate always sets it; /daily never does.
	Seed    string `json:"seed,omitempty"`
	Fresh   bool   `json:"fresh"`
	Variant string `json:"variant,omitempty"`
	Givens  int    `json:"givens"`
	Hardest string `json:"hardest,omitempty"`
	Date    string `json:"date,omitempty"`
	// Source is how a puzzle of the day was made: service.SourceGenerated
	// or service.SourceCurated; left out on /generate.
	Source string `json:"source,omitempty"`
	// Token is the puzzle's signed token, for a receipt from /check.
	Token string `json:"token,omitempty"`
}

// tokenIssuer signs the token served with each puzzle.
type tokenIssuer interface {
	Token(p generate.Puzzle, source, date string, solutionServed bool) string
}

// newPuzzleJSON returns p as the API writes it, with its solution or
// without (solution=false: a game that checks answers on the server).
func newPuzzleJSON(p generate.Puzzle, withSolution bool) puzzleJSON {
	j := puzzleJSON{
		Kind:    kindPuzzle,
		Puzzle:  p.Puzzle.String(),
		Level:   p.Level.String(),
		Score:   p.Score,
		Seed:    strconv.FormatUint(p.Seed, 10),
		Fresh:   p.Fresh,
		Givens:  p.Puzzle.Givens(),
		Hardest: p.Rating.Hardest,
	}
	if withSolution {
		j.Solution = p.Solution.String()
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
// (see service.Service.Generate), one as JSON, SVG or PDF (its answer key
// with solution=true), or a batch. A batch
// generated on demand (fresh, seed or symmetry) of more than anonBatch
// puzzles needs scope generate:bulk. With Accept: application/x-ndjson it
// streams up to service.MaxStream newly generated puzzles, one a line
// (streamPuzzles), which needs scope generate:bulk whatever the count.
func handleGenerate(s generateService, log *zap.Logger, anonBatch int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		req, batch, media, po, err := generateParams(r)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		withSolution, err := solutionParam(r)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		stream := media == mediaNDJSON
		if stream {
			if ae := requireScope(r, apikey.GenerateBulk, "a stream of generated puzzles ("+mediaNDJSON+")"); ae != nil {
				writeProblem(w, r, ae.problem())
				return
			}
		} else if onDemand := req.Fresh || req.Seed != nil || req.Symmetry != generate.None || req.Targeted(); onDemand && req.Count > anonBatch {
			if ae := requireScope(r, apikey.GenerateBulk, fmt.Sprintf("a batch of more than %d fresh or seeded puzzles", anonBatch)); ae != nil {
				writeProblem(w, r, ae.problem())
				return
			}
		}
		if r.Method == http.MethodHead {
			// The headers of the answer, without making (and counting) a
			// puzzle nobody will see.
			w.Header().Set("Cache-Control", "no-store")
			w.Header().Set("Content-Type", media)
			w.WriteHeader(http.StatusOK)
			return
		}
		if stream {
			streamPuzzles(w, r, s, log, req, withSolution)
			return
		}
		puzzles, err := s.Generate(r.Context(), req)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		w.Header().Set("Cache-Control", "no-store") // every call is a new puzzle
		switch {
		case media != mediaJSON:
			p := puzzles[0]
			seed := strconv.FormatUint(p.Seed, 10)
			writePrint(w, r, log, media, p, po, seed, time.Time{}, fmt.Sprintf("sudoku-%s-%s.pdf", p.Level, seed))
		case batch:
			out := batchJSON{Kind: kindBatch, Puzzles: make([]puzzleJSON, len(puzzles))}
			for i, p := range puzzles {
				out.Puzzles[i] = newPuzzleJSON(p, withSolution)
				out.Puzzles[i].Token = s.Token(p, service.SourceGenerate, "", withSolution)
			}
			encode(w, r, http.StatusOK, "", out)
		default:
			j := newPuzzleJSON(puzzles[0], withSolution)
			j.Token = s.Token(puzzles[0], service.SourceGenerate, "", withSolution)
			encodePuzzle(w, r, &j)
		}
	})
}

// generateParams reads the query of GET /generate (batch: count was
// given) and negotiates the media type of its answer (JSON, or SVG for
// one puzzle). The service checks the count's range and the seeds.
func generateParams(r *http.Request) (req service.GenerateRequest, batch bool, media string, po printOptions, err error) {
	q, err := queryParams(r)
	if err != nil {
		return req, false, "", po, err
	}
	if err := targetParams(q, &req); err != nil {
		return req, false, "", po, err
	}
	if _, ok := q["level"]; ok || !req.Targeted() {
		if req.Level, err = levelParam(q); err != nil {
			return req, false, "", po, err
		}
	}
	if v, ok, err := q.get("symmetry"); err != nil {
		return req, false, "", po, err
	} else if ok {
		if req.Symmetry, err = generate.ParseSymmetry(v); err != nil {
			return req, false, "", po, err // problemFor names the parameter and the allowed values
		}
	}
	req.Count = 1
	if v, ok, err := q.get("count"); err != nil {
		return req, false, "", po, err
	} else if ok {
		if req.Count, err = strconv.Atoi(v); err != nil {
			return req, false, "", po, &paramError{name: "count", reason: fmt.Sprintf("%q is not an integer from 1 to %d", v, service.MaxBatch)}
		}
		batch = true
	}
	if v, ok, err := q.get("seed"); err != nil {
		return req, false, "", po, err
	} else if ok {
		seed, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return req, false, "", po, &paramError{name: "seed", reason: strconv.Quote(v) + " is not an unsigned 64-bit integer"}
		}
		req.Seed = &seed
	}
	if req.Fresh, err = q.boolean("fresh"); err != nil {
		return req, false, "", po, err
	}
	media, err = mediaParam(r, q, generateOffers(req.Count))
	if err == nil && media != mediaJSON && media != mediaNDJSON && req.Count > 1 {
		err = &paramError{name: "format", reason: "svg and pdf draw one puzzle: leave out count or set it to 1 (a PDF of many puzzles: /daily/pack)"}
	}
	if err != nil {
		return req, batch, media, po, err
	}
	po, err = printParams(q, media, false)
	return req, batch, media, po, err
}

// targetParams reads the optional min_score, max_score and technique
// query parameters into req: with any of them, level is optional (the
// service checks the combination: 422 when no puzzle meets it).
func targetParams(q params, req *service.GenerateRequest) error {
	for _, f := range []struct {
		name string
		to   *float64
	}{{"min_score", &req.MinScore}, {"max_score", &req.MaxScore}} {
		v, ok, err := q.get(f.name)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || x < 1 || x >= 9 {
			return &paramError{name: f.name, reason: strconv.Quote(v) + " is not a score from 1 to 9 (docs/rating.md)"}
		}
		*f.to = x
	}
	v, ok, err := q.get("technique")
	if err != nil {
		return err
	}
	if ok {
		if v == "" {
			return &paramError{name: "technique", reason: "empty", allowed: rating.TechniqueNames()}
		}
		req.Technique = v
	}
	return nil
}

// solutionParam reads the optional solution query parameter: whether the
// answer includes the puzzle's solution (the default, true).
func solutionParam(r *http.Request) (bool, error) {
	if !mayHold(r.URL.RawQuery, "solution") {
		return true, nil
	}
	q, err := queryParams(r)
	if err != nil {
		return false, err
	}
	if _, ok := q["solution"]; !ok {
		return true, nil
	}
	return q.boolean("solution")
}

// levelParam reads the required level query parameter.
func levelParam(q params) (rating.Level, error) {
	v, ok, err := q.get("level")
	if err != nil {
		return 0, err
	}
	if !ok {
		return 0, &paramError{name: "level", reason: "missing", allowed: levelNames()}
	}
	return rating.ParseLevel(v)
}

// mediaParam returns the media type of the answer: the format parameter
// when given (json, svg or pdf; the caller refuses one it cannot draw),
// else the one of offers the Accept header
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
		case "pdf":
			return mediaPDF, nil
		}
		return "", &paramError{name: "format", reason: strconv.Quote(f) + " is no format", allowed: []string{"json", "svg", "pdf"}}
	}
	accept := r.Header.Get("Accept")
	if m := negotiate(accept, offers...); m != "" {
		return m, nil
	}
	return "", &notAcceptableError{accept: accept, offers: offers}
}

// writeSVG renders g as a printable SVG image.
func writeSVG(w http.ResponseWriter, r *http.Request, log *zap.Logger, g engine.Grid, opts engine.SVGOptions) {
	var buf bytes.Buffer
	if err := engine.RenderSVG(&buf, g, opts); err != nil {
		writeError(w, r, log, fmt.Errorf("render svg: %w", err))
		return
	}
	writeBody(w, r, http.StatusOK, "image/svg+xml", buf.Bytes())
}
