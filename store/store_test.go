package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pressly/goose/v3/lock"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/pgtest"
	"github.com/sudokuhq/sudoku/service"
)

// TestStores runs every store case on every backend, each case on a fresh
// store: memory, an SQLite file, and a database of its own on one
// PostgreSQL server the test starts (pgtest).
func TestStores(t *testing.T) {
	cases := []struct {
		name string
		run  func(t *testing.T, s Store)
	}{
		{"get-insert-replace", testGetInsertReplace},
		{"concurrent-insert-one-winner", testConcurrentInsert},
		{"list", testList},
		{"created-detectable", testCreatedDetectable},
		{"service-schedule", testServiceSchedule},
	}
	backends := []struct {
		name string
		// fresh returns the spec of a new, empty store.
		fresh func(t *testing.T) func(t *testing.T, i int) string
	}{
		{"memory", func(*testing.T) func(*testing.T, int) string {
			return func(*testing.T, int) string { return "memory" }
		}},
		{"sqlite", func(*testing.T) func(*testing.T, int) string {
			return func(t *testing.T, _ int) string { return "sqlite:" + filepath.Join(t.TempDir(), "daily.db") }
		}},
		{"postgres", func(t *testing.T) func(*testing.T, int) string {
			srv := pgtest.Start(t)
			return func(t *testing.T, i int) string { return pgtest.CreateDB(t, srv.URL, fmt.Sprintf("store_%d", i)) }
		}},
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			fresh := b.fresh(t)
			for i, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					s, err := Open(t.Context(), fresh(t, i))
					if err != nil {
						t.Fatal(err)
					}
					t.Cleanup(func() { s.Close() })
					c.run(t, s)
				})
			}
		})
	}
}

func day(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

// record returns a stored-looking record of the puzzle of (date, level),
// generated from seed.
func record(t *testing.T, date string, level rating.Level, seed uint64) service.DailyRecord {
	t.Helper()
	p, err := generate.Generate(context.Background(), generate.Options{Rater: rating.DefaultRater(), Level: rating.Easy, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return service.DailyRecord{Date: day(date), Level: level, Puzzle: p.Puzzle, Solution: p.Solution,
		Score: p.Score, Hardest: p.Rating.Hardest, RatedLevel: p.Level, Seed: p.Seed | 1<<63,
		Source: service.SourceGenerated, StoredAt: time.Date(2026, 11, 25, 8, 0, 0, 123000000, time.UTC)}
}

func sameRecord(t *testing.T, got, want service.DailyRecord) {
	t.Helper()
	if !got.StoredAt.Equal(want.StoredAt) {
		t.Errorf("StoredAt = %v, want %v", got.StoredAt, want.StoredAt)
	}
	got.StoredAt, want.StoredAt = time.Time{}, time.Time{}
	if got != want {
		t.Errorf("record = %+v, want %+v", got, want)
	}
}

func testGetInsertReplace(t *testing.T, s Store) {
	ctx := t.Context()
	if err := s.Ping(ctx); err != nil {
		t.Fatalf("Ping = %v", err)
	}
	a := record(t, "2026-12-01", rating.Hard, 1)
	if _, err := s.Get(ctx, a.Date, a.Level); !errors.Is(err, service.ErrNoDaily) {
		t.Fatalf("Get(empty) error = %v, want ErrNoDaily", err)
	}
	got, err := s.Insert(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	sameRecord(t, got, a)
	// A second insert for the same key loses and reads back the first.
	b := record(t, "2026-12-01", rating.Hard, 2)
	got, err = s.Insert(ctx, b)
	if err != nil {
		t.Fatal(err)
	}
	sameRecord(t, got, a)
	// Another level of the same day is its own record.
	c := record(t, "2026-12-01", rating.Easy, 3)
	if got, err = s.Insert(ctx, c); err != nil {
		t.Fatal(err)
	}
	sameRecord(t, got, c)
	// Replace wins over the stored record.
	b.Source, b.Seed = service.SourceCurated, 0
	if err := s.Replace(ctx, b); err != nil {
		t.Fatal(err)
	}
	got, err = s.Get(ctx, b.Date, b.Level)
	if err != nil {
		t.Fatal(err)
	}
	sameRecord(t, got, b)
}

func testConcurrentInsert(t *testing.T, s Store) {
	const n = 8
	recs := make([]service.DailyRecord, n)
	for i := range recs {
		recs[i] = record(t, "2027-01-01", rating.Medium, uint64(10+i))
	}
	got := make([]service.DailyRecord, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { got[i], errs[i] = s.Insert(t.Context(), recs[i]) })
	}
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("Insert %d: %v", i, errs[i])
		}
		if got[i].Puzzle != got[0].Puzzle {
			t.Fatalf("Insert %d read back %s, Insert 0 read back %s: two winners", i, got[i].Puzzle, got[0].Puzzle)
		}
	}
}

func testList(t *testing.T, s Store) {
	ctx := t.Context()
	var all []service.DailyRecord
	for i, d := range []string{"2026-01-01", "2026-01-02", "2026-01-03"} {
		for _, l := range []rating.Level{rating.Evil, rating.Easy, rating.Medium} {
			r := record(t, d, l, uint64(100+i))
			if _, err := s.Insert(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
	}
	// (date, level) order, easiest level first, paged by cursor.
	q := service.ArchiveQuery{From: day("2026-01-01"), To: day("2026-01-03"), Limit: 4}
	for {
		page, err := s.List(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, page...)
		if len(page) < q.Limit {
			break
		}
		last := page[len(page)-1]
		q.After = service.ArchiveCursor{Date: last.Date, Level: last.Level}
	}
	var keys []string
	for _, r := range all {
		keys = append(keys, r.Date.Format(time.DateOnly)+"/"+r.Level.String())
	}
	want := []string{"2026-01-01/easy", "2026-01-01/medium", "2026-01-01/evil", "2026-01-02/easy", "2026-01-02/medium",
		"2026-01-02/evil", "2026-01-03/easy", "2026-01-03/medium", "2026-01-03/evil"}
	if fmt.Sprint(keys) != fmt.Sprint(want) {
		t.Errorf("List pages = %v, want %v", keys, want)
	}
	tests := []struct {
		name string
		q    service.ArchiveQuery
		want int
	}{
		{"one day", service.ArchiveQuery{From: day("2026-01-02"), To: day("2026-01-02"), Limit: 10}, 3},
		{"one level", service.ArchiveQuery{From: day("2026-01-01"), To: day("2026-01-03"), Level: rating.Evil, Limit: 10}, 3},
		{"outside", service.ArchiveQuery{From: day("2025-01-01"), To: day("2025-12-31"), Limit: 10}, 0},
		{"limit", service.ArchiveQuery{From: day("2026-01-01"), To: day("2026-01-03"), Limit: 2}, 2},
	}
	for _, tt := range tests {
		got, err := s.List(ctx, tt.q)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != tt.want {
			t.Errorf("%s: List returned %d records, want %d", tt.name, len(got), tt.want)
		}
	}
}

// TestSQLiteFileSurvivesReopen checks that the file holds the records and
// that opening it again migrates nothing twice.
func TestSQLiteFileSurvivesReopen(t *testing.T) {
	spec := "sqlite:" + filepath.Join(t.TempDir(), "daily.db")
	s, err := Open(t.Context(), spec)
	if err != nil {
		t.Fatal(err)
	}
	r := record(t, "2026-05-05", rating.Evil, 7)
	if _, err := s.Insert(t.Context(), r); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s, err = Open(t.Context(), spec)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer s.Close()
	got, err := s.Get(t.Context(), r.Date, r.Level)
	if err != nil {
		t.Fatal(err)
	}
	sameRecord(t, got, r)
}

// TestSQLiteDeletedFileIsDetected deletes, then replaces, the database
// file of an open SQLite store: SQLite would go on writing to the
// unlinked file, losing every write at the next start, so Ping and the
// writes must fail with service.ErrStoreGone.
func TestSQLiteDeletedFileIsDetected(t *testing.T) {
	tests := []struct {
		name      string
		breakFile func(path string) error
	}{
		{"deleted", os.Remove},
		{"replaced", func(path string) error {
			if err := os.Remove(path); err != nil {
				return err
			}
			return os.WriteFile(path, nil, 0o600)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "daily.db")
			s, err := Open(t.Context(), "sqlite:"+path)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if err := s.Ping(t.Context()); err != nil {
				t.Fatalf("Ping of a fresh store: %v", err)
			}
			if err := tt.breakFile(path); err != nil {
				t.Fatal(err)
			}
			if err := s.Ping(t.Context()); !errors.Is(err, service.ErrStoreGone) {
				t.Errorf("Ping after the file was %s = %v, want ErrStoreGone", tt.name, err)
			}
			if _, err := s.Insert(t.Context(), record(t, "2026-05-06", rating.Easy, 8)); !errors.Is(err, service.ErrStoreGone) {
				t.Errorf("Insert after the file was %s = %v, want ErrStoreGone", tt.name, err)
			}
			if err := s.Replace(t.Context(), record(t, "2026-05-06", rating.Easy, 8)); !errors.Is(err, service.ErrStoreGone) {
				t.Errorf("Replace after the file was %s = %v, want ErrStoreGone", tt.name, err)
			}
		})
	}
}

func TestOpenBadSpec(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"mysql://x", "want memory"},
		{"sqlite:", "want sqlite:PATH"},
		{"redis://u:secret@h/0", "u:xxxxx@h"},
	}
	for _, tt := range tests {
		_, err := Open(t.Context(), tt.spec)
		if err == nil || !strings.Contains(err.Error(), tt.want) || strings.Contains(err.Error(), "secret") {
			t.Errorf("Open(%q) error = %v, want one containing %q and no password", tt.spec, err, tt.want)
		}
	}
}

func TestRedact(t *testing.T) {
	tests := []struct{ in, want string }{
		{"postgres://u:pw@h:5432/db?sslmode=disable", "postgres://u:xxxxx@h:5432/db?sslmode=disable"},
		{"postgres://u@h/db", "postgres://u@h/db"},
		{"postgres://h/db?x=a@b", "postgres://h/db?x=a@b"},
		{"sqlite:/tmp/a.db", "sqlite:/tmp/a.db"},
		{"postgres://u:pw@h/db?x=a@b", "postgres://u:xxxxx@h/db?x=a@b"},
		{"postgres://u@h/db?password=pw&sslmode=disable", "postgres://u@h/db?password=xxxxx&sslmode=disable"},
		{"postgres://u:p%2Fw@h/db", "postgres://u:xxxxx@h/db"},
		{"postgres://u:p w@h/%zz", "postgres://…"},
		{"host=h password=pw dbname=d", "host=h password=xxxxx dbname=d"},
		{"host=h password='a pw' dbname=d", "host=h password=xxxxx dbname=d"},
	}
	for _, tt := range tests {
		if got := Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMemoryBoundKeepsCurated(t *testing.T) {
	m := NewMemory()
	ctx := t.Context()
	base := record(t, "2000-01-01", rating.Easy, 1)
	curated := base
	curated.Source = service.SourceCurated
	if err := m.Replace(ctx, curated); err != nil {
		t.Fatal(err)
	}
	for i := 1; i < maxMemoryRecords+10; i++ {
		r := base
		r.Date = base.Date.AddDate(0, 0, i)
		if _, err := m.Insert(ctx, r); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(m.recs); n != maxMemoryRecords {
		t.Errorf("memory store holds %d records, want the bound %d", n, maxMemoryRecords)
	}
	if _, err := m.Get(ctx, curated.Date, curated.Level); err != nil {
		t.Errorf("curated record dropped: %v", err)
	}
	if _, err := m.Get(ctx, base.Date.AddDate(0, 0, 1), rating.Easy); !errors.Is(err, service.ErrNoDaily) {
		t.Errorf("earliest generated record kept (%v), want it dropped", err)
	}
}

// testCreatedDetectable: a record with a microsecond StoredAt reads back
// equal, which is how the service tells its own insert from another's.
func testCreatedDetectable(t *testing.T, s Store) {
	r := record(t, "2026-08-08", rating.Hard, 5)
	r.StoredAt = time.Date(2026, 11, 25, 8, 0, 0, 123456000, time.UTC)
	got, err := s.Insert(t.Context(), r)
	if err != nil {
		t.Fatal(err)
	}
	if !got.StoredAt.Equal(r.StoredAt) {
		t.Errorf("StoredAt read back %v, want %v", got.StoredAt, r.StoredAt)
	}
}

// testServiceSchedule runs the service's schedule on the store: new
// entries are reported created (the service recognizes its own insert in
// what the store reads back), then existing, with the same puzzles.
func testServiceSchedule(t *testing.T, s Store) {
	svc := service.New(service.Config{DailySalt: "paper"}, service.Deps{Pool: service.InlinePool{}, Store: s})
	d := day("2026-09-01")
	for _, want := range []string{service.ScheduleCreated, service.ScheduleExisting} {
		entries, err := svc.Schedule(t.Context(), d, d.AddDate(0, 0, 1), []rating.Level{rating.Easy})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if e.Status != want {
				t.Errorf("%s %s: status %s, want %s", e.Date.Format(time.DateOnly), e.Level, e.Status, want)
			}
		}
	}
	rec, err := svc.Daily(t.Context(), d, rating.Easy)
	want, _ := generate.Daily(t.Context(), rating.DefaultRater(), d, rating.Easy, "paper")
	if err != nil || rec.Puzzle != want.Puzzle {
		t.Errorf("Daily after the schedule = %v, %v; want the scheduled puzzle %v", rec.Puzzle, err, want.Puzzle)
	}
}

// TestPostgresOpenTogether opens new PostgreSQL databases from stores
// started together, as replicas start, while another session holds
// goose's migration lock for a while (a replica migrating): each store
// waits for the lock, migrates under it in turn, and must open within the
// 10 s that sudokud gives an open (cmd/sudokud's storeOpenTimeout).
// Goose's default polls the lock every 5 s: a store that found it taken
// at 0 s and at 5 s tried again at 10 s, too late, and a replica then
// started without its store (CI's replica test saw the 503s). The second
// case fails that way with the default poll every time.
func TestPostgresOpenTogether(t *testing.T) {
	if testing.Short() {
		t.Skip("starts PostgreSQL")
	}
	srv := pgtest.Start(t)
	for i, tt := range []struct {
		stores int
		hold   time.Duration // how long the other session keeps the lock
	}{
		{stores: 3, hold: time.Second},
		{stores: 1, hold: 6 * time.Second},
	} {
		t.Run(fmt.Sprintf("%d stores, lock held %v", tt.stores, tt.hold), func(t *testing.T) {
			spec := pgtest.CreateDB(t, srv.URL, fmt.Sprintf("open_together_%d", i))
			ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
			defer cancel()
			db, err := sql.Open("pgx", spec)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			holder, err := db.Conn(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer holder.Close()
			if _, err := holder.ExecContext(ctx, "SELECT pg_advisory_lock($1)", lock.DefaultLockID); err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			for k := range tt.stores {
				wg.Go(func() {
					s, err := Open(ctx, spec)
					if err != nil {
						t.Errorf("store %d: %v", k, err)
						return
					}
					s.Close()
				})
			}
			time.Sleep(tt.hold) // the stores find the lock taken
			if _, err := holder.ExecContext(ctx, "SELECT pg_advisory_unlock($1)", lock.DefaultLockID); err != nil {
				t.Error(err)
			}
			wg.Wait()
		})
	}
}
