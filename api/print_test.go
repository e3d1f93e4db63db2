package api

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/pdftest"
	"github.com/sudokuhq/sudoku/printpdf"
	"github.com/sudokuhq/sudoku/service"
	"github.com/sudokuhq/sudoku/store"
)

// TestPrintFiles asks a real service for a week pack and single pages,
// reads the PDFs back with poppler and compares every grid, cell by cell,
// with the /daily JSON answers; the pack is asked twice and must be the
// same bytes.
func TestPrintFiles(t *testing.T) {
	pdftest.Require(t)
	pool := generate.NewPool(generate.PoolConfig{Options: generate.Options{Rater: rating.DefaultRater()}, Workers: 1, BufferSize: 1})
	t.Cleanup(pool.Close)
	svc := service.New(service.Config{DailySalt: "print"}, service.Deps{Pool: pool, Store: store.NewMemory()})
	h, _ := newTestServer(t, svc, Config{})

	type day struct {
		date, level      string
		puzzle, solution string
	}
	var week []day
	for i := range 7 {
		date := time.Date(2026, 1, 5+i, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
		for _, level := range []string{"easy", "hard"} {
			rec, _ := serve(h, "GET", "/daily?level="+level+"&date="+date, "", nil)
			var j puzzleJSON
			if err := json.Unmarshal(rec.Body.Bytes(), &j); rec.Code != 200 || err != nil {
				t.Fatalf("daily %s %s = %d %s", date, level, rec.Code, rec.Body)
			}
			week = append(week, day{date, level, j.Puzzle, j.Solution})
		}
	}

	get := func(path string) []byte {
		t.Helper()
		rec, _ := serve(h, "GET", path, "", nil)
		if rec.Code != 200 || rec.Header().Get("Content-Type") != mediaPDF {
			t.Fatalf("GET %s = %d %s %s", path, rec.Code, rec.Header().Get("Content-Type"), clip(rec.Body.Bytes()))
		}
		return rec.Body.Bytes()
	}
	// The pack: A4, four a page, 14 puzzles on 4 pages, then 14 keys on 4.
	path := "/daily/pack?from=2026-01-05&to=2026-01-11&levels=hard,easy"
	pack := get(path)
	if again := get(path); !bytes.Equal(pack, again) {
		t.Errorf("the same pack twice: %d and %d bytes that differ", len(pack), len(again))
	}
	pages := pdftest.Read(t, pack)
	if len(pages) != 8 {
		t.Fatalf("pack has %d pages, want 8", len(pages))
	}
	a4, _ := printpdf.PageSize("a4")
	boxes := printpdf.Boxes(a4, 4, true)
	for i, d := range week {
		for _, side := range []struct {
			page          int
			want, caption string
		}{
			{i / 4, d.puzzle, fmt.Sprintf("Sudoku · %s · %s", d.level, d.date)},
			{4 + i/4, d.solution, fmt.Sprintf("Solution · %s · %s", d.level, d.date)},
		} {
			p, b := pages[side.page], boxes[i%4]
			if math.Abs(p.Width-a4.Width) > 0.01 || math.Abs(p.Height-a4.Height) > 0.01 {
				t.Errorf("page %d is %g×%g pt, want A4", side.page+1, p.Width, p.Height)
			}
			want := strings.ReplaceAll(side.want, "0", ".")
			if got := p.Grid(b.X, b.Y, b.Side); got != want {
				t.Errorf("pack page %d grid %d (%s %s) reads\n%s\nwant\n%s", side.page+1, i%4+1, d.date, d.level, got, want)
			}
			if !strings.Contains(p.Text, side.caption) {
				t.Errorf("pack page %d lacks %q", side.page+1, side.caption)
			}
		}
	}

	// One answer key, 50 mm wide for a column, without its title line.
	key := pdftest.Read(t, get("/daily?level=hard&date=2026-01-07&format=pdf&width=50mm&solution=true&title=false"))
	width := 50 * 72 / 25.4
	if len(key) != 1 || math.Abs(key[0].Width-width) > 0.01 || math.Abs(key[0].Height-printpdf.FitHeight(width, false)) > 0.01 {
		t.Fatalf("key: %d pages, the first %g×%g pt; want one of %g pt wide", len(key), key[0].Width, key[0].Height, width)
	}
	b := printpdf.Boxes(printpdf.Size{Width: width, Height: printpdf.FitHeight(width, false)}, 1, false)[0]
	if got := key[0].Grid(b.X, b.Y, b.Side); got != week[5].solution {
		t.Errorf("key reads\n%s\nwant\n%s", got, week[5].solution)
	}
}

func TestDailyHonestFields(t *testing.T) {
	for _, tc := range []struct {
		source    string
		wantSeed  bool
		wantFresh bool
	}{
		// No daily answer carries a seed: it would reproduce the puzzle
		// through /generate (docs/publishing.md, "Embargo").
		{service.SourceGenerated, false, true},
		{service.SourceCurated, false, false},
	} {
		f := &fakeService{puzzle: generate.Puzzle{Level: rating.Easy, Seed: 0}, dailySource: tc.source}
		h, _ := newTestServer(t, f, Config{})
		rec, _ := serve(h, "GET", "/daily?level=easy&date=2026-01-01", "", nil)
		var body map[string]any
		if err := json.Unmarshal(rec.Body.Bytes(), &body); err != nil {
			t.Fatal(err)
		}
		_, hasSeed := body["seed"]
		_, hasVariant := body["variant"]
		if body["source"] != tc.source || hasSeed != tc.wantSeed || body["fresh"] != tc.wantFresh || hasVariant {
			t.Errorf("daily of a %s puzzle = %s: want source %s, seed %t, fresh %t, no variant", tc.source, rec.Body, tc.source, tc.wantSeed, tc.wantFresh)
		}
	}
}

// TestPrintParamsErrors checks that each bad print parameter is a 400
// naming it.
func TestPrintParamsErrors(t *testing.T) {
	f := &fakeService{puzzle: generate.Puzzle{Level: rating.Easy}}
	h, _ := newTestServer(t, f, Config{})
	for _, tc := range []struct {
		path, param string
	}{
		{"/daily?level=easy&format=pdf&width=50", "width"},
		{"/daily?level=easy&format=pdf&width=1in", "width"},
		{"/daily?level=easy&format=pdf&width=50mm&height=1in", "height"},
		{"/daily?level=easy&format=pdf&height=50mm", "height"},
		{"/daily?level=easy&format=pdf&page=a4&height=50mm", "page"},
		{"/daily?level=easy&format=pdf&page=A4", "page"},
		{"/daily?level=easy&format=pdf&title=no", "title"},
		{"/daily?level=easy&format=pdf&per_page=2", "per_page"},
		{"/daily?level=easy&format=svg&page=a4", "page"},
		{"/daily?level=easy&width=50mm", "width"},
		{"/daily?level=easy&format=ps", "format"},
		{"/generate?level=easy&format=pdf&count=2", "format"},
		{"/generate?level=easy&format=pdf&width=26in", "width"},
		{"/daily/pack?from=2026-01-01&per_page=0", "per_page"},
		{"/daily/pack?from=2026-01-01&width=3in&height=3in&per_page=12", "per_page"},
		{"/daily/pack?from=2026-01-01&width=100mm", "height"},
		{"/daily/pack?from=2026-01-01&format=svg", "format"},
		{"/daily/pack?from=2026-01-01&levels=easy,", "levels"},
		{"/daily/pack?from=2026-01-01&solution=maybe", "solution"},
		{"/daily/pack?to=2026-01-01", "from"},
	} {
		rec, p := serve(h, "GET", tc.path, "", nil)
		if rec.Code != 400 || p.Parameter != tc.param {
			t.Errorf("GET %s = %d naming %q, want 400 naming %q: %s", tc.path, rec.Code, p.Parameter, tc.param, rec.Body)
		}
	}
}
