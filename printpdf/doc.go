// Package printpdf lays sudoku grids out on PDF pages for print: one grid
// on a page of an exact physical size (a graphic for a page layout
// system), or packs of grids N to a page with their answer keys after
// them. The digits are text in an embedded font (Go Regular and Go Bold,
// BSD licensed), so readers can search, copy and extract them; the
// lines are vector paths.
//
// The output depends only on the Document: the creation date and every
// other field of the file are taken from it, so the same inputs give the
// same bytes and an editor can diff proofs.
//
// It lives outside engine, which stays standard library only, and is
// used by api (format=pdf, /daily/pack) and by the sudoku CLI (generate
// -format pdf, daily export -format pdf). See docs/print.md.
package printpdf
