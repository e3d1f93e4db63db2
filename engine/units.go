package engine

import "fmt"

// Unit kinds. A unit (a "grouping" in Ease and Toil) is a row, a column or a
// block of nine cells that must hold each digit exactly once. Unit u (0..26)
// is of kind u/9 and has index u%9 within its kind.
const (
	UnitRow = iota
	UnitCol
	UnitBox
)

// unitNames are the human names of the unit kinds.
var unitNames = [3]string{"row", "column", "box"}

// rowOf, colOf and boxOf map a cell to its row, column and block (0-based).
var rowOf, colOf, boxOf = func() (r, c, b [81]uint8) {
	for cell := range 81 {
		r[cell], c[cell] = uint8(cell/9), uint8(cell%9)
		b[cell] = uint8(3*(cell/27) + cell%9/3)
	}
	return
}()

// units lists the 27 units: rows 0..8, columns 9..17, boxes 18..26. Each
// holds its nine cells in increasing order.
var units = func() (u [27][9]uint8) {
	for i := range 9 {
		for k := range 9 {
			u[i][k] = uint8(9*i + k)
			u[9+i][k] = uint8(9*k + i)
			u[18+i][k] = uint8(BoxCell(i, k))
		}
	}
	return
}()

// cellUnits gives, for each cell, its row, column and box unit indexes into
// units.
var cellUnits = func() (cu [81][3]uint8) {
	for cell := range 81 {
		cu[cell] = [3]uint8{rowOf[cell], 9 + colOf[cell], 18 + boxOf[cell]}
	}
	return
}()

// peers lists, for each cell, the 20 other cells that share a unit with it,
// in increasing order.
var peers = func() (p [81][20]uint8) {
	for cell := range 81 {
		n := 0
		for other := range 81 {
			if other != cell && (rowOf[other] == rowOf[cell] || colOf[other] == colOf[cell] || boxOf[other] == boxOf[cell]) {
				p[cell][n] = uint8(other)
				n++
			}
		}
	}
	return
}()

// The tables above are read on every step of the solvers and the rater, so
// they stay unexported: callers outside the package read them through the
// functions below, which return copies.

// RowOf returns the row (0..8) of cell (0..80).
func RowOf(cell int) int { return int(rowOf[cell]) }

// ColOf returns the column (0..8) of cell (0..80).
func ColOf(cell int) int { return int(colOf[cell]) }

// BoxOf returns the block (0..8) of cell (0..80).
func BoxOf(cell int) int { return int(boxOf[cell]) }

// Peers returns the 20 other cells that share a row, column or block with
// cell (0..80), in increasing order.
func Peers(cell int) [20]uint8 { return peers[cell] }

// BoxCell returns the k-th cell (0..8, row-major) of block c: Ease and Toil's
// i(c,k) = 3⌊c/3⌋ + ⌊k/3⌋, j(c,k) = 3(c mod 3) + (k mod 3).
func BoxCell(c, k int) int {
	return 9*(3*(c/3)+k/3) + 3*(c%3) + k%3
}

// CellName returns the human name of a cell, "r1c1".."r9c9".
func CellName(cell int) string {
	return fmt.Sprintf("r%dc%d", cell/9+1, cell%9+1)
}

// UnitName returns the human name of unit u (0..26, see UnitRow), such as
// "row 3", "column 7" or "box 5" (1-based).
func UnitName(u int) string {
	return fmt.Sprintf("%s %d", unitNames[u/9], u%9+1)
}
