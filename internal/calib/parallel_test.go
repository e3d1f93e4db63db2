package calib

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
)

func TestParallel(t *testing.T) {
	var seen [1000]atomic.Int32
	if err := parallel(context.Background(), len(seen), 3, func(w, i int) error {
		if w < 0 || w >= 3 {
			t.Errorf("worker %d of 3", w)
		}
		seen[i].Add(1)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	for i := range seen {
		if n := seen[i].Load(); n != 1 {
			t.Fatalf("index %d visited %d times, want once", i, n)
		}
	}
	boom := errors.New("boom")
	var calls atomic.Int32
	err := parallel(context.Background(), 100000, 2, func(_, i int) error {
		calls.Add(1)
		if i == 10 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) {
		t.Errorf("parallel = %v, want the error fn returned", err)
	}
	if calls.Load() == 100000 {
		t.Error("the error did not stop the feed")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := parallel(ctx, 10, 2, func(int, int) error { return nil }); !errors.Is(err, context.Canceled) {
		t.Errorf("parallel on a canceled context = %v, want context.Canceled", err)
	}
}
