package generate

import (
	"context"
	"errors"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/internal/oracle"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// propertySeeds is the number of seeds per level and symmetry the property
// test runs (fewer with -short).
func propertySeeds() int {
	if testing.Short() {
		return 2
	}
	return 4
}

// TestGenerateProperties checks, over seeds × levels × symmetries, that each
// puzzle has exactly one solution by the independent oracle, keeps the
// symmetry, has the level by the rater, and comes back byte for byte from
// its seed.
func TestGenerateProperties(t *testing.T) {
	ctx := context.Background()
	for _, sym := range symmetries {
		for _, l := range levels {
			t.Run(sym.String()+"/"+l.String(), func(t *testing.T) {
				for i := range propertySeeds() {
					opt := Options{Rater: rating.DefaultRater(), Level: l, Symmetry: sym, Seed: SplitSeed(uint64(sym)<<8|uint64(l), uint64(i))}
					p, err := Generate(ctx, opt)
					if err != nil {
						t.Fatalf("Generate(%+v) = %v", opt, err)
					}
					checkPuzzle(t, p, l)
					if !sym.Keeps(p.Puzzle) {
						t.Errorf("Generate(%+v) = %v, not %v-symmetric", opt, p.Puzzle, sym)
					}
					if p.Seed != opt.Seed || !p.Fresh || p.Attempts < 1 || p.Score != p.Rating.Score {
						t.Errorf("Generate(%+v): Seed %d, Fresh %v, Attempts %d, Score %v / %v", opt, p.Seed, p.Fresh, p.Attempts, p.Score, p.Rating.Score)
					}
					again, err := Generate(ctx, opt)
					if err != nil || again.Puzzle.String() != p.Puzzle.String() || again.Solution != p.Solution || again.Score != p.Score {
						t.Errorf("Generate(%+v) twice = %v then %v (%v)", opt, p.Puzzle, again.Puzzle, err)
					}
				}
			})
		}
	}
}

// TestGenerateConcurrentSameAsSerial shows that results do not depend on
// goroutine timing: puzzles made concurrently equal those made one by one.
func TestGenerateConcurrentSameAsSerial(t *testing.T) {
	const n = 8
	var serial, concurrent [n]engine.Grid
	for i := range n {
		p, err := Generate(context.Background(), Options{Rater: rating.DefaultRater(), Level: levels[i%4], Seed: uint64(1000 + i)})
		if err != nil {
			t.Fatal(err)
		}
		serial[i] = p.Puzzle
	}
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			p, err := Generate(context.Background(), Options{Rater: rating.DefaultRater(), Level: levels[i%4], Seed: uint64(1000 + i)})
			if err != nil {
				t.Error(err)
			}
			concurrent[i] = p.Puzzle
		})
	}
	wg.Wait()
	if serial != concurrent {
		t.Errorf("concurrent puzzles differ from serial ones:\n%v\n%v", serial, concurrent)
	}
}

func TestGenerateOptions(t *testing.T) {
	tests := []struct {
		name  string
		opt   Options
		check func(t *testing.T, p Puzzle)
	}{
		{"minimal", Options{Rater: rating.DefaultRater(), Level: rating.Medium, Minimal: true, Seed: 5}, func(t *testing.T, p Puzzle) {
			for cell, d := range p.Puzzle {
				if d == 0 {
					continue
				}
				q := p.Puzzle
				q[cell] = 0
				if n, _ := oracle.Count(q, 2); n != 2 {
					t.Errorf("minimal puzzle %v: removing %s leaves %d solutions, want 2+", p.Puzzle, engine.CellName(cell), n)
				}
			}
		}},
		{"minimal symmetric", Options{Rater: rating.DefaultRater(), Level: rating.Hard, Minimal: true, Symmetry: Rotational180, Seed: 3}, func(t *testing.T, p Puzzle) {
			if !Rotational180.Keeps(p.Puzzle) {
				t.Errorf("puzzle %v is not rotational", p.Puzzle)
			}
			for _, o := range Rotational180.Orbits() {
				if p.Puzzle[o[0]] == 0 {
					continue
				}
				q := p.Puzzle
				for _, c := range o {
					q[c] = 0
				}
				if n, _ := oracle.Count(q, 2); n != 2 {
					t.Errorf("minimal puzzle %v: removing orbit %v leaves %d solutions, want 2+", p.Puzzle, o, n)
				}
			}
		}},
		{"givens range", Options{Rater: rating.DefaultRater(), Level: rating.Easy, MinGivens: 34, MaxGivens: 36, Seed: 6}, func(t *testing.T, p Puzzle) {
			if n := p.Puzzle.Givens(); n < 34 || n > 36 {
				t.Errorf("puzzle %v has %d givens, want 34..36", p.Puzzle, n)
			}
		}},
		{"many givens", Options{Rater: rating.DefaultRater(), Level: rating.Easy, MinGivens: 50, Seed: 7}, func(t *testing.T, p Puzzle) {
			if n := p.Puzzle.Givens(); n < 50 {
				t.Errorf("puzzle %v has %d givens, want 50+", p.Puzzle, n)
			}
		}},
		{"evil upper tier", Options{Rater: rating.DefaultRater(), Level: rating.Evil, MinTier: UpperTier, Seed: 8}, func(t *testing.T, p Puzzle) {
			if p.Rating.HardestTier < UpperTier {
				t.Errorf("puzzle %v has hardest tier %d, want %d+", p.Puzzle, p.Rating.HardestTier, UpperTier)
			}
		}},
		{"hard needing tier 4", Options{Rater: rating.DefaultRater(), Level: rating.Hard, MinTier: 4, Seed: 11}, func(t *testing.T, p Puzzle) {
			if p.Rating.HardestTier < 4 {
				t.Errorf("puzzle %v has hardest tier %d, want 4+", p.Puzzle, p.Rating.HardestTier)
			}
		}},
		{"any level", Options{Rater: rating.DefaultRater(), Seed: 9}, func(t *testing.T, p Puzzle) {
			if p.Level < rating.Easy || p.Level > rating.Evil {
				t.Errorf("puzzle %v has level %v", p.Puzzle, p.Level)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Generate(context.Background(), tt.opt)
			if err != nil {
				t.Fatalf("Generate(%+v) = %v", tt.opt, err)
			}
			if n, sol := oracle.Count(p.Puzzle, 2); n != 1 || sol != p.Solution {
				t.Fatalf("Generate(%+v) = %v: oracle count %d", tt.opt, p.Puzzle, n)
			}
			if tt.opt.Level != 0 && p.Level != tt.opt.Level {
				t.Errorf("Generate(%+v).Level = %v", tt.opt, p.Level)
			}
			tt.check(t, p)
		})
	}
}

// TestGenerateScoreRange asks for scores above and below the score of a
// reference hard puzzle and gets puzzles on the requested side.
func TestGenerateScoreRange(t *testing.T) {
	ref, err := Generate(context.Background(), Options{Rater: rating.DefaultRater(), Level: rating.Hard, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	for i, opt := range []Options{
		{Level: rating.Hard, Seed: 12, MinScore: ref.Score},
		{Level: rating.Hard, Seed: 13, MaxScore: ref.Score},
		{Level: rating.Hard, Seed: 14, MinScore: ref.Score, MaxScore: ref.Score * 1.05},
	} {
		opt.Rater = rating.DefaultRater()
		p, err := Generate(context.Background(), opt)
		if err != nil {
			t.Fatalf("Generate(%+v) = %v", opt, err)
		}
		if p.Score < opt.MinScore || (opt.MaxScore != 0 && p.Score > opt.MaxScore) || p.Level != rating.Hard {
			t.Errorf("case %d: Generate(%+v) scored %v (%v), want %v..%v", i, opt, p.Score, p.Level, opt.MinScore, opt.MaxScore)
		}
	}
}

func TestGenerateEvilIncludesUpperTiers(t *testing.T) {
	upper := 0
	const n = 6
	for seed := range uint64(n) {
		p, err := Generate(context.Background(), Options{Rater: rating.DefaultRater(), Level: rating.Evil, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if p.Rating.HardestTier >= UpperTier {
			upper++
		}
		if seed%2 == 1 && p.Rating.HardestTier < UpperTier {
			t.Errorf("evil seed %d: hardest tier %d, want %d+ on odd seeds", seed, p.Rating.HardestTier, UpperTier)
		}
	}
	t.Logf("%d of %d evil puzzles need tier %d or above", upper, n, UpperTier)
}

func TestGenerateErrors(t *testing.T) {
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Generate(canceled, Options{Rater: rating.DefaultRater(), Level: rating.Evil}); !errors.Is(err, context.Canceled) {
		t.Errorf("Generate(canceled ctx) = %v, want %v", err, context.Canceled)
	}
	bad := []Options{
		{Level: rating.Level(7)},
		{Symmetry: Symmetry(9)},
		{MaxGivens: 16},
		{MinGivens: 40, MaxGivens: 30},
		{MinScore: 10, MaxScore: 5},
		{MinTier: rating.MaxTier + 1},
		{AllowedFailures: -1},
		// Impossible under the committed score model (DefaultModel): rejected before generating.
		{Level: rating.Easy, MinTier: 6},
		{Level: rating.Medium, MinTier: 2},
		{Level: rating.Hard, MinTier: 5},
		{Level: rating.Easy, MinScore: 1000},
		{MinScore: rating.MaxTier + 1},
		{Level: rating.Evil, MaxScore: 0.001},
		{Level: rating.Easy, MinScore: 1.7},
		{Level: rating.Hard, MinTier: 3, MaxScore: 2.5},
		{Level: rating.Easy, MaxGivens: 18},
		{Level: rating.Medium, MinGivens: 35},
		{Level: rating.Medium, MinScore: 1.9, MinGivens: 27},
	}
	for _, opt := range bad {
		opt.Rater = rating.DefaultRater() // each row fails for its own field
		var oe *OptionsError
		if _, err := Generate(context.Background(), opt); !errors.As(err, &oe) {
			t.Errorf("Generate(%+v) = %v, want an *OptionsError", opt, err)
		}
	}
}

// TestGenerateRatingBudget: with a huge AllowedFailures and options no grid
// meets in practice, the rating budget ends the call: it returns
// ErrGenerationFailed with the budget used up, long before MaxAttempts grids
// (which, rating on each of maxTuneMoves moves per grid, took 17 s of one
// core for this call without a budget).
func TestGenerateRatingBudget(t *testing.T) {
	opt := Options{Rater: rating.DefaultRater(), Minimal: true, MinGivens: 40, AllowedFailures: 1 << 30, Seed: 1}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	budget := 300
	if _, err := generate(ctx, opt, &budget); !errors.Is(err, ErrGenerationFailed) || budget != 0 {
		t.Errorf("generate(%+v, 300 ratings) = %v with %d ratings left, want %v with 0", opt, err, budget, ErrGenerationFailed)
	}
}

// TestFeasibleOptionsAccepted: the up-front checks keep options the model
// allows, near the edges of the levels' bands.
func TestFeasibleOptionsAccepted(t *testing.T) {
	good := []Options{
		{Level: rating.Easy, MinTier: 1},
		{Level: rating.Hard, MinTier: 4},
		{Level: rating.Evil, MinTier: 6},
		{Level: rating.Evil, MinScore: 6.5},
		{Level: rating.Medium, MinGivens: 29},
		{Level: rating.Easy, MaxGivens: 30},
		{Level: rating.Easy, Minimal: true, Symmetry: Rotational180},
		{Level: rating.Hard, Minimal: true, MinGivens: 27},
		{MinScore: 6.9},
	}
	for _, opt := range good {
		opt.Rater = rating.DefaultRater()
		if err := opt.Validate(); err != nil {
			t.Errorf("Validate(%+v) = %v, want nil", opt, err)
		}
	}
}

func TestCompletedGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[engine.Grid]bool{}
	var firstRow [10]int // how often each digit starts the grid
	for range 200 {
		g := CompletedGrid(rng)
		if !g.IsSolutionOf(&engine.Grid{}) {
			t.Fatalf("CompletedGrid = %v, not a valid completed grid", g)
		}
		if seen[g] {
			t.Fatalf("CompletedGrid repeated %v", g)
		}
		seen[g] = true
		firstRow[g[0]]++
	}
	for d := 1; d <= 9; d++ {
		if firstRow[d] < 5 { // 200/9 ≈ 22 expected
			t.Errorf("digit %d starts %d of 200 grids: not random-looking", d, firstRow[d])
		}
	}
}

func TestSymmetry(t *testing.T) {
	tests := []struct {
		sym        Symmetry
		wantOrbits int
	}{{None, 81}, {Rotational180, 41}, {Mirror, 45}, {Diagonal, 45}}
	for _, tt := range tests {
		orbits := tt.sym.Orbits()
		if len(orbits) != tt.wantOrbits {
			t.Errorf("%v.Orbits() has %d orbits, want %d", tt.sym, len(orbits), tt.wantOrbits)
		}
		seen := map[int]bool{}
		for _, o := range orbits {
			for _, c := range o {
				if seen[c] {
					t.Errorf("%v: cell %d in two orbits", tt.sym, c)
				}
				seen[c] = true
			}
		}
		if got, err := ParseSymmetry(tt.sym.String()); err != nil || got != tt.sym {
			t.Errorf("ParseSymmetry(%q) = %v, %v", tt.sym.String(), got, err)
		}
	}
	if _, err := ParseSymmetry("spiral"); err == nil {
		t.Error("ParseSymmetry(spiral) = nil error")
	}
	corner := engine.Grid{0, 5} // r1c2 alone: no symmetry but None keeps it
	for _, s := range symmetries {
		if got, want := s.Keeps(corner), s == None; got != want {
			t.Errorf("%v.Keeps(r1c2 only) = %v, want %v", s, got, want)
		}
		corner[s.image(1)] = 5
		if !s.Keeps(corner) {
			t.Errorf("%v.Keeps(r1c2 and its image) = false", s)
		}
		corner = engine.Grid{0, 5}
	}
}

// TestTuneEndsWhenMinimalUnreachable: with Minimal and a MinGivens high
// enough that no orbit may be removed, the puzzle never becomes minimal;
// tune must give the grid up on its failure budget rather than swap on
// target until the context ends.
func TestTuneEndsWhenMinimalUnreachable(t *testing.T) {
	tests := []Options{
		{Minimal: true, MinGivens: 40, Seed: 1},
		{Level: rating.Hard, Minimal: true, MinGivens: 36, Seed: 2},
	}
	for _, o := range tests {
		o.Rater = rating.DefaultRater()
		opt, err := o.check()
		if err != nil {
			t.Fatalf("check(%+v) = %v", o, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		rng := rand.New(rand.NewPCG(opt.Seed, seedStream))
		for range 3 {
			budget := maxGenerateRatings
			m := newMasker(CompletedGrid(rng), rng, opt, &budget)
			m.randomMask(ctx)
			m.tune(ctx, newTarget(opt))
			if ctx.Err() != nil {
				t.Fatalf("tune(%+v) ran until the context ended", o)
			}
		}
		cancel()
	}
}

// TestGenerateNeedsRater: the generator has no model of its own, so
// options without a Rater are refused before any work.
func TestGenerateNeedsRater(t *testing.T) {
	var oe *OptionsError
	opt := Options{Level: rating.Easy, Seed: 1} // no Rater
	if _, err := Generate(t.Context(), opt); !errors.As(err, &oe) || oe.Field != "Rater" {
		t.Errorf("Generate(no Rater) = %v, want an *OptionsError on Rater", err)
	}
}

// TestGenerateWithRater: the generator rates with the options' Rater and
// checks feasibility against its model, not the default one.
func TestGenerateWithRater(t *testing.T) {
	m := rating.DefaultModel()
	m.Cuts = [3]float64{1.5, 2.5, 3.5} // hard is [2.5, 3.5) under m
	r := rating.NewRater(m)
	p, err := Generate(t.Context(), Options{Level: rating.Hard, Seed: 3, Rater: r})
	if err != nil {
		t.Fatalf("Generate(Hard, Rater with cuts %v) error = %v", m.Cuts, err)
	}
	got, err := r.Rate(p.Puzzle)
	if err != nil || got.Level != rating.Hard || got.Score != p.Score || p.Score < 2.5 || p.Score >= 3.5 {
		t.Errorf("Generate(Hard, Rater) = score %v; the rater says %v, %v, %v; want a hard score in [2.5, 3.5)", p.Score, got.Level, got.Score, err)
	}
	tests := []struct {
		name string
		opt  Options
		ok   bool
	}{
		{"default model: hard reaches 4", Options{Rater: rating.DefaultRater(), Level: rating.Hard, MinScore: 3.6}, true},
		{"rater's model: hard ends at 3.5", Options{Level: rating.Hard, MinScore: 3.6, Rater: r}, false},
	}
	for _, tt := range tests {
		if err := tt.opt.Validate(); (err == nil) != tt.ok {
			t.Errorf("%s: Validate() = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}
