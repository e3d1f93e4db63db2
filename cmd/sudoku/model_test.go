package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
	"github.com/sudokuhq/sudoku/internal/modelfile"
)

// writeModel writes the default model with other cuts as a model file.
func writeModel(t *testing.T, cuts [3]float64) string {
	t.Helper()
	m := rating.DefaultModel()
	m.Cuts = cuts
	p := filepath.Join(t.TempDir(), "house.json")
	if err := modelfile.Write(p, "test-house", "", &m); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestCalibrateLabels runs `sudoku calibrate -labels FILE -o MODEL.json`
// on a few hundred of coach's labelled puzzles and rates with the model
// it wrote.
func TestCalibrateLabels(t *testing.T) {
	recs := datasettest.Load(t, dataset.CalibCoach, 0)
	var sb strings.Builder
	sb.WriteString("puzzle\tlabel\n")
	for i := 0; i < len(recs); i += 2 {
		fmt.Fprintf(&sb, "%s\t%s\n", recs[i].Puzzle(), recs[i].Field(1))
	}
	dir := t.TempDir()
	labels, model := filepath.Join(dir, "labels.tsv"), filepath.Join(dir, "gazette.json")
	if err := os.WriteFile(labels, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	args := []string{"calibrate", "-labels", labels, "-map", "1,1,1,2,2,3,3,3,4,4,4", "-o", model, "-name", "gazette", "-quiet"}
	if err := run(context.Background(), args, nil, &out, &errOut); err != nil {
		t.Fatalf("run(%v) = %v; stderr %s", args, err, errOut.String())
	}
	for _, want := range []string{"275 puzzles labelled with integer ranks", "2-fold cross-validation", "| fit on odd rows (137), test on the other 138 | house", "label 6 (→ hard)", `wrote ` + model + ` (model "gazette")`} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("sudoku calibrate -labels output lacks %q:\n%s", want, out.String())
		}
	}
	m, err := modelfile.Load(model)
	if err != nil || m.Name != "gazette" {
		t.Fatalf("modelfile.Load(%s) = %q, %v; want the model gazette", model, m.Name, err)
	}
	out.Reset()
	if err := run(context.Background(), []string{"rate", "-model", model}, strings.NewReader(recs[0].Puzzle()), &out, &errOut); err != nil {
		t.Fatalf("run(rate -model) = %v", err)
	}
	r, _ := rating.NewRater(m.Score).Rate(engine.MustParse(recs[0].Puzzle()))
	if f := strings.Split(strings.Split(out.String(), "\n")[1], "\t"); f[1] != r.Level.String() || f[2] != fmt.Sprintf("%.3f", r.Score) {
		t.Errorf("rate -model: level %s score %s, want %s %.3f", f[1], f[2], r.Level, r.Score)
	}
}

func TestCalibrateLabelsErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.tsv")
	const pz = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	if err := os.WriteFile(bad, []byte(pz+"\t1\n"+pz+"\tsevere\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	one := filepath.Join(dir, "one.tsv")
	if err := os.WriteFile(one, []byte(pz+"\thard\n"+pz+"\thard\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"bad line", []string{"-labels", bad}, "bad.tsv: line 2: label \"severe\""},
		{"one label", []string{"-labels", one}, "1 different labels, want two labels or more"},
		{"no file", []string{"-labels", filepath.Join(dir, "none.tsv")}, "none.tsv"},
		{"-o without -labels", []string{"-o", filepath.Join(dir, "m.json")}, "need -labels"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			err := run(context.Background(), append([]string{"calibrate", "-quiet"}, tt.args...), nil, &out, &errOut)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("run(calibrate %v) = %v, want an error containing %q", tt.args, err, tt.want)
			}
		})
	}
}

// TestRateModel checks that `sudoku rate -model` scores with the file's
// cuts: under cuts just above the lowest score every puzzle is evil.
func TestRateModel(t *testing.T) {
	const pz = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	def, err := rating.Rate(engine.MustParse(pz))
	if err != nil || def.Level == rating.Evil {
		t.Fatalf("Rate(%s) = %v, %v: want a level below evil", pz, def.Level, err)
	}
	model := writeModel(t, [3]float64{1.001, 1.002, 1.003})
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"rate", "-model", model}, strings.NewReader(pz), &out, &errOut); err != nil {
		t.Fatalf("run(rate -model) = %v; stderr %s", err, errOut.String())
	}
	if f := strings.Split(strings.Split(out.String(), "\n")[1], "\t"); f[1] != "evil" {
		t.Errorf("rate -model (cuts 1.001 1.002 1.003): level %s, want evil (default: %s)", f[1], def.Level)
	}
	badModel := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(badModel, []byte(`{"format":"sudoku-score-model/9"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"rate", "generate"} {
		err := run(context.Background(), []string{cmd, "-model", badModel, "-quiet"}, strings.NewReader(pz), &out, &errOut)
		if err == nil || !strings.Contains(err.Error(), "bad.json") || !strings.Contains(err.Error(), "format") {
			t.Errorf("run(%s -model bad.json) = %v, want an error naming the file and the field", cmd, err)
		}
	}
}

// TestGenerateModel checks that `sudoku generate -model` generates to the
// file's levels: with the cuts of evil lowered to 1.9, a generated "evil"
// puzzle scores at least 1.9 under the house model, which also rates it
// evil, and its line reports that model's score.
func TestGenerateModel(t *testing.T) {
	model := writeModel(t, [3]float64{1.5, 1.7, 1.9})
	m, err := modelfile.Load(model)
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	args := []string{"generate", "-model", model, "-level", "evil", "-n", "4", "-seed", "7", "-quiet"}
	if err := run(context.Background(), args, nil, &out, &errOut); err != nil {
		t.Fatalf("run(%v) = %v; stderr %s", args, err, errOut.String())
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("generate -n 4 wrote %d lines: %q", len(lines), lines)
	}
	below := 0 // puzzles the default model rates below evil
	for _, l := range lines {
		f := strings.Split(l, "\t")
		if d, _ := rating.Rate(engine.MustParse(f[0])); d.Level != rating.Evil {
			below++
		}
		score, _ := strconv.ParseFloat(f[3], 64)
		r, err := rating.NewRater(m.Score).Rate(engine.MustParse(f[0]))
		if err != nil || f[2] != "evil" || r.Level != rating.Evil || score < 1.9 || fmt.Sprintf("%.2f", r.Score) != f[3] {
			t.Errorf("generate -model line %q: house rating %v %.2f (%v); want evil with score ≥ 1.9 as printed", l, r.Level, r.Score, err)
		}
	}
	if below == 0 {
		t.Errorf("generate -model: all %d puzzles are evil under the default model too; want the house cuts to let easier ones in", len(lines))
	}
}
