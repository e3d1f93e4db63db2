package typescript

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gameSource is a game's TypeScript, written against the installed
// package: the answers-on-the-server flow with a receipt, a typed error,
// and a type error the package's declarations must catch (an unused
// @ts-expect-error fails tsc, so types that were any would fail here).
const gameSource = `import { SudokuClient, SudokuError, type Puzzle, type CheckResponse } from "@sudokuhq/sudoku-client";

const client = new SudokuClient(BASE, { timeoutMs: 20000 });
const p: Puzzle = await client.generate({ level: "medium", solution: false });
// @ts-expect-error "impossible" is not a Level
void (() => client.generate({ level: "impossible" }));
const { solution } = await client.solve(p.puzzle);
const verdict: CheckResponse = await client.check(p.puzzle, solution, { token: p.token });
if (!verdict.solved || !verdict.receipt) throw new Error("no receipt: " + JSON.stringify(verdict));
const v = await client.verifyReceipt(verdict.receipt, { puzzle: p.puzzle });
if (!v.valid || v.puzzle !== p.puzzle) throw new Error("receipt not valid: " + JSON.stringify(v));
try {
  await client.rate("12");
  throw new Error("rate(12) did not fail");
} catch (e) {
  if (!(e instanceof SudokuError) || e.code !== "cell-count") throw e;
}
console.log("game ok: " + v.level + " receipt verified, " + v.seconds + " s");
`

// TestPackedClient packs the client (npm pack, which builds its
// declarations), installs the tarball into an empty project, type-checks
// a game written in TypeScript against it and runs the game against a
// live sudokud.
func TestPackedClient(t *testing.T) {
	if testing.Short() {
		t.Skip("packs, installs and runs the client against a sudokud it builds: seconds")
	}
	node := requireTools(t)
	npm, err := exec.LookPath("npm")
	if err != nil {
		t.Fatalf("npm: %v", err)
	}
	tsc, err := filepath.Abs("node_modules/.bin/tsc")
	if err != nil {
		t.Fatal(err)
	}
	dest := t.TempDir()
	out := runCmd(t, nil, npm, "pack", "--json", "--pack-destination", dest)
	var packed []struct {
		Filename string `json:"filename"`
		Files    []struct {
			Path string `json:"path"`
		} `json:"files"`
	}
	if i := strings.Index(string(out), "["); i < 0 || json.Unmarshal(out[i:], &packed) != nil || len(packed) != 1 {
		t.Fatalf("npm pack --json printed %s", out)
	}
	var files []string
	for _, f := range packed[0].Files {
		files = append(files, f.Path)
	}
	for _, want := range []string{"src/client.js", "types/client.d.ts", "types/schema.d.ts", "README.md", "package.json"} {
		if !strings.Contains(" "+strings.Join(files, " ")+" ", " "+want+" ") {
			t.Errorf("the package holds %v, not %s", files, want)
		}
	}

	base, _, _ := startWithKey(t)
	proj := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(proj, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("package.json", `{"name": "game", "private": true, "type": "module"}`+"\n")
	write("tsconfig.json", `{"compilerOptions": {"target": "ES2022", "module": "NodeNext", "moduleResolution": "NodeNext",
  "lib": ["ES2022", "DOM"], "types": [], "strict": true, "outDir": "out"}, "files": ["game.ts"]}`+"\n")
	write("game.ts", "const BASE = "+strconvQuote(base)+";\n"+gameSource)
	runIn(t, proj, npm, "install", "--offline", "--no-audit", "--no-fund", filepath.Join(dest, packed[0].Filename))
	runIn(t, proj, tsc, "-p", ".")
	got := runIn(t, proj, node, "out/game.js")
	if !strings.Contains(string(got), "game ok: medium receipt verified") {
		t.Errorf("node out/game.js printed %s", got)
	}
	t.Logf("%s", got)
}

// runIn is runCmd in folder dir.
func runIn(t *testing.T, dir, name string, args ...string) []byte {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	defer t.Chdir(wd)
	return runCmd(t, nil, name, args...)
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
