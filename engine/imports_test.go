package engine

import (
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsPointDown keeps the engine a leaf: its non-test files import
// only the standard library, and engine/classic's only that and engine
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
		{"classic", map[string]bool{self: true}, "the standard library and engine only"},
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
