package main

import (
	"crypto/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

// TestDailySecretRefused: a secret file that does not hold a generated
// secret (a word, a short value, a typed one, no file) stops the start,
// with a reason that never quotes the file.
func TestDailySecretRefused(t *testing.T) {
	dir := t.TempDir()
	for _, tt := range []struct{ name, content string }{
		{"word", "acme\n"},
		{"empty", ""},
		{"hex, 128 bits", "0123456789abcdef0123456789abcdef"},
		{"prefixed word", "sudoku_daily_" + strings.Repeat("YWNtZQ", 7) + "Y"},
	} {
		path := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_"))
		if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
			t.Fatal(err)
		}
		err := run(t.Context(), []string{"-addr", "127.0.0.1:0", "-daily-secret-file", path}, func(string) string { return "" }, &logBuffer{addr: make(chan string, 1)}, nil)
		if err == nil || !strings.Contains(err.Error(), "daily secret") {
			t.Errorf("%s: run = %v, want a daily secret error", tt.name, err)
		}
		if err != nil && tt.content != "" && strings.Contains(err.Error(), strings.TrimSpace(tt.content)) {
			t.Errorf("%s: the error quotes the file: %v", tt.name, err)
		}
	}
	err := run(t.Context(), []string{"-addr", "127.0.0.1:0"}, func(k string) string {
		return map[string]string{"SUDOKU_DAILY_SECRET_FILE": filepath.Join(dir, "missing")}[k]
	}, &logBuffer{addr: make(chan string, 1)}, nil)
	if err == nil || !strings.Contains(err.Error(), "daily secret") {
		t.Errorf("missing file: run = %v, want a daily secret error", err)
	}
}

// TestDailySecretKeysTheDaily runs sudokud as documented for production
// (a secret in a file, read through SUDOKU_DAILY_SECRET_FILE) and makes
// the attack of issue 21: the seed anyone computes from the source code
// and the date, passed to /generate, must not give the day's puzzle.
// Without a secret the start says plainly that it would.
func TestDailySecretKeysTheDaily(t *testing.T) {
	secret, err := generate.NewDailySecret(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "daily-secret")
	if err := os.WriteFile(path, []byte(secret.Text()+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	today := time.Now().UTC()
	day := today.Format(time.DateOnly)
	publicSeed := strconv.FormatUint(generate.DailySeed(today, rating.Easy, ""), 10)
	generated := func(s *server) any {
		_, g := call(t, "GET", s.base+"/generate?level=easy&symmetry=rotational&seed="+publicSeed, "", "")
		return g["puzzle"]
	}
	for _, tt := range []struct {
		name       string
		env        map[string]string
		computable bool
	}{
		{"keyed", map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_DAILY_SECRET_FILE": path}, false},
		{"no secret", map[string]string{"SUDOKU_RATE_LIMIT": "0"}, true},
	} {
		s := startServer(t, tt.env)
		_, d := call(t, "GET", s.base+"/daily?level=easy&date="+day, "", "")
		if d["puzzle"] == nil {
			t.Fatalf("%s: /daily = %v", tt.name, d)
		}
		if got := d["puzzle"] == generated(s); got != tt.computable {
			t.Errorf("%s: /generate with the public seed gives the daily: %t, want %t", tt.name, got, tt.computable)
		}
		if _, ok := d["seed"]; ok {
			t.Errorf("%s: /daily carries a seed: %v", tt.name, d)
		}
		warned := false
		for _, l := range s.logs.Lines() {
			warned = warned || (strings.Contains(l, `"level":"warn"`) && strings.Contains(l, "anyone can compute the puzzles of future days"))
			if strings.Contains(l, secret.Text()[len("sudoku_daily_"):]) {
				t.Errorf("%s: a log line shows the secret: %s", tt.name, l)
			}
		}
		if warned != tt.computable {
			t.Errorf("%s: warned that future puzzles are computable: %t, want %t", tt.name, warned, tt.computable)
		}
		// The first day not begun anywhere, anonymously: refused.
		tomorrow := service.Today(time.Now()).AddDate(0, 0, 1).Format(time.DateOnly)
		if resp, p := call(t, "GET", s.base+"/daily?level=easy&date="+tomorrow, "", ""); resp.StatusCode != 401 {
			t.Errorf("%s: anonymous /daily of %s = %d %v, want 401", tt.name, tomorrow, resp.StatusCode, p)
		}
		_ = s.stop()
	}
}
