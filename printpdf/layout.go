package printpdf

import (
	"fmt"
	"math"
)

// Box is where a grid is drawn on its page: the square of side Side whose
// top left corner is (X, Y), in points from the page's top left corner.
// The caption line, when the document has captions, sits just above it.
type Box struct {
	X, Y, Side float64
}

// captionRatio is the height of the caption line above a grid, as a share
// of the grid's side.
const captionRatio = 0.09

// MaxPerPage bounds the grids on one page: a dozen fills an A4 page at
// about 5 cm a grid, as puzzle books print them.
const MaxPerPage = 12

// MinGridSide is the smallest grid drawn, in points: an inch (2.54 cm),
// whose digits (5.5 pt) are about the smallest a newspaper prints.
const MinGridSide = 72

// margin is the white border of a page (and the gap between grids): 4 %
// of its shorter side, from 6 pt to half an inch.
func margin(page Size) float64 {
	return min(max(min(page.Width, page.Height)*0.04, 6), 36)
}

// captionScale is the height a grid of side 1 takes with its caption line.
func captionScale(caption bool) float64 {
	if caption {
		return 1 + captionRatio
	}
	return 1
}

// FitHeight returns the height of a page of the given width that holds one
// grid, its caption line when caption is set, and the margins: the page of
// a single puzzle placed as a graphic in a column.
func FitHeight(width float64, caption bool) float64 {
	m := margin(Size{width, width})
	return (width-2*m)*captionScale(caption) + 2*m
}

// Boxes returns where the perPage grids of a page go: the arrangement in
// columns and rows that makes them largest, centred on the page, in row
// order. Cost: O(perPage²).
func Boxes(page Size, perPage int, caption bool) []Box {
	perPage = max(perPage, 1)
	m := margin(page)
	scale := captionScale(caption)
	var cols, rows int
	side := -1.0
	for c := 1; c <= perPage; c++ {
		r := (perPage + c - 1) / c
		cw := (page.Width - 2*m - float64(c-1)*m) / float64(c)
		ch := (page.Height - 2*m - float64(r-1)*m) / float64(r)
		if s := min(cw, ch/scale); s > side+1e-9 {
			cols, rows, side = c, r, s
		}
	}
	usedW := float64(cols)*side + float64(cols-1)*m
	usedH := float64(rows)*side*scale + float64(rows-1)*m
	x0, y0 := (page.Width-usedW)/2, (page.Height-usedH)/2
	boxes := make([]Box, perPage)
	for i := range boxes {
		r, c := i/cols, i%cols
		boxes[i] = Box{
			X:    x0 + float64(c)*(side+m),
			Y:    y0 + float64(r)*(side*scale+m) + side*(scale-1),
			Side: side,
		}
	}
	return boxes
}

// CheckLayout reports whether perPage grids fit on page at MinGridSide or
// more, and within MaxPerPage; the error says what to change.
func CheckLayout(page Size, perPage int, caption bool) error {
	if perPage < 1 || perPage > MaxPerPage {
		return fmt.Errorf("%d grids a page: want 1 to %d", perPage, MaxPerPage)
	}
	if side := Boxes(page, perPage, caption)[0].Side; side < MinGridSide || math.IsNaN(side) {
		return fmt.Errorf("%d grids on a %.0f×%.0f pt page would be %.0f pt wide: at least %d pt (1in); use a larger page or fewer grids a page",
			perPage, page.Width, page.Height, max(side, 0), MinGridSide)
	}
	return nil
}
