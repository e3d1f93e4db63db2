package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRunDailySQLiteStore restarts sudokud on one SQLite file with another
// salt (another generator): the stored puzzle is served, not a new one.
func TestRunDailySQLiteStore(t *testing.T) {
	spec := "sqlite:" + filepath.Join(t.TempDir(), "daily.db")
	const url = "/daily?level=easy&date=2026-02-14"
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_STORE": spec, "SUDOKU_DAILY_SALT": "first"})
	resp, a := call(t, "GET", s.base+url, "", "")
	if resp.StatusCode != 200 {
		t.Fatalf("GET %s = %d %v", url, resp.StatusCode, a)
	}
	checkPuzzle(t, "daily", a, "easy")
	if err := s.stop(); err != nil {
		t.Fatal(err)
	}
	s2 := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_STORE": spec, "SUDOKU_DAILY_SALT": "second"})
	if _, b := call(t, "GET", s2.base+url, "", ""); b["puzzle"] != a["puzzle"] || b["seed"] != a["seed"] {
		t.Errorf("after a restart with another salt, daily = %v (seed %v), want the stored %v (seed %v)", b["puzzle"], b["seed"], a["puzzle"], a["seed"])
	}
	// A date not stored yet is generated with the new salt.
	if _, b := call(t, "GET", s2.base+"/daily?level=easy&date=2026-02-15", "", ""); b["puzzle"] == a["puzzle"] {
		t.Errorf("another date served the same puzzle %v", b["puzzle"])
	}
}

func TestRunBadStore(t *testing.T) {
	err := run(t.Context(), []string{"-addr", "127.0.0.1:0", "-admin-addr", "127.0.0.1:0", "-store", "mysql://u:secret@h/db"}, func(string) string { return "" }, &logBuffer{addr: make(chan string, 1)}, nil)
	if err == nil || strings.Contains(err.Error(), "secret") {
		t.Errorf("run with a bad store = %v, want an error without the password", err)
	}
}
