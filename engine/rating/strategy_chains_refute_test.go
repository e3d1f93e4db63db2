package rating

import (
	"math/bits"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/cputime"
	"github.com/sudokuhq/sudoku/internal/dataset"
)

// TestRefuteMatchesSearch checks refute's views against the plain
// breadth-first search of every link (run with linkAll), candidate by
// candidate, on the boards where top1465's ratings search the chains
// (with at most 128 linked candidates: sets of one or two words) and on
// random boards of cells holding two or three digits (sets of three words
// or more): refuted holds the candidates some AIC refutes, minLinks is
// the length of the shortest, and links marks the candidates it refutes.
func TestRefuteMatchesSearch(t *testing.T) {
	limit := 1465
	if testing.Short() {
		limit = 100
	}
	boards := chainBoards(t, limit)
	rng := rand.New(rand.NewPCG(3, 4))
	wide := 0
	for range 20 {
		var b engine.Board
		for c := range b.Cands {
			for engine.Count(b.Cands[c]) < 2+rng.IntN(2) {
				b.Cands[c] |= engine.Bit(1 + rng.IntN(9))
			}
		}
		boards = append(boards, b)
	}
	f := getFinder(false, nil)
	defer putFinder(f)
	cs := f.chains()
	for i := range boards {
		b := &boards[i]
		f.prepare(b)
		cs.refute(f)
		if cs.words > 2 {
			wide++
		}
		shortest := make(map[int]int) // candidate key -> links of its shortest AIC
		minLinks := 1 << 30
		for c := range 81 {
			for m := b.Cands[c]; m != 0; m &= m - 1 {
				d := bitDigit(m)
				if l := cs.run(f, c, d, linkAll, len(cs.queue)); l > 0 {
					shortest[9*c+d-1] = l
					minLinks = min(minLinks, l)
				}
			}
		}
		if cs.minLinks != minLinks {
			t.Fatalf("board %d: minLinks %d, want %d", i, cs.minLinks, minLinks)
		}
		for c := range 81 {
			for m := b.Cands[c]; m != 0; m &= m - 1 {
				d := bitDigit(m)
				l, ok := shortest[9*c+d-1]
				if got := cs.refuted[c]&(1<<(d-1)) != 0; got != ok {
					t.Fatalf("board %d: r%dc%d %d refuted %v, want %v", i, c/9+1, c%9+1, d, got, ok)
				}
				if got := ok && int(cs.links[9*c+d-1]) == cs.minLinks; got != (l == minLinks) {
					t.Fatalf("board %d: r%dc%d %d among the shortest %v, want %v (%d links, refute %d, min %d)", i, c/9+1, c%9+1, d, got, l == minLinks, l, cs.links[9*c+d-1], minLinks)
				}
			}
		}
	}
	if wide == 0 {
		t.Fatal("no board with more than 128 linked candidates: the wide sets are not tested")
	}
}

// bitDigit returns the lowest digit of a non-empty candidate mask.
func bitDigit(m uint16) int {
	d := 1
	for m&1 == 0 {
		m >>= 1
		d++
	}
	return d
}

// BenchmarkRefute computes refute's views on the boards where top1465's
// ratings search the chains (tier 6).
func BenchmarkRefute(b *testing.B) {
	boards := chainBoards(b, 1465)
	f := getFinder(false, nil)
	defer putFinder(f)
	cs := f.chains()
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b, cputime.Process())
	for i := 0; b.Loop(); i++ {
		f.prepare(&boards[i%len(boards)])
		cs.refute(f)
	}
}

// BenchmarkTierChains searches tier 6 (remote pairs, colouring, X-, XY-
// chains, AICs) on the boards where top1465's ratings search it.
func BenchmarkTierChains(b *testing.B) {
	boards := chainBoards(b, 1465)
	f := getFinder(false, nil)
	defer putFinder(f)
	b.ReportAllocs()
	b.ResetTimer()
	defer reportCPU(b, cputime.Process())
	for i := 0; b.Loop(); i++ {
		f.prepare(&boards[i%len(boards)])
		f.searchTier(TierChains)
	}
}

// reportCPU reports the process's CPU time per op since cpu0 (user+sys;
// run with -cpu 1): on a shared machine it varies less than ns/op.
func reportCPU(b *testing.B, cpu0 time.Duration) {
	if cpu := cputime.Process() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// TestRemotePairMatchesRun checks remotePairRefutes against run with the
// remote pair's links, no bound and each pair of digits some bivalue cell
// holds, start by start. The data files have no remote pair after the
// easier techniques, so the boards are random: every cell open but 12 to
// 35 cells holding one of three pairs of digits, which makes chains of
// pairs, some with odd cycles.
func TestRemotePairMatchesRun(t *testing.T) {
	f := getFinder(false, nil)
	defer putFinder(f)
	cs := f.chains()
	rng := rand.New(rand.NewPCG(1, 2))
	pairs := []uint16{engine.Bit(1) | engine.Bit(2), engine.Bit(1) | engine.Bit(3), engine.Bit(2) | engine.Bit(3)}
	found, oddCycles := 0, 0
	for i := range 300 {
		set := map[int]uint16{}
		for range 12 + rng.IntN(24) {
			set[rng.IntN(81)] = pairs[rng.IntN(len(pairs))]
		}
		b := openBoard(set, nil)
		f.prepare(b)
		for _, pair := range pairs {
			var h cellSet
			for c, m := range b.Cands {
				if m == pair {
					h.add(c)
				}
			}
			comps := pairComponents(h, &peerSet, nil)
			for _, pc := range comps {
				if pc.oddCycle {
					oddCycles++
				}
			}
			for c := range 81 {
				for m := b.Cands[c] & pair; m != 0; m &= m - 1 {
					d := bitDigit(m)
					cs.pair = pair
					want := cs.run(f, c, d, remotePairRule.links, len(cs.queue)) != 0
					cs.pair = 0
					if got := remotePairRefutes(peerSet[c], comps); got != want {
						t.Fatalf("board %d, pair %09b, r%dc%d %d: %v, want %v", i, pair, c/9+1, c%9+1, d, got, want)
					}
					if want {
						found++
					}
				}
			}
		}
	}
	if found == 0 || oddCycles == 0 {
		t.Fatalf("%d remote-pair refutations, %d components with an odd cycle: the comparison misses cases", found, oddCycles)
	}
}

// TestColouringRemovesOnlyRefuted checks what lets colours skip the
// digits no AIC refutes: with every digit's clusters complete, simple and
// multi-colouring remove only candidates refute found, on the boards
// where the ratings of the files where colouring applies most search the
// chains.
func TestColouringRemovesOnlyRefuted(t *testing.T) {
	limit := 0
	if testing.Short() {
		limit = 300
	}
	boards := chainBoardsOf(t, dataset.CalibSudokuExchange, limit)
	boards = append(boards, chainBoardsOf(t, dataset.CalibKrazyDad, limit)...)
	f := getFinder(false, nil)
	defer putFinder(f)
	cs := f.chains()
	removed := 0
	for i := range boards {
		f.prepare(&boards[i])
		cs.refute(f)
		for d := range 9 {
			cs.colours[d].refuted = true
			colour(f, d+1, &cs.colours[d])
		}
		cs.colouredIn = f.round
		for _, find := range []func(*finder) int{findSimpleColouring, findMultiColouring} {
			f.reset()
			find(f)
			for c, m := range f.elim {
				if m&^cs.refuted[c] != 0 {
					t.Fatalf("board %d: colouring removes %09b from r%dc%d, refute only %09b", i, m, c/9+1, c%9+1, cs.refuted[c])
				}
				removed += bits.OnesCount16(m)
			}
		}
	}
	if removed == 0 {
		t.Fatal("colouring removed nothing: the check tests nothing")
	}
	t.Logf("%d candidates removed", removed)
}
