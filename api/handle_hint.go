package api

import (
	"net/http"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
)

// hintRequest is the body of POST /hint: the puzzle and the player's grid.
type hintRequest struct {
	puzzleInput
	Current *string `json:"current"`
}

// currentText is the player's grid as given, nil when missing.
func (h *hintRequest) currentText() *string { return h.Current }

// decodePlayerGrid decodes a body of a puzzle and the player's grid
// ("current") into req, the one decode-then-parse step of POST /hint and
// /check. Errors are ready for writeError and name the member at fault.
func decodePlayerGrid[T interface {
	grid() (engine.Grid, error)
	currentText() *string
}](r *http.Request, req T) (puzzle, current engine.Grid, err error) {
	if puzzle, err = decodePuzzle(r, req); err != nil {
		return puzzle, current, err
	}
	text := req.currentText()
	if text == nil {
		return puzzle, current, &paramError{name: "current", reason: "missing: give the player's grid (81 characters)"}
	}
	if err := checkPuzzleText("current", *text); err != nil {
		return puzzle, current, err
	}
	if current, err = engine.Parse(*text); err != nil {
		return puzzle, current, &fieldError{field: "current", err: err}
	}
	return puzzle, current, nil
}

// hintResponse is the answer of POST /hint.
type hintResponse struct {
	Solved  bool `json:"solved"`
	Mistake bool `json:"mistake"`
	// Cell and CellIndex name the first wrong cell of a mistake.
	Cell      string    `json:"cell,omitempty"`
	CellIndex *int      `json:"cell_index,omitempty"`
	Step      *stepJSON `json:"step,omitempty"`
	Text      string    `json:"text"`
}

// handleHint serves POST /hint: the first mistake in the player's grid,
// else the next logical step, else solved.
func handleHint(s hinter, log *zap.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req hintRequest
		puzzle, current, err := decodePlayerGrid(r, &req)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		h, err := s.Hint(r.Context(), puzzle, current)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		resp := hintResponse{Solved: h.Solved, Mistake: h.Mistake, Text: h.Text}
		if h.Mistake {
			cell := h.Cell
			resp.Cell, resp.CellIndex = engine.CellName(cell), &cell
		}
		if h.Step != nil {
			st := newStepJSON(*h.Step)
			resp.Step = &st
		}
		encode(w, r, http.StatusOK, "", resp)
	})
}
