package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/internal/apikey"
)

// keys runs "sudoku keys args..." and returns its stdout and stderr.
func keys(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), append([]string{"keys"}, args...), nil, &out, &errOut)
	return out.String(), errOut.String(), err
}

// TestKeysListRevoke makes a key file with the CLI, lists it (names,
// scopes, rate, created; never a secret or hash), revokes a key and checks
// that the file, read as sudokud reads it, no longer grants it.
func TestKeysListRevoke(t *testing.T) {
	path := filepath.Join(t.TempDir(), "keys")
	var file strings.Builder
	file.WriteString("# the paper's keys\n")
	secrets := map[string]string{}
	for _, k := range [][]string{
		{"-name", "acme-print", "-scopes", "daily:ahead,publish", "-rate", "1200"},
		{"-name", "acme-web"},
	} {
		out, errOut, err := keys(t, append([]string{"create"}, k...)...)
		if err != nil {
			t.Fatal(err)
		}
		file.WriteString(out)
		secrets[k[1]] = strings.TrimSpace(strings.Split(errOut, "\n")[1])
	}
	file.WriteString("name=old scopes=publish rate=5 sha256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n")
	if err := os.WriteFile(path, []byte(file.String()), 0o640); err != nil {
		t.Fatal(err)
	}

	out, _, err := keys(t, "list", "-file", path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "NAME") {
		t.Fatalf("list:\n%s", out)
	}
	for i, want := range [][]string{{"acme-print", "daily:ahead,publish", "1200"}, {"acme-web", "-", "0"}, {"old", "publish", "5", "-"}} {
		f := strings.Fields(lines[i+1])
		if len(f) != 4 || f[0] != want[0] || f[1] != want[1] || f[2] != want[2] || (len(want) == 4 && f[3] != want[3]) || (len(want) == 3 && !strings.HasPrefix(f[3], "20")) {
			t.Errorf("list line %q, want %v and a creation time", lines[i+1], want)
		}
	}
	if strings.Contains(out, "sudoku_") || strings.Contains(out, "9f86d0") {
		t.Errorf("list shows a secret or a hash:\n%s", out)
	}

	if out, _, err := keys(t, "revoke", "-file", path, "acme-print"); err != nil || out != "revoked acme-print\n" {
		t.Fatalf("revoke = %q, %v", out, err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	set, err := apikey.Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := set.Lookup(secrets["acme-print"]); ok {
		t.Error("the revoked key is still in the file")
	}
	if _, ok := set.Lookup(secrets["acme-web"]); !ok || !strings.HasPrefix(string(data), "# the paper's keys\n") {
		t.Errorf("revoke lost another key or the comment:\n%s", data)
	}
	if info, err := os.Stat(path); err != nil || info.Mode().Perm() != 0o640 {
		t.Errorf("revoke changed the file's mode: %v %v", info.Mode(), err)
	}

	t.Setenv("SUDOKU_API_KEYS_FILE", path)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"revoke", "acme-print"}, `no key named "acme-print"`},
		{[]string{"revoke"}, "want the key's NAME"},
		{[]string{"list", "-file", filepath.Join(t.TempDir(), "none")}, "no such file"},
		{[]string{"rotate"}, "want the subcommand create, list or revoke"},
	} {
		if _, _, err := keys(t, tc.args...); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("keys %v = %v, want an error containing %q", tc.args, err, tc.want)
		}
	}
}
