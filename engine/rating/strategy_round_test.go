package rating

import (
	"testing"

	"github.com/sudokuhq/sudoku/engine"
)

// TestRoundViewsGoStale: the views computed on demand are for the round
// prepare started; a new round makes them all stale at once, so a search
// never reads the previous round's chain closure, colour clusters or
// forcing branches.
func TestRoundViewsGoStale(t *testing.T) {
	g := engine.MustParse("4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........")
	sol, err := engine.UniqueSolution(g)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := engine.NewBoard(g)
	f := getFinder(false, &sol)
	defer putFinder(f)
	f.prepare(&b)
	f.reset()
	findChains(f, techRemotePair, remotePairRule) // computes the closure
	colours(f, 1)
	findForcingChains(f)
	cs := f.chains()
	if cs.refutedIn != f.round || cs.colouredIn != f.round || cs.branchesIn != f.round {
		t.Fatalf("after the searches of round %d: closure of round %d, colours %d, branches %d; want all %d",
			f.round, cs.refutedIn, cs.colouredIn, cs.branchesIn, f.round)
	}
	if len(f.roundBranches()) == 0 {
		t.Fatalf("round %d: findForcingChains followed no branch on a board with bivalue cells", f.round)
	}
	f.prepare(&b) // a new round, on the same board
	if cs.refutedIn == f.round || cs.colouredIn == f.round || cs.branchesIn == f.round {
		t.Errorf("a new round %d still has views of the last one: closure %d, colours %d, branches %d",
			f.round, cs.refutedIn, cs.colouredIn, cs.branchesIn)
	}
	if br := f.roundBranches(); br != nil {
		t.Errorf("roundBranches() in a round where forcing chains did not run = %d branches, want none", len(br))
	}
}
