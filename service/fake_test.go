package service

import (
	"context"
	"sync"
	"time"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// fakePool is a hand-written Pool: depth puzzles buffered per level and a
// generator that can block.
type fakePool struct {
	mu        sync.Mutex
	depth     map[rating.Level]int
	block     bool // Get on an empty buffer, Fresh and Generate wait for ctx
	genErr    error
	generated []generate.Options
	fresh     int
	gets      int
	tries     int
}

func puzzleOf(l rating.Level, seed uint64, fresh bool) generate.Puzzle {
	return generate.Puzzle{Level: l, Seed: seed, Fresh: fresh}
}

func (p *fakePool) Get(ctx context.Context, l rating.Level) (generate.Puzzle, error) {
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
		return generate.Puzzle{}, ctx.Err()
	}
	return puzzleOf(l, 2, true), nil
}

func (p *fakePool) TryGet(l rating.Level) (generate.Puzzle, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.tries++
	if p.depth[l] > 0 {
		p.depth[l]--
		return puzzleOf(l, 1, true), true
	}
	return generate.Puzzle{}, false
}

func (p *fakePool) Fresh(ctx context.Context, l rating.Level) (generate.Puzzle, error) {
	p.mu.Lock()
	p.fresh++
	p.mu.Unlock()
	if p.block {
		<-ctx.Done()
		return generate.Puzzle{}, ctx.Err()
	}
	return puzzleOf(l, 3, true), nil
}

func (p *fakePool) Generate(ctx context.Context, opt generate.Options) (generate.Puzzle, error) {
	p.mu.Lock()
	p.generated = append(p.generated, opt)
	err := p.genErr
	p.mu.Unlock()
	if p.block {
		<-ctx.Done()
		return generate.Puzzle{}, ctx.Err()
	}
	if err != nil {
		return generate.Puzzle{}, err
	}
	time.Sleep(time.Millisecond) // long enough for concurrent callers to pile up
	return puzzleOf(opt.Level, opt.Seed, true), nil
}

func (p *fakePool) Depth(l rating.Level) int {
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

func (h *countHooks) Served(_ rating.Level, fresh bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.served == nil {
		h.served = map[bool]int{}
	}
	h.served[fresh]++
}

// fakeStore is a hand-written DailyStore: a map, an error to fail every
// call with, and counts of the calls.
type fakeStore struct {
	mu      sync.Mutex
	recs    map[dailyKey]DailyRecord
	err     error
	gets    int
	inserts int
	lists   []ArchiveQuery // every List query, in order
}

func (f *fakeStore) Get(_ context.Context, date time.Time, level rating.Level) (DailyRecord, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.gets++
	if f.err != nil {
		return DailyRecord{}, f.err
	}
	rec, ok := f.recs[dailyKey{date.Format(time.DateOnly), level}]
	if !ok {
		return DailyRecord{}, ErrNoDaily
	}
	return rec, nil
}

func (f *fakeStore) Insert(_ context.Context, rec DailyRecord) (DailyRecord, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.inserts++
	if f.err != nil {
		return DailyRecord{}, f.err
	}
	k := dailyKey{rec.Date.Format(time.DateOnly), rec.Level}
	if old, ok := f.recs[k]; ok {
		return old, nil
	}
	if f.recs == nil {
		f.recs = make(map[dailyKey]DailyRecord)
	}
	f.recs[k] = rec
	return rec, nil
}

func (f *fakeStore) Replace(_ context.Context, rec DailyRecord) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return f.err
	}
	if f.recs == nil {
		f.recs = make(map[dailyKey]DailyRecord)
	}
	f.recs[dailyKey{rec.Date.Format(time.DateOnly), rec.Level}] = rec
	return nil
}

func (f *fakeStore) List(_ context.Context, q ArchiveQuery) ([]DailyRecord, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.lists = append(f.lists, q)
	if f.err != nil {
		return nil, f.err
	}
	var out []DailyRecord
	for d := q.From; !d.After(q.To); d = d.AddDate(0, 0, 1) {
		for _, l := range rating.Levels() {
			if rec, ok := f.recs[dailyKey{d.Format(time.DateOnly), l}]; ok && (q.Level == 0 || l == q.Level) &&
				(q.After.Date.IsZero() || d.After(q.After.Date) || (d.Equal(q.After.Date) && l > q.After.Level)) {
				out = append(out, rec)
			}
		}
	}
	return out[:min(len(out), q.Limit)], nil
}

func (f *fakeStore) Ping(context.Context) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}
