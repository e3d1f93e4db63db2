package service

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// recentSize is the number of puzzles per level the supply keeps to answer
// with their variants: enough that a burst's variants come from many
// originals, small enough to cost nothing (32 puzzles of a few hundred
// bytes per level).
const recentSize = 32

// supply owns where a /generate puzzle comes from: the pool only produces,
// and every decision is made here, in one place.
//
// Per puzzle of a request, in order:
//
//   - a score window or a technique (targeted): generated on a pool worker
//     with those options, within targetBudget (never remembered);
//   - a Seed or a Symmetry: generated on a pool worker with those options
//     (reproducible; never remembered, so never handed out as a variant);
//   - Fresh: generated on a pool worker with the pool's options;
//   - else, while the level's fresh budget (Config.FreshRate) lasts, a
//     buffered puzzle (TryGet, never waits);
//   - else an isomorphic variant of a recent puzzle of the level (the
//     answer to bursts: no wait, no generation work);
//   - else (nothing handed out for the level yet) the next puzzle the pool
//     makes, waiting for it.
//
// A batch (Count > 1) whose puzzles are generated (Seed, Symmetry or
// Fresh) is admitted as one unit before any work. One that cannot fit its
// deadline at the level's pace so far (the moving average of the
// generations made for requests) is refused as too large (*BatchError,
// with the count that fits). Then one such batch at a
// time, so batches take at most one worker however many ask, and single
// requests keep reaching the others (and, with one worker, take turns
// with the batch's puzzles in the pool's queue). Another generating batch
// meanwhile fails at once with engine.ErrOverloaded. Once admitted, a
// batch is not refused halfway when the pool's waiting requests are full:
// it waits for room, within its deadline. It succeeds or fails whole, and
// only a whole batch is reported served.
//
// Every wait of a request ends at Config.GenerateTimeout. Puzzles made with
// the pool's own options and handed out (buffered, fresh or waited for) join
// the recent puzzles. The supply also holds the readiness latch: see ready.
type supply struct {
	pool    Pool
	timeout time.Duration
	rater   *rating.Rater // Config.Rater: scores seeded and symmetric puzzles
	budget  *freshBudget
	hooks   Hooks

	batch     chan struct{} // the one slot of a generating batch
	streaming chan struct{} // the one slot of a stream (see Service.GenerateStream)
	// pace is the moving average of the time one generation for a request
	// took, per level, in nanoseconds: what a generating batch costs.
	pace [rating.Evil + 1]atomic.Int64

	mu     sync.Mutex
	recent [rating.Evil + 1][]generate.Puzzle // ring of puzzles handed out, per level
	next   [rating.Evil + 1]int               // ring position in recent

	warm atomic.Bool // latched by ready
}

func newSupply(pool Pool, cfg Config, hooks Hooks) *supply {
	return &supply{
		pool:      pool,
		timeout:   cfg.GenerateTimeout,
		rater:     cfg.Rater,
		budget:    newFreshBudget(cfg.FreshRate, cfg.FreshBurst),
		hooks:     hooks,
		batch:     make(chan struct{}, 1),
		streaming: make(chan struct{}, 1),
	}
}

// generate returns req.Count puzzles of req.Level, which the caller has
// checked. A batch is generated puzzle by puzzle under one deadline, and
// fails as a whole on the first error; a generating batch is admitted
// first (see supply).
func (s *supply) generate(ctx context.Context, req GenerateRequest) ([]generate.Puzzle, error) {
	admitted := req.Count > 1 && (req.Seed != nil || req.Symmetry != generate.None || req.Fresh || req.Targeted())
	if admitted {
		if per := time.Duration(s.pace[req.Level].Load()); per > 0 && time.Duration(req.Count)*per > s.timeout {
			return nil, &BatchError{Count: req.Count, Fit: int(s.timeout / per), Level: req.Level}
		}
		release, err := admit(s.batch, "batch")
		if err != nil {
			return nil, err
		}
		defer release()
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	out := make([]generate.Puzzle, 0, req.Count)
	for i := range req.Count {
		var pz generate.Puzzle
		var err error
		if admitted {
			// Admitted as a unit: wait for room in the pool rather than
			// throw away the puzzles made so far.
			pz, err = s.oneWaiting(ctx, req, uint64(i))
		} else {
			pz, err = s.one(ctx, req, uint64(i))
		}
		if err != nil {
			return nil, err
		}
		out = append(out, pz)
	}
	for _, pz := range out {
		s.hooks.Served(pz.Level, pz.Fresh)
	}
	return out, nil
}

// one makes the i-th puzzle of req (see supply).
func (s *supply) one(ctx context.Context, req GenerateRequest, i uint64) (generate.Puzzle, error) {
	l := req.Level
	switch {
	case req.Targeted():
		return s.target(ctx, req, i)
	case req.Seed != nil || req.Symmetry != generate.None:
		seed := rand.Uint64()
		if req.Seed != nil {
			seed = *req.Seed + i
		}
		start := time.Now()
		pz, err := s.pool.Generate(ctx, generate.Options{Level: l, Seed: seed, Symmetry: req.Symmetry, Rater: s.rater})
		s.paced(l, start, err)
		return pz, err
	case req.Fresh:
		start := time.Now()
		pz, err := s.pool.Fresh(ctx, l)
		s.paced(l, start, err)
		return s.remember(pz, err)
	}
	if s.budget.take(l, time.Now()) {
		if pz, ok := s.pool.TryGet(l); ok {
			return s.remember(pz, nil)
		}
		s.budget.refund(l)
	}
	if pz, ok := s.variant(l, rand.Uint64()); ok {
		return pz, nil
	}
	return s.remember(s.pool.Get(ctx, l))
}

// targetBudget bounds the generation of one targeted puzzle (a score
// window or a technique): a common technique takes milliseconds, a rare
// one (a jellyfish, an x-chain as the hardest step) may take the engine's
// whole rating budget, seconds of a core. Past this the request answers
// ErrTooCostly (503 with Retry-After) rather than hold a worker.
const targetBudget = 2 * time.Second

// target makes the i-th puzzle of a targeted request on a pool worker,
// within targetBudget: generate.ErrGenerationFailed, or the budget's end
// while ctx lives, is ErrTooCostly.
func (s *supply) target(ctx context.Context, req GenerateRequest, i uint64) (generate.Puzzle, error) {
	seed := rand.Uint64()
	if req.Seed != nil {
		seed = *req.Seed + i
	}
	tctx, cancel := context.WithTimeout(ctx, targetBudget)
	defer cancel()
	start := time.Now()
	pz, err := s.pool.Generate(tctx, req.options(seed, s.rater))
	s.paced(req.Level, start, err)
	if errors.Is(err, generate.ErrGenerationFailed) || err != nil && ctx.Err() == nil && tctx.Err() != nil {
		return pz, fmt.Errorf("%w (%v)", ErrTooCostly, err)
	}
	return pz, err
}

// paced adds the time since start of one generation for a request at
// level l to the level's pace, a moving average over about the last eight,
// when it succeeded (err nil; a failure says nothing about the pace).
func (s *supply) paced(l rating.Level, start time.Time, err error) {
	if err != nil {
		return
	}
	d := int64(time.Since(start))
	for {
		old := s.pace[l].Load()
		next := d
		if old > 0 {
			next = old - old/8 + d/8
		}
		if s.pace[l].CompareAndSwap(old, next) {
			return
		}
	}
}

// remember keeps a puzzle handed out among the recent ones of its level,
// and passes its arguments through.
func (s *supply) remember(pz generate.Puzzle, err error) (generate.Puzzle, error) {
	if err != nil {
		return pz, err
	}
	l := pz.Level
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.recent[l]) < recentSize {
		s.recent[l] = append(s.recent[l], pz)
	} else {
		s.recent[l][s.next[l]] = pz
		s.next[l] = (s.next[l] + 1) % recentSize
	}
	return pz, nil
}

// variant returns an isomorphic variant of one of the recent puzzles of
// level l, chosen by seed (generate.Puzzle.VariantOf: same rating and
// solution count, Fresh false); false when there is none yet. It never
// blocks.
func (s *supply) variant(l rating.Level, seed uint64) (generate.Puzzle, bool) {
	s.mu.Lock()
	n := len(s.recent[l])
	var pz generate.Puzzle
	if n > 0 {
		pz = s.recent[l][seed%uint64(n)]
	}
	s.mu.Unlock()
	if n == 0 {
		return generate.Puzzle{}, false
	}
	return pz.VariantOf(seed), true
}

// ready reports whether the supply has warmed up once: every level has had
// a buffered puzzle, or one was handed out, so that a request of any level
// is answered without waiting for generation (from the buffer or with a
// variant). Once true it stays true: under a burst the buffers run dry
// while the service is at its busiest, and that is no reason to take it
// out of rotation.
func (s *supply) ready() bool {
	if s.warm.Load() {
		return true
	}
	for _, l := range rating.Levels() {
		if s.pool.Depth(l) > 0 {
			continue
		}
		s.mu.Lock()
		n := len(s.recent[l])
		s.mu.Unlock()
		if n == 0 {
			return false
		}
	}
	s.warm.Store(true)
	return true
}
