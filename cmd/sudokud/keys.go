package main

import (
	"context"
	"os"
	"os/signal"
	"slices"
	"syscall"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/internal/apikey"
)

// keyPollInterval is how often the key file is read for changes: a
// rotated key works within a few seconds, for the cost of reading a small
// file. Polling also sees a Kubernetes Secret's atomic symlink swap, which
// file-change notifications on the file itself miss.
const keyPollInterval = 2 * time.Second

// loadKeys reads the key file at path into a new ring; a bad file stops
// the start (the operator is there to see why).
func loadKeys(path string) (*apikey.Ring, *apikey.File, error) {
	ring := &apikey.Ring{}
	f := &apikey.File{Path: path}
	if _, err := f.Reload(ring, true); err != nil {
		return nil, nil, err
	}
	return ring, f, nil
}

// watchKeys reloads the key file into ring when its content changes
// (polled every interval) or on SIGHUP, until ctx ends; it returns once
// its goroutine has stopped. A bad file leaves the last good keys in use
// and is logged with its bad lines; keys are logged by name only. After a
// reload, forget gets the names that are no longer in the file (the
// metrics drop their series).
func watchKeys(ctx context.Context, log *zap.Logger, ring *apikey.Ring, f *apikey.File, interval time.Duration, forget func(names ...string)) (stop func()) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer signal.Stop(hup)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			force := false
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			case <-hup:
				force = true
			}
			before := ring.Set().Names()
			changed, err := f.Reload(ring, force)
			switch {
			case err != nil:
				log.Error("API keys not reloaded; the last good keys stay in use", zap.Error(err),
					zap.Int("keys", ring.Set().Len()))
			case changed:
				log.Info("API keys reloaded", zap.Int("keys", ring.Set().Len()), zap.Strings("names", ring.Set().Names()))
				forget(gone(before, ring.Set().Names())...)
			}
		}
	}()
	return func() { cancel(); <-done }
}

// gone returns the names of before that are not in after.
func gone(before, after []string) []string {
	var out []string
	for _, n := range before {
		if !slices.Contains(after, n) {
			out = append(out, n)
		}
	}
	return out
}
