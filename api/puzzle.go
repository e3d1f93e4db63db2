package api

import (
	"fmt"
	"net/http"

	"github.com/sudokuhq/sudoku/engine"
)

// puzzleInput is the puzzle of a request body, given either as 81
// characters ("puzzle": 1-9 givens, '.' or '0' empty, decoration
// ignored) or as nine rows of nine integers ("grid": 0 empty).
type puzzleInput struct {
	Puzzle *string `json:"puzzle,omitempty"`
	Grid   [][]int `json:"grid,omitempty"`
}

// maxPuzzleText bounds the text of a puzzle (openapi.yaml's maxLength):
// 81 cells with generous decoration (a pretty-printed grid is under 300
// bytes) fit many times over, while a longer text is not a puzzle.
const maxPuzzleText = 4096

// checkPuzzleText refuses a puzzle text member longer than maxPuzzleText
// with a *paramError naming it.
func checkPuzzleText(name, text string) error {
	if len(text) > maxPuzzleText {
		return &paramError{name: name, reason: fmt.Sprintf("%d bytes long: at most %d", len(text), maxPuzzleText)}
	}
	return nil
}

// grid returns the puzzle, or a *paramError when neither or both forms
// are given or the text is longer than maxPuzzleText, or the engine's
// *engine.ParseError when it is malformed.
func (p puzzleInput) grid() (engine.Grid, error) {
	switch {
	case p.Puzzle != nil && p.Grid != nil:
		return engine.Grid{}, &paramError{name: "puzzle", reason: "give either puzzle or grid, not both"}
	case p.Puzzle != nil:
		if err := checkPuzzleText("puzzle", *p.Puzzle); err != nil {
			return engine.Grid{}, err
		}
		return engine.Parse(*p.Puzzle)
	case p.Grid != nil:
		return engine.FromRows(p.Grid)
	}
	return engine.Grid{}, &paramError{name: "puzzle", reason: "missing: give puzzle (81 characters) or grid (9 rows of 9 integers)"}
}

// decodePuzzle checks that the client accepts JSON, decodes the JSON body
// of r into req and returns its puzzle: the one negotiate-decode-parse step
// of POST /solve, /rate and /hint. Errors are a *notAcceptableError,
// decode's or grid's, ready for writeError.
func decodePuzzle[T interface{ grid() (engine.Grid, error) }](r *http.Request, req T) (engine.Grid, error) {
	if accept := r.Header.Get("Accept"); negotiate(accept, mediaJSON) == "" {
		return engine.Grid{}, &notAcceptableError{accept: accept, offers: []string{mediaJSON}}
	}
	if err := decode(r, req); err != nil {
		return engine.Grid{}, err
	}
	return req.grid()
}
