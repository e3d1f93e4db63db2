package sudoku_test

import (
	"bufio"
	"bytes"
	"context"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/internal/apikey"
	"github.com/sudokuhq/sudoku/internal/testserver"
)

// reportMargin is how long before the test's own deadline (go test
// -timeout) a documented command that still runs is stopped, so that the
// failure names the command instead of the test binary panicking. There
// is no fixed per-command limit: a loaded machine may take minutes for
// what an idle one does in seconds (the slowest, sudoku bench over every
// benchmark set, takes about 20 s alone on an idle one).
const reportMargin = 30 * time.Second

// notRun lists the documented commands this test does not run, each with
// the reason; every other command of a sh block of README.md or docs/*.md
// runs as written (TestDocumentedCommands says which rewrites it makes).
var notRun = []struct {
	match  func(first string) bool
	reason string
}{
	{func(c string) bool {
		return strings.HasPrefix(c, "go run ./cmd/sudokud") && !strings.Contains(c, " -version") && !strings.Contains(c, " -probe")
	}, "serves until stopped: the test runs its own sudokud in its place"},
	{regexp.MustCompile(`^(\S+=\S+\s+)*go test\b`).MatchString, "a test or benchmark run: CI runs the suite itself"},
	{regexp.MustCompile(`^docker\b`).MatchString, "needs a Docker engine, which CI has not; deploy/image-test.sh builds and runs the image with buildah and podman"},
}

// docCommand is one command of a sh block: a line, or several joined by
// a trailing backslash or a here-document.
type docCommand struct {
	file string
	line int
	text string
}

// docCommands reads the commands of the ```sh blocks of a Markdown file.
func docCommands(t *testing.T, path string) []docCommand {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	heredoc := regexp.MustCompile(`<<-?\s*'?"?([A-Za-z_]+)'?"?`)
	var cmds []docCommand
	var cur *docCommand
	var until string // the here-document's terminator, while in one
	inBlock := false
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		switch {
		case !inBlock:
			inBlock = strings.TrimSpace(line) == "```sh"
			continue
		case cur == nil && strings.HasPrefix(strings.TrimSpace(line), "```"): // a block in a list item is indented
			inBlock = false
			continue
		}
		if cur == nil {
			if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
				continue
			}
			cur = &docCommand{file: path, line: n}
		} else {
			cur.text += "\n"
		}
		cur.text += line
		switch {
		case until != "":
			if strings.TrimSpace(line) == until {
				until = ""
			}
		case strings.HasSuffix(line, `\`):
		default:
			if m := heredoc.FindStringSubmatch(line); m != nil && !strings.Contains(cur.text, "\n") {
				until = m[1]
			}
		}
		if until == "" && !strings.HasSuffix(line, `\`) {
			cmds = append(cmds, *cur)
			cur = nil
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cur != nil {
		t.Errorf("%s:%d: the command does not end before its block does", path, cur.line)
	}
	return cmds
}

func TestDocCommands(t *testing.T) {
	md := "text\n```sh\n# a comment\ncurl a   # trailing\n\ncurl -d x \\\n  b\ncat <<'EOF' | wc -l\none\nEOF\n```\n```go\nnot run\n```\n```sh\nlast\n```\n"
	path := filepath.Join(t.TempDir(), "doc.md")
	if err := os.WriteFile(path, []byte(md), 0o644); err != nil {
		t.Fatal(err)
	}
	want := []docCommand{
		{path, 4, "curl a   # trailing"},
		{path, 6, "curl -d x \\\n  b"},
		{path, 8, "cat <<'EOF' | wc -l\none\nEOF"},
		{path, 16, "last"},
	}
	got := docCommands(t, path)
	if len(got) != len(want) {
		t.Fatalf("docCommands = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("command %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestDocumentedCommands runs the commands of the README's and docs' sh
// blocks, as written, against a live sudokud built from the repository:
// each must exit 0 before the test's deadline and print something (unless it
// redirects its output or is a go build) but no "error:" line. The
// only rewrites are the ones a reader's machine makes unnecessary:
// `go run ./cmd/X` runs the binary built once for the test, and
// localhost:8080 and https://sudoku.example are the test's sudokud
// (localhost:8081 its admin listener), whose key (daily:ahead, publish) is
// in $KEY. curl fails on an HTTP error
// (--fail-with-body, from the test's .curlrc), so an example that the
// service refuses fails here. They run in a copy of the repository (no
// .git, no node_modules) with ../shared beside it, so files they write
// land there. HOME is a fresh folder (for the test's .curlrc), but the
// commands share the caller's Go module and build caches, so the
// documented go build neither downloads nor cold-compiles anything. It
// builds and runs every command, so -short skips it.
func TestDocumentedCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("skipping the documented commands in -short mode: they build the binaries and run every example")
	}
	shared, err := filepath.Abs("../shared")
	if err == nil {
		_, err = os.Stat(filepath.Join(shared, "data"))
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("../shared/data is missing (CI=true): %v", err)
		}
		t.Skipf("skipping the documented commands: they read ../shared/data: %v", err)
	}
	if _, err := exec.LookPath("curl"); err != nil {
		t.Fatalf("curl is needed for the README's HTTP examples: %v", err)
	}
	files, err := filepath.Glob("docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	var cmds []docCommand
	for _, f := range append([]string{"README.md"}, files...) {
		cmds = append(cmds, docCommands(t, f)...)
	}
	if len(cmds) == 0 {
		t.Fatal("no commands found in README.md and docs/*.md")
	}

	bin := testserver.Build(t, ".", "./cmd/sudoku", "./cmd/sudokud")
	// docs/publishing.md's examples send a key in $KEY to
	// https://sudoku.example: the test's key and sudokud.
	secret, line, err := apikey.New("docs", []apikey.Scope{apikey.DailyAhead, apikey.Publish}, 0)
	if err != nil {
		t.Fatal(err)
	}
	keyFile := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(keyFile, []byte(line+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	base, admin := testserver.StartAdmin(t, filepath.Join(bin, "sudokud"), "-rate-limit", "0", "-api-keys", keyFile)
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	ua, err := url.Parse(admin)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	work := filepath.Join(root, "work")
	home := filepath.Join(root, "home")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	// The folder stands for a clone, with ../shared beside it, so that the
	// files the commands write land there and not in the repository.
	copyRepo(t, ".", work)
	if err := os.Symlink(shared, filepath.Join(root, "shared")); err != nil {
		t.Fatal(err)
	}
	curlrc := "fail-with-body\nsilent\nshow-error\nmax-time = 60\n"
	if err := os.WriteFile(filepath.Join(home, ".curlrc"), []byte(curlrc), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "KEY="+secret, "HOME="+home, "CURL_HOME="+home, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	env = append(env, goCaches(t)...)
	goRun := regexp.MustCompile(`\bgo run \./cmd/(sudoku|sudokud)\b`)
	goBuild := regexp.MustCompile(`^(\w+=\S* )*go build\b`) // a go build, perhaps after variables

	ran := 0
	for _, c := range cmds {
		name := c.file + ":" + strconv.Itoa(c.line)
		first := strings.SplitN(c.text, "\n", 2)[0]
		skipped := false
		for _, n := range notRun {
			if n.match(first) {
				t.Logf("%s: not run (%s): %s", name, n.reason, first)
				skipped = true
				break
			}
		}
		if skipped {
			continue
		}
		text := goRun.ReplaceAllString(c.text, "$1")
		text = strings.NewReplacer("localhost:8080", u.Host, "127.0.0.1:8080", u.Host, "https://sudoku.example", base,
			"localhost:8081", ua.Host, "127.0.0.1:8081", ua.Host).Replace(text)
		t.Run(name, func(t *testing.T) {
			ctx, cancel := commandContext(t)
			defer cancel()
			cmd := exec.CommandContext(ctx, "bash", "-e", "-o", "pipefail", "-c", text)
			cmd.Dir = work
			cmd.Env = env
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("%s\nexited with %v\nstdout: %s\nstderr: %s", c.text, err, clip(stdout.String()), clip(stderr.String()))
			}
			if stdout.Len() == 0 && !strings.Contains(text, ">") && !goBuild.MatchString(text) {
				t.Fatalf("%s\nprinted nothing", c.text)
			}
			for l := range strings.Lines(stdout.String()) {
				if strings.HasPrefix(l, "error:") || strings.Contains(l, "\terror:") {
					t.Fatalf("%s\nprinted %q", c.text, strings.TrimSpace(l))
				}
			}
		})
		ran++
	}
	t.Logf("ran %d documented commands, %d not run", ran, len(cmds)-ran)
}

// goCaches returns the caller's Go caches and paths (GOPATH, GOMODCACHE,
// GOCACHE, GOENV) as environment entries, so that commands run with
// another HOME still find the modules and compiled packages the caller
// has: without them `go build` re-downloads every module and recompiles
// the standard library.
func goCaches(t *testing.T) []string {
	t.Helper()
	names := []string{"GOPATH", "GOMODCACHE", "GOCACHE", "GOENV"}
	out, err := exec.Command("go", append([]string{"env"}, names...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	vals := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	if len(vals) != len(names) {
		t.Fatalf("go env %v printed %q", names, out)
	}
	env := make([]string, len(names))
	for i, n := range names {
		env[i] = n + "=" + vals[i]
	}
	return env
}

// commandContext bounds a documented command by the test's own deadline,
// less reportMargin; with no deadline (go test -timeout 0) it has none.
func commandContext(t *testing.T) (context.Context, context.CancelFunc) {
	if d, ok := t.Deadline(); ok {
		return context.WithDeadline(context.Background(), d.Add(-reportMargin))
	}
	return context.WithCancel(context.Background())
}

// copyRepo copies the repository's files at src to dst, but for .git and
// node_modules.
func copyRepo(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		to := filepath.Join(dst, path)
		switch {
		case d.IsDir():
			return os.MkdirAll(to, 0o755)
		case d.Type().IsRegular():
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			info, err := d.Info()
			if err != nil {
				return err
			}
			return os.WriteFile(to, b, info.Mode().Perm())
		}
		return nil // a symlink or another special file: not needed
	})
	if err != nil {
		t.Fatalf("copying the repository: %v", err)
	}
}

// clip shortens output for a failure message.
func clip(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "..."
	}
	return s
}
