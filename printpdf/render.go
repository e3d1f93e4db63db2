package printpdf

import (
	"errors"
	"io"
	"strconv"
	"time"

	"github.com/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/sudokuhq/sudoku/engine"
)

// Grid is one grid to print.
type Grid struct {
	// Puzzle holds the givens, printed in bold.
	Puzzle engine.Grid
	// Solution, when not the zero Grid, makes this an answer key: the
	// cells empty in Puzzle show its digits in a light grey regular face.
	Solution engine.Grid
	// Caption is the line above the grid (level, date); may be empty.
	Caption string
}

// Document is a PDF to write: sections of grids, each section starting on
// a new page, PerPage grids a page.
type Document struct {
	// Title is the document's title in its metadata.
	Title string
	// Date is the creation and modification date written in the file;
	// the zero time writes 2000-01-01, never the clock, so that the
	// output depends on the Document alone.
	Date time.Time
	// Page is the page size; a Height of 0 fits the page to one grid
	// (FitHeight), the form of a graphic placed in a column.
	Page Size
	// PerPage is the number of grids a page, 1 when 0.
	PerPage int
	// Sections are the grids, in order: a pack's puzzles, then its keys.
	Sections [][]Grid
}

// defaultDate is the date written in a Document without one.
var defaultDate = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// The font family of the digits and captions: Go Regular and Go Bold.
const family = "Go"

// Inks, as grey levels 0 (black) to 255: givens and lines black, a key's
// filled digits light enough to tell apart at a glance, dark enough to
// read on newsprint.
const (
	inkGiven   = 0
	inkFilled  = 125
	inkCaption = 0
)

// HasCaptions reports whether any grid of d has a caption: the layout
// then keeps a caption line above every grid.
func (d Document) HasCaptions() bool {
	for _, s := range d.Sections {
		for _, g := range s {
			if g.Caption != "" {
				return true
			}
		}
	}
	return false
}

// Write renders d as a PDF to w. It fails when d has no grid or a page
// does not fit its grids (see CheckLayout), and with w's first write
// error. Cost: a week pack (7 puzzles and 7 keys on 8 A4 pages) takes
// 14 to 37 ms and 14.5 MB of allocations, most of it reading the two
// fonts, and is 31 kB (BenchmarkWeekPack; see docs/print.md).
func Write(w io.Writer, d Document) error {
	captions := d.HasCaptions()
	perPage := max(d.PerPage, 1)
	page := d.Page
	if page.Height == 0 {
		page.Height = FitHeight(page.Width, captions)
	}
	n := 0
	for _, s := range d.Sections {
		n += len(s)
	}
	if n == 0 {
		return errors.New("printpdf: no grid to print")
	}
	if err := CheckLayout(page, perPage, captions); err != nil {
		return err
	}
	date := d.Date
	if date.IsZero() {
		date = defaultDate
	}
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "pt", Size: fpdf.SizeType{Wd: page.Width, Ht: page.Height}})
	pdf.SetCatalogSort(true)
	pdf.SetCreationDate(date)
	pdf.SetModificationDate(date)
	pdf.SetTitle(d.Title, true)
	pdf.SetCreator("sudoku", true)
	pdf.SetProducer("sudoku (go-pdf/fpdf)", true)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.AddUTF8FontFromBytes(family, "", goregular.TTF)
	pdf.AddUTF8FontFromBytes(family, "B", gobold.TTF)
	pdf.SetLineCapStyle("square")
	boxes := Boxes(page, perPage, captions)
	for _, s := range d.Sections {
		for i, g := range s {
			if i%perPage == 0 {
				pdf.AddPage()
			}
			drawGrid(pdf, boxes[i%perPage], g)
		}
	}
	if err := pdf.Error(); err != nil {
		return err
	}
	return pdf.Output(w)
}

// drawGrid draws g in box b: caption, digits row by row (so that text
// extraction reads them in order), then the lines over them.
func drawGrid(pdf *fpdf.Fpdf, b Box, g Grid) {
	cell := b.Side / 9
	if g.Caption != "" {
		size := b.Side * captionRatio * 0.62
		pdf.SetFont(family, "", size)
		if w := pdf.GetStringWidth(g.Caption); w > b.Side {
			size *= b.Side / w
			pdf.SetFont(family, "", size)
		}
		pdf.SetTextColor(inkCaption, inkCaption, inkCaption)
		w := pdf.GetStringWidth(g.Caption)
		pdf.Text(b.X+(b.Side-w)/2, b.Y-b.Side*captionRatio*0.3, g.Caption)
	}
	size := cell * 0.6
	for i, d := range g.Puzzle {
		digit := d
		switch {
		case d >= 1 && d <= 9:
			pdf.SetFont(family, "B", size)
			pdf.SetTextColor(inkGiven, inkGiven, inkGiven)
		case g.Solution[i] >= 1 && g.Solution[i] <= 9:
			digit = g.Solution[i]
			pdf.SetFont(family, "", size)
			pdf.SetTextColor(inkFilled, inkFilled, inkFilled)
		default:
			continue
		}
		s := strconv.Itoa(int(digit))
		x := b.X + float64(i%9)*cell + (cell-pdf.GetStringWidth(s))/2
		// Go's digits are 0.716 em tall: half of it below the centre line
		// puts the baseline so that the digit is centred in its cell.
		y := b.Y + float64(i/9)*cell + cell/2 + size*0.358
		pdf.Text(x, y, s)
	}
	thin, thick := max(b.Side/450, 0.25), max(b.Side/140, 0.75)
	pdf.SetDrawColor(0, 0, 0)
	for i := 1; i < 9; i++ {
		pdf.SetLineWidth(thin)
		if i%3 == 0 {
			pdf.SetLineWidth(thick)
		}
		x, y := b.X+float64(i)*cell, b.Y+float64(i)*cell
		pdf.Line(x, b.Y, x, b.Y+b.Side)
		pdf.Line(b.X, y, b.X+b.Side, y)
	}
	pdf.SetLineWidth(thick)
	pdf.Rect(b.X, b.Y, b.Side, b.Side, "D")
}
