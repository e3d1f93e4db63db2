package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/sudokuhq/sudoku/printpdf"
	"github.com/sudokuhq/sudoku/service"
)

// packFlags are the flags of "sudoku daily export -format pdf", the
// command-line form of GET /daily/pack's print parameters.
type packFlags struct {
	page, width, height *string
	perPage             *int
	keys, title         *bool
}

func newPackFlags(fs *flag.FlagSet) packFlags {
	return packFlags{
		page:    fs.String("page", printpdf.DefaultPackPage, "pdf: page size, one of a3, a4, a5, legal, letter, tabloid (or -width and -height)"),
		width:   fs.String("width", "", "pdf: page width with its unit (210mm, 8.5in, 595pt), with -height"),
		height:  fs.String("height", "", "pdf: page height with its unit, with -width"),
		perPage: fs.Int("per-page", printpdf.DefaultPerPage, fmt.Sprintf("pdf: grids a page, 1 to %d", printpdf.MaxPerPage)),
		keys:    fs.Bool("keys", true, "pdf: the answer keys after the puzzles"),
		title:   fs.Bool("title", true, "pdf: the level and date above each grid"),
	}
}

// options checks the flags and returns the pack's options.
func (f packFlags) options() (printpdf.PackOptions, error) {
	o := printpdf.PackOptions{PerPage: *f.perPage, Keys: *f.keys, Captions: *f.title}
	spec := printpdf.PageSpec{Name: *f.page}
	if *f.width != "" || *f.height != "" {
		if *f.width == "" || *f.height == "" {
			return o, errors.New("-width and -height go together")
		}
		spec = printpdf.PageSpec{Width: *f.width, Height: *f.height} // they override -page
	}
	var err error
	if o.Page, err = spec.PackPage(); err != nil {
		var se *printpdf.SpecError
		switch {
		case !errors.As(err, &se):
			return o, err
		case se.Field == "page":
			return o, fmt.Errorf("-page %q: want one of %v", *f.page, se.Allowed)
		}
		return o, fmt.Errorf("-%s: %s", se.Field, se.Reason)
	}
	if err := printpdf.CheckLayout(o.Page, o.PerPage, o.Captions); err != nil {
		return o, fmt.Errorf("-per-page: %w", err)
	}
	return o, nil
}

// exportPack writes the stored puzzles q selects as one print pack: the
// same document GET /daily/pack makes of the same puzzles, but of what is
// stored only (nothing is generated), any number of days.
func exportPack(ctx context.Context, svc *service.Service, q service.ArchiveQuery, o printpdf.PackOptions, stdout io.Writer) error {
	var entries []printpdf.Entry
	err := eachArchived(ctx, svc, q, func(r service.DailyRecord) error {
		entries = append(entries, printpdf.Entry{Puzzle: r.Puzzle, Solution: r.Solution, Level: r.Level, Date: r.Date})
		return nil
	})
	if err != nil {
		return err
	}
	if len(entries) == 0 {
		return errors.New("export: no stored puzzle in that range: schedule them first")
	}
	bw := bufio.NewWriter(stdout)
	if err := printpdf.Write(bw, printpdf.Pack(entries, o)); err != nil {
		return err
	}
	return bw.Flush()
}
