package engine

// Lookup tables of the fast solver (solve_fast.go). They are computed once,
// at package initialisation, by the plain loops below; together they take
// about 8 KB.

// bandCells is the mask of all 27 cells of a band word.
const bandCells = 1<<27 - 1

// shrinkRow maps the 9 bits of one row of a band word to its 3 triads: bit k
// is set when the row has a candidate in box k of the band (columns 3k..3k+2).
var shrinkRow = makeShrinkRow()

// triadSet maps a set of triads of a band (bit 3r+k) to those lying on some
// perfect matching of rows to boxes; the same rule serves the columns of a
// stack (bit 3b+j: band b, column j of the stack).
var triadSet = makeTriadSet()

// singleRow maps the 9 bits of one row to themselves when exactly one is
// set, and to 0 otherwise.
var singleRow = makeSingleRow()

// triadMask maps a set of triads of a band (bit 3r+k: row r, box k of the
// band) to the cells consistent with it: the union of the triads of every
// perfect matching of rows to boxes that the set allows. A digit must sit in
// each row of the band once and in each box of the band once, so a triad
// that lies on no such matching can be removed: this is both the pointing and
// the claiming form of locked candidates inside one band. 0 means no matching
// exists: a contradiction.
var triadMask = makeTriadMask()

// peerInBand maps a cell of a band word (bit 9r+c) to its peers inside the
// band: the rest of its row, its box and its column within the band. It has
// 32 entries (the last five 0) so that an index masked with 31 needs no
// bounds check.
var peerInBand = makePeerInBand()

// stackCells maps a set of columns (bit c) to the cells of a band word in
// those columns or in the boxes that hold them.
var stackCells = makeStackCells()

// bandPeers maps a cell 0..80 to its 20 peers as three band words.
var bandPeers = makeBandPeers()

// colInBand maps a cell of a band word (bit 9r+c) to the three cells of its
// column c in a band word; 32 entries like peerInBand.
var colInBand = makeColInBand()

func makeShrinkRow() (t [512]uint8) {
	for f := range t {
		for k := range 3 {
			if f>>(3*k)&7 != 0 {
				t[f] |= 1 << k
			}
		}
	}
	return t
}

func makeSingleRow() (t [512]uint16) {
	for f := range t {
		if f != 0 && f&(f-1) == 0 {
			t[f] = uint16(f)
		}
	}
	return t
}

func makeTriadSet() (t [512]uint16) {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for s := range t {
		for _, p := range perms {
			var m uint16
			for r, k := range p {
				m |= 1 << (3*r + k)
			}
			if uint16(s)&m == m {
				t[s] |= m
			}
		}
	}
	return t
}

func makeTriadMask() (t [512]uint32) {
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for s := range t {
		for _, p := range perms {
			var cells uint32
			ok := true
			for r, k := range p {
				if s>>(3*r+k)&1 == 0 {
					ok = false
					break
				}
				cells |= 7 << (9*r + 3*k)
			}
			if ok {
				t[s] |= cells
			}
		}
	}
	return t
}

func makePeerInBand() (t [32]uint32) {
	for i := range 27 {
		r, c := i/9, i%9
		for j := range 27 {
			rr, cc := j/9, j%9
			if j != i && (rr == r || cc == c || cc/3 == c/3) {
				t[i] |= 1 << j
			}
		}
	}
	return t
}

func makeColInBand() (t [32]uint32) {
	for i := range 27 {
		t[i] = 0x40201 << (i % 9)
	}
	return t
}

func makeStackCells() (t [512]uint32) {
	for cols := range t {
		for c := range 9 {
			if cols>>c&1 != 0 {
				t[cols] |= 0x40201<<c | 0x1c0e07<<(c/3*3)
			}
		}
	}
	return t
}

func makeBandPeers() (t [81][3]uint32) {
	for c := range t {
		for _, p := range peers[c] {
			t[c][p/27] |= 1 << (p % 27)
		}
	}
	return t
}
