package api

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/printpdf"
)

// printOptions are how a print file (format=svg or pdf) is drawn, as the
// query asks: every print parameter is read here, the one place, for
// /daily, /generate and /daily/pack.
type printOptions struct {
	// page is the PDF's page; a Height of 0 fits it to one grid.
	page printpdf.Size
	// perPage is the grids a page of a pack.
	perPage int
	// title is whether each grid has its caption line (title=false
	// leaves it out).
	title bool
	// key is whether the answer key is drawn: solution=true on /daily
	// and /generate; on /daily/pack the keys follow the puzzles unless
	// solution=false.
	key bool
}

// String is a stable text of the options, for ETags.
func (o printOptions) String() string {
	return fmt.Sprintf("%g×%g/%d/%t/%t", o.page.Width, o.page.Height, o.perPage, o.title, o.key)
}

// printParams reads the print parameters of a request answered with
// media: page (a4, letter, ...) or width and height (a length with its
// unit: 50mm, 8.5in, 144pt) and per_page (packs) for PDF only, title and
// solution for SVG and PDF. A parameter that does not apply to media is a
// *paramError rather than ignored.
func printParams(q params, media string, pack bool) (printOptions, error) {
	o := printOptions{title: true, perPage: 1}
	var err error
	if _, given := q["title"]; given {
		if o.title, err = q.boolean("title"); err != nil {
			return o, err
		}
	}
	if o.key, err = q.boolean("solution"); err != nil {
		return o, err
	}
	if _, given := q["solution"]; pack && !given {
		o.key = true
	}
	pageName, hasPage, err := q.get("page")
	if err != nil {
		return o, err
	}
	width, hasWidth, err := q.get("width")
	if err != nil {
		return o, err
	}
	height, hasHeight, err := q.get("height")
	if err != nil {
		return o, err
	}
	perPage, hasPerPage, err := q.get("per_page")
	if err != nil {
		return o, err
	}
	if media != mediaPDF {
		for _, p := range []struct {
			name  string
			given bool
		}{{"page", hasPage}, {"width", hasWidth}, {"height", hasHeight}, {"per_page", hasPerPage}} {
			if p.given {
				return o, &paramError{name: p.name, reason: "sizes a PDF: give format=pdf with it, or leave it out"}
			}
		}
		return o, nil
	}
	spec := printpdf.PageSpec{Name: pageName, Width: width, Height: height}
	resolve := spec.Page
	if pack {
		resolve = spec.PackPage
	}
	if o.page, err = resolve(); err != nil {
		var se *printpdf.SpecError
		if !errors.As(err, &se) {
			return o, err
		}
		return o, &paramError{name: se.Field, reason: se.Reason, allowed: se.Allowed}
	}
	switch {
	case hasPerPage && !pack:
		return o, &paramError{name: "per_page", reason: "only a pack (/daily/pack) has several grids a page"}
	case hasPerPage:
		n, err := strconv.Atoi(perPage)
		if err != nil || n < 1 || n > printpdf.MaxPerPage {
			return o, &paramError{name: "per_page", reason: fmt.Sprintf("%q is not an integer from 1 to %d", perPage, printpdf.MaxPerPage)}
		}
		o.perPage = n
	case pack:
		o.perPage = printpdf.DefaultPerPage
	}
	page, name := o.page, "per_page"
	switch {
	case page.Height == 0:
		page.Height, name = printpdf.FitHeight(page.Width, o.title), "width"
	case o.perPage == 1:
		name = "height"
	}
	if err := printpdf.CheckLayout(page, o.perPage, o.title); err != nil {
		return o, &paramError{name: name, reason: err.Error()}
	}
	return o, nil
}

// writePrint writes one puzzle (or its key, with o.key) as SVG or PDF:
// what is its date or seed, for the caption; date the PDF's creation
// date (zero for a generated puzzle, which has none); name the file
// name offered to save it under.
func writePrint(w http.ResponseWriter, r *http.Request, log *zap.Logger, media string, p generate.Puzzle, o printOptions, what string, date time.Time, name string) {
	g := printpdf.Grid{Puzzle: p.Puzzle}
	if o.key {
		g.Solution = p.Solution
	}
	if o.title {
		g.Caption = printpdf.Caption(o.key, p.Level, what)
	}
	if media == mediaSVG {
		writeSVG(w, r, log, g.Puzzle, engine.SVGOptions{Title: g.Caption, Solution: g.Solution})
		return
	}
	writePDF(w, r, log, printpdf.Document{Title: printpdf.Caption(o.key, p.Level, what), Date: date, Page: o.page, PerPage: 1,
		Sections: [][]printpdf.Grid{{g}}}, name)
}

// writePDF renders d and writes it inline, with name as the file name a
// browser saves it under.
func writePDF(w http.ResponseWriter, r *http.Request, log *zap.Logger, d printpdf.Document, name string) {
	var buf bytes.Buffer
	if err := printpdf.Write(&buf, d); err != nil {
		writeError(w, r, log, fmt.Errorf("render pdf: %w", err))
		return
	}
	w.Header().Set("Content-Disposition", `inline; filename="`+name+`"`)
	writeBody(w, r, http.StatusOK, mediaPDF, buf.Bytes())
}
