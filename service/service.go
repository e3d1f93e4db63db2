package service

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/classic"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/receipt"
)

// Limits of the service, the defaults of Config.
const (
	// DefaultGenerateTimeout bounds how long a request waits for a newly
	// generated puzzle (fresh=true, or a cold pool): evil puzzles take up
	// to a few seconds of one core to find, so the default leaves room for
	// one of them while keeping a client from waiting forever.
	DefaultGenerateTimeout = 10 * time.Second
	// maxInFlightPerCore is DefaultMaxInFlight's multiple of Cores.
	// Solves, ratings and hints are CPU-bound: more than a few per core
	// only queue inside the scheduler and raise every request's latency,
	// while a few per core keep each core busy across the short waits of
	// a request (decoding, writing the answer).
	maxInFlightPerCore = 4
	// DefaultSlowSolveTimeout bounds one solve with an algorithm other than
	// engine.DefaultAlgorithm. The classic solvers take up to seconds on
	// hard puzzles (BENCHMARKS.md, "Classic solving algorithms": 1.4 s
	// per top1465 puzzle for annealing, budgets exhausted for brute force),
	// and without a cap
	// one client can hold CPU for the whole request deadline; 2 s lets
	// them finish typical puzzles and cuts the pathological ones.
	DefaultSlowSolveTimeout = 2 * time.Second
	// DefaultAdmissionWait is how long a request waits for a free slot
	// before it is refused with engine.ErrOverloaded: overload answers fast
	// instead of queueing forever.
	DefaultAdmissionWait = 100 * time.Millisecond
	// MaxBatch is the largest count of puzzles one generate call returns.
	MaxBatch = 100
)

// Cores returns the number of cores the process can keep busy at once:
// GOMAXPROCS (which Go lowers to a container's CPU limit), but no more than
// the machine has. GOMAXPROCS may be set above the core count to cut tail
// latency on cores shared with other busy processes (docs/service.md); the
// CPU-bound limits derived from Cores then stay those of the real cores.
func Cores() int {
	return max(1, min(runtime.GOMAXPROCS(0), runtime.NumCPU()))
}

// DefaultMaxInFlight returns the default bound on solves, ratings and hints
// computed at once: maxInFlightPerCore per core (Cores).
func DefaultMaxInFlight() int {
	return maxInFlightPerCore * Cores()
}

// DefaultMaxSlowInFlight returns the default bound on solves with the slow
// algorithms (any but engine.DefaultAlgorithm) running at once: half the
// cores, at least one, so they can never take every core from the fast
// operations.
func DefaultMaxSlowInFlight() int {
	return max(1, Cores()/2)
}

// ErrNotReady means the service cannot generate: it has no pool, or the
// pool has not warmed up yet. Its kind is engine.KindNotReady. (A refusal
// for want of capacity is engine.ErrOverloaded, the one overload error of
// the program.)
var ErrNotReady = engine.NewError(engine.KindNotReady, "service not ready")

// Config holds the tunable limits of a Service. Zero fields take the
// defaults above.
type Config struct {
	// GenerateTimeout bounds a wait for a newly generated puzzle.
	GenerateTimeout time.Duration
	// MaxInFlight bounds concurrent CPU-bound calls (solve, rate, hint).
	MaxInFlight int
	// AdmissionWait is how long a call waits for one of those slots.
	AdmissionWait time.Duration
	// SlowSolveTimeout bounds a solve with any algorithm other than
	// engine.DefaultAlgorithm; past it the solve fails with
	// engine.ErrBudgetExceeded.
	SlowSolveTimeout time.Duration
	// MaxSlowInFlight bounds the slow solves running at once; one more
	// fails at once with engine.ErrOverloaded. It is taken before, and besides, a
	// MaxInFlight slot.
	MaxSlowInFlight int
	// FreshRate bounds the buffered (fresh) puzzles per second and level
	// that Generate hands out; past it the answers are variants. 0 means
	// DefaultFreshRate, a negative rate no limit.
	FreshRate float64
	// FreshBurst is how many fresh puzzles per level may be handed out at
	// once after a quiet spell (0: one second's worth).
	FreshBurst int
	// Rater scores every puzzle the service rates, explains or
	// generates on demand, and sets its level: a house-style model
	// (sudokud -model). Nil: the committed model (rating.DefaultRater);
	// the service passes it to every generation it asks for.
	// The pool's template (generate.PoolConfig.Options.Rater) must be the
	// same, or buffered puzzles follow another model.
	Rater *rating.Rater
	// DailySecret keys the derivation of the puzzles of the day
	// (generate.SecretDailyKey): replicas sharing it generate the same
	// puzzle for the same date and level, and no one without it can
	// compute a future one. Nil: the public derivation
	// (generate.PublicDailyKey), which anyone can compute from the source
	// code and the salt. Once stored, every replica serves the stored
	// puzzle whatever its secret.
	DailySecret *generate.DailySecret
	// DailySalt is mixed into the derivation: with a secret, an optional
	// label; without one, the only thing between the public and the
	// future puzzles (and a weak one unless long and random).
	DailySalt string
	// StoreTimeout bounds one call to the daily store (0:
	// DefaultStoreTimeout).
	StoreTimeout time.Duration
	// ReceiptSecret keys the puzzle tokens and solve receipts (at least
	// receipt.MinSecretBytes bytes). Replicas must share it, or a token
	// served by one is refused by another; empty: a random secret of
	// this process (tokens and receipts verify here only, and not after
	// a restart).
	ReceiptSecret []byte
	// TokenTTL is how long a puzzle token may be redeemed (0:
	// DefaultTokenTTL).
	TokenTTL time.Duration
	// ReceiptTTL is how long a solve receipt verifies (0:
	// DefaultReceiptTTL).
	ReceiptTTL time.Duration
}

// dailyKey is the derivation of the puzzles of the day c configures.
func (c Config) dailyKey() generate.DailyKey {
	if c.DailySecret != nil {
		return generate.SecretDailyKey(*c.DailySecret, c.DailySalt)
	}
	return generate.PublicDailyKey(c.DailySalt)
}

func (c Config) withDefaults() Config {
	if c.Rater == nil {
		c.Rater = rating.DefaultRater()
	}
	if c.GenerateTimeout <= 0 {
		c.GenerateTimeout = DefaultGenerateTimeout
	}
	if c.MaxInFlight <= 0 {
		c.MaxInFlight = DefaultMaxInFlight()
	}
	if c.SlowSolveTimeout <= 0 {
		c.SlowSolveTimeout = DefaultSlowSolveTimeout
	}
	if c.MaxSlowInFlight <= 0 {
		c.MaxSlowInFlight = DefaultMaxSlowInFlight()
	}
	if c.AdmissionWait <= 0 {
		c.AdmissionWait = DefaultAdmissionWait
	}
	if c.FreshRate == 0 {
		c.FreshRate = DefaultFreshRate
	}
	if c.StoreTimeout <= 0 {
		c.StoreTimeout = DefaultStoreTimeout
	}
	if c.TokenTTL <= 0 {
		c.TokenTTL = DefaultTokenTTL
	}
	if c.ReceiptTTL <= 0 {
		c.ReceiptTTL = DefaultReceiptTTL
	}
	if c.FreshBurst <= 0 {
		c.FreshBurst = max(1, int(c.FreshRate))
	}
	return c
}

// Hooks receives what the service did, for metrics. Implementations must be
// safe for concurrent use and fast: they run on the request path.
type Hooks interface {
	// Solved reports one solve with engine.DefaultAlgorithm (named) and
	// its duration: microseconds.
	Solved(algorithm string, d time.Duration)
	// SlowSolved reports one solve with another algorithm and its
	// duration: milliseconds to seconds (see Service.solveSlow).
	SlowSolved(algorithm string, d time.Duration)
	// Rated reports one rating (or explanation, or hint) and its duration.
	Rated(op string, d time.Duration)
	// Served reports one puzzle handed out: fresh from the pool, or an
	// isomorphic variant of a recent one when the pool's buffer was empty.
	Served(level rating.Level, fresh bool)
	// AdmissionRejected reports one call of operation op (OpSolve,
	// OpSlowSolve, OpRate, OpExplain, OpHint) refused with
	// engine.ErrOverloaded for want of a slot.
	AdmissionRejected(op string)
}

// NopHooks is Hooks that does nothing.
type NopHooks struct{}

// Solved does nothing.
func (NopHooks) Solved(string, time.Duration) {}

// SlowSolved does nothing.
func (NopHooks) SlowSolved(string, time.Duration) {}

// Rated does nothing.
func (NopHooks) Rated(string, time.Duration) {}

// Served does nothing.
func (NopHooks) Served(rating.Level, bool) {}

// AdmissionRejected does nothing.
func (NopHooks) AdmissionRejected(string) {}

// Service is the set of use-cases. It is safe for concurrent use; its zero
// value is not usable: build it with New.
type Service struct {
	cfg        Config
	algorithms *engine.Registry // every algorithm Solve can run
	hooks      Hooks
	slots      chan struct{} // admission semaphore for CPU-bound calls
	slow       chan struct{} // slots of solveSlow, taken before a CPU slot
	pool       Pool
	supply     *supply // nil without a pool
	daily      dailyCache
	store      DailyStore
	now        func() time.Time // the clock of the daily cache, the embargo, tokens and receipts: Deps.Now; tests set it
	signer     *receipt.Signer  // signs tokens and receipts with Config.ReceiptSecret
}

// Deps are the engine parts a Service calls. Pool may be nil, and then
// generate answers ErrNotReady.
type Deps struct {
	// Pool generates and buffers puzzles per level.
	Pool Pool
	// Hooks receives metrics events; nil means NopHooks.
	Hooks Hooks
	// Store keeps the published puzzles of the day; nil, and the daily
	// use-cases answer ErrNotReady.
	Store DailyStore
	// Now is the clock that decides which dates are public; nil means
	// time.Now.
	Now func() time.Time
}

// New returns a Service with the given limits and engine parts. A
// ReceiptSecret, when set, must hold at least receipt.MinSecretBytes bytes
// (New panics otherwise: callers check it with receipt.ParseSecret).
func New(cfg Config, deps Deps) *Service {
	cfg = cfg.withDefaults()
	if deps.Hooks == nil {
		deps.Hooks = NopHooks{}
	}
	if deps.Now == nil {
		deps.Now = time.Now
	}
	s := &Service{
		cfg:        cfg,
		algorithms: engine.NewRegistry(classic.Algorithms()...),
		hooks:      deps.Hooks,
		slots:      make(chan struct{}, cfg.MaxInFlight),
		slow:       make(chan struct{}, cfg.MaxSlowInFlight),
		pool:       deps.Pool,
		store:      deps.Store,
		now:        deps.Now,
		signer:     newSigner(cfg.ReceiptSecret),
	}
	if deps.Pool != nil {
		s.supply = newSupply(deps.Pool, cfg, deps.Hooks)
	}
	return s
}

// admit takes one CPU slot for operation op, waiting at most the admission
// wait; the caller must call the returned release once. It fails with
// engine.ErrOverloaded (reported to Hooks.AdmissionRejected) when no slot
// frees up in time, or with the context's error when ctx ends first.
func (s *Service) admit(ctx context.Context, op string) (release func(), err error) {
	select {
	case s.slots <- struct{}{}:
		return s.release, nil
	default:
	}
	t := time.NewTimer(s.cfg.AdmissionWait)
	defer t.Stop()
	select {
	case s.slots <- struct{}{}:
		return s.release, nil
	case <-t.C:
		s.hooks.AdmissionRejected(op)
		return nil, fmt.Errorf("no %s slot free within %s: %w", op, s.cfg.AdmissionWait, engine.ErrOverloaded)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

func (s *Service) release() { <-s.slots }

// Ready reports whether this replica can serve: without a pool there is
// nothing to wait for; with one, its supply has warmed up once (see
// supply.ready: a latch, not the buffer depth of the moment). The daily
// store's health is not part of it: the store is shared, so an outage
// fails every replica's readiness at once and takes the whole fleet out
// of the Service, while /generate, /solve, /rate, /hint, /check and the
// cached dailies still work; the store has its own metric and alert
// instead (sudoku_store_up, docs/runbook.md), and the daily endpoints
// answer 503 store-unavailable saying why.
func (s *Service) Ready() bool {
	return s.supply == nil || s.supply.ready()
}
