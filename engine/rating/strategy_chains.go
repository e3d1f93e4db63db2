package rating

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
)

// Chains: X-chains, XY-chains, remote pairs, simple and multi-colouring,
// and alternating inference chains (AICs, the discontinuous nice loops of
// Sudoku Explainer), all found by one search over candidates.
//
// A node is a candidate (cell, digit), index 9·cell + digit−1, either ON
// (the digit is in the cell) or OFF. Two kinds of link join them:
//
//	weak   ON(a) ⇒ OFF(b): a and b are in one cell, or hold one digit in
//	       cells that see each other;
//	strong OFF(a) ⇒ ON(b): a and b are the only two candidates of a cell,
//	       or the only two places of a digit in a unit.
//
// The rules are written once (weakOf, cellStrong, unitStrong); the closure
// of refute and the breadth-first search of run both read them.
//
// Assuming q ON and following weak and strong links in turn, a chain that
// reaches OFF(q) proves q false, and q is removed: the chain's two ends
// (the strong partners next to q) cannot both be false, and each of them
// rules q out. Every AIC elimination (both ends seeing q, or one end in q's
// cell and the other seeing q) has this form. The search is breadth first,
// so it finds a shortest chain. Chains are not bounded in length: a
// round's difficulty is its shortest chain (Rating.Path.ChainLinks), and the
// score grows with it.
//
// Restricting the links gives the named techniques, searched easiest
// first on the same board (simple and multi-colouring, in
// strategy_colouring.go, come between remote pairs and X-chains):
//
//	remote-pair bivalue cells holding one pair of digits, unit weak links;
//	x-chain     one digit, links between cells only (unit weak, unit strong);
//	xy-chain    cell strong links (bivalue cells) and unit weak links;
//	aic         every link.
//
// A candidate already removed by an easier chain of the round is not
// searched again. Which candidates some AIC refutes is computed once per
// round for all of them (refute); the named techniques then search only
// those, and colouring looks for removals only in their digits. An
// X-chain or XY-chain search (run) costs one breadth-first pass over at
// most 2·729 nodes, each ON node checking its 20 peers and its cell, each
// OFF node its cell and 3 units; remote pairs need none: the parities of
// each pair's cells decide them (strategy_chains_remote.go). Rating keeps
// no chain; explaining runs the search and rebuilds the chain from its
// parent links.

// Link kinds a chain search may follow.
const (
	linkCellWeak   = 1 << iota // ON(c,d) ⇒ OFF(c,e)
	linkUnitWeak               // ON(c,d) ⇒ OFF(p,d), p a peer of c
	linkCellStrong             // OFF(c,d) ⇒ ON(c,e), c bivalue {d,e}
	linkUnitStrong             // OFF(c,d) ⇒ ON(p,d), {c,p} d's places in a unit
	linkAll        = linkCellWeak | linkUnitWeak | linkCellStrong | linkUnitStrong
)

// chainSearch is the scratch of one chain search: visited marks, parents
// and the queue, over node keys 2·candidate + (1 if ON).
type chainSearch struct {
	seen   [23]uint64
	parent [2 * 729]int16
	queue  [2 * 729]int16
	pair   uint16 // when not 0, cell strong links only in cells whose candidates are pair

	// The round's views computed on demand, each stamped with the
	// finder's round it is for (finder.round; 0: none), so that prepare's
	// new round makes them all stale at once.
	refutedIn  uint64 // refuted, minLinks, links, ...: refute
	colouredIn uint64 // colours: colours
	branchesIn uint64 // branches: findForcingChains

	// Computed once per round by refute: the candidates some AIC refutes
	// (every chain of the named techniques is an AIC, so they search only
	// these), and the links of the shortest such chain.
	refuted   [81]uint16
	minLinks  int
	conjugate uint16 // the digits with two places only in some unit
	// links[k] is, for a refuted candidate k (9·cell + digit−1), the
	// length of its shortest AIC when it is no longer than every chain
	// found before it, else 0: the refuted candidates with links[k] ==
	// minLinks are those the round's shortest chains refute.
	links [729]int16
	index [729]int16 // index[k] is linked candidate k's position in cands
	cands []int16    // the board's linked candidates (with a strong link), 9·cell + digit−1
	words int        // words of a set of linked candidates
	// refute's sets of linked candidates, words each (see refute)
	step, weak, partners []uint64 // per linked candidate
	unitWeak, unitStep   []uint64 // per unit and digit, 9·unit + digit−1
	cellWeak, cellStep   []uint64 // per cell
	full                 []uint64 // full[c·words:]: candidates reachable from component c
	comp                 [729]int16
	strong               [729][4]int16 // refute's strong links, by candidate key

	als       alsSearch       // the round's almost locked sets, for ALS-XZ
	pairComps []pairComponent // findChains' scratch: the components of the remote pairs' cells
	clusters  []pairComponent // colour's scratch: one digit's clusters of conjugate pairs
	branches  []forcingBranch // the round's unrefuted forcing-chain assumptions
	colours   [9]colouring    // the clusters of each digit, computed once per round
	adj       [81]cellSet     // colour's scratch: the conjugate partners of each cell
}

// chains returns the finder's chain scratch, made on first use and kept
// with the finder (finderPool) afterwards.
func (f *finder) chains() *chainSearch {
	if f.chain == nil {
		f.chain = new(chainSearch)
	}
	return f.chain
}

// The link rules, written once: what ON(c, d) makes OFF (weak links) and
// what OFF(c, d) makes ON (strong links). refute builds its step sets from
// them and run follows them.

// weakOf returns the candidates that ON(c, d) makes OFF: the other digits
// of c (linkCellWeak) and the peers of c holding d (linkUnitWeak).
func (f *finder) weakOf(c, d int) (digits uint16, cells cellSet) {
	return f.b.Cands[c] &^ engine.Bit(d), peerSet[c].and(f.holding[d-1])
}

// cellStrong returns the digit that OFF(c, d) makes ON in c: c's other
// candidate when c is bivalue, else 0 (linkCellStrong).
func (f *finder) cellStrong(c, d int) int {
	if m := f.b.Cands[c] &^ engine.Bit(d); engine.Count(m) == 1 {
		return engine.Digit(m)
	}
	return 0
}

// unitStrong returns the cell that OFF(c, d) makes d in unit u, one of
// c's units: d's other place in u when it has two there, else -1
// (linkUnitStrong).
func (f *finder) unitStrong(c, d, u int) int {
	p := f.places[u][d-1]
	if engine.Count(p) != 2 {
		return -1
	}
	y := int(units[u][bits.TrailingZeros16(p)])
	if y == c {
		y = int(units[u][15-bits.LeadingZeros16(p)])
	}
	return y
}

// refute fills cs.refuted, cs.minLinks and cs.links for the round's
// board. Following one weak link and then one strong link leads from an
// ON candidate to other ON candidates: step(r) is that set for candidate
// r, and weak(q) the candidates with a weak link to q. q is refuted when
// the candidates reachable from it (closure) meet weak(q); a breadth-first
// search over the step sets from q finds its shortest chain: the first
// layer k whose set meets weak(q) gives a chain of 2k+1 links. Only chains
// no longer than the shortest so far are searched for; cs.links keeps
// each refuted candidate's.
//
// Strong links are symmetric, so a step always ends on a linked candidate
// (one with a strong link), and every chain passes through linked
// candidates only, its start aside. The linked candidates are numbered
// 0..n−1 and the sets hold only them: ⌈n/64⌉ words (at most 12). step(r) is
// the union of the strong partners of weak(r): for a linked r it is built
// link by link (cs.step), for an unlinked one, which is no member of any
// set, from the unions of the partners of the linked candidates of each
// unit and digit and of each cell (unitWeak, unitStep, cellWeak,
// cellStep). The closure runs on the linked candidates; an unlinked start
// reaches what its steps' components reach. Cost: O(Σ over linked j of
// j's weak links) word operations for the sets, the closure's, O(words)
// per unlinked candidate, plus O(reached · words) per refuted candidate.
func (cs *chainSearch) refute(f *finder) {
	b := f.b
	cs.refuted = [81]uint16{}
	cs.minLinks = 1 << 30
	cs.refutedIn = f.round
	// The strong links, keyed 9·cell + digit−1: at most a cell partner and
	// three unit partners each (a pair of cells sharing a line and a box
	// may be listed twice).
	var nStrong [729]uint8
	strong := &cs.strong
	addStrong := func(a, b int) {
		strong[a][nStrong[a]] = int16(b)
		nStrong[a]++
		strong[b][nStrong[b]] = int16(a)
		nStrong[b]++
	}
	for c, m := range b.Cands {
		if engine.Count(m) == 2 {
			addStrong(9*c+bits.TrailingZeros16(m), 9*c+15-bits.LeadingZeros16(m))
		}
	}
	cs.conjugate = 0
	for u := range units {
		for d, p := range f.places[u] {
			if engine.Count(p) == 2 {
				x, y := int(units[u][bits.TrailingZeros16(p)]), int(units[u][15-bits.LeadingZeros16(p)])
				addStrong(9*x+d, 9*y+d)
				cs.conjugate |= 1 << d
			}
		}
	}
	// Number the linked candidates.
	var linked [9]cellSet // linked[d]: the cells where d has a strong link
	cs.cands = cs.cands[:0]
	for c, m := range b.Cands {
		for mm := m; mm != 0; mm &= mm - 1 {
			d := bits.TrailingZeros16(mm)
			if k := 9*c + d; nStrong[k] != 0 {
				linked[d].add(c)
				cs.index[k] = int16(len(cs.cands))
				cs.cands = append(cs.cands, int16(k))
			}
		}
	}
	n := len(cs.cands)
	if n == 0 {
		return // no strong link: no chain
	}
	w := (n + 63) / 64
	cs.words = w
	// partners[j·w:]: the candidates ON once linked candidate j is OFF; the
	// unions of the linked candidates and of their partners per unit and
	// digit (9·unit + digit−1) and per cell.
	partners := grow(&cs.partners, n*w)
	unitWeak, unitStep := grow(&cs.unitWeak, 243*w), grow(&cs.unitStep, 243*w)
	cellWeak, cellStep := grow(&cs.cellWeak, 81*w), grow(&cs.cellStep, 81*w)
	for j, k := range cs.cands {
		pj := partners[j*w : j*w+w]
		for _, t := range strong[k][:nStrong[k]] {
			x := cs.index[t]
			pj[x>>6] |= 1 << (x & 63)
		}
		c, d := int(k)/9, int(k)%9
		bit := uint64(1) << (j & 63)
		cellWeak[c*w+j>>6] |= bit
		orInto(cellStep[c*w:c*w+w], pj)
		for _, u := range cellUnits[c] {
			x := (9*int(u) + d) * w
			unitWeak[x+j>>6] |= bit
			orInto(unitStep[x:x+w], pj)
		}
	}
	step, weak := grow(&cs.step, n*w), grow(&cs.weak, n*w)
	for i, k := range cs.cands {
		c, d := int(k)/9, int(k)%9
		ws := weak[i*w : i*w+w]
		ss := step[i*w : i*w+w]
		link := func(j int16) {
			ws[j>>6] |= 1 << (j & 63)
			orInto(ss, partners[int(j)*w:int(j)*w+w])
		}
		// weakOf, restricted to the linked candidates
		for m := b.Cands[c] &^ (1 << d); m != 0; m &= m - 1 {
			if e := 9*c + bits.TrailingZeros16(m); nStrong[e] != 0 {
				link(cs.index[e])
			}
		}
		ps := peerSet[c].and(linked[d])
		for x := range 2 {
			for m := ps[x]; m != 0; m &= m - 1 {
				link(cs.index[9*(x<<6|bits.TrailingZeros64(m))+d])
			}
		}
	}
	full := cs.closure(n, w)
	var seen, front, next, reach, wbuf, sbuf [12]uint64
	for c, m := range b.Cands {
		for mm := m; mm != 0; mm &= mm - 1 {
			d := bits.TrailingZeros16(mm)
			k := 9*c + d
			var wq, sq, fq []uint64
			i := -1
			if nStrong[k] != 0 {
				i = int(cs.index[k])
				wq, sq = weak[i*w:i*w+w], step[i*w:i*w+w]
				fq = full[int(cs.comp[i])*w : int(cs.comp[i])*w+w]
			} else {
				// an unlinked start: its weak links go to the linked
				// candidates of its units and cell, and it reaches the
				// components of its steps
				wq, sq, fq = wbuf[:w], sbuf[:w], reach[:w]
				r, col, bx := (9*int(cellUnits[c][0])+d)*w, (9*int(cellUnits[c][1])+d)*w, (9*int(cellUnits[c][2])+d)*w
				for y := range w {
					wq[y] = unitWeak[r+y] | unitWeak[col+y] | unitWeak[bx+y] | cellWeak[c*w+y]
					sq[y] = unitStep[r+y] | unitStep[col+y] | unitStep[bx+y] | cellStep[c*w+y]
				}
				clear(fq)
				for x := range w {
					for m := sq[x]; m != 0; m &= m - 1 {
						t := x<<6 | bits.TrailingZeros64(m)
						if fq[x]&(1<<(t&63)) == 0 {
							orInto(fq, full[int(cs.comp[t])*w:int(cs.comp[t])*w+w])
						}
					}
				}
			}
			reachable := false
			for y := range w {
				reachable = reachable || fq[y]&wq[y] != 0
			}
			if !reachable {
				continue // no chain of any length refutes q
			}
			cs.refuted[c] |= 1 << d
			cs.links[k] = 0
			clear(seen[:w])
			if i >= 0 {
				seen[i>>6] |= 1 << (i & 63)
			}
			for layer := 1; 2*layer+1 <= cs.minLinks; layer++ {
				if layer == 1 {
					copy(next[:w], sq)
				} else {
					clear(next[:w])
					for x := range w {
						for m := front[x]; m != 0; m &= m - 1 {
							r := x<<6 | bits.TrailingZeros64(m)
							orInto(next[:w], step[r*w:r*w+w])
						}
					}
				}
				any, hit := false, false
				for y := range w {
					next[y] &^= seen[y]
					seen[y] |= next[y]
					any = any || next[y] != 0
					hit = hit || next[y]&wq[y] != 0
				}
				if hit {
					cs.minLinks = 2*layer + 1
					cs.links[k] = int16(cs.minLinks)
					break
				}
				if !any {
					break
				}
				front = next
			}
		}
	}
}

// grow returns (*s)[:n] cleared, growing *s first when it is shorter.
func grow(s *[]uint64, n int) []uint64 {
	if cap(*s) < n {
		*s = make([]uint64, n)
	}
	*s = (*s)[:n]
	clear(*s)
	return *s
}

// orInto ORs src into dst, word by word (len(src) ≤ len(dst)).
func orInto(dst, src []uint64) {
	for y, v := range src {
		dst[y] |= v
	}
}

// closure returns, for each strongly connected component of the step
// graph over the n candidates (cs.comp numbers them), the set of
// candidates reachable from it in zero or more steps, w words each: a
// candidate q has an AIC refuting it, of any length, exactly when the set
// of its component meets weak[q]. Tarjan's algorithm emits components
// successors first, so each set is its own nodes plus its successors'
// sets. Cost: O(edges) for the search, plus O(n · w) word operations for
// the sets (each component ORs its members' steps, then the sets of the
// successors its set does not hold yet).
func (cs *chainSearch) closure(n, w int) []uint64 {
	step := cs.step[:n*w]
	if cap(cs.full) < n*w {
		cs.full = make([]uint64, n*w)
	}
	full := cs.full[:n*w]
	clear(full)
	var index, low [729]int16
	var onStack [729]bool
	var stack, work [729]int16
	var next [729]int       // the next bit of step[v] to visit, as a bit index
	var merged [729]int16   // merged[d] = c+1 once component d's set is in c's
	var finished [12]uint64 // the nodes of finished components: no search needs them
	sp, wp, comps, counter := 0, 0, 0, int16(1)
	// enter starts the visit of x: numbered, on Tarjan's stack and on the
	// work stack of the iterative depth-first search.
	enter := func(x int) {
		index[x], low[x] = counter, counter
		counter++
		stack[sp] = int16(x)
		sp++
		onStack[x] = true
		next[x] = 0
		work[wp] = int16(x)
		wp++
	}
	for root := range n {
		if index[root] != 0 {
			continue
		}
		enter(root)
		for wp > 0 {
			v := int(work[wp-1])
			// find v's next successor at or after bit next[v], skipping
			// finished ones (neither visited again nor on the stack)
			t := -1
			for b := next[v]; b < n; {
				word := (step[v*w+b>>6] &^ finished[b>>6]) >> (b & 63)
				if word == 0 {
					b = (b | 63) + 1
					continue
				}
				t = b + bits.TrailingZeros64(word)
				break
			}
			if t >= 0 && t < n {
				next[v] = t + 1
				if index[t] == 0 {
					enter(t)
				} else if onStack[t] {
					low[v] = min(low[v], index[t])
				}
				continue
			}
			wp--
			if wp > 0 {
				u := int(work[wp-1])
				low[u] = min(low[u], low[v])
			}
			if low[v] != index[v] {
				continue
			}
			// v roots a component: pop it, and gather its set.
			c := comps
			comps++
			top := sp
			for {
				sp--
				x := int(stack[sp])
				onStack[x] = false
				finished[x>>6] |= 1 << (x & 63)
				cs.comp[x] = int16(c)
				if x == v {
					break
				}
			}
			// Its successors outside it are in finished components (an
			// edge to a node still on the stack would have lowered v's
			// low). A successor already in the set brings nothing new: the
			// sets are closed under steps.
			fc := full[c*w : c*w+w]
			var out [12]uint64 // the members' successors
			for _, x16 := range stack[sp:top] {
				x := int(x16)
				fc[x>>6] |= 1 << (x & 63)
				for y, s := range step[x*w : x*w+w] {
					out[y] |= s
				}
			}
			for y := range w {
				for m := out[y] &^ fc[y]; m != 0; m &= m - 1 {
					t := y<<6 | bits.TrailingZeros64(m)
					if d := int(cs.comp[t]); merged[d] != int16(c+1) {
						merged[d] = int16(c + 1) // each successor component once
						for z, v := range full[d*w : d*w+w] {
							fc[z] |= v
						}
					}
				}
			}
		}
	}
	return full
}

// chainKey is the key of candidate (cell, d) with polarity on.
func chainKey(cell, d int, on bool) int {
	k := 2 * (9*cell + d - 1)
	if on {
		k++
	}
	return k
}

// keyCell, keyDigit and keyOn decode a chain key.
func keyCell(k int) int  { return k / 2 / 9 }
func keyDigit(k int) int { return k/2%9 + 1 }
func keyOn(k int) bool   { return k&1 == 1 }

// run searches from ON(cell, d) with the given links for OFF(cell, d). It
// returns the number of links of the shortest such chain, or 0 when there
// is none of at most limit links.
func (cs *chainSearch) run(f *finder, cell, d, links, limit int) int {
	b := f.b
	cs.seen = [23]uint64{}
	start := chainKey(cell, d, true)
	goal := start - 1
	cs.seen[start>>6] |= 1 << (start & 63)
	cs.parent[start] = -1
	cs.queue[0] = int16(start)
	head, tail := 0, 1
	visit := func(k, from int) bool {
		if cs.seen[k>>6]&(1<<(k&63)) != 0 {
			return false
		}
		cs.seen[k>>6] |= 1 << (k & 63)
		cs.parent[k] = int16(from)
		cs.queue[tail] = int16(k)
		tail++
		return k == goal
	}
	for depth := 1; head < tail && depth <= limit; depth++ {
		end := tail
		for ; head < end; head++ {
			k := int(cs.queue[head])
			c, dd := keyCell(k), keyDigit(k)
			if keyOn(k) {
				digits, cells := f.weakOf(c, dd)
				if links&linkCellWeak != 0 {
					for m := digits; m != 0; m &= m - 1 {
						if visit(chainKey(c, bits.TrailingZeros16(m)+1, false), k) {
							return depth
						}
					}
				}
				if links&linkUnitWeak != 0 {
					for x := range 2 {
						for m := cells[x]; m != 0; m &= m - 1 {
							if visit(chainKey(x<<6|bits.TrailingZeros64(m), dd, false), k) {
								return depth
							}
						}
					}
				}
				continue
			}
			if links&linkCellStrong != 0 && (cs.pair == 0 || b.Cands[c] == cs.pair) {
				if o := f.cellStrong(c, dd); o != 0 {
					visit(chainKey(c, o, true), k)
				}
			}
			if links&linkUnitStrong != 0 {
				for _, u := range cellUnits[c] {
					if y := f.unitStrong(c, dd, int(u)); y >= 0 {
						visit(chainKey(y, dd, true), k)
					}
				}
			}
		}
	}
	return 0
}

// path returns the chain's keys from ON(q) to OFF(q), after a successful run.
func (cs *chainSearch) path(goal int) []int {
	var p []int
	for k := goal; k >= 0; k = int(cs.parent[k]) {
		p = append(p, k)
	}
	for i, j := 0, len(p)-1; i < j; i, j = i+1, j-1 {
		p[i], p[j] = p[j], p[i]
	}
	return p
}

// chainRule is what the chains of one technique may be, and how its
// search counts: each chain technique's row of the technique table
// carries its rule.
type chainRule struct {
	links int // the link kinds its chains follow
	// remotePair: chains of bivalue cells holding one pair of digits,
	// searched once per pair (a possible application is a candidate and a
	// pair holding its digit) and of any length: a pattern, seen like
	// colouring, not a chain a person counts links of.
	remotePair bool
	// oneDigit: chains of one digit, so a start candidate counts only when
	// its digit has a strong link somewhere.
	oneDigit bool
	// proven: every chain refute found is one of these (the AIC follows
	// every link), so the search runs only to explain the chain.
	proven bool
}

// The chain techniques' rules, easiest first.
var (
	remotePairRule = chainRule{links: linkUnitWeak | linkCellStrong, remotePair: true}
	xChainRule     = chainRule{links: linkUnitWeak | linkUnitStrong, oneDigit: true}
	xyChainRule    = chainRule{links: linkUnitWeak | linkCellStrong}
	aicRule        = chainRule{links: linkAll, proven: true}
)

// findChains runs the chain search of one technique (x-chain, xy-chain,
// remote-pair or aic) from every candidate not yet removed in this round.
// A possible application is a start candidate (for a remote pair, a start
// candidate and a pair of digits held by a bivalue cell); it is valid when
// a chain of the technique refutes it with the round's fewest links
// (cs.minLinks), or, for a remote pair, seen as a pattern like colouring,
// with any number. Like a person, and like Sudoku Explainer, the rater
// takes the shortest chains there are, then looks again from the easiest
// tier: applying every chain of the round at once made long-chain puzzles
// look as easy as short-chain ones (docs/rating.md).
func findChains(f *finder, tech int, rule chainRule) int {
	links := rule.links
	cs := f.chains()
	if cs.refutedIn != f.round {
		cs.refute(f)
	}
	var buf [36]uint16
	var holders [36]cellSet // the cells holding each pair
	pairs := buf[:0]
	if links&linkCellStrong != 0 {
		var at [81]int8 // at[9·lo + hi]: 1 + the index of pair {lo, hi} (bits), 0 if none yet
		for c, m := range f.b.Cands {
			if engine.Count(m) != 2 {
				continue
			}
			k := 9*bits.TrailingZeros16(m) + 15 - bits.LeadingZeros16(m)
			i := int(at[k]) - 1
			if i < 0 {
				i = len(pairs)
				pairs = append(pairs, m)
				at[k] = int8(len(pairs))
			}
			holders[i].add(c)
		}
		if len(pairs) == 0 {
			return 0
		}
	}
	var with [10]int // with[d]: the pairs holding d
	for _, pair := range pairs {
		for m := pair; m != 0; m &= m - 1 {
			with[bits.TrailingZeros16(m)+1]++
		}
	}
	if !rule.remotePair {
		pairs = append(pairs[:0], 0)
	}
	counted := uint16(1<<9 - 1) // the digits whose candidates are possible starts
	if rule.oneDigit {
		counted = cs.conjugate // one digit: it needs a strong link of d to go anywhere
	}
	// The possible applications: every start not yet removed in this round
	// (each cell's own removals come after its count in the loop below, so
	// counting first counts the same).
	// pair i's components are cs.pairComps[compFirst[i]:compEnd[i]], for
	// remote pairs, computed on first use (compEnd[i] 0 until then)
	var compFirst, compEnd [36]int
	cs.pairComps = cs.pairComps[:0]
	s := 0
	if rule.remotePair {
		// each start counts once per pair holding its digit
		var removed [9]int
		for _, e := range f.elim {
			for m := e; m != 0; m &= m - 1 {
				removed[bits.TrailingZeros16(m)]++
			}
		}
		for d := range 9 {
			s += with[d+1] * (f.holding[d].count() - removed[d])
		}
	} else {
		for c := range 81 {
			s += bits.OnesCount16(f.b.Cands[c] &^ f.elim[c] & counted)
		}
	}
	for c := range 81 {
		// only the starts some chain refutes
		for m := f.b.Cands[c] &^ f.elim[c] & counted & cs.refuted[c]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros16(m) + 1
			for i, pair := range pairs {
				if rule.remotePair && pair&engine.Bit(d) == 0 {
					continue
				}
				limit := cs.minLinks
				if rule.remotePair {
					// A remote pair is seen as a pattern, like colouring:
					// bivalue cells with one pair, coloured in turn, of
					// any length.
					if peerSet[c].and(holders[i]).empty() {
						continue // a remote pair's ends see c: none of this pair does
					}
					limit = len(cs.queue)
				} else if int(cs.links[9*c+d-1]) != cs.minLinks {
					// A person shows the round's shortest chains first,
					// then looks again: only chains of cs.minLinks links.
					continue
				}
				if f.explain {
					cs.pair = pair
					if cs.run(f, c, d, links, limit) == 0 {
						continue // explaining needs run's chain
					}
				} else if rule.remotePair {
					if compEnd[i] == 0 {
						// first use: the components of the pair's cells
						compFirst[i] = len(cs.pairComps)
						cs.pairComps = pairComponents(holders[i], &peerSet, cs.pairComps)
						compEnd[i] = len(cs.pairComps)
					}
					if !remotePairRefutes(peerSet[c], cs.pairComps[compFirst[i]:compEnd[i]]) {
						continue
					}
				} else if !rule.proven && cs.run(f, c, d, links, limit) == 0 {
					continue
				}
				var p []int
				if f.explain {
					p = cs.path(chainKey(c, d, false))
				}
				f.eliminate(c, engine.Bit(d))
				f.commit(tech, f.chainCells(p), func() string { return chainText(f, tech, p) })
				break
			}
		}
	}
	cs.pair = 0
	return s
}

// chainCells returns the distinct cells of chain p in explain mode.
func (f *finder) chainCells(p []int) []int {
	if !f.explain {
		return nil
	}
	var cells []int
	var seen cellSet
	for _, k := range p {
		if c := keyCell(k); !seen.has(c) {
			seen.add(c)
			cells = append(cells, c)
		}
	}
	return cells
}

// chainText is the sentence of chain p refuting its first node: each link
// as a player follows it, then the conclusion.
func chainText(f *finder, tech int, p []int) string {
	var sb strings.Builder
	c, d := keyCell(p[0]), keyDigit(p[0])
	fmt.Fprintf(&sb, "%s: if %s were %d, then ", f.techs[tech].Name, engine.CellName(c), d)
	for i := 1; i < len(p)-1; i++ {
		if i > 1 {
			sb.WriteString(", ")
		}
		sb.WriteString(linkText(f, p[i-1], p[i]))
	}
	fmt.Fprintf(&sb, ", so %s would not be %d either: it can't be %d, remove %s.", engine.CellName(c), d, d, f.elimText())
	return sb.String()
}

// linkText describes the link from key a to key b: "r1c4 is not 5" for a
// weak link, "r3c4 is 5 (the last place for 5 in box 2)" for a strong one.
func linkText(f *finder, a, b int) string {
	c, d := keyCell(b), keyDigit(b)
	if !keyOn(b) {
		return fmt.Sprintf("%s is not %d", engine.CellName(c), d)
	}
	if keyCell(a) == c {
		return fmt.Sprintf("%s is %d (its other candidate)", engine.CellName(c), d)
	}
	for _, u := range cellUnits[c] {
		if p := f.places[u][d-1]; engine.Count(p) == 2 {
			for m := p; m != 0; m &= m - 1 {
				if int(units[u][bits.TrailingZeros16(m)]) == keyCell(a) {
					return fmt.Sprintf("%s is %d (the other place for %d in %s)", engine.CellName(c), d, d, engine.UnitName(int(u)))
				}
			}
		}
	}
	return fmt.Sprintf("%s is %d", engine.CellName(c), d)
}
