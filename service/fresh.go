package service

import (
	"sync"
	"time"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// DefaultFreshRate is how many buffered puzzles per second and level
// Generate hands out before it answers with variants. Every puzzle taken
// from a buffer is regenerated at once by the pool's workers, at up to a
// core each; a hard puzzle takes tens of milliseconds, so an uncapped burst
// of /generate keeps the workers busy and takes that CPU from every other
// request. Ten per second and level is plenty for people starting games
// and bounds the refill work under sustained load.
const DefaultFreshRate = 10

// freshBudget is a token bucket per level: rate tokens a second, at most
// burst saved up. The zero rate means no limit.
type freshBudget struct {
	rate  float64
	burst float64

	mu     sync.Mutex
	tokens [rating.Evil + 1]float64
	last   [rating.Evil + 1]time.Time
}

func newFreshBudget(rate float64, burst int) *freshBudget {
	b := &freshBudget{rate: rate, burst: float64(max(burst, 1))}
	for l := range b.tokens {
		b.tokens[l] = b.burst
	}
	return b
}

// take spends one token of level l, and reports false when none is left.
// Cost: a mutex and a little arithmetic.
func (b *freshBudget) take(l rating.Level, now time.Time) bool {
	if b.rate <= 0 {
		return true
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.last[l].IsZero() {
		b.tokens[l] = min(b.burst, b.tokens[l]+now.Sub(b.last[l]).Seconds()*b.rate)
	}
	b.last[l] = now
	if b.tokens[l] < 1 {
		return false
	}
	b.tokens[l]--
	return true
}

// refund gives back a token taken for nothing (the buffer was empty).
func (b *freshBudget) refund(l rating.Level) {
	if b.rate <= 0 {
		return
	}
	b.mu.Lock()
	b.tokens[l] = min(b.burst, b.tokens[l]+1)
	b.mu.Unlock()
}
