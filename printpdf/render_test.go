package printpdf_test

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/pdftest"
	"github.com/sudokuhq/sudoku/printpdf"
)

// week returns a week of generated puzzles (fixed seeds) as a pack's two
// sections: the puzzles, then their keys.
func week(t testing.TB) (puzzles, keys []printpdf.Grid) {
	t.Helper()
	start := time.Date(2026, 12, 21, 0, 0, 0, 0, time.UTC)
	for i := range 7 {
		day := start.AddDate(0, 0, i)
		p, err := generate.Daily(context.Background(), rating.DefaultRater(), day, rating.Easy, "printpdf-test")
		if err != nil {
			t.Fatal(err)
		}
		caption := fmt.Sprintf("Sudoku · easy · %s", day.Format(time.DateOnly))
		puzzles = append(puzzles, printpdf.Grid{Puzzle: p.Puzzle, Caption: caption})
		keys = append(keys, printpdf.Grid{Puzzle: p.Puzzle, Solution: p.Solution, Caption: "Solution · " + caption})
	}
	return puzzles, keys
}

func render(t *testing.T, d printpdf.Document) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := printpdf.Write(&buf, d); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return buf.Bytes()
}

// cells returns what a grid shows: the givens, and for a key the
// solution's digits too.
func cells(g printpdf.Grid) string {
	if g.Solution != (engine.Grid{}) {
		return g.Solution.String()
	}
	return g.Puzzle.String()
}

// TestWeekPack renders a week pack, reads it back with poppler (page
// count, page size, every grid's digits cell by cell, the captions) and
// renders it again to the same bytes.
func TestWeekPack(t *testing.T) {
	pdftest.Require(t)
	puzzles, keys := week(t)
	letter, _ := printpdf.PageSize("letter")
	for _, tc := range []struct {
		name    string
		page    printpdf.Size
		perPage int
		pages   int
	}{
		{"A4, four a page", mustPage("a4"), 4, 4},
		{"letter, six a page", letter, 6, 4},
		{"a column 50mm wide, one a page", printpdf.Size{Width: 50 * 72 / 25.4}, 1, 14},
	} {
		t.Run(tc.name, func(t *testing.T) {
			doc := printpdf.Document{Title: "Sudoku week", Date: time.Date(2026, 12, 21, 0, 0, 0, 0, time.UTC),
				Page: tc.page, PerPage: tc.perPage, Sections: [][]printpdf.Grid{puzzles, keys}}
			pdf := render(t, doc)
			if again := render(t, doc); !bytes.Equal(pdf, again) {
				t.Errorf("two renders differ (%d and %d bytes)", len(pdf), len(again))
			}
			// The file's dates are the document's, never the clock's.
			info := pdftest.Info(t, pdf)
			for _, k := range []string{"CreationDate", "ModDate"} {
				if info[k] != "2026-12-21T00:00:00Z" {
					t.Errorf("pdfinfo %s = %q, want the pack's first day, 2026-12-21T00:00:00Z", k, info[k])
				}
			}
			if info["Title"] != "Sudoku week" {
				t.Errorf("pdfinfo Title = %q, want Sudoku week", info["Title"])
			}
			pages := pdftest.Read(t, pdf)
			if len(pages) != tc.pages {
				t.Fatalf("%d pages, want %d", len(pages), tc.pages)
			}
			size := tc.page
			if size.Height == 0 {
				size.Height = printpdf.FitHeight(size.Width, true)
			}
			boxes := printpdf.Boxes(size, tc.perPage, true)
			perSection := (len(puzzles) + tc.perPage - 1) / tc.perPage
			for pi, p := range pages {
				if math.Abs(p.Width-size.Width) > 0.01 || math.Abs(p.Height-size.Height) > 0.01 {
					t.Errorf("page %d is %g×%g pt, want %g×%g", pi+1, p.Width, p.Height, size.Width, size.Height)
				}
				section, first := puzzles, (pi)*tc.perPage
				if pi >= perSection {
					section, first = keys, (pi-perSection)*tc.perPage
				}
				for bi, b := range boxes {
					if first+bi >= len(section) {
						break
					}
					g := section[first+bi]
					if got, want := p.Grid(b.X, b.Y, b.Side), cells(g); got != want {
						t.Errorf("page %d grid %d reads\n%s\nwant\n%s", pi+1, bi+1, got, want)
					}
					if !strings.Contains(p.Text, g.Caption) {
						t.Errorf("page %d has no caption %q:\n%s", pi+1, g.Caption, p.Text)
					}
				}
			}
		})
	}
}

func mustPage(name string) printpdf.Size {
	s, ok := printpdf.PageSize(name)
	if !ok {
		panic(name)
	}
	return s
}

func TestWriteRefuses(t *testing.T) {
	puzzles, _ := week(t)
	for _, tc := range []struct {
		name string
		doc  printpdf.Document
	}{
		{"no grid", printpdf.Document{Page: mustPage("a4"), PerPage: 4}},
		{"too many a page", printpdf.Document{Page: mustPage("a4"), PerPage: 13, Sections: [][]printpdf.Grid{puzzles}}},
		{"page too small", printpdf.Document{Page: printpdf.Size{Width: 100, Height: 100}, PerPage: 4, Sections: [][]printpdf.Grid{puzzles}}},
	} {
		if err := printpdf.Write(&bytes.Buffer{}, tc.doc); err == nil {
			t.Errorf("%s: Write succeeded, want an error", tc.name)
		}
	}
}
