package engine

import "fmt"

// ErrorCode tells what kind of fault a ParseError describes.
type ErrorCode uint8

// Parse error codes.
const (
	ErrCellCount ErrorCode = iota + 1 // not 81 cells; Found holds the count
	ErrBadChar                        // a character that is no cell nor decoration; Char, Offset, Line, Column
	ErrRowCount                       // FromRows: not 9 rows; Found holds the count
	ErrRowLength                      // FromRows: a row without 9 values; Row, Found
	ErrValue                          // a cell value outside 0..9; Row, Col, Value
)

// String returns a short stable name of the code, usable as a machine-readable
// error type ("cell-count", "bad-char", ...).
func (c ErrorCode) String() string {
	switch c {
	case ErrCellCount:
		return "cell-count"
	case ErrBadChar:
		return "bad-char"
	case ErrRowCount:
		return "row-count"
	case ErrRowLength:
		return "row-length"
	case ErrValue:
		return "bad-value"
	}
	return fmt.Sprintf("ErrorCode(%d)", uint8(c))
}

// ParseError describes malformed puzzle input: what is wrong (Code) and where.
// Fields that do not apply to the code are zero; Offset is -1 when the fault
// has no single position in the text.
type ParseError struct {
	Code   ErrorCode
	Offset int  // byte offset of the bad character in the input
	Line   int  // 1-based line of the bad character
	Column int  // 1-based column (in characters) of the bad character
	Char   rune // the bad character
	Found  int  // cells or rows found, or values found in a row
	Row    int  // 0-based row of a bad value or short row
	Col    int  // 0-based column of a bad value
	Value  int  // the bad value
}

// Error says what is wrong with the input and where.
func (e *ParseError) Error() string {
	switch e.Code {
	case ErrCellCount:
		return fmt.Sprintf("puzzle has %d cells, want 81", e.Found)
	case ErrBadChar:
		return fmt.Sprintf("invalid character %q at offset %d (line %d, column %d): want 1-9 for a given, '.' or '0' for an empty cell", e.Char, e.Offset, e.Line, e.Column)
	case ErrRowCount:
		return fmt.Sprintf("grid has %d rows, want 9", e.Found)
	case ErrRowLength:
		return fmt.Sprintf("row %d has %d values, want 9", e.Row+1, e.Found)
	case ErrValue:
		return fmt.Sprintf("value %d at %s is out of range, want 0 (empty) or 1-9", e.Value, CellName(9*e.Row+e.Col))
	}
	return "invalid puzzle: " + e.Code.String()
}

// Kind returns KindMalformed.
func (e *ParseError) Kind() Kind { return KindMalformed }

// Parameter names the input at fault: "puzzle" for text, "grid" for the
// rows of FromRows.
func (e *ParseError) Parameter() string {
	switch e.Code {
	case ErrRowCount, ErrRowLength, ErrValue:
		return "grid"
	}
	return "puzzle"
}

// ConflictError reports a digit given twice in one unit.
type ConflictError struct {
	Digit int    // the repeated digit
	Unit  int    // the unit, an index into Units
	Cells [2]int // the two cells holding it, in increasing order
}

// Error names the repeated digit and its two cells.
func (e *ConflictError) Error() string {
	return fmt.Sprintf("digit %d appears twice in %s: %s and %s", e.Digit, UnitName(e.Unit), CellName(e.Cells[0]), CellName(e.Cells[1]))
}

// Kind returns KindConflict.
func (e *ConflictError) Kind() Kind { return KindConflict }

// Errors about the solutions of a well-formed puzzle.
var (
	// ErrNoSolution means the puzzle has no solution.
	ErrNoSolution = NewError(KindUnsolvable, "puzzle has no solution")
	// ErrMultipleSolutions means the puzzle has more than one solution,
	// where exactly one is required.
	ErrMultipleSolutions = NewError(KindAmbiguous, "puzzle has more than one solution")
)

// ErrOverloaded means no capacity is free now: too many requests
// already wait for generation, or (in the service) no slot for a
// solve freed up in time. The request fails at once instead of
// queueing; errors wrap it with what was full.
var ErrOverloaded = NewError(KindOverloaded, "overloaded")
