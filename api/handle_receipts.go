package api

import (
	"errors"
	"net/http"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/receipt"
	"github.com/sudokuhq/sudoku/service"
)

// receiptVerifier is the use-case behind POST /receipts/verify.
type receiptVerifier interface {
	VerifyReceipt(text string, puzzle *engine.Grid) (receipt.Receipt, error)
}

// verifyRequest is the body of POST /receipts/verify: the receipt, and
// optionally the puzzle it must be for.
type verifyRequest struct {
	Receipt *string `json:"receipt"`
	puzzleInput
}

// verifyResponse is the answer of POST /receipts/verify: valid, and what
// the receipt says; or not valid, and why.
type verifyResponse struct {
	Valid bool `json:"valid"`
	// Reason says why a receipt is not valid: malformed, signature,
	// expired, other-puzzle.
	Reason string `json:"reason,omitempty"`
	Detail string `json:"detail,omitempty"`

	TokenID        string   `json:"token_id,omitempty"`
	Puzzle         string   `json:"puzzle,omitempty"`
	Level          string   `json:"level,omitempty"`
	Source         string   `json:"source,omitempty"`
	Date           string   `json:"date,omitempty"`
	SolutionServed *bool    `json:"solution_served,omitempty"`
	Issued         string   `json:"issued,omitempty"`
	Solved         string   `json:"solved,omitempty"`
	Seconds        *float64 `json:"seconds,omitempty"`
	Expires        string   `json:"expires,omitempty"`
}

// receiptReasons names each reason a receipt is refused, in the order
// they are tested.
var receiptReasons = []struct {
	err  error
	code string
}{
	{receipt.ErrSignature, "signature"},
	{receipt.ErrExpired, "expired"},
	{service.ErrOtherPuzzle, "other-puzzle"},
	{receipt.ErrMalformed, "malformed"},
}

// handleVerifyReceipt serves POST /receipts/verify: whether a solve
// receipt is genuine, unexpired and (when the puzzle is given) for that
// puzzle, and what it says. A refused receipt is a 200 answer with valid
// false and the reason: the request was fine, the receipt is not.
// receiptTimeLayout writes a receipt's times as the claims hold them, to
// the millisecond, always with three digits (RFC3339Nano would drop
// trailing zeros): the same text JavaScript's Date.toISOString gives, so
// an offline check compares equal to the service's answer.
const receiptTimeLayout = "2006-01-02T15:04:05.000Z07:00"

func handleVerifyReceipt(s receiptVerifier, log *zap.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if accept := r.Header.Get("Accept"); negotiate(accept, mediaJSON) == "" {
			writeError(w, r, log, &notAcceptableError{accept: accept, offers: []string{mediaJSON}})
			return
		}
		var req verifyRequest
		if err := decode(r, &req); err != nil {
			writeError(w, r, log, err)
			return
		}
		if req.Receipt == nil {
			writeError(w, r, log, &paramError{name: "receipt", reason: "missing: give the receipt from POST /check"})
			return
		}
		var puzzle *engine.Grid
		if req.Puzzle != nil || req.Grid != nil {
			g, err := req.grid()
			if err != nil {
				writeError(w, r, log, err)
				return
			}
			puzzle = &g
		}
		rec, err := s.VerifyReceipt(*req.Receipt, puzzle)
		if err != nil {
			resp := verifyResponse{Reason: "malformed", Detail: err.Error()}
			for _, rr := range receiptReasons {
				if errors.Is(err, rr.err) {
					resp.Reason = rr.code
					break
				}
			}
			encode(w, r, http.StatusOK, "", resp)
			return
		}
		served, secs := rec.SolutionServed, rec.Elapsed().Seconds()
		encode(w, r, http.StatusOK, "", verifyResponse{Valid: true, TokenID: rec.ID, Puzzle: rec.Puzzle, Level: rec.Level,
			Source: rec.Source, Date: rec.Date, SolutionServed: &served, Issued: rec.Issued.Format(receiptTimeLayout),
			Solved: rec.Solved.Format(receiptTimeLayout), Seconds: &secs, Expires: rec.Expires.Format(receiptTimeLayout)})
	})
}
