package engine

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// SVGOptions controls RenderSVG. The zero value draws a bare grid with the
// default cell size.
type SVGOptions struct {
	// CellSize is the side of a cell in SVG user units (default 40).
	CellSize int
	// Title, when not empty, is printed above the grid (a level and a date,
	// say).
	Title string
	// Solution, when not the zero Grid, fills the empty cells in a lighter
	// grey: an answer key.
	Solution Grid
}

// defaultCellSize is the cell side when SVGOptions.CellSize is 0: a 9×9 grid
// of 360 units prints at about 9.5 cm at 96 units per inch.
const defaultCellSize = 40

// RenderSVG writes puzzle as a printable SVG image: thin cell lines, thick
// box lines and border, the givens centred in bold, an optional title above
// and an optional solution in grey. The output depends only on its arguments
// (byte-for-byte stable), for newspapers and for the service alike. It
// returns the first write error.
func RenderSVG(w io.Writer, puzzle Grid, opts SVGOptions) error {
	cs := opts.CellSize
	if cs <= 0 {
		cs = defaultCellSize
	}
	margin := cs / 2
	top := margin
	if opts.Title != "" {
		top += cs
	}
	side := 9 * cs
	width, height := side+2*margin, side+top+margin
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n", width, height, width, height)
	fmt.Fprintf(bw, `<rect width="%d" height="%d" fill="#fff"/>`+"\n", width, height)
	if opts.Title != "" {
		var title strings.Builder
		xml.EscapeText(&title, []byte(opts.Title))
		fmt.Fprintf(bw, `<text x="%d" y="%d" font-family="Helvetica, Arial, sans-serif" font-size="%d" text-anchor="middle">%s</text>`+"\n",
			width/2, margin+cs*2/3, cs/2, title.String())
	}
	fmt.Fprintf(bw, `<g font-family="Helvetica, Arial, sans-serif" font-size="%d" text-anchor="middle">`+"\n", cs*3/5)
	for cell, d := range puzzle {
		x, y := margin+cs*(cell%9)+cs/2, top+cs*(cell/9)+cs*7/10
		switch {
		case d >= 1 && d <= 9:
			fmt.Fprintf(bw, `<text x="%d" y="%d" font-weight="bold">%d</text>`+"\n", x, y, d)
		case opts.Solution[cell] >= 1 && opts.Solution[cell] <= 9:
			fmt.Fprintf(bw, `<text x="%d" y="%d" fill="#888">%d</text>`+"\n", x, y, opts.Solution[cell])
		}
	}
	bw.WriteString("</g>\n")
	thin, thick := max(cs/40, 1), max(cs/13, 2)
	fmt.Fprintf(bw, `<g stroke="#000" stroke-linecap="square">`+"\n")
	for i := 1; i < 9; i++ {
		sw := thin
		if i%3 == 0 {
			sw = thick
		}
		x, y := margin+cs*i, top+cs*i
		fmt.Fprintf(bw, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke-width="%d"/>`+"\n", x, top, x, top+side, sw)
		fmt.Fprintf(bw, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke-width="%d"/>`+"\n", margin, y, margin+side, y, sw)
	}
	fmt.Fprintf(bw, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke-width="%d"/>`+"\n", margin, top, side, side, thick)
	bw.WriteString("</g>\n</svg>\n")
	return bw.Flush()
}
