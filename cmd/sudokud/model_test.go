package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/modelfile"
)

// TestRunModel serves a house model from SUDOKU_MODEL: /rate rates with
// its cuts, /generate hands out puzzles at its levels, the startup log
// and sudoku_rating_model_info name it.
func TestRunModel(t *testing.T) {
	m := rating.DefaultModel()
	m.Cuts = [3]float64{1.4, 1.87, 4.94} // easyPuzzle scores 1.43: medium here, easy by default
	path := filepath.Join(t.TempDir(), "gazette.json")
	if err := modelfile.Write(path, "gazette", "test", &m); err != nil {
		t.Fatal(err)
	}
	file, err := modelfile.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	s := startServer(t, map[string]string{"SUDOKU_MODEL": path, "SUDOKU_RATE_LIMIT": "0"})
	resp, r := call(t, "POST", s.base+"/rate", "application/json", `{"puzzle":"`+easyPuzzle+`"}`)
	if resp.StatusCode != 200 || r["level"] != "medium" {
		t.Errorf("POST /rate under the house model = %d, level %v; want 200, medium", resp.StatusCode, r["level"])
	}
	// Seeded puzzles come from the service's generation, the others
	// from the pool's buffers: both follow the house model.
	for _, q := range []string{"level=easy&seed=5", "level=easy"} {
		resp, g := call(t, "GET", s.base+"/generate?"+q, "", "")
		if resp.StatusCode != 200 {
			t.Fatalf("GET /generate?%s = %d %v", q, resp.StatusCode, g)
		}
		if score, _ := g["score"].(float64); g["level"] != "easy" || score >= 1.4 {
			t.Errorf("GET /generate?%s under cuts 1.4 …: level %v score %v, want easy below 1.4", q, g["level"], g["score"])
		}
	}
	var logged bool
	for _, l := range s.logs.Lines() {
		if strings.Contains(l, `"msg":"score model"`) && strings.Contains(l, `"model":"gazette"`) && strings.Contains(l, file.Digest) {
			logged = true
		}
	}
	if !logged {
		t.Errorf("no startup log line names the model gazette with digest %s:\n%s", file.Digest, strings.Join(s.logs.Lines(), "\n"))
	}
	if v := metricValue(scrape(t, s.admin), "sudoku_rating_model_info", map[string]string{"model": "gazette", "digest": file.Digest}); v != 1 {
		t.Errorf("sudoku_rating_model_info{model=gazette,digest=%s} = %v, want 1", file.Digest, v)
	}
}

// TestRunModelRefused checks that a model file that cannot be used stops
// the start with an error naming the flag, the file and the fault.
func TestRunModelRefused(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"format":"sudoku-score-model/1","cuts":[1]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		env  map[string]string
		args []string
		want []string
	}{
		{"flag, invalid", nil, []string{"-model", bad}, []string{"-model", bad, "features"}},
		{"env, missing", map[string]string{"SUDOKU_MODEL": filepath.Join(dir, "none.json")}, nil, []string{"-model", "none.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string {
				if k == "SUDOKU_ADMIN_ADDR" || k == "SUDOKU_ADDR" {
					return "127.0.0.1:0"
				}
				return tt.env[k]
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			err := run(ctx, tt.args, getenv, io.Discard, io.Discard)
			for _, w := range tt.want {
				if err == nil || !strings.Contains(err.Error(), w) {
					t.Errorf("run(%q, env %v) = %v, want an error mentioning %q", tt.args, tt.env, err, w)
				}
			}
		})
	}
}
