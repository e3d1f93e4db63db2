package engine

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestImportsPointDown keeps the engine's packages layered: engine (the
// core) imports only the standard library, so it never imports the packages
// built on it; engine/classic and engine/rating import only that and
// engine; engine/generate only that, engine and engine/rating
// (docs/architecture.md). A standard-library path has no dot in its first
// element.
func TestImportsPointDown(t *testing.T) {
	const self = "github.com/sudokuhq/sudoku/engine"
	for _, tc := range []struct {
		dir     string
		allowed map[string]bool // module paths allowed beside the standard library
		want    string
	}{
		{".", nil, "the standard library only"},
		{"internal/oracle", nil, "the standard library only"},
		{"classic", map[string]bool{self: true}, "the standard library and engine only"},
		{"rating", map[string]bool{self: true}, "the standard library and engine only"},
		{"generate", map[string]bool{self: true, self + "/rating": true}, "the standard library, engine and engine/rating only"},
	} {
		files, err := filepath.Glob(filepath.Join(tc.dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("Glob(%s/*.go) = %v, %v", tc.dir, files, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				first, _, _ := strings.Cut(path, "/")
				if strings.Contains(first, ".") && !tc.allowed[path] {
					t.Errorf("%s imports %q: want %s", name, path, tc.want)
				}
			}
		}
	}
}

// TestNoUpwardImports walks the whole module: a layer is imported only by
// the layers above it (cmd → api, store → service → engine/generate →
// engine/rating → engine), so `cmd/...` by no package, `api` and `store`
// by cmd only, `service` by api, store and cmd only, engine/generate by
// those and service, engine/rating by those, engine/generate, printpdf and
// internal packages, never by engine or engine/classic; the test oracle by
// tests only (docs/architecture.md). Test files are not checked.
func TestNoUpwardImports(t *testing.T) {
	const module = "github.com/sudokuhq/sudoku/"
	importers := []struct {
		pkg     string   // an imported package (a prefix: "cmd/" is every command)
		allowed []string // the directories that may import it (prefixes)
	}{
		{"cmd/", nil},
		{"api", []string{"cmd/"}},
		{"store", []string{"cmd/"}},
		{"service", []string{"api", "store", "cmd/"}},
		{"engine/generate", []string{"service", "api", "store", "cmd/"}},
		{"engine/rating", []string{"engine/generate", "service", "api", "store", "cmd/", "printpdf", "internal/"}},
		{"engine/internal/", nil},
	}
	under := func(dir, prefix string) bool {
		return dir == prefix || strings.HasPrefix(dir, strings.TrimSuffix(prefix, "/")+"/")
	}
	checked := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); n == "node_modules" || n == "testdata" || (strings.HasPrefix(n, ".") && path != "..") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		dir, _ := filepath.Rel("..", filepath.Dir(path))
		dir = filepath.ToSlash(dir)
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		checked++
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			target, ok := strings.CutPrefix(p, module)
			if !ok {
				continue
			}
			for _, im := range importers {
				if !under(target, im.pkg) {
					continue
				}
				if !slices.ContainsFunc(im.allowed, func(a string) bool { return under(dir, a) }) {
					t.Errorf("%s imports %q: only %v may import %s", path, p, im.allowed, im.pkg)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Fatalf("checked %d files of the module, want the whole module (is .. its root?)", checked)
	}
}
