package printpdf

import (
	"strconv"
	"strings"
)

// Defaults of the print files, the one place both the HTTP print
// parameters and the command line take them from.
const (
	// DefaultWidth is the width of a one-puzzle PDF asked without page,
	// width or height, in points: 90 mm, two columns of a tabloid or a
	// third of an A4 page's height, the size newspapers most often print
	// a sudoku at.
	DefaultWidth = 90 * 72 / 25.4
	// DefaultPackPage is the page name of a pack asked without page,
	// width or height.
	DefaultPackPage = "a4"
	// DefaultPerPage is the grids a page of a pack asked without a count:
	// four on A4 are 8.5 cm wide, the size of a single puzzle in print.
	DefaultPerPage = 4
)

// PageSpec is a page as a caller asks for it: a page Name (PageSize), or
// a Width and a Height as lengths with their unit (ParseLength); all
// empty asks for the default.
type PageSpec struct {
	Name, Width, Height string
}

// SpecError reports a PageSpec that names no page: Field ("page",
// "width" or "height") is at fault, Reason says why, and Allowed lists
// the page names when the name is unknown.
type SpecError struct {
	Field, Reason string
	Allowed       []string
}

// Error says the field and why.
func (e *SpecError) Error() string {
	if len(e.Allowed) > 0 {
		return e.Field + ": " + e.Reason + " (want one of " + strings.Join(e.Allowed, ", ") + ")"
	}
	return e.Field + ": " + e.Reason
}

// Page resolves the page of a one-puzzle PDF: a name, or a width with
// an optional height; a Height of 0 asks the caller to fit the page to
// the grid (FitHeight). Without any it is DefaultWidth wide. A name with
// a width or height, or a height alone, is a *SpecError, as is a name or
// length that does not parse.
func (p PageSpec) Page() (Size, error) { return p.resolve(false) }

// PackPage resolves the page of a pack: as Page, but a width needs its
// height, and without any the page is DefaultPackPage.
func (p PageSpec) PackPage() (Size, error) { return p.resolve(true) }

func (p PageSpec) resolve(pack bool) (Size, error) {
	var s Size
	switch {
	case p.Name != "" && (p.Width != "" || p.Height != ""):
		return s, &SpecError{Field: "page", Reason: "give a page name or width and height, not both"}
	case p.Name != "":
		size, ok := PageSize(p.Name)
		if !ok {
			return s, &SpecError{Field: "page", Reason: strconv.Quote(p.Name) + " is no page size", Allowed: PageNames()}
		}
		return size, nil
	case p.Height != "" && p.Width == "":
		return s, &SpecError{Field: "height", Reason: "give width with it"}
	case p.Width != "":
		var err error
		if s.Width, err = ParseLength(p.Width); err != nil {
			return s, &SpecError{Field: "width", Reason: err.Error()}
		}
		switch {
		case p.Height != "":
			if s.Height, err = ParseLength(p.Height); err != nil {
				return s, &SpecError{Field: "height", Reason: err.Error()}
			}
		case pack:
			return s, &SpecError{Field: "height", Reason: "a pack's pages need a height: give height or a page name"}
		}
		return s, nil
	case pack:
		s, _ = PageSize(DefaultPackPage)
		return s, nil
	}
	return Size{Width: DefaultWidth}, nil
}
