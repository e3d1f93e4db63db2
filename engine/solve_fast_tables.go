package engine

// Lookup tables of the fast solver (solve_fast.go), about 8 KB. Their
// values are literals in solve_fast_tables_gen.go, written by the plain
// loops of solve_fast_tables_test.go (`go generate -run TestFastTables
// ./engine` runs them), so that no process computes them at start-up:
// computing them at package initialisation took 0.09 ms of every sudoku
// process (GODEBUG=inittrace=1). TestFastTablesGenerated fails when the
// literals and the loops differ.

//go:generate go test -run ^TestFastTablesGenerated$ -update

// bandCells is the mask of all 27 cells of a band word.
const bandCells = 1<<27 - 1

// shrinkRow maps the 9 bits of one row of a band word to its 3 triads: bit k
// is set when the row has a candidate in box k of the band (columns 3k..3k+2).
var shrinkRow = genShrinkRow

// triadSet maps a set of triads of a band (bit 3r+k) to those lying on some
// perfect matching of rows to boxes; the same rule serves the columns of a
// stack (bit 3b+j: band b, column j of the stack).
var triadSet = genTriadSet

// singleRow maps the 9 bits of one row to themselves when exactly one is
// set, and to 0 otherwise.
var singleRow = genSingleRow

// triadMask maps a set of triads of a band (bit 3r+k: row r, box k of the
// band) to the cells consistent with it: the union of the triads of every
// perfect matching of rows to boxes that the set allows. A digit must sit in
// each row of the band once and in each box of the band once, so a triad
// that lies on no such matching can be removed: this is both the pointing and
// the claiming form of locked candidates inside one band. 0 means no matching
// exists: a contradiction.
var triadMask = genTriadMask

// peerInBand maps a cell of a band word (bit 9r+c) to its peers inside the
// band: the rest of its row, its box and its column within the band. It has
// 32 entries (the last five 0) so that an index masked with 31 needs no
// bounds check.
var peerInBand = genPeerInBand

// stackCells maps a set of columns (bit c) to the cells of a band word in
// those columns or in the boxes that hold them.
var stackCells = genStackCells

// bandPeers maps a cell 0..80 to its 20 peers as three band words.
var bandPeers = genBandPeers

// colInBand maps a cell of a band word (bit 9r+c) to the three cells of its
// column c in a band word; 32 entries like peerInBand.
var colInBand = genColInBand
