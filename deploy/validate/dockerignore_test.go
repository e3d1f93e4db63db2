package validate

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/moby/patternmatcher"
	"github.com/moby/patternmatcher/ignorefile"
)

// TestDockerignore reads .dockerignore with the matcher Docker and buildah
// use: the build context keeps every file the image build needs (the
// module's Go sources, go.mod, go.sum, the embedded openapi.yaml) and
// leaves out the git history, this module and test output.
func TestDockerignore(t *testing.T) {
	root := filepath.Join("..", "..")
	f, err := os.Open(filepath.Join(root, ".dockerignore"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	patterns, err := ignorefile.ReadAll(f)
	if err != nil {
		t.Fatal(err)
	}
	pm, err := patternmatcher.New(patterns)
	if err != nil {
		t.Fatal(err)
	}
	excluded := func(path string) bool {
		ok, err := pm.MatchesOrParentMatches(path)
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	out, err := exec.Command("git", "-C", root, "ls-files").Output()
	if err != nil {
		t.Skipf("git ls-files: %v (not a git checkout)", err)
	}
	var needed int
	for _, p := range strings.Fields(string(out)) {
		need := p == "go.mod" || p == "go.sum" || p == "openapi.yaml" ||
			(strings.HasSuffix(p, ".go") && !strings.HasPrefix(p, "deploy/"))
		if need {
			needed++
			if excluded(p) {
				t.Errorf(".dockerignore leaves out %s, which the build needs", p)
			}
		}
	}
	if needed == 0 {
		t.Fatal("no files found")
	}
	for _, p := range []string{".git/HEAD", ".git/objects/ab/cdef", "deploy/validate/go.mod", "api/api.test", "cpu.prof", "sudokud"} {
		if !excluded(p) {
			t.Errorf(".dockerignore keeps %s in the build context", p)
		}
	}
}
