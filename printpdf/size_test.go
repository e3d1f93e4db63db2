package printpdf

import (
	"math"
	"testing"
)

func TestParseLength(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want float64 // points; 0: an error
	}{
		{"50mm", 50 * 72 / 25.4},
		{"8.5in", 612},
		{"2.54cm", 72},
		{"144pt", 144},
		{"635mm", 1800},
		{"1in", 72},
		{"50", 0},
		{"mm", 0},
		{"50 mm", 0},
		{"NaNmm", 0},
		{"-50mm", 0},
		{"20mm", 0},
		{"26in", 0},
		{"1e3pt", 1000},
	} {
		got, err := ParseLength(tc.in)
		switch {
		case tc.want == 0 && err == nil:
			t.Errorf("ParseLength(%q) = %g, want an error", tc.in, got)
		case tc.want != 0 && (err != nil || math.Abs(got-tc.want) > 1e-9):
			t.Errorf("ParseLength(%q) = %g, %v; want %g", tc.in, got, err, tc.want)
		}
	}
}

func TestBoxes(t *testing.T) {
	a4, _ := PageSize("a4")
	for _, tc := range []struct {
		name    string
		page    Size
		perPage int
		caption bool
		cols    int
	}{
		{"one on a column", Size{142, FitHeight(142, true)}, 1, true, 1},
		{"two on A4", a4, 2, true, 1},
		{"four on A4", a4, 4, true, 2},
		{"six on A4", a4, 6, false, 2},
		{"three on a landscape page", Size{841.89, 595.28}, 3, true, 3},
		{"twelve on A4", a4, 12, true, 3},
	} {
		t.Run(tc.name, func(t *testing.T) {
			boxes := Boxes(tc.page, tc.perPage, tc.caption)
			if len(boxes) != tc.perPage {
				t.Fatalf("%d boxes, want %d", len(boxes), tc.perPage)
			}
			cols := 0
			for i, b := range boxes {
				if b.Y == boxes[0].Y {
					cols++
				}
				top := b.Y
				if tc.caption {
					top -= b.Side * captionRatio
				}
				if b.X < 0 || top < 0 || b.X+b.Side > tc.page.Width+1e-9 || b.Y+b.Side > tc.page.Height+1e-9 {
					t.Errorf("box %d %+v leaves the page %+v", i, b, tc.page)
				}
				for j, o := range boxes[:i] {
					if b.X < o.X+o.Side && o.X < b.X+b.Side && top < o.Y+o.Side && o.Y < b.Y+b.Side {
						t.Errorf("boxes %d %+v and %d %+v overlap", j, o, i, b)
					}
				}
			}
			if cols != tc.cols {
				t.Errorf("%d columns, want %d", cols, tc.cols)
			}
		})
	}
}

func TestCheckLayout(t *testing.T) {
	a4, _ := PageSize("a4")
	for _, tc := range []struct {
		page    Size
		perPage int
		ok      bool
	}{
		{a4, 1, true},
		{a4, 12, true},
		{a4, 13, false},
		{a4, 0, false},
		{Size{100, 100}, 1, true},
		{Size{100, 100}, 2, false},
	} {
		if err := CheckLayout(tc.page, tc.perPage, true); (err == nil) != tc.ok {
			t.Errorf("CheckLayout(%+v, %d) = %v, want ok %t", tc.page, tc.perPage, err, tc.ok)
		}
	}
}
