package engine

import "fmt"

// Unit kinds. A unit (a "grouping" in seed 000) is a row, a column or a block
// of nine cells that must hold each digit exactly once. Unit u of Units is of
// kind u/9 and has index u%9 within its kind.
const (
	UnitRow = iota
	UnitCol
	UnitBox
)

// unitNames are the human names of the unit kinds.
var unitNames = [3]string{"row", "column", "box"}

// RowOf, ColOf and BoxOf map a cell to its row, column and block (0-based).
var RowOf, ColOf, BoxOf = func() (r, c, b [81]uint8) {
	for cell := range 81 {
		r[cell], c[cell] = uint8(cell/9), uint8(cell%9)
		b[cell] = uint8(3*(cell/27) + cell%9/3)
	}
	return
}()

// Units lists the 27 units: rows 0..8, columns 9..17, boxes 18..26. Each
// holds its nine cells in increasing order.
var Units = func() (u [27][9]uint8) {
	for i := range 9 {
		for k := range 9 {
			u[i][k] = uint8(9*i + k)
			u[9+i][k] = uint8(9*k + i)
			u[18+i][k] = uint8(BoxCell(i, k))
		}
	}
	return
}()

// CellUnits gives, for each cell, its row, column and box unit indexes into
// Units.
var CellUnits = func() (cu [81][3]uint8) {
	for cell := range 81 {
		cu[cell] = [3]uint8{RowOf[cell], 9 + ColOf[cell], 18 + BoxOf[cell]}
	}
	return
}()

// Peers lists, for each cell, the 20 other cells that share a unit with it,
// in increasing order.
var Peers = func() (p [81][20]uint8) {
	for cell := range 81 {
		n := 0
		for other := range 81 {
			if other != cell && (RowOf[other] == RowOf[cell] || ColOf[other] == ColOf[cell] || BoxOf[other] == BoxOf[cell]) {
				p[cell][n] = uint8(other)
				n++
			}
		}
	}
	return
}()

// BoxCell returns the k-th cell (0..8, row-major) of block c: seed 000's
// i(c,k) = 3⌊c/3⌋ + ⌊k/3⌋, j(c,k) = 3(c mod 3) + (k mod 3).
func BoxCell(c, k int) int {
	return 9*(3*(c/3)+k/3) + 3*(c%3) + k%3
}

// CellName returns the human name of a cell, "r1c1".."r9c9".
func CellName(cell int) string {
	return fmt.Sprintf("r%dc%d", cell/9+1, cell%9+1)
}

// UnitName returns the human name of unit u (an index into Units), such as
// "row 3", "column 7" or "box 5" (1-based).
func UnitName(u int) string {
	return fmt.Sprintf("%s %d", unitNames[u/9], u%9+1)
}
