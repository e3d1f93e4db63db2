package engine

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

const (
	easyPuzzle   = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	easySolution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
)

func TestParse(t *testing.T) {
	drawn := `
 . . 3 | . 2 . | 6 . .
 9 . . | 3 . 5 | . . 1
 . . 1 | 8 . 6 | 4 . .
-------+-------+-------
 . . 8 | 1 . 2 | 9 . .
 7 . . | . . . | . . 8
 . . 6 | 7 . 8 | 2 . .
-------+-------+-------
 . . 2 | 6 . 9 | 5 . .
 8 . . | 2 . 3 | . . 9
 . . 5 | . 1 . | 3 . .
`
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"dots", easyPuzzle, easyPuzzle},
		{"zeros", strings.ReplaceAll(easyPuzzle, ".", "0"), easyPuzzle},
		{"underscores", strings.ReplaceAll(easyPuzzle, ".", "_"), easyPuzzle},
		{"drawn grid", drawn, easyPuzzle},
		{"crlf lines", strings.ReplaceAll(drawn, "\n", "\r\n"), easyPuzzle},
		{"tabs and spaces", "\t" + easyPuzzle[:40] + "  " + easyPuzzle[40:] + "\n", easyPuzzle},
		{"solution", easySolution, easySolution},
		{"empty grid", strings.Repeat(".", 81), strings.Repeat(".", 81)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := Parse(tt.in)
			if err != nil {
				t.Fatalf("Parse(%q) error = %v", tt.in, err)
			}
			if got := g.String(); got != tt.want {
				t.Errorf("Parse(%q).String() = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want ParseError
	}{
		{"empty", "", ParseError{Code: ErrCellCount, Offset: -1, Found: 0}},
		{"short", easyPuzzle[:80], ParseError{Code: ErrCellCount, Offset: -1, Found: 80}},
		{"long", easyPuzzle + ".", ParseError{Code: ErrCellCount, Offset: -1, Found: 82}},
		{"letter", easyPuzzle[:10] + "x" + easyPuzzle[11:], ParseError{Code: ErrBadChar, Offset: 10, Line: 1, Column: 11, Char: 'x'}},
		{"second line", easyPuzzle[:9] + "\n..3a", ParseError{Code: ErrBadChar, Offset: 13, Line: 2, Column: 4, Char: 'a'}},
		{"unicode", "é" + easyPuzzle, ParseError{Code: ErrBadChar, Offset: 0, Line: 1, Column: 1, Char: 'é'}},
		{"json quote", `"` + easyPuzzle + `"`, ParseError{Code: ErrBadChar, Offset: 0, Line: 1, Column: 1, Char: '"'}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.in)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) error = %v, want *ParseError", tt.in, err)
			}
			if *pe != tt.want {
				t.Errorf("Parse(%q) error = %+v, want %+v", tt.in, *pe, tt.want)
			}
			if pe.Error() == "" {
				t.Errorf("empty message for %+v", *pe)
			}
		})
	}
}

func TestFromRows(t *testing.T) {
	g := MustParse(easyPuzzle)
	back, err := FromRows(g.Rows())
	if err != nil || back != g {
		t.Fatalf("FromRows(Rows()) = %v, %v, want %v", back, err, g)
	}
	rows := func(edit func([][]int) [][]int) [][]int { return edit(g.Rows()) }
	tests := []struct {
		name string
		in   [][]int
		want ParseError
	}{
		{"8 rows", rows(func(r [][]int) [][]int { return r[:8] }), ParseError{Code: ErrRowCount, Offset: -1, Found: 8}},
		{"short row", rows(func(r [][]int) [][]int { r[4] = r[4][:7]; return r }), ParseError{Code: ErrRowLength, Offset: -1, Row: 4, Found: 7}},
		{"ten", rows(func(r [][]int) [][]int { r[2][3] = 10; return r }), ParseError{Code: ErrValue, Offset: -1, Row: 2, Col: 3, Value: 10}},
		{"negative", rows(func(r [][]int) [][]int { r[0][0] = -1; return r }), ParseError{Code: ErrValue, Offset: -1, Value: -1}},
		{"nil", nil, ParseError{Code: ErrRowCount, Offset: -1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := FromRows(tt.in)
			var pe *ParseError
			if !errors.As(err, &pe) || *pe != tt.want {
				t.Errorf("FromRows() error = %v, want %+v", err, tt.want)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	put := func(s string, cell int, d byte) string {
		b := []byte(s)
		b[cell] = d
		return string(b)
	}
	tests := []struct {
		name string
		in   string
		want *ConflictError
	}{
		{"valid", easyPuzzle, nil},
		{"valid solution", easySolution, nil},
		{"row", put(easyPuzzle, 0, '3'), &ConflictError{Digit: 3, Unit: 0, Cells: [2]int{0, 2}}},
		{"column", put(easyPuzzle, 72, '9'), &ConflictError{Digit: 9, Unit: 9, Cells: [2]int{9, 72}}},
		{"box", put(easyPuzzle, 1, '1'), &ConflictError{Digit: 1, Unit: 18, Cells: [2]int{1, 20}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := MustParse(tt.in)
			err := g.Validate()
			if tt.want == nil {
				if err != nil {
					t.Fatalf("Validate(%q) = %v, want nil", tt.in, err)
				}
				return
			}
			var ce *ConflictError
			if !errors.As(err, &ce) || *ce != *tt.want {
				t.Fatalf("Validate(%q) = %v, want %v", tt.in, err, tt.want)
			}
		})
	}
	if msg := (&ConflictError{Digit: 3, Unit: 0, Cells: [2]int{0, 2}}).Error(); msg != "digit 3 appears twice in row 1: r1c1 and r1c3" {
		t.Errorf("message = %q", msg)
	}
}

// TestValidateAgreesWithPairs checks Validate's one-pass test against the
// definition, on grids perturbed at random: a grid is valid when no value
// exceeds 9 and no two cells sharing a row, column or box hold the same
// digit; an invalid grid gets the report of the ordered scan.
func TestValidateAgreesWithPairs(t *testing.T) {
	valid := func(g *Grid) bool {
		for i := range g {
			if g[i] > 9 {
				return false
			}
			for j := i + 1; j < 81; j++ {
				if g[i] != 0 && g[i] == g[j] && (rowOf[i] == rowOf[j] || colOf[i] == colOf[j] || boxOf[i] == boxOf[j]) {
					return false
				}
			}
		}
		return true
	}
	rng := rand.New(rand.NewPCG(1, 2))
	bases := []Grid{MustParse(easyPuzzle), MustParse(easySolution), {}}
	var nValid, nInvalid int
	for n := range 20000 {
		g := bases[n%len(bases)]
		for range rng.IntN(4) {
			g[rng.IntN(81)] = uint8(rng.IntN(11))
		}
		err := g.Validate()
		if want := valid(&g); (err == nil) != want {
			t.Fatalf("Validate(%v) = %v, want valid=%v", g, err, want)
		}
		if first := g.firstProblem(); !reflect.DeepEqual(err, first) {
			t.Fatalf("Validate(%v) = %v, the ordered scan says %v", g, err, first)
		}
		if err == nil {
			nValid++
		} else {
			nInvalid++
		}
	}
	if nValid < 1000 || nInvalid < 1000 {
		t.Fatalf("%d valid and %d invalid grids drawn, want both common", nValid, nInvalid)
	}
}

func TestPrettyRoundTrip(t *testing.T) {
	g := MustParse(easyPuzzle)
	back, err := Parse(g.Pretty())
	if err != nil || back != g {
		t.Fatalf("Parse(Pretty()) = %v, %v, want %v", back, err, g)
	}
}

func TestUnits(t *testing.T) {
	for cell := range 81 {
		for _, u := range cellUnits[cell] {
			found := false
			for _, c := range units[u] {
				found = found || int(c) == cell
			}
			if !found {
				t.Fatalf("cell %d not in its unit %s", cell, UnitName(int(u)))
			}
		}
		for _, p := range peers[cell] {
			if int(p) == cell {
				t.Fatalf("cell %d is its own peer", cell)
			}
		}
	}
	if boxOf[BoxCell(5, 7)] != 5 || BoxCell(4, 0) != 30 {
		t.Fatalf("BoxCell wrong: BoxCell(4,0) = %d", BoxCell(4, 0))
	}
}

func FuzzParse(f *testing.F) {
	f.Add(easyPuzzle)
	f.Add(MustParse(easyPuzzle).Pretty())
	f.Add("")
	f.Add(strings.Repeat("0", 81))
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse(%q) error %T, want *ParseError", s, err)
			}
			if pe.Code == ErrBadChar && (pe.Offset < 0 || pe.Offset >= len(s)) {
				t.Fatalf("Parse(%q) offset %d out of range", s, pe.Offset)
			}
			return
		}
		for _, text := range []string{g.String(), g.Pretty()} {
			back, err := Parse(text)
			if err != nil || back != g {
				t.Fatalf("Parse(%q) = %v, %v; want %v", text, back, err, g)
			}
		}
	})
}
