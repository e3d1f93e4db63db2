package generate

import (
	"context"
	cryptorand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// Pool errors.
var (
	// ErrPoolClosed means the pool was closed.
	ErrPoolClosed = engine.NewError(engine.KindNotReady, "generation pool closed")
)

// Pool defaults.
const (
	// DefaultBufferSize is the number of ready puzzles kept per level: a
	// burst of that many requests per level is served without waiting.
	DefaultBufferSize = 16
	// waitingPerWorker sets the default admission bound: requests allowed
	// to wait for generation at once, per worker. Beyond it a request can
	// only expect to wait longer than its neighbours' whole generation
	// time, so it is turned away (ErrOverloaded).
	waitingPerWorker = 4
	// refillBackoffMin and refillBackoffMax bound the pause of a worker
	// after a failed background generation: the pause doubles with each
	// failure in a row, from the minimum up to the maximum, and a success
	// resets it. A generator that always fails thus costs a few calls a
	// second instead of a spinning core.
	refillBackoffMin = 10 * time.Millisecond
	refillBackoffMax = 5 * time.Second
)

// Rejection reasons passed to PoolHooks.Rejected.
const (
	RejectOverloaded = "overloaded" // admission bound reached: ErrOverloaded
	RejectCanceled   = "canceled"   // the request's context ended while it waited
	RejectFailed     = "failed"     // the generator returned an error
)

// PoolHooks receives the pool's measurements, for export as metrics by the
// caller (the engine imports no metrics library). Methods are called from
// the pool's goroutines and from requests, concurrently; they must be quick
// and safe for concurrent use.
type PoolHooks interface {
	// Generated reports one puzzle made for level in d of worker time after
	// the given number of completed grids (Puzzle.Attempts).
	Generated(level rating.Level, d time.Duration, attempts int)
	// Depth reports the number of ready puzzles of level after a change.
	Depth(level rating.Level, n int)
	// Rejected reports a request or a generation that failed, with one of
	// the Reject* reasons.
	Rejected(level rating.Level, reason string)
}

// NopPoolHooks is a PoolHooks that ignores everything.
type NopPoolHooks struct{}

// Generated does nothing.
func (NopPoolHooks) Generated(rating.Level, time.Duration, int) {}

// Depth does nothing.
func (NopPoolHooks) Depth(rating.Level, int) {}

// Rejected does nothing.
func (NopPoolHooks) Rejected(rating.Level, string) {}

// PoolConfig configures a Pool. Zero fields take the defaults.
type PoolConfig struct {
	// Workers is the number of generations that run at once, the pool's
	// whole CPU use (default runtime.GOMAXPROCS(0)): as many goroutines
	// refill the buffers and run queued on-demand generations, and an
	// on-demand generation that finds one of the Workers slots free runs
	// on its caller's goroutine.
	Workers int
	// BufferSize is the number of ready puzzles kept per level (default
	// DefaultBufferSize).
	BufferSize int
	// MaxWaiting bounds the requests waiting for generation at once,
	// across levels; one more fails with ErrOverloaded (default 4 per
	// worker).
	MaxWaiting int
	// Seed is the base of the seeds of the pool's puzzles; the n-th puzzle
	// the pool makes has seed SplitSeed(Seed, n). Zero draws a random base.
	Seed uint64
	// Options is the template of the pool's generation options: the pool
	// sets Level and Seed (Symmetry, say, comes from here).
	Options Options
	// Hooks receives the measurements (default NopPoolHooks).
	Hooks PoolHooks
	// Generate is the generator (default the package's Generate); tests
	// substitute fakes.
	Generate func(context.Context, Options) (Puzzle, error)
}

// Pool is the generation worker pool: a bounded set of workers that keep a
// buffer of ready puzzles per level filled in the background and run
// on-demand generation for requests that want it. It only produces: which
// puzzle a request gets (buffered, fresh, a variant of a recent one) is the
// caller's decision (the service's supply).
//
//   - Get takes a ready puzzle (well under a microsecond); when the level's
//     buffer is empty it waits for the workers, bounded by its context.
//     TryGet never waits.
//   - Generate and Fresh run one generation, bounded by the request's
//     context: on the caller's goroutine when one of the Workers slots is
//     free and no request is queued (no hand-off: handing a job to an
//     idle worker and back costs two wake-ups, about 25 µs of CPU with
//     idle processors, BenchmarkPoolFresh), else queued for a worker,
//     which takes queued requests before background refills and keeps
//     its slot from one to the next.
//   - At most MaxWaiting requests wait at once; more fail fast with
//     ErrOverloaded.
//
// The level arguments should be one of the four levels: callers validate
// their input once at their edge. Any other value is refused with an
// *UnknownLevelError (TryGet: false) before it reaches a buffer or a hook.
//
// Every goroutine of the pool is started by NewPool and ended by Close, which
// waits for them; Close also stops the generations running on callers'
// goroutines (they return ErrPoolClosed) and waits for them to end. A Pool
// is safe for concurrent use.
type Pool struct {
	cfg    PoolConfig
	hooks  PoolHooks
	gen    func(context.Context, Options) (Puzzle, error)
	ctx    context.Context // ends at Close
	cancel context.CancelFunc
	wg     sync.WaitGroup
	once   sync.Once

	ready   [rating.Evil + 1]chan Puzzle // ready puzzles per level (index 0 unused)
	jobs    chan *job                    // on-demand generations waiting for a worker (MaxWaiting places)
	wake    chan struct{}                // a buffer has room: wakes an idle worker
	waiting chan struct{}                // admission semaphore of waiting requests
	slots   chan struct{}                // one per worker, held by each generation running
	n       atomic.Uint64                // puzzles started, for seeds

	mu       sync.Mutex
	inflight [rating.Evil + 1]int // background generations running per level
	waiters  [rating.Evil + 1]int // Get calls waiting per level
	failures int                  // background generations failed in a row
	calls    int                  // generations running on callers' goroutines
	closed   bool                 // Close began: no generation starts on a caller's goroutine
	idle     *sync.Cond           // on mu: signalled when calls drops to 0 after Close began
}

// job is one on-demand generation.
type job struct {
	ctx  context.Context
	opt  Options
	done chan jobResult // buffered: the worker never blocks on it
}

type jobResult struct {
	p   Puzzle
	err error
}

// jobPool holds idle jobs with their result channels (a Puzzle is over
// 600 bytes), so that an on-demand generation allocates neither: a job
// goes back only once its result was read, when no worker holds it.
var jobPool = sync.Pool{New: func() any { return &job{done: make(chan jobResult, 1)} }}

// Validate reports, as an *OptionsError, a template cfg.Options that no
// puzzle of some level can meet (the pool sets Level and Seed itself, so
// the template is checked with every level). NewPool panics on such a
// config; call Validate first when the config comes from outside.
func (cfg PoolConfig) Validate() error {
	for _, l := range levels {
		opt := cfg.Options
		opt.Level = l
		if err := opt.Validate(); err != nil {
			return fmt.Errorf("pool options for level %v: %w", l, err)
		}
	}
	return nil
}

// NewPool returns a pool with its workers started; they begin filling the
// buffers at once (see Ready). Close it to stop them. Like
// regexp.MustCompile it panics when cfg.Validate reports an error: a
// template no puzzle meets would keep the workers failing for ever.
func NewPool(cfg PoolConfig) *Pool {
	if err := cfg.Validate(); err != nil {
		panic("generate.NewPool: " + err.Error())
	}
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	if cfg.BufferSize <= 0 {
		cfg.BufferSize = DefaultBufferSize
	}
	if cfg.MaxWaiting <= 0 {
		cfg.MaxWaiting = waitingPerWorker * cfg.Workers
	}
	if cfg.Seed == 0 {
		cfg.Seed = randomSeed()
	}
	p := &Pool{cfg: cfg, hooks: cfg.Hooks, gen: cfg.Generate}
	if p.hooks == nil {
		p.hooks = NopPoolHooks{}
	}
	if p.gen == nil {
		p.gen = Generate
	}
	p.ctx, p.cancel = context.WithCancel(context.Background())
	p.idle = sync.NewCond(&p.mu)
	p.slots = make(chan struct{}, cfg.Workers)
	for _, l := range levels {
		p.ready[l] = make(chan Puzzle, cfg.BufferSize)
	}
	p.jobs = make(chan *job, cfg.MaxWaiting)
	p.wake = make(chan struct{}, cfg.Workers)
	p.waiting = make(chan struct{}, cfg.MaxWaiting)
	p.wg.Add(cfg.Workers)
	for range cfg.Workers {
		go p.worker()
	}
	return p
}

// Close stops the workers, abandoning the generations in progress, and waits
// for every goroutine of the pool to end. Requests waiting on the pool return
// ErrPoolClosed (or their own context's error). Close is idempotent.
func (p *Pool) Close() {
	p.once.Do(func() {
		p.mu.Lock()
		p.closed = true
		p.mu.Unlock()
		p.cancel()
		p.wg.Wait()
		p.mu.Lock()
		for p.calls > 0 {
			p.idle.Wait()
		}
		p.mu.Unlock()
	})
}

// worker runs queued on-demand jobs first, then background refills, each
// in a slot; it sleeps when every buffer is full and ends when the pool
// closes.
func (p *Pool) worker() {
	defer p.wg.Done()
	for p.ctx.Err() == nil {
		select {
		case <-p.ctx.Done():
			return
		case j := <-p.jobs:
			p.serve(j)
			continue
		default:
		}
		if l, ok := p.claim(); ok {
			if !p.acquire() {
				return
			}
			err := p.refill(l)
			<-p.slots
			if err != nil && p.ctx.Err() == nil {
				p.backoff()
			}
			continue
		}
		select {
		case <-p.ctx.Done():
			return
		case j := <-p.jobs:
			p.serve(j)
		case <-p.wake:
		}
	}
}

// acquire takes a slot, waiting for one; false when the pool closes first.
func (p *Pool) acquire() bool {
	select {
	case p.slots <- struct{}{}:
		return true
	case <-p.ctx.Done():
		return false
	}
}

// serve runs the queued job j in a slot and, keeping the slot, every job
// queued behind it: with requests waiting, a worker goes from one to the
// next with no hand-over.
func (p *Pool) serve(j *job) {
	if !p.acquire() {
		j.done <- jobResult{err: ErrPoolClosed}
		return
	}
	defer func() { <-p.slots }()
	for {
		p.run(j)
		if p.ctx.Err() != nil {
			return // the requests still queued end with the pool
		}
		select {
		case j = <-p.jobs:
		default:
			return
		}
	}
}

// claim picks the level whose buffer most needs a puzzle, counting the
// generations in progress, levels with waiting requests first; false when
// every buffer is full or being filled.
func (p *Pool) claim() (rating.Level, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	best, bestNeed := rating.Level(0), 0
	for _, l := range levels {
		need := p.cfg.BufferSize - len(p.ready[l]) - p.inflight[l]
		if p.waiters[l] > 0 {
			need = p.cfg.BufferSize + p.waiters[l] - p.inflight[l]
		}
		if need > bestNeed {
			best, bestNeed = l, need
		}
	}
	if best != 0 {
		p.inflight[best]++
	}
	return best, best != 0
}

// refill makes one puzzle of level l for its buffer, and returns the
// generator's error.
func (p *Pool) refill(l rating.Level) error {
	opt := p.options(l)
	start := time.Now()
	pz, err := p.gen(p.ctx, opt)
	d := time.Since(start)
	p.mu.Lock()
	p.inflight[l]--
	p.mu.Unlock()
	if err != nil {
		if p.ctx.Err() == nil {
			p.hooks.Rejected(l, RejectFailed)
		}
		return err
	}
	p.mu.Lock()
	p.failures = 0
	p.mu.Unlock()
	p.hooks.Generated(l, d, pz.Attempts)
	select {
	case p.ready[l] <- pz:
	default: // full: a waiter gave up after this generation was claimed
	}
	p.hooks.Depth(l, len(p.ready[l]))
	return nil
}

// backoff pauses the worker after a failed background generation, for
// refillBackoffMin doubled per failure in a row up to refillBackoffMax,
// without a slot. It still runs queued on-demand jobs meanwhile and ends
// early when the pool closes.
func (p *Pool) backoff() {
	p.mu.Lock()
	p.failures++
	n := p.failures
	p.mu.Unlock()
	delay := refillBackoffMax
	if n <= 20 {
		delay = min(refillBackoffMin<<(n-1), refillBackoffMax)
	}
	t := time.NewTimer(delay)
	defer t.Stop()
	for {
		select {
		case <-p.ctx.Done():
			return
		case <-t.C:
			return
		case j := <-p.jobs:
			p.serve(j)
		}
	}
}

// run executes a queued on-demand job, stopping when the job's context or
// the pool ends.
func (p *Pool) run(j *job) {
	pz, err := p.gen1(j.ctx, j.opt)
	j.done <- jobResult{pz, err}
}

// gen1 runs one on-demand generation, stopping when ctx or the pool ends.
func (p *Pool) gen1(ctx context.Context, opt Options) (Puzzle, error) {
	ctx, cancel := context.WithCancel(ctx)
	stop := context.AfterFunc(p.ctx, cancel)
	start := time.Now()
	pz, err := p.gen(ctx, opt)
	d := time.Since(start)
	stop()
	cancel()
	if err == nil {
		p.hooks.Generated(pz.Level, d, pz.Attempts)
	}
	return pz, err
}

// here runs an on-demand generation on the caller's goroutine, in the
// slot the caller holds; Close stops it and waits for it.
func (p *Pool) here(ctx context.Context, opt Options) (Puzzle, error) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return Puzzle{}, ErrPoolClosed
	}
	p.calls++
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		if p.calls--; p.calls == 0 && p.closed {
			p.idle.Broadcast()
		}
		p.mu.Unlock()
	}()
	return p.gen1(ctx, opt)
}

// options returns the generation options of the pool's next puzzle of level l.
func (p *Pool) options(l rating.Level) Options {
	opt := p.cfg.Options
	opt.Level = l
	opt.Seed = SplitSeed(p.cfg.Seed, p.n.Add(1))
	return opt
}

// signal wakes one idle worker, if any sleeps.
func (p *Pool) signal() {
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// admit takes a waiting slot, or reports ErrOverloaded at once.
func (p *Pool) admit(l rating.Level) error {
	select {
	case p.waiting <- struct{}{}:
		return nil
	default:
		p.hooks.Rejected(l, RejectOverloaded)
		return fmt.Errorf("generation pool: %d requests already waiting: %w", cap(p.waiting), engine.ErrOverloaded)
	}
}

// Get returns a puzzle of level l: a ready one from the buffer when there is
// one (no waiting: a channel receive), else the next one the workers make,
// waiting at most until ctx ends (then it returns ctx.Err()). When
// MaxWaiting requests already wait it returns ErrOverloaded at once.
func (p *Pool) Get(ctx context.Context, l rating.Level) (Puzzle, error) {
	if err := p.check(l); err != nil {
		return Puzzle{}, err
	}
	select {
	case pz := <-p.ready[l]:
		p.took(l)
		return pz, nil
	default:
	}
	if err := p.admit(l); err != nil {
		return Puzzle{}, err
	}
	defer func() { <-p.waiting }()
	p.mu.Lock()
	p.waiters[l]++
	p.mu.Unlock()
	defer func() {
		p.mu.Lock()
		p.waiters[l]--
		p.mu.Unlock()
	}()
	p.signal()
	select {
	case pz := <-p.ready[l]:
		p.took(l)
		return pz, nil
	case <-ctx.Done():
		p.hooks.Rejected(l, RejectCanceled)
		return Puzzle{}, ctx.Err()
	case <-p.ctx.Done():
		return Puzzle{}, ErrPoolClosed
	}
}

// TryGet takes a ready puzzle of level l without waiting; false when the
// buffer is empty or the pool closed. Cost: a channel receive.
func (p *Pool) TryGet(l rating.Level) (Puzzle, bool) {
	if p.check(l) != nil {
		return Puzzle{}, false
	}
	select {
	case pz := <-p.ready[l]:
		p.took(l)
		return pz, true
	default:
		return Puzzle{}, false
	}
}

// took reports the new depth of l and wakes a worker to refill it.
func (p *Pool) took(l rating.Level) {
	p.hooks.Depth(l, len(p.ready[l]))
	p.signal()
}

// check refuses a level that is none of the four (*UnknownLevelError) and
// reports a closed pool.
func (p *Pool) check(l rating.Level) error {
	if err := l.Check(); err != nil {
		return err
	}
	if p.ctx.Err() != nil {
		return ErrPoolClosed
	}
	return nil
}

// Fresh returns a puzzle of level l generated for this request on one of the
// pool's workers (never from the buffer), with the pool's options and next
// seed. It waits for a free worker and for generation at most until ctx ends
// (then it returns ctx.Err()); it fails fast with ErrOverloaded like Get.
func (p *Pool) Fresh(ctx context.Context, l rating.Level) (Puzzle, error) {
	if err := p.check(l); err != nil {
		return Puzzle{}, err
	}
	return p.generate(ctx, p.options(l))
}

// Generate runs Generate(ctx, opt) on one of the pool's workers, so that
// callers with their own options (a puzzle of the day, say) share the pool's
// CPU bound. It waits like Fresh and fails fast with ErrOverloaded like Get.
func (p *Pool) Generate(ctx context.Context, opt Options) (Puzzle, error) {
	return p.generate(ctx, opt)
}

// generate runs a job on a worker.
func (p *Pool) generate(ctx context.Context, opt Options) (Puzzle, error) {
	if p.ctx.Err() != nil {
		return Puzzle{}, ErrPoolClosed
	}
	if err := p.admit(opt.Level); err != nil {
		return Puzzle{}, err
	}
	defer func() { <-p.waiting }()
	if len(p.jobs) == 0 { // none queued before it: run here if a slot is free
		select {
		case p.slots <- struct{}{}:
			pz, err := func() (Puzzle, error) {
				defer func() { <-p.slots }() // also when the generator panics
				return p.here(ctx, opt)
			}()
			return p.result(ctx, opt.Level, pz, err)
		default:
		}
	}
	// The queue has a place for every admitted request, so the job goes in
	// at once and the request waits only for its answer: a worker that
	// takes a queued job wakes nobody (an unbuffered hand-off woke the
	// sender only for it to wait again). A job whose request gave up stays
	// queued until a worker finds its context ended, at once.
	j := jobPool.Get().(*job)
	j.ctx, j.opt = ctx, opt
	select {
	case p.jobs <- j:
	case <-ctx.Done():
		p.hooks.Rejected(opt.Level, RejectCanceled)
		return Puzzle{}, ctx.Err()
	case <-p.ctx.Done():
		return Puzzle{}, ErrPoolClosed
	}
	var r jobResult
	select {
	case r = <-j.done:
		*j = job{done: j.done} // its worker is done with it
		jobPool.Put(j)
	case <-ctx.Done(): // the job is left to the worker that takes it
		p.hooks.Rejected(opt.Level, RejectCanceled)
		return Puzzle{}, ctx.Err()
	case <-p.ctx.Done():
		return Puzzle{}, ErrPoolClosed
	}
	return p.result(ctx, opt.Level, r.p, r.err)
}

// result reports a failed on-demand generation (canceled, the pool closed,
// or the generator's error) and returns what the request gets.
func (p *Pool) result(ctx context.Context, l rating.Level, pz Puzzle, err error) (Puzzle, error) {
	if err == nil {
		return pz, nil
	}
	if ctx.Err() != nil {
		p.hooks.Rejected(l, RejectCanceled)
		return Puzzle{}, ctx.Err()
	}
	if p.ctx.Err() != nil || errors.Is(err, ErrPoolClosed) {
		return Puzzle{}, ErrPoolClosed
	}
	p.hooks.Rejected(l, RejectFailed)
	return pz, err
}

// Depth returns the number of ready puzzles of level l (0 for a level
// that is none of the four).
func (p *Pool) Depth(l rating.Level) int {
	if l < rating.Easy || l > rating.Evil {
		return 0
	}
	return len(p.ready[l])
}

// Ready reports whether every level has at least one ready puzzle: the pool
// is warm and Get answers without generating.
func (p *Pool) Ready() bool {
	for _, l := range levels {
		if len(p.ready[l]) == 0 {
			return false
		}
	}
	return true
}

// SplitSeed derives the n-th seed of a sequence from base (SplitMix64), so
// that a pool's puzzles have distinct, reproducible seeds.
func SplitSeed(base, n uint64) uint64 {
	z := base + n*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// randomSeed returns an unpredictable seed, for pools given none.
func randomSeed() uint64 {
	var b [8]byte
	if _, err := cryptorand.Read(b[:]); err != nil {
		return uint64(time.Now().UnixNano())
	}
	return binary.BigEndian.Uint64(b[:])
}
