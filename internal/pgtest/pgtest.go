// Package pgtest starts a throw-away PostgreSQL server for tests: Debian's
// postgresql package (binaries under /usr/lib/postgresql/*/bin, or initdb
// and postgres on PATH), its own data directory, a free loopback port, run
// as a non-root user when the test runs as root (initdb refuses root), and
// removed when the test ends. Without the binaries the test is skipped,
// unless CI=true, where it fails: CI installs them (.ci/run).
package pgtest

import (
	"context"
	"database/sql"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver
)

// startTimeout bounds initdb plus server start-up: a few seconds on an
// idle machine, more on shared CI cores.
const startTimeout = 60 * time.Second

// Server is a running test server.
type Server struct {
	// URL is the connection URL of its "postgres" database (user
	// postgres, trust authentication, loopback only).
	URL  string
	stop func()
}

// Stop stops the server (a fast shutdown) and waits for it; a test calls
// it to see what an outage does. It is safe to call more than once.
func (s *Server) Stop() { s.stop() }

// Start starts a PostgreSQL server for t and returns it. The server stops
// and its files go when t ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := binDir(t)
	root, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	cred := credential(t)
	if err := os.Chmod(root, 0o755); err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(root, "data")
	if err := os.Mkdir(data, 0o700); err != nil {
		t.Fatal(err)
	}
	if cred != nil {
		if err := os.Chown(data, int(cred.Uid), int(cred.Gid)); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	initdb := exec.CommandContext(ctx, filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres",
		"--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if out, err := initdb.CombinedOutput(); err != nil {
		t.Fatalf("initdb: %v\n%s", err, out)
	}
	port := freePort(t)
	logFile, err := os.Create(filepath.Join(root, "postgres.log"))
	if err != nil {
		t.Fatal(err)
	}
	defer logFile.Close()
	srv := exec.Command(filepath.Join(bin, "postgres"), "-D", data, "-p", strconv.Itoa(port),
		"-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="+data,
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")
	srv.Stdout, srv.Stderr = logFile, logFile
	srv.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Setpgid: true}
	if err := srv.Start(); err != nil {
		t.Fatalf("start postgres: %v", err)
	}
	exited := make(chan struct{})
	go func() { _ = srv.Wait(); close(exited) }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			_ = srv.Process.Signal(syscall.SIGINT) // fast shutdown
			select {
			case <-exited:
			case <-time.After(30 * time.Second):
				_ = srv.Process.Kill()
				<-exited
			}
		})
	}
	t.Cleanup(stop)
	url := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port)
	if err := waitReady(ctx, url, exited); err != nil {
		log, _ := os.ReadFile(filepath.Join(root, "postgres.log"))
		t.Fatalf("postgres did not start: %v\n%s", err, log)
	}
	return &Server{URL: url, stop: stop}
}

// CreateDB creates a fresh database on the server of url (from Start) and
// returns its URL, so tests sharing one server do not share tables.
func CreateDB(t testing.TB, url, name string) string {
	t.Helper()
	db, err := sql.Open("pgx", url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	return strings.Replace(url, "/postgres?", "/"+name+"?", 1)
}

// binDir finds the directory of initdb and postgres: the newest
// /usr/lib/postgresql/*/bin, else initdb's directory on PATH.
func binDir(t testing.TB) string {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int { return version(b) - version(a) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "initdb")); err == nil {
			return d
		}
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p)
	}
	msg := "PostgreSQL binaries not found (install Debian's postgresql package)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg + "; CI must install them")
	}
	t.Skip(msg)
	return ""
}

func version(dir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return v
}

// credential is the user the server runs as: nobody when the test runs as
// root, nil (the test's own user) otherwise.
func credential(t testing.TB) *syscall.Credential {
	if os.Geteuid() != 0 {
		return nil
	}
	u, err := user.Lookup("nobody")
	if err != nil {
		t.Fatalf("running as root, and no user nobody to run postgres as: %v", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
}

func freePort(t testing.TB) int {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// waitReady pings url until the server answers, it exits, or ctx ends.
func waitReady(ctx context.Context, url string, exited <-chan struct{}) error {
	db, err := sql.Open("pgx", url)
	if err != nil {
		return err
	}
	defer db.Close()
	for {
		pctx, cancel := context.WithTimeout(ctx, time.Second)
		err = db.PingContext(pctx)
		cancel()
		if err == nil {
			return nil
		}
		select {
		case <-exited:
			return fmt.Errorf("postgres exited: %w", err)
		case <-ctx.Done():
			return fmt.Errorf("%w (last error: %v)", ctx.Err(), err)
		case <-time.After(100 * time.Millisecond):
		}
	}
}
