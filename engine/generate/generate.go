package generate

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// Options says what puzzle Generate makes. Rater is required; the zero
// value of every other field but Level means "no constraint" or "the
// default".
type Options struct {
	// Level is the level the rater must give the puzzle. The zero Level
	// accepts any level: masking runs to a minimal puzzle, which is rated
	// and returned as it is.
	Level rating.Level
	// Seed selects the puzzle: the same options with the same Seed give the
	// same puzzle on every machine (for a given engine version).
	Seed uint64
	// Symmetry is the pattern the givens keep (None by default).
	Symmetry Symmetry
	// Minimal asks for a minimal puzzle: removing any given (any orbit of
	// givens under Symmetry, when there is one) gives a puzzle with more
	// than one solution.
	Minimal bool
	// MinGivens and MaxGivens bound the number of givens (0: no bound).
	MinGivens, MaxGivens int
	// MinScore and MaxScore bound the rater's score within the level
	// (0: no bound), for callers who want finer control than the level.
	MinScore, MaxScore float64
	// MinTier asks for puzzles whose hardest technique is in the rater's
	// tier MinTier or above (0: no constraint). For Evil with MinTier 0
	// the generator asks for tier UpperTier on every other seed, so that
	// evil puzzles include ones needing fish, wings or trial.
	MinTier int
	// Technique asks for puzzles whose hardest technique (Rating.Hardest:
	// the last of the hardest tier's techniques, in the order of
	// Techniques, that the path used) is the one of that name, as HoDoKu
	// offers; "" means no constraint. Validate rejects an unknown name
	// (KindInvalid) and a technique whose tier the level, score window or
	// MinTier exclude (Infeasible).
	Technique string
	// AllowedFailures is the number of tuned-masking moves that fail to
	// bring the puzzle closer to the target before the completed grid is
	// abandoned and a new one is drawn (Ease and Toil's allowed failures); 0
	// means DefaultAllowedFailures.
	AllowedFailures int
	// Rater rates every candidate puzzle, and its score model sets the
	// bands Validate checks the options against. It is required: the
	// generator has no model of its own, its caller chooses one
	// (rating.DefaultRater for the committed model, rating.NewRater for a
	// house style).
	Rater *rating.Rater
}

// Puzzle is a generated puzzle with its solution and rating.
type Puzzle struct {
	Puzzle   engine.Grid   // the givens
	Solution engine.Grid   // the unique solution
	Level    rating.Level  // the rater's level, the one asked for
	Score    float64       // the rater's score
	Rating   rating.Rating // the full rating
	// Seed is the seed of Options that reproduces the puzzle.
	Seed uint64
	// Attempts is the number of completed grids drawn to make it (1 when
	// the first one gave a puzzle at the level).
	Attempts int
	// Fresh is true for a puzzle made by the generator and false for an
	// isomorphic variant of an earlier puzzle (see VariantOf).
	Fresh bool
	// Variant is the seed of the transformation that made a variant from
	// the puzzle of Seed; 0 for a fresh puzzle.
	Variant uint64
}

// Limits of generation.
const (
	// DefaultAllowedFailures is the tuned-masking failure budget when
	// Options.AllowedFailures is 0: enough for the rater's score to
	// climb from a random minimal puzzle to hard, few enough that a
	// hopeless grid is dropped within a few milliseconds.
	DefaultAllowedFailures = 12
	// MaxAttempts bounds the completed grids one Generate call draws. With
	// a level's default options a puzzle takes one to a few grids on
	// average (attempts/puzzle in docs/generator.md, TestGeneratorStats);
	// demanding options that a puzzle can meet take more. Options that
	// Validate rejects (see generate_feasible.go: a score window or tier
	// outside the level's band, a givens range the level excludes) cost
	// nothing; options it lets through but no grid meets in practice (say
	// Evil with MaxGivens 20, or MaxGivens 18 with Symmetry Diagonal) end
	// with ErrGenerationFailed after MaxAttempts grids, each with at most
	// maxTuneMoves tuned-masking moves, or after maxGenerateRatings
	// ratings: about one second of one core on the development machine.
	// Callers bound it further with ctx.
	MaxAttempts = 2000
	// maxGenerateRatings bounds the ratings of one Generate call, the bulk
	// of its work, whatever AllowedFailures is. A call that finds a puzzle
	// rates few candidates: at most 90 over 150 plain calls (5 levels × 30
	// seeds), at most 2,000 for demanding options such as Evil with
	// MinScore 6.9 and AllowedFailures 1000. A failing call gives up after
	// MaxAttempts grids or this many ratings, whichever comes first: about
	// a second of one core.
	maxGenerateRatings = 20_000
	// UpperTier is the first of the rater's upper tiers (Cheng and Xiao's level
	// 3: triples, X-wing, XY-wing; above it quads, swordfish, XYZ-wing,
	// jellyfish, WXYZ-wing, the chains, forcing chains and nets, and trial).
	UpperTier = 3
	// minPuzzleGivens is the fewest givens a unique puzzle can have.
	minPuzzleGivens = 17
)

// ErrGenerationFailed means Generate drew MaxAttempts completed grids, or
// used up its rating budget, without finding a puzzle that meets the
// options.
var ErrGenerationFailed = engine.NewError(engine.KindInfeasible, "no puzzle meets the options")

// OptionsError reports Options that no puzzle can meet.
type OptionsError struct {
	Field  string // the offending field of Options
	Reason string
	// Infeasible is set when every field is in its range but together,
	// under the score model, they admit no puzzle (a score window outside
	// the level's band, a technique the level excludes; see
	// generate_feasible.go): the request is well formed, the combination
	// impossible.
	Infeasible bool
}

// Error names the offending field and why no puzzle can meet it.
func (e *OptionsError) Error() string {
	return fmt.Sprintf("invalid generate options: %s: %s", e.Field, e.Reason)
}

// Kind returns KindInfeasible for an impossible combination (Infeasible)
// and KindInvalid for a field out of its range.
func (e *OptionsError) Kind() engine.Kind {
	if e.Infeasible {
		return engine.KindInfeasible
	}
	return engine.KindInvalid
}

// Parameter returns the offending field.
func (e *OptionsError) Parameter() string { return e.Field }

// Validate reports options no puzzle can meet as an *OptionsError, without
// generating: the checks Generate starts with. Besides the ranges of the fields
// it rejects options the score model of o.Rater makes impossible:
// MinScore of 9 or more, a score window missing the level's band of scores, a
// MinTier above the tiers that band allows, givens bounds outside those of a
// singles-only level (Easy, Medium), and Easy with Minimal and no symmetry (see
// minimalNoneMaxGivens). Cost: about a microsecond.
func (o Options) Validate() error {
	_, err := o.check()
	return err
}

// check validates the options and fills in the defaults.
func (o Options) check() (Options, error) {
	switch {
	case o.Rater == nil:
		return o, &OptionsError{Field: "Rater", Reason: "nil: the caller chooses the score model (rating.DefaultRater, rating.NewRater)"}
	case o.Level > rating.Evil:
		return o, &OptionsError{Field: "Level", Reason: fmt.Sprintf("unknown level %d", o.Level)}
	case o.Symmetry > Diagonal:
		return o, &OptionsError{Field: "Symmetry", Reason: fmt.Sprintf("unknown symmetry %d", o.Symmetry)}
	case o.MinGivens < 0 || o.MinGivens > 80:
		return o, &OptionsError{Field: "MinGivens", Reason: "want 0..80"}
	case o.MaxGivens != 0 && (o.MaxGivens < minPuzzleGivens || o.MaxGivens > 80):
		return o, &OptionsError{Field: "MaxGivens", Reason: "want 0 (no bound) or 17..80: no puzzle with fewer than 17 givens has one solution"}
	case o.MaxGivens != 0 && o.MinGivens > o.MaxGivens:
		return o, &OptionsError{Field: "MinGivens", Reason: "above MaxGivens"}
	case o.MinScore < 0 || o.MaxScore < 0 || (o.MaxScore != 0 && o.MinScore > o.MaxScore):
		return o, &OptionsError{Field: "MinScore", Reason: "want 0 <= MinScore <= MaxScore"}
	case o.MinTier < 0 || o.MinTier > rating.MaxTier:
		return o, &OptionsError{Field: "MinTier", Reason: fmt.Sprintf("want 0..%d", rating.MaxTier)}
	case o.Technique != "" && rating.TechniqueID(o.Technique) < 0:
		return o, &OptionsError{Field: "Technique", Reason: fmt.Sprintf("unknown technique %q: want one of %s", o.Technique, strings.Join(rating.TechniqueNames(), ", "))}
	case o.AllowedFailures < 0:
		return o, &OptionsError{Field: "AllowedFailures", Reason: "negative"}
	}
	if err := o.feasible(); err != nil {
		err.Infeasible = true
		return o, err
	}
	if o.AllowedFailures == 0 {
		o.AllowedFailures = DefaultAllowedFailures
	}
	return o, nil
}

// evilTierPolicy is the generator's one policy on top of the options: for
// Evil with no MinTier, every other seed (the odd ones) asks for tier
// UpperTier, so that evil puzzles include ones needing fish, wings or
// trial (see Options.MinTier). It is applied after validation.
func (o Options) evilTierPolicy() Options {
	if o.Level == rating.Evil && o.MinTier == 0 && o.Seed%2 == 1 {
		o.MinTier = UpperTier
	}
	return o
}

// Generate makes a puzzle with exactly one solution that meets opt: a
// completed grid is drawn (CompletedGrid), random masking removes givens while
// the puzzle stays unique, then tuned masking moves it toward opt.Level with
// the rater's score, drawing a new grid after opt.AllowedFailures failed
// moves. Every removal is followed by a uniqueness test.
//
// Generate is synchronous and deterministic: its randomness comes from a PCG
// source seeded with opt.Seed only, so equal options give equal puzzles on
// every machine. It checks ctx between steps and returns ctx.Err() when ctx
// ends first; it returns an *OptionsError for impossible options and
// ErrGenerationFailed after MaxAttempts grids or maxGenerateRatings
// ratings. Cost: from well under a
// millisecond (easy) to tens of milliseconds (evil) on one core; see
// BENCHMARKS.md.
func Generate(ctx context.Context, opt Options) (Puzzle, error) {
	sc := scratchPool.Get().(*genScratch)
	defer scratchPool.Put(sc)
	sc.ratings = maxGenerateRatings
	return generateWith(ctx, opt, sc, &sc.ratings)
}

// generate is Generate with the rating budget *ratings, which it uses up
// (tests shrink it and look at what is left).
func generate(ctx context.Context, opt Options, ratings *int) (Puzzle, error) {
	sc := scratchPool.Get().(*genScratch)
	defer scratchPool.Put(sc)
	return generateWith(ctx, opt, sc, ratings)
}

// generateWith is generate on the scratch sc.
func generateWith(ctx context.Context, opt Options, sc *genScratch, ratings *int) (Puzzle, error) {
	opt, err := opt.check()
	if err != nil {
		return Puzzle{}, err
	}
	opt = opt.evilTierPolicy()
	sc.seed(opt.Seed)
	t := newTarget(opt)
	for attempt := 1; attempt <= MaxAttempts && *ratings > 0; attempt++ {
		if err := ctx.Err(); err != nil {
			return Puzzle{}, err
		}
		sol := completedGrid(sc.rng, &sc.pcg, &sc.kept)
		m := sc.masker(sol, opt, ratings)
		m.randomMask(ctx)
		if err := ctx.Err(); err != nil {
			return Puzzle{}, err
		}
		r, ok := m.tune(ctx, t)
		if ok && !singlesTrue(opt, m.p) {
			continue
		}
		if ok {
			return Puzzle{
				Puzzle: m.p, Solution: sol, Level: r.Level, Score: r.Score, Rating: r,
				Seed: opt.Seed, Attempts: attempt, Fresh: true,
			}, nil
		}
	}
	if err := ctx.Err(); err != nil {
		return Puzzle{}, err
	}
	return Puzzle{}, ErrGenerationFailed
}

// singlesTrue is the generator's second check of a level's technique band,
// independent of the rater's path: under a technique-true model
// (ScoreModel.TechniqueTrue, the committed one), a Hard or Evil puzzle must
// stall the singles-only solver (SolvesBySingles), so no singles-only path
// exists. The rater's path gives the same answer (a tier-1 path is a
// singles-only path, and singles never block one another), so this never
// rejects a puzzle unless the rater is wrong; it costs one propagation of
// singles.
func singlesTrue(opt Options, p engine.Grid) bool {
	if opt.Level < rating.Hard {
		return true
	}
	m := opt.Rater.Model()
	return !m.TechniqueTrue() || !SolvesBySingles(p)
}

// seedStream is the PCG stream constant of the generator, fixed so that seeds
// give the same puzzles forever.
const seedStream = 0x5d0c_5eed_9e37_79b9

// CompletedGrid returns a random completed (solved) grid drawn from rng: digits
// are placed one at a time in random cells with random candidates, singles
// propagated after each, until the fast solver finds that the placed digits
// have exactly one solution, which is returned. A dead end (no solution)
// starts over. Because only the solution count and the unique solution are
// taken from the solver, the grid depends on rng alone, not on how the solver
// searches. Cost: about 60 placements over two or three attempts and 16
// solver calls, tens of microseconds (Generate's own fill, completedGrid,
// asks the solver about once an attempt).
func CompletedGrid(rng *rand.Rand) engine.Grid { return completedGrid(rng, nil, nil) }

// position is a position of completedGrid's fill that the solver is asked
// about: the digits placed, and the random source's state after drawing
// them.
type position struct {
	digits engine.Grid
	src    rand.PCG
}

// completedGrid is CompletedGrid. When src is rng's source (and kept room
// for the positions of an attempt: at most 60, each with fewer empty cells
// than the one before, from 60 down to one) it asks the solver later and
// less often, with the same grid and the same draws from src (Generate's
// fill): placements do not depend on the solver's answers, and the count of
// solutions only falls as digits are placed. So it places digits until
// singles fill the grid or meet a contradiction, keeping each position the
// solver would have been asked about (a copy of the digits and of src's
// state), and then asks about the last one: two solutions or more there
// mean two or more at every position before it, so the eager loop would
// have gone on to the end too (one solver call where it made about
// sixteen). Otherwise a binary search finds the first position with one
// solution or none, src is set back to its state there, and that position
// ends the attempt, as it did in the eager loop. With src nil, the solver
// is asked at each position, as first written.
func completedGrid(rng *rand.Rand, src *rand.PCG, kept *[60]position) engine.Grid {
	for {
		b, _ := engine.NewBoard(engine.Grid{})
		var empties [81]uint8
		n := 0 // kept positions
		for {
			m := 0
			for cell, d := range b.Digits {
				// the empty cells in order, without a branch on each
				// (placed and empty cells come in no order)
				empties[m] = uint8(cell)
				m += int((uint(d) - 1) >> 63)
			}
			cell := int(empties[rng.IntN(m)])
			cands := b.Cands[cell]
			for k := rng.IntN(engine.Count(cands)); k > 0; k-- {
				cands &= cands - 1
			}
			ok := b.Place(cell, engine.Digit(cands&-cands)) && engine.PropagateSingles(&b)
			if !ok || b.Solved() {
				if src != nil && n > 0 {
					// the eager loop's answer at the first kept position
					// with at most one solution, if there is one
					if res, at := firstDecided(kept[:n]); at >= 0 {
						*src = kept[at].src
						if res.Count == 1 {
							return res.Solution
						}
						break
					}
				}
				if !ok {
					break
				}
				return b.Digits
			}
			if b.Empty() > 60 { // far from unique: skip the solver
				continue
			}
			if src != nil {
				kept[n].digits, kept[n].src = b.Digits, *src
				n++
				continue
			}
			res := engine.Solve(b.Digits)
			if res.Count == 1 {
				return res.Solution
			}
			if res.Count == 0 {
				break
			}
		}
	}
}

// firstDecided returns the solver's result at the first of the positions
// (each with the digits of the one before it and more) that has at most
// one solution, and its index; -1 when every position has two or more.
// Counts only fall along the positions, so the last one is asked first and
// a binary search finds the first.
func firstDecided(kept []position) (engine.Result, int) {
	last := engine.Solve(kept[len(kept)-1].digits)
	if last.Count >= 2 {
		return last, -1
	}
	// the first decided position is in [lo, hi]; res is hi's result
	res, lo, hi := last, 0, len(kept)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if r := engine.Solve(kept[mid].digits); r.Count < 2 {
			res, hi = r, mid
		} else {
			lo = mid + 1
		}
	}
	return res, hi
}
