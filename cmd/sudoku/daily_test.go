package main

import (
	"bytes"
	"context"
	"encoding/json"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/internal/pdftest"
	"github.com/sudokuhq/sudoku/printpdf"
)

// daily runs "sudoku daily args..." and returns its stdout.
func daily(t *testing.T, stdin string, args ...string) (string, error) {
	t.Helper()
	var out, errOut bytes.Buffer
	err := run(context.Background(), append([]string{"daily"}, args...), strings.NewReader(stdin), &out, &errOut)
	return out.String(), err
}

func TestDailyScheduleExportPut(t *testing.T) {
	spec := "sqlite:" + filepath.Join(t.TempDir(), "daily.db")
	out, err := daily(t, "", "schedule", "-store", spec, "-from", "2026-12-01", "-to", "2026-12-02", "-levels", "easy,medium")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(out, "\tcreated\n"); got != 4 {
		t.Errorf("schedule printed %d created lines, want 4:\n%s", got, out)
	}
	out, err = daily(t, "", "schedule", "-store", spec, "-from", "2026-12-01", "-to", "2026-12-02", "-levels", "easy,medium")
	if err != nil || strings.Count(out, "\texisting\n") != 4 {
		t.Errorf("schedule again = %v:\n%s\nwant 4 existing", err, out)
	}
	const easy = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	out, err = daily(t, "# curated\n"+easy+" from the editor\n", "put", "-store", spec, "-date", "2026-12-24", "-level", "easy")
	if err != nil || !strings.Contains(out, "2026-12-24\teasy\tstored\trated easy") {
		t.Errorf("put = %v: %q", err, out)
	}
	if _, err := daily(t, easy, "put", "-store", spec, "-date", "2026-12-25", "-level", "evil"); err == nil || !strings.Contains(err.Error(), "rates easy") {
		t.Errorf("put of an easy puzzle at evil = %v, want a wrong-level error", err)
	}
	if _, err := daily(t, "33"+easy[2:], "put", "-store", spec, "-date", "2026-12-25", "-level", "easy"); err == nil || !strings.Contains(err.Error(), "appears twice") {
		t.Errorf("put of a conflicting puzzle = %v", err)
	}
	// TSV: a header and one line per stored puzzle, in date and level order.
	out, err = daily(t, "", "export", "-store", spec)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 6 || !strings.HasPrefix(lines[0], "date\tlevel\tpuzzle") || !strings.HasPrefix(lines[5], "2026-12-24\teasy\t"+easy+"\t") {
		t.Errorf("export tsv:\n%s", out)
	}
	if !strings.HasPrefix(lines[1], "2026-12-01\teasy\t") || !strings.HasPrefix(lines[2], "2026-12-01\tmedium\t") {
		t.Errorf("export order:\n%s", out)
	}
	// A curated puzzle has no seed; a generated one has its own.
	if f := strings.Split(lines[5], "\t"); f[7] != "curated" || f[8] != "" {
		t.Errorf("export of the curated day: source %q seed %q, want curated and no seed", f[7], f[8])
	}
	if f := strings.Split(lines[1], "\t"); f[7] != "generated" || f[8] == "" {
		t.Errorf("export of a generated day: source %q seed %q, want generated and its seed", f[7], f[8])
	}
	out, err = daily(t, "", "export", "-store", spec, "-format", "json", "-level", "medium")
	if err != nil {
		t.Fatal(err)
	}
	var n int
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var rec exportRecord
		if err := json.Unmarshal([]byte(line), &rec); err != nil || rec.Level != "medium" || len(rec.Solution) != 81 || rec.Source != "generated" {
			t.Errorf("export json line %q: %+v, %v", line, rec, err)
		}
		n++
	}
	if n != 2 {
		t.Errorf("export json of medium = %d lines, want 2", n)
	}
}

func TestDailyBadInput(t *testing.T) {
	spec := "sqlite:" + filepath.Join(t.TempDir(), "daily.db")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no subcommand", nil, "want the subcommand"},
		{"memory store", []string{"export", "-store", "memory"}, "shared store"},
		{"bad date", []string{"schedule", "-store", spec, "-from", "2026-13-01", "-to", "2026-12-01"}, `-from "2026-13-01"`},
		{"range too long", []string{"schedule", "-store", spec, "-from", "2026-01-01", "-to", "2026-03-01"}, "at most 31"},
		{"backwards", []string{"schedule", "-store", spec, "-from", "2026-03-01", "-to", "2026-01-01"}, "ends before it starts"},
		{"bad level", []string{"schedule", "-store", spec, "-from", "2026-01-01", "-to", "2026-01-01", "-levels", "expert"}, "unknown level"},
		{"bad format", []string{"export", "-store", spec, "-format", "xml"}, "want tsv, json or pdf"},
		{"pdf bad page", []string{"export", "-store", spec, "-format", "pdf", "-page", "b5"}, `-page "b5"`},
		{"pdf width alone", []string{"export", "-store", spec, "-format", "pdf", "-width", "100mm"}, "go together"},
		{"pdf width without unit", []string{"export", "-store", spec, "-format", "pdf", "-width", "100", "-height", "200mm"}, "no unit"},
		{"pdf too many a page", []string{"export", "-store", spec, "-format", "pdf", "-per-page", "20"}, "want 1 to 12"},
		{"pdf nothing stored", []string{"export", "-store", spec, "-format", "pdf"}, "no stored puzzle"},
	}
	for _, tt := range tests {
		if _, err := daily(t, "", tt.args...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: daily %v = %v, want an error containing %q", tt.name, tt.args, err, tt.want)
		}
	}
}

func TestKeysCreate(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"keys", "create", "-name", "acme", "-scopes", "publish,daily:ahead", "-rate", "100"}, nil, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	line := strings.TrimSpace(out.String())
	if !strings.HasPrefix(line, "name=acme scopes=publish,daily:ahead rate=100 created=") || !strings.Contains(line, " sha256=") || strings.Contains(line, "sudoku_") {
		t.Errorf("stdout = %q, want the key line without the secret", line)
	}
	if !strings.Contains(errOut.String(), "sudoku_") {
		t.Errorf("stderr = %q, want the secret", errOut.String())
	}
	for _, args := range [][]string{{"keys"}, {"keys", "create"}, {"keys", "create", "-name", "x", "-scopes", "root"}} {
		if err := run(context.Background(), args, nil, &out, &errOut); err == nil {
			t.Errorf("sudoku %v succeeded", args)
		}
	}
}

func TestDailyEnvironmentNotInUsage(t *testing.T) {
	spec := "sqlite:" + filepath.Join(t.TempDir(), "daily.db")
	t.Setenv("SUDOKU_STORE", spec+"?password=hunter2")
	t.Setenv("SUDOKU_DAILY_SALT", "s3cret-salt")
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"daily", "schedule", "-bogus"}, strings.NewReader(""), &out, &errOut); err == nil {
		t.Fatal("daily schedule -bogus succeeded")
	}
	if s := errOut.String(); strings.Contains(s, "hunter2") || strings.Contains(s, "s3cret-salt") {
		t.Errorf("usage prints the environment's store or salt:\n%s", s)
	}
	// The environment still names the store and salt.
	t.Setenv("SUDOKU_STORE", spec)
	out.Reset()
	if err := run(context.Background(), []string{"daily", "schedule", "-from", "2026-12-01", "-to", "2026-12-01", "-levels", "easy"},
		strings.NewReader(""), &out, &errOut); err != nil || !strings.Contains(out.String(), "\tcreated\n") {
		t.Errorf("daily schedule with $SUDOKU_STORE = %v: %q", err, out.String())
	}
}

// TestDailyExportPDF schedules a week, exports it as a print pack and
// reads it back with poppler: page count and size, every grid's digits
// against the TSV export, the same bytes twice.
func TestDailyExportPDF(t *testing.T) {
	pdftest.Require(t)
	spec := "sqlite:" + filepath.Join(t.TempDir(), "daily.db")
	if _, err := daily(t, "", "schedule", "-store", spec, "-from", "2026-12-21", "-to", "2026-12-27", "-levels", "easy"); err != nil {
		t.Fatal(err)
	}
	tsv, err := daily(t, "", "export", "-store", spec)
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"export", "-store", spec, "-format", "pdf", "-page", "letter", "-per-page", "4"}
	pdf, err := daily(t, "", args...)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := daily(t, "", args...); again != pdf {
		t.Error("two exports of the same pack differ")
	}
	pages := pdftest.Read(t, []byte(pdf))
	if len(pages) != 4 {
		t.Fatalf("pack of 7 puzzles 4 a page has %d pages, want 2 + 2 of keys", len(pages))
	}
	letter, _ := printpdf.PageSize("letter")
	boxes := printpdf.Boxes(letter, 4, true)
	for i, line := range strings.Split(strings.TrimSpace(tsv), "\n")[1:] {
		f := strings.Split(line, "\t")
		for _, g := range []struct {
			page int
			want string
		}{{i / 4, f[2]}, {2 + i/4, f[3]}} {
			p := pages[g.page]
			if math.Abs(p.Width-letter.Width) > 0.01 || math.Abs(p.Height-letter.Height) > 0.01 {
				t.Errorf("page %d is %g×%g pt, want letter", g.page+1, p.Width, p.Height)
			}
			b := boxes[i%4]
			if got := p.Grid(b.X, b.Y, b.Side); got != g.want {
				t.Errorf("%s: page %d grid %d reads\n%s\nwant\n%s", f[0], g.page+1, i%4+1, got, g.want)
			}
		}
	}
}
