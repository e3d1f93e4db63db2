package api

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

// TestReceiptHandlers runs the token → /check → /receipts/verify flow
// through the handlers with the real service (its signing and clock).
func TestReceiptHandlers(t *testing.T) {
	now := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	svc := service.New(service.Config{ReceiptSecret: []byte("0123456789abcdef0123456789abcdef")}, service.Deps{Now: clock})
	other := service.New(service.Config{ReceiptSecret: []byte("fedcba9876543210fedcba9876543210")}, service.Deps{Now: clock})
	p := generate.Puzzle{Puzzle: engine.MustParse(puzzleEasy), Solution: engine.MustParse(solutionEasy), Level: rating.Easy}
	token := svc.Token(p, service.SourceGenerate, "", false)
	check, verify := handleCheck(svc, zap.NewNop()), handleVerifyReceipt(svc, zap.NewNop())

	body := func(puzzle, current, token string) string {
		b, _ := json.Marshal(map[string]string{"puzzle": puzzle, "current": current, "token": token})
		return string(b)
	}
	// Unsolved: no receipt.
	rec, _ := serve(check, "POST", "/check", body(puzzleEasy, puzzleEasy, token), nil)
	if rec.Code != 200 || strings.Contains(rec.Body.String(), "receipt") {
		t.Fatalf("POST /check unsolved with token = %d %s, want 200 without a receipt", rec.Code, rec.Body)
	}
	now = now.Add(150 * time.Second)
	rec, _ = serve(check, "POST", "/check", body(puzzleEasy, solutionEasy, token), nil)
	var got checkResponse
	if err := json.Unmarshal(rec.Body.Bytes(), &got); rec.Code != 200 || err != nil || !got.Solved || !strings.HasPrefix(got.Receipt, "sr1.") {
		t.Fatalf("POST /check solved with token = %d %s, want a receipt", rec.Code, rec.Body)
	}

	// Bad tokens: 400 naming token.
	anotherPuzzle := "." + puzzleEasy[1:]
	if puzzleEasy[0] == '.' {
		anotherPuzzle = solutionEasy[:1] + puzzleEasy[1:]
	}
	for name, b := range map[string]string{
		"forged":           body(puzzleEasy, solutionEasy, other.Token(p, service.SourceGenerate, "", false)),
		"another puzzle":   body(anotherPuzzle, solutionEasy, token),
		"not a token":      body(puzzleEasy, solutionEasy, "st1.x.y"),
		"receipt as token": body(puzzleEasy, solutionEasy, got.Receipt),
	} {
		rec, prob := serve(check, "POST", "/check", b, nil)
		if rec.Code != 400 || prob.Code != "bad-parameter" || prob.Parameter != "token" {
			t.Errorf("POST /check with a %s token = %d %s, want 400 bad-parameter naming token", name, rec.Code, rec.Body)
		}
	}

	forgedRec := func() string {
		_, r, err := other.CheckToken(t.Context(), p.Puzzle, p.Solution, other.Token(p, service.SourceGenerate, "", false))
		if err != nil {
			t.Fatal(err)
		}
		return r
	}()
	// Tampered: the receipt's payload edited to claim a faster solve.
	parts := strings.Split(got.Receipt, ".")
	tamperedPayload := strings.Replace(parts[1], parts[1][len(parts[1])-6:], "AAAAAA", 1)
	tests := []struct {
		name, body string
		valid      bool
		reason     string
	}{
		{"genuine", `{"receipt":"` + got.Receipt + `"}`, true, ""},
		{"genuine, for its puzzle", `{"receipt":"` + got.Receipt + `","puzzle":"` + puzzleEasy + `"}`, true, ""},
		{"for another puzzle", `{"receipt":"` + got.Receipt + `","puzzle":"` + anotherPuzzle + `"}`, false, "other-puzzle"},
		{"forged", `{"receipt":"` + forgedRec + `"}`, false, "signature"},
		{"tampered", `{"receipt":"` + parts[0] + "." + tamperedPayload + "." + parts[2] + `"}`, false, "signature"},
		{"a token", `{"receipt":"` + token + `"}`, false, "malformed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, _ := serve(verify, "POST", "/receipts/verify", tt.body, nil)
			var v verifyResponse
			if err := json.Unmarshal(rec.Body.Bytes(), &v); rec.Code != 200 || err != nil || v.Valid != tt.valid || v.Reason != tt.reason {
				t.Fatalf("POST /receipts/verify = %d %s, want valid %t reason %q", rec.Code, rec.Body, tt.valid, tt.reason)
			}
			if tt.valid && (v.Seconds == nil || *v.Seconds != 150 || v.Puzzle != puzzleEasy || v.Level != "easy" || v.Source != "generate") {
				t.Errorf("POST /receipts/verify = %s, want 150 seconds on the easy generated puzzle", rec.Body)
			}
		})
	}
	for _, b := range []string{`{}`, `{"receipt":"x","puzzle":"12"}`, `{"receipt":1}`} {
		if rec, _ := serve(verify, "POST", "/receipts/verify", b, nil); rec.Code/100 != 4 {
			t.Errorf("POST /receipts/verify %s = %d %s, want a 4xx", b, rec.Code, rec.Body)
		}
	}
	now = now.Add(service.DefaultReceiptTTL)
	rec, _ = serve(verify, "POST", "/receipts/verify", `{"receipt":"`+got.Receipt+`"}`, nil)
	if !strings.Contains(rec.Body.String(), `"reason":"expired"`) {
		t.Errorf("POST /receipts/verify after the receipt TTL = %s, want expired", rec.Body)
	}
}

// TestServedPuzzlesCarryTokens: every JSON puzzle of /generate (one or a
// batch) and /daily has a token.
func TestServedPuzzlesCarryTokens(t *testing.T) {
	f := &fakeService{puzzle: generate.Puzzle{Level: rating.Easy, Seed: 5, Fresh: true,
		Puzzle: engine.MustParse(puzzleEasy), Solution: engine.MustParse(solutionEasy)}}
	for _, path := range []string{"/generate?level=easy", "/generate?level=easy&count=2", "/daily?level=easy&date=2026-01-01&solution=false"} {
		h := handleGenerate(f, zap.NewNop(), DefaultAnonymousBatch)
		if strings.HasPrefix(path, "/daily") {
			h = handleDaily(f, zap.NewNop(), fixedNow)
		}
		rec, _ := serve(h, "GET", path, "", nil)
		want := strings.Count(rec.Body.String(), `"puzzle":"`)
		if got := strings.Count(rec.Body.String(), `"token":"token:`); rec.Code != 200 || want == 0 || got != want {
			t.Errorf("GET %s = %d %s: %d tokens for %d puzzles", path, rec.Code, rec.Body, got, want)
		}
	}
}
