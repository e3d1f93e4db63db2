package service

import (
	"context"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokuhq/sudoku/engine"
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
// Every wait of a request ends at Config.GenerateTimeout. Puzzles made with
// the pool's own options and handed out (buffered, fresh or waited for) join
// the recent puzzles. The supply also holds the readiness latch: see ready.
type supply struct {
	pool    Pool
	timeout time.Duration
	budget  *freshBudget
	hooks   Hooks

	mu     sync.Mutex
	recent [engine.Evil + 1][]engine.Puzzle // ring of puzzles handed out, per level
	next   [engine.Evil + 1]int             // ring position in recent

	warm atomic.Bool // latched by ready
}

func newSupply(pool Pool, cfg Config, hooks Hooks) *supply {
	return &supply{
		pool:    pool,
		timeout: cfg.GenerateTimeout,
		budget:  newFreshBudget(cfg.FreshRate, cfg.FreshBurst),
		hooks:   hooks,
	}
}

// generate returns req.Count puzzles of req.Level, which the caller has
// checked. A batch is generated puzzle by puzzle under one deadline, and
// fails as a whole on the first error.
func (s *supply) generate(ctx context.Context, req GenerateRequest) ([]engine.Puzzle, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	out := make([]engine.Puzzle, 0, req.Count)
	for i := range req.Count {
		pz, err := s.one(ctx, req, uint64(i))
		if err != nil {
			return nil, err
		}
		s.hooks.Served(req.Level, pz.Fresh)
		out = append(out, pz)
	}
	return out, nil
}

// one makes the i-th puzzle of req (see supply).
func (s *supply) one(ctx context.Context, req GenerateRequest, i uint64) (engine.Puzzle, error) {
	l := req.Level
	switch {
	case req.Seed != nil || req.Symmetry != engine.None:
		seed := rand.Uint64()
		if req.Seed != nil {
			seed = *req.Seed + i
		}
		return s.pool.Generate(ctx, engine.GenerateOptions{Level: l, Seed: seed, Symmetry: req.Symmetry})
	case req.Fresh:
		return s.remember(s.pool.Fresh(ctx, l))
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

// remember keeps a puzzle handed out among the recent ones of its level,
// and passes its arguments through.
func (s *supply) remember(pz engine.Puzzle, err error) (engine.Puzzle, error) {
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
// level l, chosen by seed (engine.Puzzle.VariantOf: same rating and
// solution count, Fresh false); false when there is none yet. It never
// blocks.
func (s *supply) variant(l engine.Level, seed uint64) (engine.Puzzle, bool) {
	s.mu.Lock()
	n := len(s.recent[l])
	var pz engine.Puzzle
	if n > 0 {
		pz = s.recent[l][seed%uint64(n)]
	}
	s.mu.Unlock()
	if n == 0 {
		return engine.Puzzle{}, false
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
	for _, l := range engine.Levels() {
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
