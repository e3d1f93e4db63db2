package rating

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/sudokuhq/sudoku/engine"
)

// Rating is the difficulty of a puzzle as the rater's simulated human expert
// sees it (Ease and Toil, Cheng and Xiao, math-fun and HumanSolve), with the
// fitted score and level.
type Rating struct {
	// Level is the service's difficulty class, from Score.
	Level Level
	// Score is the continuous difficulty, in [1, 9) (0 for a solved grid);
	// higher is harder. See docs/rating.md for its scale.
	Score float64
	// Steps is Cheng and Xiao's (and HumanSolve's) expected number of checks d,
	// walking the tiers as Cheng and Xiao do: each tier searched in vain adds
	// its s possible applications, each productive tier visit adds
	// (s+1)/(r+1) for its r valid ones (see Rate for the rounds).
	Steps float64
	// WNEF is Ease and Toil's weighted normalized ease function of the puzzle
	// (1 = every empty cell has one candidate; lower is harder), with the
	// exponential weight of WNEFLambda.
	WNEF float64
	// Hardest is the name of the hardest technique used (see Techniques).
	Hardest string
	// HardestTier is its tier, 1..MaxTier (SudokuExplainer-style max
	// rating).
	HardestTier int
	// Level1 reports the math-fun list's level 1: solved by naked and hidden
	// singles alone.
	Level1 bool
	// Counts holds the number of valid applications of each technique on
	// the path.
	Counts TechniqueCounts
	// Givens is the number of givens.
	Givens int
	// Path holds the statistics of the solving path: what the score
	// model's features are computed from (Features, FeatureTable) and the
	// numbers only calibration reads.
	Path PathStats
}

// PathStats are the statistics of a rating's solving path (Rating.Path),
// filled in by the rater's observer of its loop (pathObserver,
// rate_stats.go): the inputs of the score model's features and the
// numbers only calibration reads. Callers who show a rating need none of
// them.
type PathStats struct {
	// StepsSequential is d as if the r applications of a round were taken
	// one at a time with s fixed: Σ_{k=1..r} (s+1)/(k+1) per productive
	// visit. It is research only (no score or API reads it): it stays here
	// because only the rater's loop sees each visit's s and r, it costs a
	// few additions per round, and internal/calib's agreement table uses it
	// to show that it agrees less with human labels than Steps
	// (docs/rating.md).
	StepsSequential float64
	// Choices is Ease and Toil's choice histogram of the puzzle: Choices[n] is
	// the number of empty cells with n candidates after the givens. WNEF is
	// computed from it; internal/calib recomputes WNEF under other weights
	// from it to fit WNEFLambda.
	Choices Choices
	// Rounds is the number of rounds on the path (see Rate).
	Rounds int
	// Density is the mean number of candidates per empty cell over the
	// rounds' starting boards, as sudokuwiki's grader counts it.
	Density float64
	// Singles is the mean number of singles available per singles round:
	// many parallel choices make a puzzle easier.
	Singles float64
	// LineRounds and NakedRounds say which kinds of singles a person who
	// always looks for the easiest one first needs, from the givens on:
	// singles alone are applied in rounds of one kind, hidden singles in
	// boxes while there are any, else hidden singles in rows and columns
	// (a line round), else naked singles (a naked round), until the board
	// is solved or no single is left. Sudoku Explainer rates the three 1.2,
	// 1.5 and 2.3 by the same easiest-first walk, so this is what sets its
	// rating of a singles-only puzzle. Bottlenecks counts the rater's
	// singles rounds where a single cell could be placed. Together they are
	// what a player feels between puzzles that need singles alone.
	LineRounds, NakedRounds, Bottlenecks int
	// OpenMin and OpenShare are the open placements of the rater's
	// singles rounds (the cells some naked or hidden single fills in that
	// round): in the narrowest one, and as a share of the round's empty
	// cells, averaged over the singles rounds. ScanEffort is the cells a
	// player scanning in no particular order checks to find them one at a
	// time, summed over the singles rounds (see pathObserver.openSingles).
	// Many open placements at every step make a singles-only puzzle easy;
	// a narrow step is where a player gets stuck. All three are 0 without
	// a singles round.
	OpenMin    int
	OpenShare  float64
	ScanEffort float64
	// ChainRounds and ForcingRounds count the rounds of tiers 6 (chains)
	// and 7 (forcing chains and nets).
	ChainRounds, ForcingRounds int
	// ChainKind is the hardest chain a round needed: over the chain rounds,
	// the largest of each round's easiest technique, numbered by its place
	// in tier 6 of Techniques: 1 (remote pair) to 6 (AIC). 0 without
	// chains.
	ChainKind int
	// NeedsChain reports a chain round where no almost-locked-set wing (a
	// bivalue cell and an almost locked set of 3 or 4 cells, see
	// wingExists) could have removed a candidate either: only a chain got
	// through there.
	NeedsChain bool
	// ChainLinks is the length of the hardest chain on the path: over the
	// chain rounds (tier 6), the largest of each round's shortest chain,
	// in links (a round applies only its shortest chains, see findChains).
	// 0 without chains.
	ChainLinks int
	// TrialWaves is the length of the hardest forcing chain on the path:
	// over the forcing rounds (tier 7), the largest of each round's
	// shortest refutation (or, for a net, its longest branch), in waves of
	// singles, the assumption itself counting one. 0 without forcing chains.
	TrialWaves int
	// DeepTrials counts the trial rounds (tier 8): no chain, forcing chain
	// or forcing net made progress, so trial fell back on a deeper search.
	DeepTrials int
}

// Rate rates puzzle g. It returns the *ConflictError of Validate when givens
// conflict, ErrNoSolution when the puzzle has no solution and
// ErrMultipleSolutions when it has more than one.
//
// The simulated expert works in rounds. Each round walks the tiers from the
// easiest (Cheng and Xiao): in each tier it counts every possible application s
// and every valid one r. When r = 0 it adds s to Steps and goes one tier up;
// otherwise it applies all r valid applications at once, adds (s+1)/(r+1)
// (Cheng and Xiao's expected checks up to the first success) and starts the next
// round at tier 1.
// Applying all valid applications of a tier together makes the path, and so
// every number of the rating, independent of cell numbering and digit
// values: isomorphic puzzles get the same rating.
//
// Cost: one Solve, then a few rounds of strategy search; trial is bounded
// (see findTrial). Rating allocates nothing in steady state: its scratch
// (the finder, with its search cache and chain scratch) comes from a pool
// (BenchmarkRate, `go test ./engine/rating -run XXX -bench 'BenchmarkRate$'
// -benchmem`, reports 0 allocs/op); Explain allocates its steps.
//
// Rate scores with the committed model (DefaultModel); NewRater rates with
// another.
func Rate(g engine.Grid) (Rating, error) {
	return defaultRater.Rate(g)
}

// Explain rates puzzle g like Rate and also returns the full solving path:
// every valid application of every round, in order, without the ones a
// previous step of the same round already made redundant.
func Explain(g engine.Grid) (Rating, []Step, error) {
	return defaultRater.Explain(g)
}

// Rater rates puzzles with one score model. The model only turns the path's
// numbers into Score and Level: every other field of a Rating is the same
// under every model. A Rater never changes, so it is safe for concurrent
// use.
type Rater struct {
	model   ScoreModel
	noCache bool // search every part every round (tests: the cache changes nothing)
	noLive  bool // search tier 1 and compute the views on the whole board every round (tests: findSinglesLive changes nothing)
}

// defaultRater is the Rater of Rate and Explain.
var defaultRater = NewRater(defaultModel)

// DefaultRater returns the Rater of Rate and Explain, which scores with the
// committed model (DefaultModel): the one callers wire in when no other
// model is configured. Every call returns the same Rater.
func DefaultRater() *Rater { return defaultRater }

// NewRater returns a Rater that scores with a copy of m.
func NewRater(m ScoreModel) *Rater {
	return &Rater{model: m}
}

// Model returns a copy of the rater's score model.
func (r *Rater) Model() ScoreModel { return r.model }

// Rate is the package's Rate under r's model.
func (r *Rater) Rate(g engine.Grid) (Rating, error) {
	rt, _, err := r.rate(g, false)
	return rt, err
}

// Explain is the package's Explain under r's model.
func (r *Rater) Explain(g engine.Grid) (Rating, []Step, error) {
	return r.rate(g, true)
}

// errUnsound reports a rater bug: a step removed the solution's digit.
var errUnsound = errors.New("rater step contradicts the solution")

// RateUnique rates g, a puzzle the caller knows to have exactly one
// solution, sol: it skips the uniqueness check (one Solve) that Rate
// starts with. The generator rates this way: it keeps every candidate
// puzzle unique (every removal is followed by a uniqueness test), with
// the completed grid it masks as the solution. The caller must be sure:
// a step that contradicts sol fails with errUnsound, but a puzzle with
// several solutions, sol among them, may get a rating.
func (r *Rater) RateUnique(g, sol engine.Grid) (Rating, error) {
	rt, _, err := r.rateWith(g, &sol, false)
	return rt, err
}

// rate is Rate and Explain.
func (r *Rater) rate(g engine.Grid, explain bool) (Rating, []Step, error) {
	sol, err := engine.UniqueSolution(g)
	if err != nil {
		return Rating{}, nil, err
	}
	return r.rateWith(g, &sol, explain)
}

// rateWith rates g, whose one solution is *sol.
func (r *Rater) rateWith(g engine.Grid, sol *engine.Grid, explain bool) (Rating, []Step, error) {
	var rt Rating
	f := getFinder(explain, sol)
	defer putFinder(f)
	f.cache.off = r.noCache
	// The board lives in f.live, which keeps its views up to date as the
	// rounds change it (applyRound), starting with the whole board changed.
	if !f.live.startGrid(&g) {
		return rt, nil, engine.ErrNoSolution
	}
	f.live.markAll()
	f.liveOn = !r.noLive
	b := &f.live.b
	rt.Givens = g.Givens()
	rt.Path.Choices = choices(b)
	rt.WNEF = rt.Path.Choices.WNEF(WNEFLambda)
	rt.Path.LineRounds, rt.Path.NakedRounds = singlesWalk(f.live)
	stats := pathObserver{rt: &rt}
	var path []Step
	for f.live.empty() > 0 { // b is f.live's
		stats.roundStart(&f.live)
		f.startRound(b)
		t := 1
		for ; t <= MaxTier; t++ {
			stats.tierStart(t, f)
			s := f.searchTier(t)
			stats.tierSearched(t, s, f, b)
			if f.apps > 0 {
				break
			}
		}
		if t > MaxTier {
			return rt, nil, fmt.Errorf("rater stuck with %d empty cells: %w", b.Empty(), errUnsound)
		}
		if explain {
			path = appendRound(path, b, f.steps)
		}
		cands := b.Cands
		f.live.cells = cellSet{} // so that it holds the cells the round changes (findSinglesLive has read it)
		if err := f.live.applyRound(f, f.solution); err != nil {
			return rt, nil, err
		}
		f.live.cells.or(f.touched).forEach(func(c int) {
			if b.Cands[c] != cands[c] {
				f.cache.changed(c, cands[c], b.Cands[c])
			}
		})
	}
	stats.finish(f)
	rt.Score = r.model.Score(&rt)
	rt.Level = r.model.Level(rt.Score)
	return rt, path, nil
}

// applyRound applies the round of f to b as the rater's loop applies it
// to its live board (propagation.applyRound), for callers without one.
func applyRound(b *engine.Board, f *finder, sol *engine.Grid) error {
	var p propagation
	p.startBoard(b)
	err := p.applyRound(f, sol)
	*b = p.b
	return err
}

// applyRound applies a round's eliminations, then its placements, to p,
// keeping its views up to date and recording what changed. It checks
// each against the solution and returns errUnsound on a mismatch, which
// would be a rater bug.
func (p *propagation) applyRound(f *finder, sol *engine.Grid) error {
	for w := range 2 {
		for tm := f.touched[w]; tm != 0; tm &= tm - 1 {
			c := w<<6 | bits.TrailingZeros64(tm)
			m := f.elim[c]
			if m == 0 {
				continue
			}
			if m&engine.Bit(int(sol[c])) != 0 {
				return fmt.Errorf("%s loses its digit %d: %w", engine.CellName(c), sol[c], errUnsound)
			}
			if p.b.Digits[c] != 0 {
				continue
			}
			for mm := m & p.b.Cands[c]; mm != 0; mm &= mm - 1 {
				p.remove(c, mm&-mm) // keeps the solution's digit
			}
		}
	}
	for w := range 2 {
		for tm := f.touched[w]; tm != 0; tm &= tm - 1 {
			c := w<<6 | bits.TrailingZeros64(tm)
			d := f.place[c]
			if d == 0 || p.b.Digits[c] != 0 {
				continue
			}
			if d != sol[c] {
				return fmt.Errorf("%s gets %d, not %d: %w", engine.CellName(c), d, sol[c], errUnsound)
			}
			p.place(c, engine.Bit(int(d))) // its peers keep their solution digits
		}
	}
	return nil
}

// appendRound appends the steps of a round to path, dropping eliminations
// and placements an earlier step of the round already made, and steps left
// with nothing.
func appendRound(path []Step, b *engine.Board, steps []Step) []Step {
	t := *b
	for _, st := range steps {
		var pl []Placement
		var el []Candidate
		for _, e := range st.Eliminations {
			if t.Cands[e.Cell]&engine.Bit(e.Digit) != 0 {
				t.Eliminate(e.Cell, engine.Bit(e.Digit))
				el = append(el, e)
			}
		}
		for _, p := range st.Placements {
			if t.Digits[p.Cell] == 0 {
				t.Place(p.Cell, p.Digit)
				pl = append(pl, p)
			}
		}
		if len(pl) == 0 && len(el) == 0 {
			continue
		}
		st.Placements, st.Eliminations = pl, el
		path = append(path, st)
	}
	return path
}
