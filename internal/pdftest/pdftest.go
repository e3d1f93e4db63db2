// Package pdftest reads PDFs back in tests with an independent reader,
// poppler's pdfinfo and pdftotext: page count, page sizes and the words
// on each page with their boxes. Without poppler-utils a test that needs
// it skips, except under CI=true where it fails.
package pdftest

import (
	"bytes"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Require skips t (fails it under CI=true) when poppler's tools are
// missing.
func Require(t testing.TB) {
	t.Helper()
	for _, tool := range []string{"pdfinfo", "pdftotext"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s not found (apt-get install poppler-utils): %v", tool, err)
			}
			t.Skipf("%s not found (apt-get install poppler-utils)", tool)
		}
	}
}

// Word is a word pdftotext extracted, with its box in points from the
// page's top left corner.
type Word struct {
	XMin, YMin, XMax, YMax float64
	Text                   string
}

// Page is a page as pdftotext reads it.
type Page struct {
	Width, Height float64
	Words         []Word
	// Text is the page's text in reading order (pdftotext -layout).
	Text string
}

var (
	pagePattern = regexp.MustCompile(`<page width="([0-9.]+)" height="([0-9.]+)">`)
	wordPattern = regexp.MustCompile(`<word xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)</word>`)
	countLine   = regexp.MustCompile(`(?m)^Pages:\s+(\d+)$`)
)

// Read writes pdf to a temporary file and reads it back: pdfinfo's page
// count (which must agree with the pages pdftotext finds) and every
// page's size and words.
func Read(t testing.TB, pdf []byte) []Page {
	t.Helper()
	Require(t)
	path := filepath.Join(t.TempDir(), "in.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	info := run(t, "pdfinfo", path)
	m := countLine.FindStringSubmatch(info)
	if m == nil {
		t.Fatalf("pdfinfo printed no page count:\n%s", info)
	}
	count, _ := strconv.Atoi(m[1])
	bbox := run(t, "pdftotext", "-bbox", path, "-")
	var pages []Page
	for _, chunk := range strings.Split(bbox, "</page>") {
		pm := pagePattern.FindStringSubmatch(chunk)
		if pm == nil {
			continue
		}
		p := Page{Width: num(pm[1]), Height: num(pm[2])}
		for _, wm := range wordPattern.FindAllStringSubmatch(chunk, -1) {
			p.Words = append(p.Words, Word{XMin: num(wm[1]), YMin: num(wm[2]), XMax: num(wm[3]), YMax: num(wm[4]), Text: html.UnescapeString(wm[5])})
		}
		pages = append(pages, p)
	}
	if len(pages) != count {
		t.Fatalf("pdfinfo counts %d pages, pdftotext read %d", count, len(pages))
	}
	for i := range pages {
		n := strconv.Itoa(i + 1)
		pages[i].Text = run(t, "pdftotext", "-layout", "-f", n, "-l", n, path, "-")
	}
	return pages
}

// Info returns the fields pdfinfo prints for pdf (Title, Creator,
// CreationDate and ModDate in ISO 8601, Pages, ...), by name.
func Info(t testing.TB, pdf []byte) map[string]string {
	t.Helper()
	Require(t)
	path := filepath.Join(t.TempDir(), "in.pdf")
	if err := os.WriteFile(path, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	info := map[string]string{}
	for line := range strings.Lines(run(t, "pdfinfo", "-isodates", path)) {
		if k, v, ok := strings.Cut(line, ":"); ok {
			info[k] = strings.TrimSpace(v)
		}
	}
	return info
}

// Grid returns the 81 cells of the grid drawn in the square of side side
// at (x, y) on p, as the digits whose boxes' centres fall in each cell,
// '.' for a cell without one and '?' for a cell with more than one.
func (p Page) Grid(x, y, side float64) string {
	cells := bytes.Repeat([]byte{'.'}, 81)
	cell := side / 9
	for _, w := range p.Words {
		cx, cy := (w.XMin+w.XMax)/2, (w.YMin+w.YMax)/2
		if cx < x || cy < y || cx >= x+side || cy >= y+side {
			continue
		}
		i := int((cy-y)/cell)*9 + int((cx-x)/cell)
		switch {
		case len(w.Text) != 1 || w.Text[0] < '1' || w.Text[0] > '9' || cells[i] != '.':
			cells[i] = '?'
		default:
			cells[i] = w.Text[0]
		}
	}
	return string(cells)
}

func num(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

func run(t testing.TB, name string, args ...string) string {
	t.Helper()
	out, err := exec.Command(name, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}
