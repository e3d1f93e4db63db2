package store

import (
	"cmp"
	"context"
	"slices"
	"sync"
	"time"

	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

// maxMemoryRecords bounds the memory store: 16384 records of about 300
// bytes are a few megabytes, eleven years of four levels. Past it the
// generated record of the earliest date is dropped; it is made again, the
// same, from its date, level and salt if asked for (curated records are
// never dropped).
const maxMemoryRecords = 16384

type memoryKey struct {
	day   string
	level rating.Level
}

// Memory is the daily store of one process: what it holds is lost on
// restart, and replicas do not share it (each generates the same puzzle
// from the date, level and salt, as long as they run the same generator).
// The zero value is not usable: build it with NewMemory.
type Memory struct {
	mu   sync.Mutex
	recs map[memoryKey]service.DailyRecord
}

// NewMemory returns an empty memory store.
func NewMemory() *Memory {
	return &Memory{recs: make(map[memoryKey]service.DailyRecord)}
}

func keyOf(date time.Time, level rating.Level) memoryKey {
	return memoryKey{date.Format(time.DateOnly), level}
}

// Get returns the record of (date, level), or service.ErrNoDaily.
func (m *Memory) Get(_ context.Context, date time.Time, level rating.Level) (service.DailyRecord, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	rec, ok := m.recs[keyOf(date, level)]
	if !ok {
		return service.DailyRecord{}, service.ErrNoDaily
	}
	return rec, nil
}

// Insert stores rec unless its (date, level) has a record, and returns the
// stored one.
func (m *Memory) Insert(_ context.Context, rec service.DailyRecord) (service.DailyRecord, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	k := keyOf(rec.Date, rec.Level)
	if old, ok := m.recs[k]; ok {
		return old, nil
	}
	m.putLocked(k, rec)
	return rec, nil
}

// Replace stores rec in place of any record of its (date, level).
func (m *Memory) Replace(_ context.Context, rec service.DailyRecord) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.putLocked(keyOf(rec.Date, rec.Level), rec)
	return nil
}

func (m *Memory) putLocked(k memoryKey, rec service.DailyRecord) {
	if _, ok := m.recs[k]; !ok && len(m.recs) >= maxMemoryRecords {
		var oldest *memoryKey
		for k, r := range m.recs {
			if r.Source == service.SourceGenerated && (oldest == nil || k.day < oldest.day) {
				oldest = &k
			}
		}
		if oldest != nil {
			delete(m.recs, *oldest)
		}
	}
	m.recs[k] = rec
}

// List returns the records q selects in (date, level) order. Its cost is
// a scan of the whole store.
func (m *Memory) List(_ context.Context, q service.ArchiveQuery) ([]service.DailyRecord, error) {
	from, to := q.From.Format(time.DateOnly), q.To.Format(time.DateOnly)
	after := keyOf(q.After.Date, q.After.Level)
	m.mu.Lock()
	var out []service.DailyRecord
	for k, r := range m.recs {
		if k.day < from || k.day > to || (q.Level != 0 && k.level != q.Level) {
			continue
		}
		if !q.After.Date.IsZero() && cmpKey(k, after) <= 0 {
			continue
		}
		out = append(out, r)
	}
	m.mu.Unlock()
	slices.SortFunc(out, func(a, b service.DailyRecord) int {
		return cmpKey(keyOf(a.Date, a.Level), keyOf(b.Date, b.Level))
	})
	return out[:min(len(out), q.Limit)], nil
}

func cmpKey(a, b memoryKey) int {
	return cmp.Or(cmp.Compare(a.day, b.day), cmp.Compare(a.level, b.level))
}

// Ping always succeeds: memory is always there.
func (m *Memory) Ping(context.Context) error { return nil }

// Close does nothing.
func (m *Memory) Close() error { return nil }
