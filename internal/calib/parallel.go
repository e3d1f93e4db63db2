package calib

import (
	"context"
	"runtime"
	"sync"
)

// workers is j, or GOMAXPROCS when j ≤ 0.
func workers(j int) int {
	if j <= 0 {
		return runtime.GOMAXPROCS(0)
	}
	return j
}

// parallel calls fn(w, i) for every i in [0, n) on workers(j) goroutines,
// w being the goroutine's number (0 ≤ w < workers(j)), and returns once
// they have all stopped. The first error fn returns stops the feed and is
// returned; otherwise ctx's error, if it ended first.
func parallel(ctx context.Context, n, j int, fn func(w, i int) error) error {
	j = workers(j)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	next := make(chan int)
	errs := make(chan error, j)
	var wg sync.WaitGroup
	for w := range j {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := fn(w, i); err != nil {
					errs <- err
					cancel()
					return
				}
			}
		}()
	}
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(next)
	wg.Wait()
	select {
	case err := <-errs:
		return err
	default:
	}
	return ctx.Err()
}
