// Package testserver starts a sudokud binary for the tests that drive the
// service from outside the Go process (the TypeScript client's suite, the
// README's commands): on a free loopback port, ready, and stopped when the
// test ends.
package testserver

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Limits of a start and a stop: a build and a warm pool take seconds
// alone; the margin is for -race and other packages' tests beside it on
// 2 shared cores.
const (
	buildLimit = 3 * time.Minute
	readyLimit = 3 * time.Minute
	stopLimit  = 30 * time.Second
)

// Build compiles the packages (such as "./cmd/sudokud", relative to dir)
// into a new temporary folder and returns it.
func Build(t *testing.T, dir string, pkgs ...string) string {
	t.Helper()
	bin := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), buildLimit)
	defer cancel()
	args := append([]string{"build", "-o", bin + string(filepath.Separator)}, pkgs...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %v: %v\n%s", pkgs, err, out)
	}
	return bin
}

// Start runs the sudokud binary on 127.0.0.1:0 with args, reads the
// address from its "listening" log line, waits until /readyz answers 200
// and returns the base URL (http://127.0.0.1:port). When the test ends it
// sends SIGTERM and waits for the process.
func Start(t *testing.T, sudokud string, args ...string) string {
	t.Helper()
	base, _ := StartAdmin(t, sudokud, args...)
	return base
}

// StartAdmin is Start that also returns the base URL of the admin
// listener (/metrics, the probes), on 127.0.0.1:0 too.
func StartAdmin(t *testing.T, sudokud string, args ...string) (base, admin string) {
	t.Helper()
	cmd := exec.Command(sudokud, append([]string{"-addr", "127.0.0.1:0", "-admin-addr", "127.0.0.1:0", "-drain-delay", "0"}, args...)...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addr, adminAddr := make(chan string, 1), make(chan string, 1)
	exited := make(chan error, 1)
	go func() { // owned by the test: ends when the process closes stdout
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			var line struct{ Msg, Addr string }
			if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "listening" {
				addr <- line.Addr
			}
			if line.Msg == "admin listening" {
				adminAddr <- line.Addr
			}
		}
		_, _ = io.Copy(io.Discard, stdout)
		exited <- cmd.Wait()
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(stopLimit):
			_ = cmd.Process.Kill()
			<-exited
			t.Errorf("sudokud did not stop within %v of SIGTERM", stopLimit)
		}
	})
	select {
	case a := <-addr:
		base = "http://" + a
		admin = "http://" + <-adminAddr // logged before "listening"
	case err := <-exited:
		exited <- err // for the cleanup
		t.Fatalf("sudokud exited before listening: %v", err)
	case <-time.After(readyLimit):
		t.Fatalf("sudokud did not log its address within %v", readyLimit)
	}
	for deadline := time.Now().Add(readyLimit); ; time.Sleep(50 * time.Millisecond) {
		resp, err := http.Get(base + "/readyz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base, admin
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("sudokud at %s not ready within %v", base, readyLimit)
		}
	}
}
