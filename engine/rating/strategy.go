package rating

import (
	"fmt"
	"math/bits"
	"strings"
	"sync"

	"github.com/sudokuhq/sudoku/engine"
)

// Technique ids, easiest first: indexes into techniques, whose keyed
// entries give each id its name, tier and search.
const (
	techNakedSingle = iota
	techHiddenSingle
	techNakedPair
	techHiddenPair
	techPointing
	techClaiming
	techMultiLine
	techNakedTriple
	techHiddenTriple
	techXWing
	techXYWing
	techNakedQuad
	techHiddenQuad
	techSwordfish
	techXYZWing
	techTurbotFish
	techUniqueRectangle
	techJellyfish
	techWXYZWing
	techThreeLinkFish
	techBUGPlusOne
	techRemotePair
	techSimpleColouring
	techMultiColouring
	techXChain
	techXYChain
	techAIC
	techVWXYZWing
	techALSXZ
	techForcingChain
	techForcingNet
	techDynamicForcingChain
	techDynamicForcingNet
	techTrial
	numTechniques
)

// MaxTier is the hardest strategy tier: trial, the last resort after the
// chains (tier 6) and ALS-XZ, forcing chains and nets (tier 7). Tiers 1–5 are
// Cheng and Xiao's levels 1–5; their level 6 (trial) is split in three.
const MaxTier = 8

// The tiers of the chain family.
const (
	TierChains  = 6 // remote pairs, colouring, X-chains, XY-chains, AICs
	tierForcing = 7 // ALS-XZ, forcing chains and nets
)

// TechniqueInfo describes one human solving technique of the rater.
type TechniqueInfo struct {
	Name    string // lower-case kebab name, as in Rating.Counts and Step.Technique
	Tier    int    // 1 (singles) .. 5 as Cheng and Xiao's levels, 6 chains, 7 forcing chains, 8 trial
	Applies string // what counts as one possible application (the step metric's s)
}

// technique is one row of the rater's table: what it is, and its search,
// which counts the possible applications on the board (returned) and reports
// every valid one (one that eliminates a candidate or places a digit) to f.
type technique struct {
	TechniqueInfo
	find func(f *finder) int
}

// techniques is the rater's one table of techniques, indexed by id. The ids'
// order is the order the rater tries them inside a tier, easiest tier first,
// and the tiers are contiguous: Cheng and Xiao's sixteen strategies plus Ease
// and Toil's multi-line rule (tier 2, next to the other box/line
// interactions) and the turbot fish (skyscraper, two-string kite; tier 4,
// where Sudoku Explainer's 4.0 puts it between swordfish and XYZ-wing),
// added because it measurably improves agreement with human labels
// (docs/rating.md); for the same reason tier 5 has the BUG+1 (Sudoku
// Explainer 5.6), and the unique rectangle (types 1, 2 and 4, tier 4,
// where Sudoku Explainer rates it 4.5). Above them come the chains human
// experts use (tier 6, the shortest first), ALS-XZ, forcing chains and nets
// (tier 7: ALS-XZ, which Sudoku Explainer lacks and HoDoKu scores above
// every AIC, rates puzzles like Sudoku Explainer only after every chain,
// docs/rating.md), and trial only as the last resort (tier 8).
//
// The searches reach the table only through finder.techs: a package-level
// table cannot be read by the functions it holds (an initialization cycle).
var techniques = [numTechniques]technique{
	techNakedSingle:  {TechniqueInfo{"naked-single", 1, "an empty cell"}, findNakedSingles},
	techHiddenSingle: {TechniqueInfo{"hidden-single", 1, "a unit and a digit not yet placed in it"}, findHiddenSingles},
	techNakedPair: {TechniqueInfo{"naked-pair", 2, "a unit and 2 of its empty cells with 2 candidates each"},
		func(f *finder) int { return findNakedSubsets(f, 2, techNakedPair) }},
	techHiddenPair: {TechniqueInfo{"hidden-pair", 2, "a unit and 2 unplaced digits with 2 places each in it"},
		func(f *finder) int { return findHiddenSubsets(f, 2, techHiddenPair) }},
	techPointing: {TechniqueInfo{"pointing", 2, "a box and a digit with 2 or more places in it"}, findPointing},
	techClaiming: {TechniqueInfo{"claiming", 2, "a row or column and a digit with 2 or more places in it"}, findClaiming},
	techMultiLine: {TechniqueInfo{"multi-line", 2, "a digit, a band or stack where it is in no box yet, and one of its 3 boxes as target"},
		findMultiLine},
	techNakedTriple: {TechniqueInfo{"naked-triple", 3, "a unit and 3 of its empty cells with 2 or 3 candidates each"},
		func(f *finder) int { return findNakedSubsets(f, 3, techNakedTriple) }},
	techHiddenTriple: {TechniqueInfo{"hidden-triple", 3, "a unit and 3 unplaced digits with 2 or 3 places each in it"},
		func(f *finder) int { return findHiddenSubsets(f, 3, techHiddenTriple) }},
	techXWing: {TechniqueInfo{"x-wing", 3, "a digit and 2 rows (or columns) where it has 2 places each"},
		func(f *finder) int { return findFish(f, 2, techXWing) }},
	techXYWing: {TechniqueInfo{"xy-wing", 3, "a two-candidate pivot and 2 two-candidate peers each sharing a different one of its digits"},
		findXYWing},
	techNakedQuad: {TechniqueInfo{"naked-quad", 4, "a unit and 4 of its empty cells with 2 to 4 candidates each"},
		func(f *finder) int { return findNakedSubsets(f, 4, techNakedQuad) }},
	techHiddenQuad: {TechniqueInfo{"hidden-quad", 4, "a unit and 4 unplaced digits with 2 to 4 places each in it"},
		func(f *finder) int { return findHiddenSubsets(f, 4, techHiddenQuad) }},
	techSwordfish: {TechniqueInfo{"swordfish", 4, "a digit and 3 rows (or columns) where it has 2 or 3 places each"},
		func(f *finder) int { return findFish(f, 3, techSwordfish) }},
	techXYZWing: {TechniqueInfo{"xyz-wing", 4, "a three-candidate pivot and 2 two-candidate peers with different candidates inside the pivot's"},
		findXYZWing},
	techTurbotFish: {TechniqueInfo{"turbot-fish", 4, "a digit and two of its strong links (units where it has exactly 2 places) on four cells"},
		findTurbotFish},
	techUniqueRectangle: {TechniqueInfo{"unique-rectangle", 4, "a rectangle of empty cells on two boxes and a pair of digits all four hold, two of them holding nothing else"},
		findUniqueRectangle},
	techJellyfish: {TechniqueInfo{"jellyfish", 5, "a digit and 4 rows (or columns) where it has 2 to 4 places each"},
		func(f *finder) int { return findFish(f, 4, techJellyfish) }},
	techWXYZWing: {TechniqueInfo{"wxyz-wing", 5, "a pivot and 3 of its peers, each with 2 to 4 candidates, holding 4 digits together"},
		findWXYZWing},
	techThreeLinkFish: {TechniqueInfo{"three-link-fish", 5, "a digit and three of its strong links chained by cells that see each other, on six cells"},
		findThreeLinkFish},
	techBUGPlusOne: {TechniqueInfo{"bug-plus-one", 5, "the board, when all but one empty cell have two candidates"}, findBUGPlusOne},
	techRemotePair: {TechniqueInfo{"remote-pair", 6, "a candidate and a pair of digits held by a bivalue cell, as the start of a chain of cells holding that pair"},
		func(f *finder) int { return findChains(f, techRemotePair, remotePairRule) }},
	techSimpleColouring: {TechniqueInfo{"simple-colouring", 6, "a digit and a cluster of 2 or more of its conjugate pairs"}, findSimpleColouring},
	techMultiColouring:  {TechniqueInfo{"multi-colouring", 6, "a digit and two clusters of its conjugate pairs"}, findMultiColouring},
	techXChain: {TechniqueInfo{"x-chain", 6, "a candidate whose digit has a strong link, as the start of a chain of that digit"},
		func(f *finder) int { return findChains(f, techXChain, xChainRule) }},
	techXYChain: {TechniqueInfo{"xy-chain", 6, "a candidate, as the start of a chain of bivalue cells"},
		func(f *finder) int { return findChains(f, techXYChain, xyChainRule) }},
	techAIC: {TechniqueInfo{"aic", 6, "a candidate, as the start of an alternating inference chain"},
		func(f *finder) int { return findChains(f, techAIC, aicRule) }},
	techALSXZ: {TechniqueInfo{"als-xz", 7, "two almost locked sets without a common cell, a restricted common digit of theirs and another digit they share"},
		findALSXZ},
	techForcingChain: {TechniqueInfo{"forcing-chain", 7, "a candidate of a cell with the fewest (usually 2) candidates"}, findForcingChains},
	techForcingNet:   {TechniqueInfo{"forcing-net", 7, "a cell with the fewest candidates, then a digit's two places in a unit, when no forcing chain was found"}, findForcingNets},
	techTrial:        {TechniqueInfo{"trial", 8, "a cell with the fewest candidates, when nothing easier is left"}, findTrial},

	// tier 7, after forcing-net (keyed: the table order is the ids')
	techDynamicForcingChain: {TechniqueInfo{"dynamic-forcing-chain", 7, "a candidate of any empty cell, followed by singles and locked candidates, when nothing easier is left"},
		findDynamicChains},
	techDynamicForcingNet: {TechniqueInfo{"dynamic-forcing-net", 7, "an empty cell, or a unit and a digit with 2 or more places in it, when no dynamic forcing chain was found"},
		findDynamicNets},
	// tier 7, first (keyed: the table order is the ids')
	techVWXYZWing: {TechniqueInfo{"vwxyz-wing", 7, "an almost locked set of 4 cells of a unit (5 digits) and a bivalue cell holding two of its digits"},
		findVWXYZWing},
}

// Techniques returns the rater's techniques in the order it tries them,
// easiest tier first. Each call returns a new slice.
func Techniques() []TechniqueInfo {
	ts := make([]TechniqueInfo, len(techniques))
	for i, t := range techniques {
		ts[i] = t.TechniqueInfo
	}
	return ts
}

// TechniqueNames returns the names of the rater's techniques, in the order
// of Techniques. Each call returns a new slice.
func TechniqueNames() []string {
	names := make([]string, len(techniques))
	for i, t := range techniques {
		names[i] = t.Name
	}
	return names
}

// TechniqueID returns the index in Techniques() of the technique named
// name, or -1 (the generator asks for a technique by name).
func TechniqueID(name string) int {
	for i, t := range techniques {
		if t.Name == name {
			return i
		}
	}
	return -1
}

// tierTechniques[t] are the ids of the techniques of tier t (1..MaxTier), in
// table order.
var tierTechniques = func() (ts [MaxTier + 1][]int) {
	for id, t := range techniques {
		ts[t.Tier] = append(ts[t.Tier], id)
	}
	return
}()

// Placement is a digit put in a cell by a step.
type Placement struct{ Cell, Digit int }

// Candidate is a digit that a step removes from a cell's candidates.
type Candidate struct{ Cell, Digit int }

// Step is one valid application of a technique: what it places or
// eliminates, the cells of its pattern, and one human sentence. Cells are
// named r1c1..r9c9 in Text.
type Step struct {
	Technique    string      // a technique's name (see Techniques)
	Tier         int         // its tier, 1..MaxTier
	Placements   []Placement // digits placed
	Eliminations []Candidate // candidates removed
	Cells        []int       // the cells of the pattern
	Text         string      // one sentence a person can follow
}

// finder is the rater's round: it owns the round's board views (computed
// once by startRound: placed, once; by views before the first tier above
// 1: places, holding; and, on demand, the views of chainSearch, stamped
// with the round) and collects the valid applications
// of one tier on the round's board. Every application is computed on the
// same board (the state at the start of the round); the rater applies all
// of them together afterwards, which keeps the path independent of cell
// numbering and digit values. Finders are pooled (finderPool): getFinder
// clears what belongs to one puzzle, startRound what belongs to one
// round, reset what belongs to one tier.
type finder struct {
	techs   *[numTechniques]technique // the table, see techniques
	b       *engine.Board
	places  [27][9]uint16 // places[u][d-1]: positions in unit u where d is a candidate (views)
	placed  [27]uint16    // digits placed in each unit
	once    [27]uint16    // once[u]: the digits with exactly one place in unit u
	holding [9]cellSet    // holding[d-1]: the cells where d is a candidate (views)
	viewsIn uint64        // the round places and holding are for
	explain bool

	apps    int // valid applications found in this round
	counts  [numTechniques]int
	elim    [81]uint16 // candidates to remove
	place   [81]uint8  // digits to place
	touched cellSet    // the cells with something in elim or place

	// scratch of the current application
	progress bool
	curPl    []Placement
	curEl    []Candidate
	steps    []Step

	solution *engine.Grid // the solution (&sol): rounds are checked against it, and trial's fallback uses it
	sol      engine.Grid
	board    engine.Board // the board of a hint (a rating's is live.b), owned by the finder so that it is not allocated

	trialWaves int          // fewest singles waves (plus the assumption) of a forcing chain or net this round
	chain      *chainSearch // the chain searches' scratch and on-demand views, made on first use and kept
	cache      searchCache  // the vain parts of tiers 2–5's searches
	round      uint64       // the number of the current round (startRound), which on-demand views are stamped with
	deep       bool         // trial needed its fallback this round

	dyn  *dynamicSearch  // the dynamic forcing searches' branches, made on first use and kept
	memo *assumptionMemo // the round's assumptions followed by singles, made on first use and kept

	// live is the rating's board with its places kept up to date, and
	// what changed since the last round's singles (rate's loop, when
	// liveOn): tier 1 looks only there (findSinglesLive), and the round's
	// views are copied from it.
	live   propagation
	liveOn bool
}

// finderPool keeps finders between ratings (about 20 KB each with their
// search cache and chain scratch), so that rating in steady state
// allocates nothing.
var finderPool = sync.Pool{New: func() any { return &finder{techs: &techniques} }}

// getFinder returns a finder from finderPool, cleared for a new puzzle:
// explain makes it record Steps, and solution is what its rounds are
// checked against. putFinder gives it back.
func getFinder(explain bool, solution *engine.Grid) *finder {
	f := finderPool.Get().(*finder)
	f.explain = explain
	f.solution = nil
	if solution != nil { // nil in tests of one search
		f.sol = *solution
		f.solution = &f.sol
	}
	f.counts = [numTechniques]int{}
	f.liveOn = false
	f.progress = false
	f.curPl, f.curEl = f.curPl[:0], f.curEl[:0]
	f.cache.reset()
	return f
}

// putFinder returns f to finderPool; f must not be used again.
func putFinder(f *finder) {
	clear(f.steps) // the steps' slices belong to the caller now
	f.steps = f.steps[:0]
	f.b = nil
	finderPool.Put(f)
}

// prepare starts a new round on b and computes every view of the round at
// once (startRound, then views): for a caller that searches one tier
// alone.
func (f *finder) prepare(b *engine.Board) {
	f.startRound(b)
	f.views()
}

// startRound starts a new round on b: it computes the views tier 1 reads
// (the digits placed in each unit and those with one place), and makes
// every other view stale by numbering the round: the places of each digit
// in each unit and the cells holding each digit (views, which searchTier
// computes before the first tier above 1 of the round: about four rounds
// in five end in tier 1 and never need them), and the views computed on
// demand (the chain closure, the colour clusters, the forcing branches:
// see chainSearch); reset then clears the findings before each tier. The
// board does not change within a round, so a view computed once serves
// every search of the round. Cost: one pass over the 81 cells; none on
// the rater's live board (liveOn), whose views are kept up to date: b is
// then f.live's board, and tier 1 reads f.live (findSinglesLive).
func (f *finder) startRound(b *engine.Board) {
	f.round++
	f.b = b
	if f.liveOn {
		f.placed = f.live.placed // once: views, before the first tier above 1
		return
	}
	f.placed = [27]uint16{}
	var seen, twice [27]uint16 // digits with one or more, two or more places in each unit
	for c := range 81 {
		row, col, box := cellUnits[c][0], cellUnits[c][1], cellUnits[c][2]
		if d := b.Digits[c]; d != 0 {
			bit := engine.Bit(int(d))
			f.placed[row] |= bit
			f.placed[col] |= bit
			f.placed[box] |= bit
			continue
		}
		cm := b.Cands[c]
		twice[row] |= seen[row] & cm
		twice[col] |= seen[col] & cm
		twice[box] |= seen[box] & cm
		seen[row] |= cm
		seen[col] |= cm
		seen[box] |= cm
	}
	for u := range f.once {
		f.once[u] = seen[u] &^ twice[u]
	}
}

// views computes, once a round, the round's views above tier 1: the
// places of each digit in each unit and the cells holding each digit (and,
// on the live board, the digits with one place in each unit).
// Cost: one pass over the candidates of the board, or a copy of the live
// board's.
func (f *finder) views() {
	if f.viewsIn == f.round {
		return
	}
	f.viewsIn = f.round
	if f.liveOn {
		f.places, f.holding = f.live.places, f.live.holding
		for u := range f.places {
			var once uint16
			for d, pl := range f.places[u] {
				if pl != 0 && pl&(pl-1) == 0 {
					once |= 1 << d
				}
			}
			f.once[u] = once
		}
		return
	}
	b := f.b
	f.places = [27][9]uint16{}
	f.holding = [9]cellSet{}
	for c := range 81 {
		// c's position in its row, column and box
		pos := &unitPos[c]
		pr, pc, pb := pos[0], pos[1], pos[2]
		row, col, box := cellUnits[c][0], cellUnits[c][1], cellUnits[c][2]
		for m := b.Cands[c]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m)
			f.holding[d].add(c)
			f.places[row][d] |= pr
			f.places[col][d] |= pc
			f.places[box][d] |= pb
		}
	}
}

// reset clears the findings of the previous tier.
func (f *finder) reset() {
	f.apps = 0
	f.trialWaves = 1 << 30
	f.deep = false
	f.elim = [81]uint16{}
	f.place = [81]uint8{}
	f.touched = cellSet{}
	f.steps = f.steps[:0]
}

// searchTier clears the previous findings and runs every strategy of tier
// t on the prepared board. It returns s, the possible applications checked;
// the valid ones are counted in f.apps (r).
func (f *finder) searchTier(t int) int {
	f.reset()
	if t > 1 {
		f.views()
	}
	if t == 1 && f.liveOn {
		return findSinglesLive(f)
	}
	s := 0
	for _, id := range tierTechniques[t] {
		s += f.techs[id].find(f)
	}
	return s
}

// eliminate records the removal of mask from cell's candidates in the
// current application, keeping only candidates still there.
func (f *finder) eliminate(cell int, mask uint16) {
	mask &= f.b.Cands[cell]
	if mask == 0 {
		return
	}
	f.progress = true
	f.elim[cell] |= mask
	f.touched.add(cell)
	if f.explain {
		for m := mask; m != 0; m &= m - 1 {
			f.curEl = append(f.curEl, Candidate{cell, bits.TrailingZeros16(m) + 1})
		}
	}
}

// put records the placement of d in cell in the current application.
func (f *finder) put(cell, d int) {
	f.progress = true
	f.place[cell] = uint8(d)
	f.touched.add(cell)
	if f.explain {
		f.curPl = append(f.curPl, Placement{cell, d})
	}
}

// commit ends the current application: when it made progress it counts as a
// valid one, and in explain mode becomes a Step with the text that text
// builds (called only in explain mode). It reports whether it was valid.
func (f *finder) commit(tech int, cells []int, text func() string) bool {
	ok := f.progress
	f.progress = false
	if ok {
		f.apps++
		f.counts[tech]++
		if f.explain {
			f.steps = append(f.steps, Step{
				Technique:    f.techs[tech].Name,
				Tier:         f.techs[tech].Tier,
				Placements:   append([]Placement(nil), f.curPl...),
				Eliminations: append([]Candidate(nil), f.curEl...),
				Cells:        cells,
				Text:         text(),
			})
		}
	}
	f.curPl, f.curEl = f.curPl[:0], f.curEl[:0]
	return ok
}

// digitsText names the digits of mask, "3", "3/7" or "1/4/9".
func digitsText(mask uint16) string {
	var sb strings.Builder
	for m := mask; m != 0; m &= m - 1 {
		if sb.Len() > 0 {
			sb.WriteByte('/')
		}
		sb.WriteByte(byte('1' + bits.TrailingZeros16(m)))
	}
	return sb.String()
}

// cellsText names cells, "r1c1, r1c5 and r2c3".
func cellsText(cells []int) string {
	names := make([]string, len(cells))
	for i, c := range cells {
		names[i] = engine.CellName(c)
	}
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// elimText describes the eliminations of the current application.
func (f *finder) elimText() string {
	var parts []string
	for _, e := range f.curEl {
		parts = append(parts, fmt.Sprintf("%d from %s", e.Digit, engine.CellName(e.Cell)))
	}
	return strings.Join(parts, ", ")
}

// unitCells returns the cells of unit u at the positions of mask.
func unitCells(u int, mask uint16) []int {
	var cs []int
	for m := mask; m != 0; m &= m - 1 {
		cs = append(cs, int(units[u][bits.TrailingZeros16(m)]))
	}
	return cs
}

// unitCells is unitCells in explain mode and nil otherwise, so that rating
// alone does not allocate pattern cells.
func (f *finder) unitCells(u int, mask uint16) []int {
	if !f.explain {
		return nil
	}
	return unitCells(u, mask)
}
