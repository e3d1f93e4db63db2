package service

import (
	"context"
	"sync"
	"time"

	"github.com/sudokuhq/sudoku/engine"
)

// fakePool is a hand-written Pool: depth puzzles buffered per level and a
// generator that can block.
type fakePool struct {
	mu        sync.Mutex
	depth     map[engine.Level]int
	block     bool // Get on an empty buffer, Fresh and Generate wait for ctx
	genErr    error
	generated []engine.GenerateOptions
	fresh     int
	gets      int
	tries     int
}

func puzzleOf(l engine.Level, seed uint64, fresh bool) engine.Puzzle {
	return engine.Puzzle{Level: l, Seed: seed, Fresh: fresh}
}

func (p *fakePool) Get(ctx context.Context, l engine.Level) (engine.Puzzle, error) {
	p.mu.Lock()
	p.gets++
	if p.depth[l] > 0 {
		p.depth[l]--
		p.mu.Unlock()
		return puzzleOf(l, 1, true), nil
	}
	p.mu.Unlock()
	if p.block || ctx.Err() != nil {
		<-ctx.Done()
		return engine.Puzzle{}, ctx.Err()
	}
	return puzzleOf(l, 2, true), nil
}

func (p *fakePool) TryGet(l engine.Level) (engine.Puzzle, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.tries++
	if p.depth[l] > 0 {
		p.depth[l]--
		return puzzleOf(l, 1, true), true
	}
	return engine.Puzzle{}, false
}

func (p *fakePool) Fresh(ctx context.Context, l engine.Level) (engine.Puzzle, error) {
	p.mu.Lock()
	p.fresh++
	p.mu.Unlock()
	if p.block {
		<-ctx.Done()
		return engine.Puzzle{}, ctx.Err()
	}
	return puzzleOf(l, 3, true), nil
}

func (p *fakePool) Generate(ctx context.Context, opt engine.GenerateOptions) (engine.Puzzle, error) {
	p.mu.Lock()
	p.generated = append(p.generated, opt)
	err := p.genErr
	p.mu.Unlock()
	if p.block {
		<-ctx.Done()
		return engine.Puzzle{}, ctx.Err()
	}
	if err != nil {
		return engine.Puzzle{}, err
	}
	time.Sleep(time.Millisecond) // long enough for concurrent callers to pile up
	return puzzleOf(opt.Level, opt.Seed, true), nil
}

func (p *fakePool) Depth(l engine.Level) int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.depth[l]
}

// countHooks counts Served calls.
type countHooks struct {
	NopHooks
	mu     sync.Mutex
	served map[bool]int
}

func (h *countHooks) Served(_ engine.Level, fresh bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.served == nil {
		h.served = map[bool]int{}
	}
	h.served[fresh]++
}
