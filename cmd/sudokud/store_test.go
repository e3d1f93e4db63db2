package main

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
	if _, b := call(t, "GET", s2.base+url, "", ""); b["puzzle"] != a["puzzle"] || b["score"] != a["score"] {
		t.Errorf("after a restart with another salt, daily = %v (score %v), want the stored %v (score %v)", b["puzzle"], b["score"], a["puzzle"], a["score"])
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

// TestRunStartsWithTheStoreDown starts sudokud on an SQLite file in a
// folder that does not exist yet (a store that cannot be opened): it must
// serve what needs no store, be ready, report sudoku_store_up 0 and a
// store-unavailable daily saying why; once the folder appears, the
// background retry opens the store and the daily is served.
func TestRunStartsWithTheStoreDown(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "not-yet")
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_STORE": "sqlite:" + filepath.Join(dir, "daily.db"),
		"SUDOKU_STORE_CHECK_INTERVAL": "100ms"}) // waits for /readyz 200
	if resp, _ := call(t, "GET", s.base+"/generate?level=easy", "", ""); resp.StatusCode != http.StatusOK {
		t.Errorf("/generate with the store down = %d, want 200", resp.StatusCode)
	}
	const daily = "/daily?level=easy&date=2026-03-03"
	resp, p := call(t, "GET", s.base+daily, "", "")
	if resp.StatusCode != http.StatusServiceUnavailable || p["code"] != "store-unavailable" || !strings.Contains(fmt.Sprint(p["detail"]), "not open yet") {
		t.Errorf("daily with the store not open = %d %v, want 503 store-unavailable saying it is not open yet", resp.StatusCode, p)
	}
	m := scrape(t, s.admin)
	if up := metricValue(m, "sudoku_store_up", nil); up != 0 {
		t.Errorf("sudoku_store_up = %v before the store opened, want 0", up)
	}
	if n := metricValue(m, "sudoku_store_errors_total", map[string]string{"op": "get", "cause": "not-open"}); n < 1 {
		t.Errorf("sudoku_store_errors_total{op=get,cause=not-open} = %v, want >= 1", n)
	}
	waitLog(t, s, `"msg":"daily store not open: serving what needs no store, retrying"`)

	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, _ := call(t, "GET", s.base+daily, "", "")
		if resp.StatusCode == http.StatusOK {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("daily = %d 30 s after the store's folder appeared, want 200", resp.StatusCode)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if up := metricValue(scrape(t, s.admin), "sudoku_store_up", nil); up != 1 {
		t.Errorf("sudoku_store_up = %v once the store opened, want 1", up)
	}
}

// TestRunDetectsADeletedSQLiteFile deletes the SQLite file under a
// running sudokud: SQLite would keep writing to the unlinked file (lost
// at restart), so the store must report down and refuse the write.
func TestRunDetectsADeletedSQLiteFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "daily.db")
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_STORE": "sqlite:" + path, "SUDOKU_STORE_CHECK_INTERVAL": "100ms"})
	if resp, _ := call(t, "GET", s.base+"/daily?level=easy&date=2026-03-04", "", ""); resp.StatusCode != http.StatusOK {
		t.Fatalf("daily = %d, want 200", resp.StatusCode)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for metricValue(scrape(t, s.admin), "sudoku_store_up", nil) != 0 {
		if time.Now().After(deadline) {
			t.Fatal("sudoku_store_up still 1 30 s after the SQLite file was deleted")
		}
		time.Sleep(50 * time.Millisecond)
	}
	resp, p := call(t, "GET", s.base+"/daily?level=easy&date=2026-03-05", "", "")
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(fmt.Sprint(p["detail"]), "deleted or replaced") {
		t.Errorf("a new daily after the file was deleted = %d %v, want 503 saying the file was deleted or replaced", resp.StatusCode, p)
	}
	if resp, _ := call(t, "GET", s.base+"/readyz", "", ""); resp.StatusCode != http.StatusOK {
		t.Errorf("/readyz = %d, want 200: the replica still serves what needs no store", resp.StatusCode)
	}
	waitLog(t, s, `"cause":"file-gone"`)
}
