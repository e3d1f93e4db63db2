package service

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

func date(s string) time.Time {
	d, err := time.Parse(time.DateOnly, s)
	if err != nil {
		panic(err)
	}
	return d
}

func TestScheduleIdempotent(t *testing.T) {
	pool := &fakePool{}
	st := &fakeStore{}
	s := New(Config{DailySalt: "paper"}, Deps{Pool: pool, Store: st, Now: fixedNow})
	entries, err := s.Schedule(context.Background(), date("2026-12-01"), date("2026-12-03"), []rating.Level{rating.Easy, rating.Evil})
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 6 || len(pool.generated) != 6 {
		t.Fatalf("Schedule of 3 days × 2 levels = %d entries after %d generations, want 6 and 6", len(entries), len(pool.generated))
	}
	for _, e := range entries {
		if e.Status != ScheduleCreated {
			t.Errorf("%s %s: status %s, want created", e.Date.Format(time.DateOnly), e.Level, e.Status)
		}
	}
	// Again, wider: the stored ones stay, only the new day is made.
	entries, err = s.Schedule(context.Background(), date("2026-12-01"), date("2026-12-04"), []rating.Level{rating.Easy, rating.Evil})
	if err != nil {
		t.Fatal(err)
	}
	created := 0
	for _, e := range entries {
		if e.Status == ScheduleCreated {
			created++
		}
	}
	if created != 2 || len(pool.generated) != 8 {
		t.Errorf("second Schedule created %d (%d generations in all), want 2 (8)", created, len(pool.generated))
	}
	// No levels means all four.
	entries, err = s.Schedule(context.Background(), date("2026-12-10"), date("2026-12-10"), nil)
	if err != nil || len(entries) != 4 {
		t.Errorf("Schedule without levels = %d entries, %v; want 4", len(entries), err)
	}
}

func TestScheduleRepeatedLevelOnce(t *testing.T) {
	pool := &fakePool{}
	s := New(Config{DailySalt: "paper"}, Deps{Pool: pool, Store: &fakeStore{}, Now: fixedNow})
	entries, err := s.Schedule(context.Background(), date("2026-12-01"), date("2026-12-01"),
		[]rating.Level{rating.Easy, rating.Easy, rating.Evil, rating.Easy})
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 2 || len(pool.generated) != 2 {
		t.Errorf("Schedule of easy, easy, evil, easy = %d entries after %d generations, want 2 and 2", len(entries), len(pool.generated))
	}
}

func TestScheduleBadRange(t *testing.T) {
	s := New(Config{}, Deps{Pool: &fakePool{}, Store: &fakeStore{}, Now: fixedNow})
	tests := []struct {
		name     string
		from, to time.Time
		want     string
	}{
		{"backwards", date("2026-12-05"), date("2026-12-01"), "ends before it starts"},
		{"too long", date("2026-12-01"), date("2027-01-01"), "spans 32 days: at most 31"},
		{"out of range", date("2100-12-31"), date("2101-01-01"), "out of range"},
	}
	for _, tt := range tests {
		_, err := s.Schedule(context.Background(), tt.from, tt.to, nil)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: Schedule = %v, want an error containing %q", tt.name, err, tt.want)
		}
	}
	if _, err := s.Schedule(context.Background(), date("2026-12-01"), date("2026-12-31"), []rating.Level{9}); err == nil {
		t.Error("Schedule with an unknown level succeeded")
	}
}

func TestScheduleStoreFailure(t *testing.T) {
	s := New(Config{}, Deps{Pool: &fakePool{}, Store: &fakeStore{err: errors.New("down")}, Now: fixedNow})
	_, err := s.Schedule(context.Background(), date("2026-12-01"), date("2026-12-01"), nil)
	var se *StoreError
	if !errors.As(err, &se) {
		t.Errorf("Schedule with a failing store = %v, want *StoreError", err)
	}
}

func TestSchedulePendingPastDeadline(t *testing.T) {
	s := New(Config{}, Deps{Pool: &fakePool{block: true}, Store: &fakeStore{}, Now: fixedNow})
	ctx, cancel := context.WithTimeout(context.Background(), scheduleMargin+50*time.Millisecond)
	defer cancel()
	entries, err := s.Schedule(ctx, date("2026-12-01"), date("2026-12-02"), nil)
	if err != nil {
		t.Fatalf("Schedule past its deadline = %v, want pending entries and no error", err)
	}
	for _, e := range entries {
		if e.Status != SchedulePending {
			t.Errorf("%s %s: status %s, want pending", e.Date.Format(time.DateOnly), e.Level, e.Status)
		}
	}
}

// Puzzles for PutDaily: an easy one with a unique solution, and broken
// ones.
const (
	easyPuzzle  = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	hardPuzzle  = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	twoSolution = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5...3.."
)

func TestPutDaily(t *testing.T) {
	st := &fakeStore{}
	s := New(Config{}, Deps{Pool: &fakePool{}, Store: st, Now: fixedNow})
	ctx := context.Background()
	future, past := date("2026-12-24"), date("2026-11-01")
	easy := engine.MustParse(easyPuzzle)

	rec, created, err := s.PutDaily(ctx, future, rating.Easy, easy, false)
	if err != nil || !created || rec.Source != SourceCurated || rec.RatedLevel != rating.Easy || rec.Score <= 0 || !rec.Solution.IsSolutionOf(&easy) {
		t.Fatalf("PutDaily(easy puzzle at easy) = %+v, %t, %v", rec, created, err)
	}
	if _, created, err := s.PutDaily(ctx, future, rating.Easy, easy, false); err != nil || created {
		t.Errorf("PutDaily again = created %t, %v; want an update", created, err)
	}
	// Wrong level: refused, unless forced; the rating is recorded.
	var le *LevelError
	if _, _, err := s.PutDaily(ctx, future, rating.Evil, easy, false); !errors.As(err, &le) || le.Got != rating.Easy || le.Want != rating.Evil {
		t.Errorf("PutDaily(easy puzzle at evil) = %v, want *LevelError easy, not evil", err)
	}
	rec, _, err = s.PutDaily(ctx, future, rating.Evil, easy, true)
	if err != nil || rec.Level != rating.Evil || rec.RatedLevel != rating.Easy {
		t.Errorf("forced PutDaily = level %s rated %s, %v; want evil rated easy", rec.Level, rec.RatedLevel, err)
	}
	// Bad puzzles.
	conflict := engine.MustParse("33" + easyPuzzle[2:])
	for _, tt := range []struct {
		name string
		g    engine.Grid
		want func(error) bool
	}{
		{"conflict", conflict, func(err error) bool { var ce *engine.ConflictError; return errors.As(err, &ce) }},
		{"no solution", engine.MustParse("12345678.........9" + strings.Repeat(".", 63)), func(err error) bool { return errors.Is(err, engine.ErrNoSolution) }},
		{"two solutions", engine.MustParse(twoSolution), func(err error) bool { return errors.Is(err, engine.ErrMultipleSolutions) }},
	} {
		if _, _, err := s.PutDaily(ctx, future, rating.Easy, tt.g, true); !tt.want(err) {
			t.Errorf("PutDaily(%s) = %v", tt.name, err)
		}
	}
	// A public date keeps its stored puzzle; the same puzzle again is fine.
	if _, err := s.Daily(ctx, past, rating.Hard); err != nil {
		t.Fatal(err)
	}
	var pe *PublishedError
	if _, _, err := s.PutDaily(ctx, past, rating.Hard, engine.MustParse(hardPuzzle), true); !errors.As(err, &pe) {
		t.Errorf("PutDaily over a public puzzle = %v, want *PublishedError", err)
	}
	if _, created, err := s.PutDaily(ctx, date("2026-10-01"), rating.Easy, easy, false); err != nil || !created {
		t.Errorf("PutDaily on a public date with nothing stored = %t, %v; want created", created, err)
	}
	if _, created, err := s.PutDaily(ctx, date("2026-10-01"), rating.Easy, easy, false); err != nil || created {
		t.Errorf("PutDaily of the same puzzle on a public date = %t, %v; want unchanged", created, err)
	}
	// The replaced embargoed puzzle is what Daily serves.
	got, err := s.Daily(WithReadAhead(ctx), future, rating.Evil)
	if err != nil || got.Puzzle != easy {
		t.Errorf("Daily after PutDaily = %v, %v; want the curated puzzle", got.Puzzle, err)
	}
}

// staleGetStore answers every Get with ErrNoDaily, as a store does when
// another replica inserts between a Get and the write that follows it.
type staleGetStore struct{ *fakeStore }

func (staleGetStore) Get(context.Context, time.Time, rating.Level) (DailyRecord, error) {
	return DailyRecord{}, ErrNoDaily
}

func TestPutDailyPublicDayRaceKeepsFirst(t *testing.T) {
	st := &fakeStore{}
	ctx := context.Background()
	past := date("2026-11-01")
	served, err := New(Config{}, Deps{Pool: &fakePool{}, Store: st, Now: fixedNow}).Daily(ctx, past, rating.Easy)
	if err != nil {
		t.Fatal(err)
	}
	s := New(Config{}, Deps{Pool: &fakePool{}, Store: staleGetStore{st}, Now: fixedNow})
	var pe *PublishedError
	if _, _, err := s.PutDaily(ctx, past, rating.Easy, engine.MustParse(easyPuzzle), true); !errors.As(err, &pe) {
		t.Errorf("PutDaily on a public day another request stored first = %v, want *PublishedError", err)
	}
	if got, _ := st.Get(ctx, past, rating.Easy); got.Puzzle != served.Puzzle {
		t.Errorf("the stored puzzle of a public day changed from %s to %s", served.Puzzle, got.Puzzle)
	}
}

func TestArchive(t *testing.T) {
	st := &fakeStore{}
	s := New(Config{}, Deps{Pool: &fakePool{}, Store: st, Now: fixedNow})
	ctx := WithReadAhead(context.Background()) // December is ahead of fixedNow
	if _, err := s.Schedule(ctx, date("2026-12-01"), date("2026-12-05"), nil); err != nil {
		t.Fatal(err)
	}
	var all []DailyRecord
	q := ArchiveQuery{From: date("2026-12-01"), To: date("2026-12-31"), Limit: 7}
	for pages := 0; ; pages++ {
		if pages > 5 {
			t.Fatal("archive pages never end")
		}
		page, err := s.Archive(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, page.Records...)
		if page.Next.Date.IsZero() {
			break
		}
		q.After = page.Next
	}
	if len(all) != 20 {
		t.Errorf("archive pages hold %d records, want 20", len(all))
	}
	page, err := s.Archive(ctx, ArchiveQuery{From: date("2026-12-01"), To: date("2026-12-31"), Level: rating.Hard, Limit: 1000})
	if err != nil || len(page.Records) != 5 {
		t.Errorf("archive of hard = %d records, %v; want 5 (limit capped at %d)", len(page.Records), err, MaxArchivePage)
	}
	var re *RangeError
	if _, err := s.Archive(ctx, ArchiveQuery{From: date("2026-12-31"), To: date("2026-12-01")}); !errors.As(err, &re) {
		t.Errorf("archive backwards = %v, want *RangeError", err)
	}
}

func TestScheduleOverloadedIsPending(t *testing.T) {
	s := New(Config{}, Deps{Pool: &fakePool{genErr: engine.ErrOverloaded}, Store: &fakeStore{}, Now: fixedNow})
	entries, err := s.Schedule(context.Background(), date("2026-12-01"), date("2026-12-01"), []rating.Level{rating.Easy})
	if err != nil || len(entries) != 1 || entries[0].Status != SchedulePending {
		t.Errorf("Schedule on an overloaded pool = %+v, %v; want one pending entry and no error", entries, err)
	}
	s = New(Config{}, Deps{Pool: &fakePool{genErr: generate.ErrGenerationFailed}, Store: &fakeStore{}, Now: fixedNow})
	if _, err := s.Schedule(context.Background(), date("2026-12-01"), date("2026-12-01"), nil); !errors.Is(err, generate.ErrGenerationFailed) {
		t.Errorf("Schedule with a failing generator = %v, want ErrGenerationFailed", err)
	}
}
