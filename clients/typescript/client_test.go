// Package typescript holds the TypeScript client's checks that Go runs:
// the generated types are current, tsc accepts the client, and its
// node:test suite passes against a live sudokud built from the repository.
package typescript

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/internal/apikey"
	"github.com/sudokuhq/sudoku/internal/testserver"
)

var update = flag.Bool("update", false, "rewrite src/schema.d.ts from openapi.yaml")

// clientTestLimit bounds each step (a build, tsc, the suite); each takes
// seconds alone, more under -race beside the other packages' tests.
const clientTestLimit = 3 * time.Minute

// requireTools returns the path of node and skips (or, under CI=true,
// fails) when node or the pinned packages are missing.
func requireTools(t *testing.T) string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err == nil {
		_, err = os.Stat("node_modules/.bin/openapi-typescript")
	}
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("node or the client's packages are missing (CI=true): .ci/run runs npm ci in clients/typescript: %v", err)
		}
		t.Skipf("skipping the TypeScript client: %v (npm ci --prefix clients/typescript)", err)
	}
	return node
}

// runCmd runs a command in this folder, failing the test with its output.
func runCmd(t *testing.T, env []string, name string, args ...string) []byte {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), clientTestLimit)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %q: %v\n%s", name, args, err, out)
	}
	return out
}

// TestGeneratedTypesAreCurrent regenerates src/schema.d.ts from
// openapi.yaml and fails when it differs from the committed file.
func TestGeneratedTypesAreCurrent(t *testing.T) {
	requireTools(t)
	fresh := filepath.Join(t.TempDir(), "schema.d.ts")
	runCmd(t, nil, "node_modules/.bin/openapi-typescript", "../../openapi.yaml", "--output", fresh)
	want, err := os.ReadFile(fresh)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("src/schema.d.ts")
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(got, want) {
		return
	}
	if !*update {
		t.Fatal("src/schema.d.ts is not what openapi-typescript writes from openapi.yaml: run npm run generate in clients/typescript (or this test with -update) and commit it")
	}
	if err := os.WriteFile("src/schema.d.ts", want, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Log("rewrote src/schema.d.ts")
}

// TestTypeCheck runs tsc over the client and its tests (JSDoc types).
func TestTypeCheck(t *testing.T) {
	requireTools(t)
	runCmd(t, nil, "node_modules/.bin/tsc", "-p", ".")
}

// testReceiptSecret is the receipt secret of the test's sudokud, for the
// suite's offline verification.
const testReceiptSecret = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"

// startWithKey builds sudokud and starts it with a key file holding one
// key of scopes publish and daily:ahead, and testReceiptSecret; it
// returns the API and admin base URLs and the key's secret.
func startWithKey(t *testing.T) (base, admin, key string) {
	t.Helper()
	key, line, err := apikey.New("client-test", []apikey.Scope{apikey.Publish, apikey.DailyAhead}, 0)
	if err != nil {
		t.Fatal(err)
	}
	keys := filepath.Join(t.TempDir(), "keys")
	if err := os.WriteFile(keys, []byte(line+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	bin := testserver.Build(t, "../..", "./cmd/sudokud")
	base, admin = testserver.StartAdmin(t, filepath.Join(bin, "sudokud"), "-api-keys", keys, "-rate-limit", "0", "-receipt-secret", testReceiptSecret)
	return base, admin, key
}

// TestClientSuite builds sudokud, starts it on a free loopback port and
// runs the client's node:test suite against it.
func TestClientSuite(t *testing.T) {
	node := requireTools(t)
	base, admin, key := startWithKey(t)
	out := runCmd(t, []string{"SUDOKU_URL=" + base, "SUDOKU_ADMIN_URL=" + admin, "SUDOKU_KEY=" + key, "SUDOKU_RECEIPT_SECRET=" + testReceiptSecret}, node, "--test", "test/")
	t.Logf("node --test:\n%s", out)
}
