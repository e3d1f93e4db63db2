package rating

import "github.com/sudokuhq/sudoku/engine"

// The rater's lookup tables: the units of engine's board, copied once into
// read-only package variables from engine's exported functions, because
// every search reads them in its inner loop (an array index, not a call).
// Nothing writes them after initialisation.
var (
	// rowOf, colOf and boxOf map a cell to its row, column and block
	// (engine.RowOf, ColOf, BoxOf).
	rowOf, colOf, boxOf = func() (r, c, b [81]uint8) {
		for cell := range 81 {
			r[cell], c[cell], b[cell] = uint8(engine.RowOf(cell)), uint8(engine.ColOf(cell)), uint8(engine.BoxOf(cell))
		}
		return
	}()
	// units lists the 27 units: rows 0..8, columns 9..17, boxes 18..26,
	// each with its nine cells in increasing order (engine.UnitRow).
	units = func() (u [27][9]uint8) {
		for i := range 9 {
			for k := range 9 {
				u[i][k] = uint8(9*i + k)
				u[9+i][k] = uint8(9*k + i)
				u[18+i][k] = uint8(engine.BoxCell(i, k))
			}
		}
		return
	}()
	// cellUnits gives, for each cell, its row, column and box unit indexes
	// into units.
	cellUnits = func() (cu [81][3]uint8) {
		for cell := range 81 {
			cu[cell] = [3]uint8{rowOf[cell], 9 + colOf[cell], 18 + boxOf[cell]}
		}
		return
	}()
	// unitPos gives, for each cell, its position in its row, column and
	// box as a one-bit mask (the bit it sets in a unit's places).
	unitPos = func() (up [81][3]uint16) {
		for cell := range 81 {
			up[cell] = [3]uint16{1 << colOf[cell], 1 << rowOf[cell], 1 << (3*(rowOf[cell]%3) + colOf[cell]%3)}
		}
		return
	}()
	// peers lists, for each cell, the 20 other cells that share a unit
	// with it, in increasing order (engine.Peers).
	peers = func() (p [81][20]uint8) {
		for cell := range 81 {
			p[cell] = engine.Peers(cell)
		}
		return
	}()
)
