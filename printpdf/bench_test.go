package printpdf_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/printpdf"
)

// BenchmarkWeekPack renders a week of puzzles and keys, four to an A4
// page (8 pages); bytes/op is the file's size.
func BenchmarkWeekPack(b *testing.B) {
	puzzles, keys := week(b)
	doc := printpdf.Document{Date: time.Date(2026, 12, 21, 0, 0, 0, 0, time.UTC), Page: mustPage("a4"), PerPage: 4,
		Sections: [][]printpdf.Grid{puzzles, keys}}
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		if err := printpdf.Write(&buf, doc); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(buf.Len()), "pdf-bytes")
}
