package generate

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/internal/oracle"
	"github.com/sudokuhq/sudoku/engine/rating"
	"go.uber.org/goleak"
)

// recHooks records what a pool reports.
type recHooks struct {
	mu        sync.Mutex
	generated map[rating.Level]int
	attempts  int
	depth     map[rating.Level]int
	rejected  map[string]int
}

func newRecHooks() *recHooks {
	return &recHooks{generated: map[rating.Level]int{}, depth: map[rating.Level]int{}, rejected: map[string]int{}}
}

func (h *recHooks) Generated(l rating.Level, d time.Duration, attempts int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.generated[l]++
	h.attempts += attempts
}

func (h *recHooks) Depth(l rating.Level, n int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.depth[l] = n
}

func (h *recHooks) Rejected(l rating.Level, reason string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.rejected[reason]++
}

func (h *recHooks) count(reason string) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.rejected[reason]
}

// fakeGen is a generator for pool tests: it returns a puzzle carrying the
// options at once, or, when gate is not nil, after gate is closed or ctx
// ends (then after a short delay, so that a Close that does not wait for
// the workers is caught with calls still active).
type fakeGen struct {
	gate   chan struct{}
	calls  atomic.Int64
	active atomic.Int64
}

func (f *fakeGen) generate(ctx context.Context, opt Options) (Puzzle, error) {
	f.calls.Add(1)
	f.active.Add(1)
	defer f.active.Add(-1)
	if f.gate != nil {
		select {
		case <-f.gate:
		case <-ctx.Done():
			time.Sleep(20 * time.Millisecond)
			return Puzzle{}, ctx.Err()
		}
	}
	return Puzzle{Level: opt.Level, Seed: opt.Seed, Attempts: 2, Fresh: true}, nil
}

// waitFor polls cond until it holds or a generous time passes.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestPoolFillsBuffers(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	f := &fakeGen{}
	h := newRecHooks()
	p := NewPool(PoolConfig{Options: Options{Rater: rating.DefaultRater()}, Workers: 2, BufferSize: 3, Seed: 7, Hooks: h, Generate: f.generate})
	defer p.Close()
	waitFor(t, "full buffers", func() bool {
		for _, l := range levels {
			if p.Depth(l) != 3 {
				return false
			}
		}
		return true
	})
	if !p.Ready() {
		t.Fatal("Ready() = false with full buffers")
	}
	if pz, ok := p.TryGet(rating.Medium); !ok || pz.Level != rating.Medium {
		t.Fatalf("TryGet(medium) = %+v, %v with a full buffer", pz, ok)
	}
	waitFor(t, "refilled medium", func() bool { return p.Depth(rating.Medium) == 3 })
	seen := map[uint64]bool{}
	for _, l := range levels {
		for range 3 {
			pz, err := p.Get(context.Background(), l)
			if err != nil || pz.Level != l || !pz.Fresh {
				t.Fatalf("Get(%v) = %+v, %v, want a fresh puzzle of the level", l, pz, err)
			}
			if seen[pz.Seed] {
				t.Fatalf("Get(%v) returned seed %d twice", l, pz.Seed)
			}
			seen[pz.Seed] = true
		}
	}
	// Taking puzzles wakes the workers, which fill the buffers again.
	waitFor(t, "refilled buffers", p.Ready)
	p.Close()
	p.Close() // idempotent
	h.mu.Lock()
	defer h.mu.Unlock()
	total := 0
	for _, n := range h.generated {
		total += n
	}
	if total != int(f.calls.Load()) || h.attempts != 2*total {
		t.Errorf("hooks saw %d puzzles and %d attempts, generator made %d", total, h.attempts, f.calls.Load())
	}
}

func TestPoolGetWaitsBoundedByContext(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	f := &fakeGen{gate: make(chan struct{})}
	h := newRecHooks()
	p := NewPool(PoolConfig{Options: Options{Rater: rating.DefaultRater()}, Workers: 1, BufferSize: 1, Hooks: h, Generate: f.generate})
	defer p.Close()
	if _, ok := p.TryGet(rating.Hard); ok {
		t.Fatal("TryGet(hard) ok with an empty buffer")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := p.Get(ctx, rating.Hard); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Get with an empty buffer and a 20ms deadline = %v, want %v", err, context.DeadlineExceeded)
	}
	if h.count(RejectCanceled) != 1 {
		t.Errorf("Rejected(%q) reported %d times, want 1", RejectCanceled, h.count(RejectCanceled))
	}
	// A waiting request gets the puzzle as soon as a worker makes it.
	done := make(chan error, 1)
	go func() {
		pz, err := p.Get(context.Background(), rating.Hard)
		if err == nil && pz.Level != rating.Hard {
			err = errors.New("wrong level")
		}
		done <- err
	}()
	waitFor(t, "the request to wait", func() bool { return len(p.waiting) == 1 })
	close(f.gate)
	if err := <-done; err != nil {
		t.Fatalf("Get after generation = %v", err)
	}
}

func TestPoolOverloadFailsFast(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	f := &fakeGen{gate: make(chan struct{})}
	h := newRecHooks()
	p := NewPool(PoolConfig{Options: Options{Rater: rating.DefaultRater()}, Workers: 1, BufferSize: 1, MaxWaiting: 2, Hooks: h, Generate: f.generate})
	defer p.Close()
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	for _, l := range []rating.Level{rating.Easy, rating.Evil} {
		wg.Go(func() {
			if _, err := p.Get(ctx, l); !errors.Is(err, context.Canceled) {
				t.Errorf("waiting Get(%v) = %v, want %v", l, err, context.Canceled)
			}
		})
	}
	waitFor(t, "two waiting requests", func() bool { return len(p.waiting) == 2 })
	for _, try := range []func() error{
		func() error { _, err := p.Get(context.Background(), rating.Medium); return err },
		func() error { _, err := p.Fresh(context.Background(), rating.Medium); return err },
	} {
		if err := try(); !errors.Is(err, engine.ErrOverloaded) {
			t.Errorf("request beyond MaxWaiting = %v, want %v", err, engine.ErrOverloaded)
		}
	}
	if h.count(RejectOverloaded) != 2 {
		t.Errorf("Rejected(%q) reported %d times, want 2", RejectOverloaded, h.count(RejectOverloaded))
	}
	cancel()
	wg.Wait()
}

func TestPoolCloseEndsWaiters(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	f := &fakeGen{gate: make(chan struct{})} // never opened: workers block in generation
	p := NewPool(PoolConfig{Options: Options{Rater: rating.DefaultRater()}, Workers: 2, Generate: f.generate})
	errs := make(chan error, 2)
	go func() { _, err := p.Get(context.Background(), rating.Medium); errs <- err }()
	go func() { _, err := p.Fresh(context.Background(), rating.Medium); errs <- err }()
	waitFor(t, "two waiting requests", func() bool { return len(p.waiting) == 2 })
	p.Close()
	if n := f.active.Load(); n != 0 {
		t.Errorf("Close returned with %d generations still running", n)
	}
	for range 2 {
		if err := <-errs; !errors.Is(err, ErrPoolClosed) {
			t.Errorf("request pending at Close = %v, want %v", err, ErrPoolClosed)
		}
	}
	if _, err := p.Get(context.Background(), rating.Easy); !errors.Is(err, ErrPoolClosed) {
		t.Errorf("Get after Close = %v, want %v", err, ErrPoolClosed)
	}
}

func TestPoolFreshAndBadLevel(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	f := &fakeGen{}
	p := NewPool(PoolConfig{Workers: 1, BufferSize: 1, Seed: 42, Options: Options{Rater: rating.DefaultRater(), Symmetry: Mirror}, Generate: f.generate})
	defer p.Close()
	pz, err := p.Fresh(context.Background(), rating.Evil)
	if err != nil || pz.Level != rating.Evil {
		t.Fatalf("Fresh(evil) = %+v, %v", pz, err)
	}
	for _, l := range []rating.Level{0, 9} {
		var ule *rating.UnknownLevelError
		if _, err := p.Get(context.Background(), l); !errors.As(err, &ule) {
			t.Errorf("Get(%v) = %v, want *UnknownLevelError", l, err)
		}
		if _, err := p.Fresh(context.Background(), l); !errors.As(err, &ule) {
			t.Errorf("Fresh(%v) = %v, want *UnknownLevelError", l, err)
		}
		if pz, ok := p.TryGet(l); ok {
			t.Errorf("TryGet(%v) = %+v, true, want false", l, pz)
		}
	}
}

// TestPoolRealGenerator runs the pool with the real generator: every level's
// puzzle has one solution (by the oracle) and the level asked for, and
// its variants keep both.
func TestPoolRealGenerator(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	p := NewPool(PoolConfig{Options: Options{Rater: rating.DefaultRater()}, Workers: 2, BufferSize: 1, Seed: 3})
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for _, l := range levels {
		pz, err := p.Get(ctx, l)
		if err != nil {
			t.Fatalf("Get(%v) = %v", l, err)
		}
		checkPuzzle(t, pz, l)
		v := pz.VariantOf(99)
		if v.Fresh {
			t.Fatalf("VariantOf(%v) = %+v: want a variant", l, v)
		}
		checkPuzzle(t, v, l)
	}
	// Any options run on a worker: the puzzle of the day comes out the same
	// as from Daily.
	day := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	opt := DailyOptions(day, rating.Evil, "pool")
	opt.Rater = rating.DefaultRater()
	got, err := p.Generate(ctx, opt)
	want, err2 := Daily(ctx, rating.DefaultRater(), day, rating.Evil, "pool")
	if err != nil || err2 != nil || got.Puzzle != want.Puzzle {
		t.Errorf("Pool.Generate(daily) = %v (%v), Daily = %v (%v)", got.Puzzle, err, want.Puzzle, err2)
	}
}

// checkPuzzle checks a generated puzzle: one solution by the oracle, which is
// its Solution, and the level by the rater.
func checkPuzzle(t *testing.T, pz Puzzle, l rating.Level) {
	t.Helper()
	n, sol := oracle.Count(pz.Puzzle, 2)
	if n != 1 || sol != pz.Solution {
		t.Fatalf("puzzle %v: oracle count %d, solution %v, want 1 and %v", pz.Puzzle, n, sol, pz.Solution)
	}
	r, err := rating.Rate(pz.Puzzle)
	if err != nil || r.Level != l || pz.Level != l {
		t.Fatalf("Rate(%v) = %v, %v; Puzzle.Level %v; want %v", pz.Puzzle, r.Level, err, pz.Level, l)
	}
}

// TestPoolRejectsBadTemplate: a template no puzzle meets is reported by
// Validate and makes NewPool panic, instead of workers failing for ever.
func TestPoolRejectsBadTemplate(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	bad := PoolConfig{Workers: 1, Options: Options{Rater: rating.DefaultRater(), MaxGivens: 5}}
	var oe *OptionsError
	if err := bad.Validate(); !errors.As(err, &oe) {
		t.Errorf("Validate(MaxGivens 5) = %v, want an *OptionsError", err)
	}
	if err := (PoolConfig{Options: Options{Rater: rating.DefaultRater(), Symmetry: Mirror}}).Validate(); err != nil {
		t.Errorf("Validate(Symmetry Mirror) = %v, want nil", err)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("NewPool(MaxGivens 5) did not panic")
		}
	}()
	p := NewPool(bad)
	p.Close()
}

// TestPoolBacksOffFailures: a generator that always fails is called a few
// times (the pause doubles after each failure), not in a tight loop.
func TestPoolBacksOffFailures(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	var calls atomic.Int64
	fail := func(context.Context, Options) (Puzzle, error) {
		calls.Add(1)
		return Puzzle{}, ErrGenerationFailed
	}
	h := newRecHooks()
	p := NewPool(PoolConfig{Options: Options{Rater: rating.DefaultRater()}, Workers: 2, BufferSize: 1, Hooks: h, Generate: fail})
	time.Sleep(300 * time.Millisecond)
	p.Close()
	// 10+20+40+80+160 ms of pauses fill 300 ms: about 6 calls, at most 12
	// with the two workers interleaving; a pool without backoff makes
	// hundreds of thousands.
	if n := calls.Load(); n < 1 || n > 20 {
		t.Errorf("failing generator called %d times in 300ms, want 1..20", n)
	}
	// A call ending as Close cancels is not reported: up to one per worker.
	if got, n := h.count(RejectFailed), int(calls.Load()); got > n || got < n-2 {
		t.Errorf("Rejected(failed) reported %d times for %d failed calls", got, n)
	}
}

// TestPoolSlotsBoundGenerations: never more than Workers generations run
// at once, on-demand ones and background refills together.
func TestPoolSlotsBoundGenerations(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	var running, most atomic.Int64
	gen := func(ctx context.Context, opt Options) (Puzzle, error) {
		n := running.Add(1)
		defer running.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		time.Sleep(time.Millisecond)
		return Puzzle{Level: opt.Level, Seed: opt.Seed, Fresh: true}, nil
	}
	const workers = 2
	p := NewPool(PoolConfig{Options: Options{Rater: rating.DefaultRater()}, Workers: workers, BufferSize: 4, MaxWaiting: 64, Generate: gen})
	defer p.Close()
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 5 {
				if _, err := p.Fresh(context.Background(), rating.Hard); err != nil {
					t.Errorf("Fresh = %v", err)
					return
				}
			}
		})
	}
	wg.Wait()
	if m := most.Load(); m > workers {
		t.Errorf("%d generations ran at once, want at most Workers = %d", m, workers)
	}
}

// TestPoolFreshBeforeRefills: a fresh request waits for at most the
// refill in progress, not for the buffers to fill: a worker that ends a
// refill takes a waiting request first.
func TestPoolFreshBeforeRefills(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	var calls atomic.Int64
	gen := func(ctx context.Context, opt Options) (Puzzle, error) {
		calls.Add(1)
		time.Sleep(2 * time.Millisecond)
		return Puzzle{Level: opt.Level, Seed: opt.Seed, Fresh: true}, nil
	}
	// 4 levels × 64 puzzles of refills: the worker never runs out of them
	// while the requests below wait.
	p := NewPool(PoolConfig{Options: Options{Rater: rating.DefaultRater()}, Workers: 1, BufferSize: 64, Generate: gen})
	defer p.Close()
	waitFor(t, "a refill running", func() bool { return calls.Load() > 0 })
	for i := range 5 {
		before := calls.Load()
		if _, err := p.Fresh(context.Background(), rating.Medium); err != nil {
			t.Fatalf("Fresh = %v", err)
		}
		// The refill running when it came and its own generation; a few
		// more refills may pass while a loaded machine keeps the request
		// from queueing, but not the 256 that fill the buffers.
		if n := calls.Load() - before; n > 10 {
			t.Errorf("request %d waited for %d generations, want a few: requests go before refills", i, n)
		}
	}
}

// TestPoolCloseStopsCallers: Close stops an on-demand generation and
// returns only after it ended; its caller gets ErrPoolClosed.
func TestPoolCloseStopsCallers(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	type callerKey struct{}
	var active atomic.Int64
	gen := func(ctx context.Context, opt Options) (Puzzle, error) {
		active.Add(1)
		defer active.Add(-1)
		<-ctx.Done() // generations end only when stopped
		if ctx.Value(callerKey{}) != nil {
			time.Sleep(100 * time.Millisecond) // the caller's ends well after the refills
		}
		return Puzzle{}, ctx.Err()
	}
	// Eight workers: the refills (one per level) take four, the request a fifth.
	p := NewPool(PoolConfig{Options: Options{Rater: rating.DefaultRater()}, Workers: 8, BufferSize: 1, Generate: gen})
	errs := make(chan error, 1)
	go func() {
		_, err := p.Fresh(context.WithValue(context.Background(), callerKey{}, true), rating.Medium)
		errs <- err
	}()
	waitFor(t, "the request generating", func() bool { return active.Load() == 5 })
	p.Close()
	if n := active.Load(); n != 0 {
		t.Errorf("Close returned with %d generations still running", n)
	}
	if err := <-errs; !errors.Is(err, ErrPoolClosed) {
		t.Errorf("request generating at Close = %v, want %v", err, ErrPoolClosed)
	}
	if _, err := p.Fresh(context.Background(), rating.Medium); !errors.Is(err, ErrPoolClosed) {
		t.Errorf("Fresh after Close = %v, want %v", err, ErrPoolClosed)
	}
}

// TestPoolFreshGivesUpWhileQueued: a request whose context ends while
// its job waits in the queue returns at once; the worker later finds the
// job's context ended, and the requests after it get their own puzzles.
func TestPoolFreshGivesUpWhileQueued(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	f := &fakeGen{gate: make(chan struct{})} // the worker blocks in its first refill
	h := newRecHooks()
	p := NewPool(PoolConfig{Options: Options{Rater: rating.DefaultRater()}, Workers: 1, BufferSize: 1, Hooks: h, Generate: f.generate})
	defer p.Close()
	waitFor(t, "the worker in a refill", func() bool { return f.active.Load() == 1 })
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := p.Fresh(ctx, rating.Hard); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Fresh with its context ending in the queue = %v, want %v", err, context.DeadlineExceeded)
	}
	if got := h.count(RejectCanceled); got != 1 {
		t.Errorf("Rejected(canceled) reported %d times, want 1", got)
	}
	close(f.gate)
	for i, l := range []rating.Level{rating.Evil, rating.Medium, rating.Evil} {
		pz, err := p.Fresh(context.Background(), l)
		if err != nil || pz.Level != l {
			t.Errorf("request %d after the abandoned one: Fresh(%v) = level %v, %v", i, l, pz.Level, err)
		}
	}
}
