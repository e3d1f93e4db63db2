package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"
)

// postJSON posts body to url and decodes the JSON answer into out.
func postJSON(t *testing.T, url string, body, out any) int {
	t.Helper()
	b, _ := json.Marshal(body)
	resp, err := http.Post(url, "application/json", bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		t.Fatalf("POST %s: %v", url, err)
	}
	return resp.StatusCode
}

// TestReceiptsAcrossReplicas: two replicas given one secret redeem each
// other's tokens and verify each other's receipts; the secret comes from
// the environment.
func TestReceiptsAcrossReplicas(t *testing.T) {
	if testing.Short() {
		t.Skip("starts two servers")
	}
	env := map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_BUFFER": "1", "SUDOKU_WORKERS": "1",
		"SUDOKU_RECEIPT_SECRET": "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"}
	a, b := startServer(t, env), startServer(t, env)
	_, body := get(t, a.base+"/generate?level=easy", nil)
	var p struct{ Puzzle, Solution, Token string }
	if err := json.Unmarshal(body, &p); err != nil || !strings.HasPrefix(p.Token, "st1.") {
		t.Fatalf("GET /generate = %s, want a token", body)
	}
	var check struct {
		Solved  bool
		Receipt string
	}
	if code := postJSON(t, b.base+"/check", map[string]string{"puzzle": p.Puzzle, "current": p.Solution, "token": p.Token}, &check); code != 200 || !check.Solved || check.Receipt == "" {
		t.Fatalf("POST /check on the other replica = %d %+v, want solved with a receipt", code, check)
	}
	var v struct {
		Valid          bool
		Reason, Puzzle string
		Seconds        float64
	}
	if code := postJSON(t, a.base+"/receipts/verify", map[string]string{"receipt": check.Receipt, "puzzle": p.Puzzle}, &v); code != 200 || !v.Valid || v.Puzzle != p.Puzzle || v.Seconds < 0 {
		t.Errorf("POST /receipts/verify on the first replica = %d %+v, want valid", code, v)
	}
}

func TestLoadReceiptSecret(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "secret")
	if err := os.WriteFile(good, []byte("AAECAwQFBgcICQoLDA0ODw\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, text, file string
		bytes            int // -1: an error
		warn             bool
	}{
		{"unset: random, with a warning", "", "", 0, true},
		{"hex", "00112233445566778899aabbccddeeff", "", 16, false},
		{"file", "", good, 16, false},
		{"both", "00112233445566778899aabbccddeeff", good, -1, false},
		{"too short", "0011223344", "", -1, false},
		{"missing file", "", filepath.Join(dir, "none"), -1, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			core, logs := observer.New(zap.WarnLevel)
			b, err := loadReceiptSecret(tt.text, tt.file, zap.New(core))
			if (err != nil) != (tt.bytes < 0) || (err == nil && len(b) != tt.bytes) {
				t.Errorf("loadReceiptSecret = %d bytes, %v; want %d bytes", len(b), err, tt.bytes)
			}
			if got := logs.Len() > 0; got != tt.warn {
				t.Errorf("warned: %t, want %t", got, tt.warn)
			}
		})
	}
}
