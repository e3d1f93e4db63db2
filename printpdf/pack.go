package printpdf

import (
	"fmt"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// Caption is the line above a printed grid: "Sudoku · hard · 2026-12-24"
// for a puzzle, "Solution · hard · 2026-12-24" for its key; label is the
// date of a puzzle of the day or the seed of a generated one.
func Caption(key bool, level rating.Level, label string) string {
	if key {
		return fmt.Sprintf("Solution · %s · %s", level, label)
	}
	return fmt.Sprintf("Sudoku · %s · %s", level, label)
}

// Entry is a puzzle of a pack.
type Entry struct {
	Puzzle, Solution engine.Grid
	Level            rating.Level
	// Date is the puzzle's day, its caption's label.
	Date time.Time
}

// PackOptions are the choices of a pack.
type PackOptions struct {
	// Page is the page size; PerPage the grids a page.
	Page    Size
	PerPage int
	// Keys adds the answer keys after the puzzles, from a new page.
	Keys bool
	// Captions prints the caption line above each grid.
	Captions bool
}

// Pack returns the Document of a print pack: the entries in order, then
// (with o.Keys) their answer keys, titled and dated by the first and last
// entries' days, so the same entries and options give the same bytes.
func Pack(entries []Entry, o PackOptions) Document {
	var puzzles, keys []Grid
	for _, e := range entries {
		day := e.Date.Format(time.DateOnly)
		g := Grid{Puzzle: e.Puzzle}
		k := Grid{Puzzle: e.Puzzle, Solution: e.Solution}
		if o.Captions {
			g.Caption, k.Caption = Caption(false, e.Level, day), Caption(true, e.Level, day)
		}
		puzzles = append(puzzles, g)
		if o.Keys {
			keys = append(keys, k)
		}
	}
	d := Document{Page: o.Page, PerPage: o.PerPage, Sections: [][]Grid{puzzles, keys}}
	if len(entries) > 0 {
		first, last := entries[0].Date, entries[len(entries)-1].Date
		d.Title = fmt.Sprintf("Sudoku %s to %s", first.Format(time.DateOnly), last.Format(time.DateOnly))
		d.Date = first
	}
	return d
}
