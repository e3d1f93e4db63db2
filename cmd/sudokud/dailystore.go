package main

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/api"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
	"github.com/sudokuhq/sudoku/store"
)

// Store health. The store is pinged every -store-check-interval
// (defaultStoreCheck) for sudoku_store_up, and while it could not be
// opened, opening is retried as often, each try bounded by
// storeOpenTimeout (a PostgreSQL connection and the schema migration).
// Failures are logged at most once per storeLogInterval with the latest
// cause and the count of those not logged, so that an outage under load
// writes a line a minute, not one per request.
const (
	defaultStoreCheck = 5 * time.Second
	storeOpenTimeout  = 10 * time.Second
	storeLogInterval  = time.Minute
)

// watchedStore is the daily store as run serves it: it may open late
// (sudokud starts with the database down and retries, serving what
// needs no store meanwhile), and it reports every failure of the store
// to the metrics (sudoku_store_errors_total) and, rate-limited, to the
// log with its cause, which the 503 store-unavailable answers only name.
type watchedStore struct {
	spec    string
	log     *zap.Logger
	m       *api.Metrics
	timeout time.Duration // of a ping

	mu       sync.RWMutex
	st       store.Store // nil until open
	openErr  error       // why it is not open
	up       bool        // the last ping's outcome
	lastLog  time.Time
	unlogged int
}

// openStore checks spec (a bad one is an error: it stops the start),
// tries once to open the store, and returns it, open or not: a store
// that could not be opened is retried by watch.
func openStore(ctx context.Context, spec string, log *zap.Logger, m *api.Metrics, pingTimeout time.Duration) (*watchedStore, error) {
	if err := store.Check(spec); err != nil {
		return nil, err
	}
	w := &watchedStore{spec: spec, log: log, m: m, timeout: pingTimeout}
	if w.tryOpen(ctx) {
		w.setUp(true)
	} else {
		m.StoreUp(false)
		log.Warn("daily store not open: serving what needs no store, retrying", zap.String("store", store.Redact(spec)),
			zap.String("cause", service.StoreCause(w.openErr)), zap.Error(w.openErr))
	}
	return w, nil
}

// tryOpen opens the store unless it is open, reporting whether it is.
func (w *watchedStore) tryOpen(ctx context.Context) bool {
	if w.current() != nil {
		return true
	}
	octx, cancel := context.WithTimeout(ctx, storeOpenTimeout)
	defer cancel()
	st, err := store.Open(octx, w.spec)
	w.mu.Lock()
	defer w.mu.Unlock()
	if err != nil {
		w.openErr = fmt.Errorf("%w: %w", service.ErrStoreNotOpen, err)
		return false
	}
	w.st, w.openErr = st, nil
	w.log.Info("daily store open", zap.String("store", store.Redact(w.spec)))
	return true
}

// watch pings the store every interval (opening it first if it is not
// open yet) until ctx ends; stop ends it and waits.
func (w *watchedStore) watch(ctx context.Context, interval time.Duration) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			if !w.tryOpen(ctx) {
				w.setUp(false)
				w.failed(ctx, "open", w.openErrNow())
				continue
			}
			pctx, cancelPing := context.WithTimeout(ctx, w.timeout)
			err := w.current().Ping(pctx)
			cancelPing()
			if ctx.Err() != nil {
				return
			}
			w.setUp(err == nil)
			if err != nil {
				w.failed(ctx, "ping", err)
			}
		}
	}()
	return func() { cancel(); <-done }
}

// setUp records the last ping's outcome, logging a recovery.
func (w *watchedStore) setUp(up bool) {
	w.m.StoreUp(up)
	w.mu.Lock()
	was := w.up
	w.up = up
	w.mu.Unlock()
	if up && !was {
		w.log.Info("daily store answers", zap.String("store", store.Redact(w.spec)))
	}
}

func (w *watchedStore) current() store.Store {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.st
}

func (w *watchedStore) openErrNow() error {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.openErr
}

// failed counts err, a failure of call op, and logs it unless a failure
// was logged within storeLogInterval. A call whose context was cancelled
// (its client went away) is no failure of the store.
func (w *watchedStore) failed(ctx context.Context, op string, err error) error {
	if err == nil || errors.Is(err, service.ErrNoDaily) || errors.Is(err, context.Canceled) {
		return err
	}
	cause := service.StoreCause(err)
	w.m.StoreFailed(op, cause)
	w.mu.Lock()
	now := time.Now()
	if now.Sub(w.lastLog) < storeLogInterval {
		w.unlogged++
		w.mu.Unlock()
		return err
	}
	unlogged := w.unlogged
	w.lastLog, w.unlogged = now, 0
	w.mu.Unlock()
	w.log.Warn("daily store failed", zap.String("op", op), zap.String("cause", cause), zap.Error(err),
		zap.Int("failures_not_logged", unlogged), zap.Duration("log_interval", storeLogInterval))
	return err
}

// get returns the open store, or the error of a call while it is not.
func (w *watchedStore) get(ctx context.Context, op string) (store.Store, error) {
	if st := w.current(); st != nil {
		return st, nil
	}
	return nil, w.failed(ctx, op, w.openErrNow())
}

// Get is store.Store's, watched.
func (w *watchedStore) Get(ctx context.Context, date time.Time, level rating.Level) (service.DailyRecord, error) {
	st, err := w.get(ctx, "get")
	if err != nil {
		return service.DailyRecord{}, err
	}
	rec, err := st.Get(ctx, date, level)
	return rec, w.failed(ctx, "get", err)
}

// Insert is store.Store's, watched.
func (w *watchedStore) Insert(ctx context.Context, rec service.DailyRecord) (service.DailyRecord, error) {
	st, err := w.get(ctx, "insert")
	if err != nil {
		return service.DailyRecord{}, err
	}
	out, err := st.Insert(ctx, rec)
	return out, w.failed(ctx, "insert", err)
}

// Replace is store.Store's, watched.
func (w *watchedStore) Replace(ctx context.Context, rec service.DailyRecord) error {
	st, err := w.get(ctx, "replace")
	if err != nil {
		return err
	}
	return w.failed(ctx, "replace", st.Replace(ctx, rec))
}

// List is store.Store's, watched.
func (w *watchedStore) List(ctx context.Context, q service.ArchiveQuery) ([]service.DailyRecord, error) {
	st, err := w.get(ctx, "list")
	if err != nil {
		return nil, err
	}
	out, err := st.List(ctx, q)
	return out, w.failed(ctx, "list", err)
}

// Ping is store.Store's, watched.
func (w *watchedStore) Ping(ctx context.Context) error {
	st, err := w.get(ctx, "ping")
	if err != nil {
		return err
	}
	return w.failed(ctx, "ping", st.Ping(ctx))
}

// Close closes the store if it was opened.
func (w *watchedStore) Close() error {
	if st := w.current(); st != nil {
		return st.Close()
	}
	return nil
}
