package rating

import "github.com/sudokuhq/sudoku/engine"

// searchCache remembers, for the searches of tiers 2–5 that look at one
// unit, one digit or one pivot cell's units at a time, the possible
// applications of each part that had no valid one, until a cell it looks
// at changes. Such a part's patterns, and what they could remove, depend
// on those cells only (a vain pattern stays vain: candidates are only ever
// removed), and a part that had a valid application changes them (the
// round applies it). So a round that reaches these tiers again after a
// chain or forcing round, which changed a few cells, searches only the
// parts that changed: the same counts and findings, for less work.
//
// It also holds the views of the round that these searches share
// (smallCells, each digit's strongLinkSet), built on the round's first use
// and stamped with the round (finder.round), like chainSearch's views.
type searchCache struct {
	off      bool       // never hit (tests compare against it)
	unitVer  [27]uint32 // changes of each unit's cells
	digitVer [10]uint32 // changes of each digit's candidates
	s        [numCached][81]int32
	at       [numCached][81]uint32 // the version s was computed at, plus 1; 0 if none

	small smallCells       // the round's cells with 2..4 candidates (finder.small)
	links [9]strongLinkSet // each digit's strong links for the turbot and three-link fish, per round (finder.links)
}

// The cached searches: subsets per unit, fish, turbot fish and
// three-link fish per digit, XY-, XYZ- and WXYZ-wings per pivot.
const (
	cacheNaked     = iota // naked pairs, triples, quads: + k − 2
	cacheHidden    = cacheNaked + 3
	cacheFish      = cacheHidden + 3 // X-wing, swordfish, jellyfish: + k − 2
	cacheTurbot    = cacheFish + 3
	cacheWXYZ      = cacheTurbot + 1
	cacheThreeLink = cacheWXYZ + 1
	cacheXY        = cacheThreeLink + 1 // XY-wings per pivot
	cacheXYZ       = cacheXY + 1        // XYZ-wings per pivot
	numCached      = cacheXYZ + 1
)

// reset forgets everything, for a new puzzle.
func (sc *searchCache) reset() {
	sc.off = false
	sc.unitVer = [27]uint32{}
	sc.digitVer = [10]uint32{}
	sc.at = [numCached][81]uint32{}
}

// unit is the version of unit u's cells.
func (sc *searchCache) unit(u int) uint32 { return sc.unitVer[u] }

// digit is the version of digit d's candidates.
func (sc *searchCache) digit(d int) uint32 { return sc.digitVer[d] }

// peers is the version of cell c's units: of c and all its peers.
func (sc *searchCache) peers(c int) uint32 {
	u := cellUnits[c]
	return sc.unitVer[u[0]] + sc.unitVer[u[1]] + sc.unitVer[u[2]]
}

// get returns the possible applications of search at part i, if they were
// cached at version ver.
func (sc *searchCache) get(search, i int, ver uint32) (int, bool) {
	if sc.off || sc.at[search][i] != ver+1 {
		return 0, false
	}
	return int(sc.s[search][i]), true
}

// put caches s for search at part i and version ver when the part was
// vain, and forgets it otherwise.
func (sc *searchCache) put(search, i int, ver uint32, s int, vain bool) {
	if !vain {
		sc.at[search][i] = 0
		return
	}
	sc.s[search][i], sc.at[search][i] = int32(s), ver+1
}

// changed records that cell c's candidates went from old to now.
func (sc *searchCache) changed(c int, old, now uint16) {
	for _, u := range cellUnits[c] {
		sc.unitVer[u]++
	}
	for m := old ^ now; m != 0; m &= m - 1 {
		sc.digitVer[engine.Digit(m&-m)]++
	}
}

// cached returns the possible applications of part i of search at version
// ver: from the cache, or by running part and keeping its count when it
// found no valid application.
func (f *finder) cached(search, i int, ver uint32, part func() int) int {
	if n, ok := f.cache.get(search, i, ver); ok {
		return n
	}
	apps := f.apps
	n := part()
	f.cache.put(search, i, ver, n, apps == f.apps)
	return n
}
