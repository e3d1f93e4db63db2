package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/internal/apikey"
)

// getWithKey answers GET url with the key in Authorization: Bearer.
func getWithKey(t *testing.T, url, secret string) int {
	t.Helper()
	resp, _ := get(t, url, map[string]string{"Authorization": "Bearer " + secret})
	return resp.StatusCode
}

// waitStatus polls until GET url with the key answers want, for at most a
// few poll intervals.
func waitStatus(t *testing.T, url, secret string, want int, what string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		got := getWithKey(t, url, secret)
		if got == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: GET %s = %d, want %d", what, url, got, want)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestRunAPIKeysReload(t *testing.T) {
	oldSecret, oldLine, _ := apikey.New("old-paper", []apikey.Scope{apikey.DailyAhead}, 0)
	newSecret, newLine, _ := apikey.New("new-paper", []apikey.Scope{apikey.DailyAhead}, 0)
	path := filepath.Join(t.TempDir(), "keys")
	write := func(s string) {
		// Write beside and rename, as a Secret volume swaps its files.
		tmp := path + ".tmp"
		if err := os.WriteFile(tmp, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, path); err != nil {
			t.Fatal(err)
		}
	}
	write(oldLine + "\n")
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_API_KEYS_FILE": path, "SUDOKU_API_KEYS_POLL": "50ms"})
	ahead := s.base + "/daily?level=easy&date=2099-06-01"
	if got := getWithKey(t, ahead, oldSecret); got != 200 {
		t.Fatalf("old key ahead = %d, want 200", got)
	}
	if resp, p := call(t, "GET", ahead, "", ""); resp.StatusCode != 401 || p["code"] != "unauthorized" || resp.Header.Get("WWW-Authenticate") == "" {
		t.Errorf("anonymous ahead = %d %v, want 401 with WWW-Authenticate", resp.StatusCode, p)
	}

	// A bad file: the old key keeps working, and the log says why.
	write(oldLine + "\n" + newLine + " scopes=root\n")
	waitLog(t, s, "line 2")
	if got := getWithKey(t, ahead, oldSecret); got != 200 {
		t.Errorf("old key after a bad file = %d, want 200 (last good keys)", got)
	}
	if got := getWithKey(t, ahead, newSecret); got != 401 {
		t.Errorf("new key from a bad file = %d, want 401", got)
	}

	// Rotation: the new key in, the old one out, without a restart; the
	// old key's client series leave /metrics.
	write(newLine + "\n")
	waitStatus(t, ahead, newSecret, 200, "new key after rotation")
	waitStatus(t, ahead, oldSecret, 401, "old key after rotation")
	for deadline := time.Now().Add(20 * time.Second); ; {
		_, body := get(t, s.admin+"/metrics", nil)
		text := string(body)
		if !strings.Contains(text, `client="new-paper"`) {
			t.Fatalf("/metrics has no series of the new key:\n%s", text)
		}
		if !strings.Contains(text, `client="old-paper"`) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal(`/metrics still has client="old-paper" after the key left the file`)
		}
		time.Sleep(50 * time.Millisecond)
	}

	// Names reach the log (buffered: wait for the flush); secrets never.
	waitLog(t, s, `"client":"new-paper"`)
	logs := strings.Join(s.logs.Lines(), "\n")
	if strings.Contains(logs, oldSecret) || strings.Contains(logs, newSecret) {
		t.Error("a secret is in the log")
	}
}

func TestRunAPIKeysSIGHUP(t *testing.T) {
	secretA, lineA, _ := apikey.New("a", nil, 0)
	secretB, lineB, _ := apikey.New("b", nil, 0)
	path := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(path, []byte(lineA+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// A poll interval far past the test: only SIGHUP can reload.
	s := startServer(t, map[string]string{"SUDOKU_RATE_LIMIT": "0", "SUDOKU_API_KEYS": path, "SUDOKU_API_KEYS_POLL": "1h"})
	url := s.base + "/generate?level=easy"
	if got := getWithKey(t, url, secretA); got != http.StatusOK {
		t.Fatalf("key a = %d", got)
	}
	if err := os.WriteFile(path, []byte(lineB+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGHUP); err != nil {
		t.Fatal(err)
	}
	waitStatus(t, url, secretB, 200, "key b after SIGHUP")
	waitStatus(t, url, secretA, 401, "key a after SIGHUP")
}

func TestRunBadKeyFileStopsStart(t *testing.T) {
	tests := []struct {
		name, content, wantErr string
	}{
		{"bad line", "name=x sha256=12\n", "line 1"},
		{"empty", "", "blank"},
		{"only whitespace", "\n \n", "blank"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "keys")
			if err := os.WriteFile(path, []byte(tt.content), 0o600); err != nil {
				t.Fatal(err)
			}
			err := run(t.Context(), []string{"-addr", "127.0.0.1:0", "-admin-addr", "127.0.0.1:0", "-api-keys", path}, func(string) string { return "" }, &logBuffer{addr: make(chan string, 1)}, nil)
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("run with a key file %q = %v, want an error with %q", tt.content, err, tt.wantErr)
			}
		})
	}
}

// waitLog waits until a log line of s contains want.
func waitLog(t *testing.T, s *server, want string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !strings.Contains(strings.Join(s.logs.Lines(), "\n"), want) {
		if time.Now().After(deadline) {
			t.Fatalf("no log line contains %q; logs:\n%s", want, strings.Join(s.logs.Lines(), "\n"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}
