package service

import (
	"context"
	"errors"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/internal/receipt"
)

// Lifetimes of tokens and receipts, the defaults of Config.
const (
	// DefaultTokenTTL is how long a puzzle token may be redeemed by a
	// solved /check: a day covers a daily puzzle played over the
	// evening and a game left open overnight, while an old token cannot
	// be hoarded for weeks.
	DefaultTokenTTL = 24 * time.Hour
	// DefaultReceiptTTL is how long a receipt verifies: long enough for
	// a game's backend to queue it and post it to a weekly or monthly
	// leaderboard, short enough that old receipts age out.
	DefaultReceiptTTL = 30 * 24 * time.Hour
)

// Token sources: where a token's puzzle was served.
const (
	SourceGenerate = "generate"
	SourceDaily    = "daily"
)

// TokenError is a token that cannot be redeemed: malformed, forged,
// expired, or issued for another puzzle. Its kind is engine.KindInvalid
// and it names the "token" member.
type TokenError struct{ Err error }

func (e *TokenError) Error() string { return "token: " + e.Err.Error() }

// Unwrap returns the reason (receipt.ErrMalformed, ErrSignature,
// ErrExpired, or ErrOtherPuzzle).
func (e *TokenError) Unwrap() error { return e.Err }

// Kind returns engine.KindInvalid.
func (e *TokenError) Kind() engine.Kind { return engine.KindInvalid }

// Parameter names the body member: token.
func (e *TokenError) Parameter() string { return "token" }

// ErrOtherPuzzle means a token or receipt was issued for another puzzle
// than the one it came with: a replay across puzzles.
var ErrOtherPuzzle = errors.New("issued for another puzzle")

// newSigner returns the signer for cfg's secret, or for a random one when
// none is set (tokens then verify on this process only).
func newSigner(secret []byte) *receipt.Signer {
	if len(secret) == 0 {
		s, err := receipt.NewSecret()
		if err == nil {
			secret, err = receipt.ParseSecret(s)
		}
		if err != nil {
			panic("service: random receipt secret: " + err.Error()) // crypto/rand does not fail
		}
	}
	sg, err := receipt.NewSigner(secret)
	if err != nil {
		panic("service: " + err.Error()) // New's documented precondition
	}
	return sg
}

// Token returns a signed token for puzzle p served by source (SourceGenerate,
// SourceDaily; date is a daily puzzle's day, else empty), valid for
// Config.TokenTTL. It names the puzzle, its level and the time of issue,
// never the solution; solutionServed records whether the answer carrying
// it held the solution. Its cost is one HMAC-SHA256 of a short payload.
func (s *Service) Token(p generate.Puzzle, source, date string, solutionServed bool) string {
	now := s.now()
	return s.signer.SignToken(receipt.Token{ID: receipt.NewID(), Puzzle: p.Puzzle.String(), Level: p.Level.String(),
		Source: source, Date: date, SolutionServed: solutionServed, Issued: now, Expires: now.Add(s.cfg.TokenTTL)})
}

// CheckToken is Check for a grid that comes with the token of its puzzle:
// it verifies the token first (a *TokenError when it is malformed,
// forged, expired or issued for another puzzle), then checks the grid,
// and when the grid is solved returns a signed receipt: the token's facts,
// the server time of the solve, valid for Config.ReceiptTTL. An unsolved
// grid gets no receipt; the token stays usable until it expires, and
// every solved check of it gets a receipt with the same token ID.
func (s *Service) CheckToken(ctx context.Context, puzzle, current engine.Grid, token string) (CheckResult, string, error) {
	tok, err := s.signer.VerifyToken(token, s.now())
	if err != nil {
		return CheckResult{}, "", &TokenError{Err: err}
	}
	if tok.Puzzle != puzzle.String() {
		return CheckResult{}, "", &TokenError{Err: ErrOtherPuzzle}
	}
	res, err := s.Check(ctx, puzzle, current)
	if err != nil || !res.Solved {
		return res, "", err
	}
	now := s.now()
	r := receipt.Receipt{Token: tok, Solved: now}
	r.Expires = now.Add(s.cfg.ReceiptTTL)
	return res, s.signer.SignReceipt(r), nil
}

// VerifyReceipt checks a receipt's signature and expiry, and, when puzzle
// is not nil, that it was issued for that puzzle. It returns what the
// receipt says, or an error wrapping receipt.ErrMalformed, ErrSignature,
// ErrExpired or ErrOtherPuzzle (the receipt is then not valid; a
// malformed or forged receipt's contents are not returned).
func (s *Service) VerifyReceipt(text string, puzzle *engine.Grid) (receipt.Receipt, error) {
	r, err := s.signer.VerifyReceipt(text, s.now())
	if err != nil {
		return r, err
	}
	if puzzle != nil && r.Puzzle != puzzle.String() {
		return r, ErrOtherPuzzle
	}
	return r, nil
}
