package engine

import "strings"

// Grid is a 9×9 Sudoku grid in row-major order: Grid[9*row+col] is the digit
// 1..9 in that cell, or 0 when the cell is empty. The zero Grid is empty.
//
// A Grid is a plain value (81 bytes): copying it is cheap and it can be
// compared with ==.
type Grid [81]uint8

// Parse reads a grid as people paste it: 81 cells in row-major order, digits
// 1-9 for givens and '.', '0' or '_' for empty cells. Whitespace and the usual
// grid decorations ('|', '-', '+', '=', '*' in border lines) are ignored, so
// both the one-line form and a drawn grid are accepted.
//
// Parse checks only the syntax; it returns a *ParseError saying what is wrong
// and where (ErrCellCount with the number of cells found, ErrBadChar with the
// character and its offset). Use Grid.Validate to check for conflicting
// givens.
func Parse(s string) (Grid, error) {
	var g Grid
	n := 0
	line, lineStart := 1, 0
	for i, r := range s {
		switch {
		case r >= '1' && r <= '9':
			if n < 81 {
				g[n] = uint8(r - '0')
			}
			n++
		case r == '.' || r == '0' || r == '_':
			n++
		case r == '\n':
			line, lineStart = line+1, i+1
		case r == ' ' || r == '\t' || r == '\r' || r == '|' || r == '-' || r == '+' || r == '=' || r == '*':
		default:
			return Grid{}, &ParseError{Code: ErrBadChar, Offset: i, Line: line, Column: len([]rune(s[lineStart:i])) + 1, Char: r}
		}
	}
	if n != 81 {
		return Grid{}, &ParseError{Code: ErrCellCount, Offset: -1, Found: n}
	}
	return g, nil
}

// MustParse is like Parse but panics on error. It is meant for tests,
// examples and package-level puzzles written in the source.
func MustParse(s string) Grid {
	g, err := Parse(s)
	if err != nil {
		panic("engine.MustParse: " + err.Error())
	}
	return g
}

// FromRows builds a grid from 9 rows of 9 integers, 0 for an empty cell and
// 1..9 for a given. Errors are *ParseError values: ErrRowCount, ErrRowLength
// or ErrValue with the row and column (0-based) of the fault.
func FromRows(rows [][]int) (Grid, error) {
	var g Grid
	if len(rows) != 9 {
		return Grid{}, &ParseError{Code: ErrRowCount, Offset: -1, Found: len(rows)}
	}
	for r, row := range rows {
		if len(row) != 9 {
			return Grid{}, &ParseError{Code: ErrRowLength, Offset: -1, Row: r, Found: len(row)}
		}
		for c, v := range row {
			if v < 0 || v > 9 {
				return Grid{}, &ParseError{Code: ErrValue, Offset: -1, Row: r, Col: c, Value: v}
			}
			g[9*r+c] = uint8(v)
		}
	}
	return g, nil
}

// Rows returns the grid as 9 rows of 9 integers, 0 for an empty cell: the
// inverse of FromRows.
func (g *Grid) Rows() [][]int {
	rows := make([][]int, 9)
	for r := range rows {
		rows[r] = make([]int, 9)
		for c := range 9 {
			rows[r][c] = int(g[9*r+c])
		}
	}
	return rows
}

// String returns the 81-character form: digits for filled cells and '.' for
// empty ones. Parse(g.String()) == g for every grid whose cells hold 0..9.
func (g Grid) String() string {
	var b [81]byte
	for i, d := range g {
		if d == 0 {
			b[i] = '.'
		} else {
			b[i] = '0' + d
		}
	}
	return string(b[:])
}

// Pretty returns the grid drawn over 11 lines with box borders, the form
// printed in guides; Parse reads it back.
func (g Grid) Pretty() string {
	var sb strings.Builder
	for r := range 9 {
		if r == 3 || r == 6 {
			sb.WriteString("------+-------+------\n")
		}
		for c := range 9 {
			if c == 3 || c == 6 {
				sb.WriteString("| ")
			}
			d := g[9*r+c]
			if d == 0 {
				sb.WriteByte('.')
			} else {
				sb.WriteByte('0' + d)
			}
			if c < 8 {
				sb.WriteByte(' ')
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

// Givens returns the number of filled cells.
func (g *Grid) Givens() int {
	n := 0
	for _, d := range g {
		if d != 0 {
			n++
		}
	}
	return n
}

// Validate reports the first pair of equal digits in one unit, scanning rows,
// then columns, then boxes, as a *ConflictError; it returns nil when no unit
// holds a digit twice. It also rejects cell values above 9 (ErrValue). It
// does not tell whether the grid has a solution: see Solve.
func (g *Grid) Validate() error {
	// One pass with a digit mask per unit finds a valid grid; only a grid
	// with a problem takes the scan below, which reports it in the
	// documented order.
	var rows, cols, boxes [9]uint16
	for i, d := range g {
		if d == 0 {
			continue
		}
		bit := uint16(1) << d
		r, c, b := rowOf[i], colOf[i], boxOf[i]
		if d > 9 || (rows[r]|cols[c]|boxes[b])&bit != 0 {
			return g.firstProblem()
		}
		rows[r] |= bit
		cols[c] |= bit
		boxes[b] |= bit
	}
	return nil
}

// firstProblem is Validate's report: the first value above 9, else the
// first repeated digit scanning rows, then columns, then boxes.
func (g *Grid) firstProblem() error {
	for i, d := range g {
		if d > 9 {
			return &ParseError{Code: ErrValue, Offset: -1, Row: i / 9, Col: i % 9, Value: int(d)}
		}
	}
	for u := range units {
		var seen [10]int8
		for _, cell := range units[u] {
			d := g[cell]
			if d == 0 {
				continue
			}
			if seen[d] != 0 {
				return &ConflictError{Digit: int(d), Unit: u, Cells: [2]int{int(seen[d]) - 1, int(cell)}}
			}
			seen[d] = int8(cell) + 1
		}
	}
	return nil
}

// IsSolutionOf reports whether g is a complete, valid grid that keeps every
// given of puzzle.
func (g *Grid) IsSolutionOf(puzzle *Grid) bool {
	for i, d := range g {
		if d < 1 || d > 9 || (puzzle[i] != 0 && puzzle[i] != d) {
			return false
		}
	}
	return g.Validate() == nil
}
