package api

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// TestDeployNamesRealMetrics fails when an alert rule or the dashboard in
// deploy/ names a sudoku_ metric the service does not export.
func TestDeployNamesRealMetrics(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := NewMetrics(reg, reg)
	// Touch every vector so that each family is gathered.
	m.Generated(rating.Easy, time.Millisecond, 1)
	m.Rejected(rating.Easy, "failed")
	m.Served(rating.Easy, true)
	m.Solved("fast", time.Microsecond)
	m.SlowSolved("dfs", time.Second)
	m.Rated("rate", time.Millisecond)
	m.observeHTTP("GET", "/healthz", anonymous, 200, time.Millisecond)
	RegisterBuildInfo(reg, "v0", "rev", "go")
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	exported := map[string]bool{}
	for _, mf := range mfs {
		name := mf.GetName()
		exported[name] = true
		for _, suffix := range []string{"_bucket", "_sum", "_count"} {
			exported[name+suffix] = true
		}
	}
	name := regexp.MustCompile(`\bsudoku_[a-z_]+`)
	var files []string
	err = filepath.WalkDir(filepath.Join("..", "deploy"), func(path string, d fs.DirEntry, err error) error {
		switch ext := filepath.Ext(path); {
		case err != nil:
			return err
		case ext == ".yaml" || ext == ".yml" || ext == ".json":
			files = append(files, path)
		}
		return nil
	})
	if err != nil || len(files) == 0 {
		t.Fatalf("no files in deploy/: %v", err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".json") && !json.Valid(b) {
			t.Errorf("%s is not valid JSON", f)
		}
		for _, n := range name.FindAllString(string(b), -1) {
			if !exported[n] {
				t.Errorf("%s names %s, which the service does not export", f, n)
			}
		}
	}
}
