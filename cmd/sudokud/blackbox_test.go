package main

import (
	"bufio"
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestBinary builds sudokud, starts it as a process configured by the
// environment alone, and uses it over HTTP as a client would: generate a
// puzzle, solve and rate it, ask for a hint, pull the daily puzzle, scrape
// the metrics; then SIGTERM, which must end it cleanly.
func TestBinary(t *testing.T) {
	cmd := exec.Command(buildSudokud(t))
	cmd.Env = append(os.Environ(), "SUDOKU_ADDR=127.0.0.1:0", "SUDOKU_ADMIN_ADDR=127.0.0.1:0", "SUDOKU_RATE_LIMIT=0", "SUDOKU_LOG_LEVEL=info")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	lines := make(chan string, 1024)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			default: // the test reads only the first lines
			}
		}
		close(lines)
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
		}
	})

	var base, admin string
	timeout := time.After(30 * time.Second)
	for base == "" {
		select {
		case line := <-lines:
			var e struct{ Msg, Addr string }
			if json.Unmarshal([]byte(line), &e) == nil && e.Msg == "listening" {
				base = "http://" + e.Addr
			}
			if e.Msg == "admin listening" {
				admin = "http://" + e.Addr
			}
		case <-timeout:
			t.Fatal("no listening line within 30 s")
		}
	}
	waitOK(t, base+"/readyz")

	resp, gen := call(t, "GET", base+"/generate?level=medium", "", "")
	if resp.StatusCode != 200 {
		t.Fatalf("generate = %d %v", resp.StatusCode, gen)
	}
	checkPuzzle(t, "generate", gen, "medium")
	puzzle := gen["puzzle"].(string)

	_, sol := call(t, "POST", base+"/solve", "application/json", `{"puzzle":"`+puzzle+`"}`)
	if sol["solution"] != gen["solution"] || sol["unique"] != true {
		t.Errorf("solve of the generated puzzle = %v, want its solution, unique", sol)
	}
	_, rate := call(t, "POST", base+"/rate", "application/json", `{"puzzle":"`+puzzle+`"}`)
	if rate["level"] != "medium" || rate["score"] != gen["score"] {
		t.Errorf("rate of a generated medium puzzle = %v, want level medium and score %v", rate, gen["score"])
	}
	_, hint := call(t, "POST", base+"/hint", "application/json", `{"puzzle":"`+puzzle+`","current":"`+puzzle+`"}`)
	if hint["step"] == nil || hint["mistake"] != false {
		t.Errorf("hint = %v, want a step", hint)
	}
	_, daily := call(t, "GET", base+"/daily?level=evil&date=2026-11-22", "", "")
	checkPuzzle(t, "daily", daily, "evil")

	if admin == "" {
		t.Fatal("no admin listening line before the listening line")
	}
	if resp, _ := get(t, base+"/metrics", nil); resp.StatusCode != http.StatusNotFound {
		t.Errorf("metrics on the API's port = %d, want 404: only the admin listener serves them", resp.StatusCode)
	}
	resp, body := get(t, admin+"/metrics", nil)
	if resp.StatusCode != 200 || !strings.Contains(string(body), `sudoku_generation_duration_seconds_count{level="medium"}`) {
		t.Errorf("metrics = %d without the medium generation histogram", resp.StatusCode)
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var rest []string
	for line := range lines {
		rest = append(rest, line)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("sudokud after SIGTERM: %v, want exit 0", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("sudokud still running 30 s after SIGTERM")
	}
	if joined := strings.Join(rest, "\n"); !strings.Contains(joined, `"msg":"stopped"`) {
		t.Errorf("no stopped line after SIGTERM in:\n%s", joined)
	}
}
