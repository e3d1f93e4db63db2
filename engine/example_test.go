package engine_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
)

func ExampleParse() {
	g, err := engine.Parse(`
 . . 3 | . 2 . | 6 . .
 9 . . | 3 . 5 | . . 1
 . . 1 | 8 . 6 | 4 . .
-------+-------+------
 . . 8 | 1 . 2 | 9 . .
 7 . . | . . . | . . 8
 . . 6 | 7 . 8 | 2 . .
-------+-------+------
 . . 2 | 6 . 9 | 5 . .
 8 . . | 2 . 3 | . . 9
 . . 5 | . 1 . | 3 . .`)
	fmt.Println(g, err)

	_, err = engine.Parse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.x")
	var pe *engine.ParseError
	if errors.As(err, &pe) {
		fmt.Println(pe.Code, pe.Offset, string(pe.Char))
	}
	// Output:
	// ..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.. <nil>
	// bad-char 80 x
}

func ExampleGrid_Validate() {
	g := engine.MustParse("33" + strings.Repeat(".", 79))
	fmt.Println(g.Validate())
	// Output: digit 3 appears twice in row 1: r1c1 and r1c2
}
