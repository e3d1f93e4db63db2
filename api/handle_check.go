package api

import (
	"context"
	"net/http"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/service"
)

// checker is the use-case behind POST /check.
type checker interface {
	Check(ctx context.Context, puzzle, current engine.Grid) (service.CheckResult, error)
	CheckToken(ctx context.Context, puzzle, current engine.Grid, token string) (service.CheckResult, string, error)
}

// checkRequest is the body of POST /check: the puzzle and the player's
// grid, as for /hint, and optionally the token served with the puzzle.
type checkRequest struct {
	hintRequest
	// Token is the puzzle's token from /generate or /daily: with it, a
	// solved grid gets a signed receipt.
	Token *string `json:"token,omitempty"`
}

// checkResponse is the answer of POST /check: a verdict that names the
// wrong cells, or the clashing ones of a grid that repeats a digit, and no
// digit of the solution (service.CheckResult says what it can reveal).
type checkResponse struct {
	Complete  bool     `json:"complete"`
	Correct   bool     `json:"correct"`
	Solved    bool     `json:"solved"`
	Filled    int      `json:"filled"`
	Wrong     []string `json:"wrong"`
	Conflicts []string `json:"conflicts"`
	// Receipt is the signed solve receipt: only for a solved grid sent
	// with its puzzle's token.
	Receipt string `json:"receipt,omitempty"`
}

// handleCheck serves POST /check: whether the player's grid is complete
// and correct, and which filled cells are wrong, without revealing the
// solution, so a game can keep its answers on the server.
func handleCheck(s checker, log *zap.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req checkRequest
		puzzle, current, err := decodePlayerGrid(r, &req)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		var res service.CheckResult
		var rec string
		if req.Token != nil {
			res, rec, err = s.CheckToken(r.Context(), puzzle, current, *req.Token)
		} else {
			res, err = s.Check(r.Context(), puzzle, current)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		resp := checkResponse{Complete: res.Complete, Correct: res.Correct, Solved: res.Solved, Filled: res.Filled,
			Wrong: make([]string, len(res.Wrong)), Conflicts: make([]string, len(res.Conflicts)), Receipt: rec}
		for i, c := range res.Wrong {
			resp.Wrong[i] = engine.CellName(c)
		}
		for i, c := range res.Conflicts {
			resp.Conflicts[i] = engine.CellName(c)
		}
		encode(w, r, http.StatusOK, "", resp)
	})
}
