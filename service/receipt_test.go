package service

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/receipt"
)

// testClock is a settable clock for Deps.Now.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func TestReceiptFlow(t *testing.T) {
	const (
		puzzle   = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
		solution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
		// another puzzle with the same solution: one more given
		other = "4.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	)
	secret := []byte("0123456789abcdef0123456789abcdef")
	clock := &testClock{t: time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)}
	s := New(Config{ReceiptSecret: secret, TokenTTL: time.Hour, ReceiptTTL: 48 * time.Hour}, Deps{Now: clock.now})
	ctx := context.Background()
	p := generate.Puzzle{Puzzle: engine.MustParse(puzzle), Solution: engine.MustParse(solution), Level: rating.Medium}
	token := s.Token(p, SourceDaily, "2026-11-26", false)
	if strings.Contains(token, solution) {
		t.Fatalf("token %q holds the solution", token)
	}

	// An unsolved grid: a verdict, no receipt.
	clock.add(time.Minute)
	res, rec, err := s.CheckToken(ctx, p.Puzzle, p.Puzzle, token)
	if err != nil || res.Solved || rec != "" {
		t.Fatalf("CheckToken(unsolved) = %+v, %q, %v; want unsolved, no receipt", res, rec, err)
	}
	// Solved 4 minutes 30 seconds after the token was issued.
	clock.add(3*time.Minute + 30*time.Second)
	res, rec, err = s.CheckToken(ctx, p.Puzzle, p.Solution, token)
	if err != nil || !res.Solved || rec == "" {
		t.Fatalf("CheckToken(solved) = %+v, %q, %v; want a receipt", res, rec, err)
	}
	got, err := s.VerifyReceipt(rec, &p.Puzzle)
	if err != nil {
		t.Fatalf("VerifyReceipt = %v", err)
	}
	if got.Elapsed() != 4*time.Minute+30*time.Second || got.Puzzle != puzzle || got.Level != "medium" || got.Source != SourceDaily || got.Date != "2026-11-26" {
		t.Errorf("VerifyReceipt = %+v (elapsed %s), want puzzle, medium, daily 2026-11-26, 4m30s", got, got.Elapsed())
	}

	// Another service with another secret: a forger's.
	forger := New(Config{ReceiptSecret: []byte("fedcba9876543210fedcba9876543210")}, Deps{Now: clock.now})
	forged := forger.Token(p, SourceGenerate, "", false)
	_, forgedRec, err := forger.CheckToken(ctx, p.Puzzle, p.Solution, forged)
	if err != nil {
		t.Fatal(err)
	}

	tokenTests := []struct {
		name           string
		token          string
		puzzle, answer string
		want           error
	}{
		{"forged token", forged, puzzle, solution, receipt.ErrSignature},
		{"replayed on another puzzle", token, other, solution, ErrOtherPuzzle},
		{"not a token", "hello", puzzle, solution, receipt.ErrMalformed},
		{"a receipt as the token", rec, puzzle, solution, receipt.ErrMalformed},
	}
	for _, tt := range tokenTests {
		t.Run(tt.name, func(t *testing.T) {
			_, r, err := s.CheckToken(ctx, engine.MustParse(tt.puzzle), engine.MustParse(tt.answer), tt.token)
			var te *TokenError
			if !errors.Is(err, tt.want) || !errors.As(err, &te) || engine.KindOf(err) != engine.KindInvalid || r != "" {
				t.Errorf("CheckToken = %q, %v; want a *TokenError wrapping %v", r, err, tt.want)
			}
		})
	}
	otherGrid := engine.MustParse(other)
	receiptTests := []struct {
		name    string
		receipt string
		puzzle  *engine.Grid
		want    error
	}{
		{"forged receipt", forgedRec, nil, receipt.ErrSignature},
		{"receipt shown for another puzzle", rec, &otherGrid, ErrOtherPuzzle},
		{"a token as the receipt", token, nil, receipt.ErrMalformed},
	}
	for _, tt := range receiptTests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := s.VerifyReceipt(tt.receipt, tt.puzzle); !errors.Is(err, tt.want) {
				t.Errorf("VerifyReceipt = %v, want %v", err, tt.want)
			}
		})
	}

	// Expiry: the token after an hour, the receipt after 48.
	clock.add(time.Hour)
	if _, _, err := s.CheckToken(ctx, p.Puzzle, p.Solution, token); !errors.Is(err, receipt.ErrExpired) {
		t.Errorf("CheckToken(token an hour old) = %v, want ErrExpired", err)
	}
	if _, err := s.VerifyReceipt(rec, nil); err != nil {
		t.Errorf("VerifyReceipt(an hour old) = %v, want valid", err)
	}
	clock.add(48 * time.Hour)
	if _, err := s.VerifyReceipt(rec, nil); !errors.Is(err, receipt.ErrExpired) {
		t.Errorf("VerifyReceipt(49 hours old) = %v, want ErrExpired", err)
	}
}
