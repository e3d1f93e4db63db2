package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"
)

// binDir holds the sudokud binary built once for the tests that run it as
// a process; TestMain removes it.
var (
	binDir   string
	binOnce  sync.Once
	binPath  string
	binError error
)

// buildSudokud builds the sudokud binary once per test run and returns
// its path.
func buildSudokud(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds a binary")
	}
	binOnce.Do(func() {
		if binDir, binError = os.MkdirTemp("", "sudokud-test-"); binError != nil {
			return
		}
		binPath = filepath.Join(binDir, "sudokud")
		build := exec.Command("go", "build", "-o", binPath, ".")
		build.Stderr = os.Stderr
		binError = build.Run()
	})
	if binError != nil {
		t.Fatalf("go build: %v", binError)
	}
	return binPath
}

// proc is a sudokud process started by a test.
type proc struct {
	cmd    *exec.Cmd
	base   string      // http://127.0.0.1:port
	admin  string      // the admin listener's http://127.0.0.1:port
	lines  chan string // log lines after the listening line (dropped when full)
	exited chan error  // cmd.Wait's result
}

// startBinary starts the sudokud binary with the environment env (beside
// the test's own) on a free loopback port unless env sets SUDOKU_ADDR,
// and waits for its listening line.
func startBinary(t *testing.T, env ...string) *proc {
	t.Helper()
	p, err := launch(t, buildSudokud(t), env...)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// launch is startBinary for a given binary, reporting failure as an error
// instead of ending the test, so that it may run on any goroutine (the
// replicas start together). The process is killed when the test ends if
// it is still running.
func launch(t *testing.T, bin string, env ...string) (*proc, error) {
	cmd := exec.Command(bin)
	cmd.Env = append(append(os.Environ(), "SUDOKU_ADDR=127.0.0.1:0", "SUDOKU_ADMIN_ADDR=127.0.0.1:0", "SUDOKU_LOG_LEVEL=info"), env...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p := &proc{cmd: cmd, lines: make(chan string, 4096), exited: make(chan error, 1)}
	addr, admin := make(chan string, 1), make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		found := false
		for sc.Scan() {
			line := sc.Text()
			var e struct{ Msg, Addr string }
			if !found && json.Unmarshal([]byte(line), &e) == nil && e.Msg == "listening" {
				found = true
				addr <- e.Addr
			}
			if e.Msg == "admin listening" {
				admin <- e.Addr
			}
			select {
			case p.lines <- line:
			default: // tests read only some lines
			}
		}
		close(p.lines)
		p.exited <- cmd.Wait()
	}()
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			<-p.exited
		}
	})
	select {
	case a := <-addr:
		p.base = "http://" + a
		select {
		case a := <-admin: // logged before "listening"
			p.admin = "http://" + a
		default:
		}
		return p, nil
	case <-time.After(30 * time.Second):
		return nil, errors.New("sudokud logged no listening line within 30 s")
	}
}

// stop sends SIGTERM and returns the process's exit error within limit.
func (p *proc) stop(t *testing.T, limit time.Duration) error {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	go func() {
		for range p.lines { // keep the pipe drained until exit
		}
	}()
	select {
	case err := <-p.exited:
		return err
	case <-time.After(limit):
		t.Fatalf("sudokud still running %v after SIGTERM", limit)
		return nil
	}
}
