package service

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// TestEmbargoHoldsInTheService reproduces the attacks of issue 21 at the
// use-case level: no caller without the read-ahead grant gets a puzzle of
// a day not public yet from Daily or Archive, and the refusal comes
// before the store is asked, so neither its answer nor its timing says
// whether the day is stored. (Before the embargo moved here, Archive
// listed December to anyone holding publish.)
func TestEmbargoHoldsInTheService(t *testing.T) {
	st := &fakeStore{}
	s := New(Config{}, Deps{Pool: &fakePool{}, Store: st, Now: fixedNow}) // 2026-11-25 10:00 UTC
	ahead := WithReadAhead(context.Background())
	if _, err := s.Schedule(ahead, date("2026-11-20"), date("2026-12-05"), nil); err != nil {
		t.Fatal(err)
	}
	anon := context.Background()
	for _, tt := range []struct {
		day       string
		embargoed bool
	}{
		{"2026-11-25", false},
		{"2026-11-26", false}, // begun in UTC+14
		{"2026-11-27", true},
		{"2026-12-05", true}, // stored
		{"2026-12-06", true}, // not stored: the same refusal
	} {
		gets := st.gets
		_, err := s.Daily(anon, date(tt.day), rating.Hard)
		var ee *EmbargoError
		if got := errors.As(err, &ee); got != tt.embargoed {
			t.Errorf("Daily(%s) without the grant = %v, want embargoed %t", tt.day, err, tt.embargoed)
		}
		if tt.embargoed && st.gets != gets {
			t.Errorf("Daily(%s) without the grant asked the store", tt.day)
		}
		if _, err := s.Daily(ahead, date(tt.day), rating.Hard); err != nil {
			t.Errorf("Daily(%s) with the grant = %v", tt.day, err)
		}
	}

	// A print pack reads through Daily: the same refusal, the same grant.
	var ee *EmbargoError
	if _, err := s.Pack(anon, date("2026-11-26"), date("2026-11-27"), []rating.Level{rating.Easy}); !errors.As(err, &ee) {
		t.Errorf("Pack over an embargoed day without the grant = %v, want *EmbargoError", err)
	}
	if recs, err := s.Pack(ahead, date("2026-11-26"), date("2026-11-27"), []rating.Level{rating.Easy}); err != nil || len(recs) != 2 {
		t.Errorf("Pack with the grant = %d records, %v; want 2", len(recs), err)
	}

	for _, tt := range []struct {
		name     string
		ctx      context.Context
		from, to string
		want     int
	}{
		{"publish only, past and future", anon, "2026-11-20", "2026-12-31", 7 * 4},
		{"publish only, future only", anon, "2026-11-27", "2026-12-31", 0},
		{"read-ahead", ahead, "2026-11-20", "2026-12-31", 16*4 + 1}, // and 12-06 hard, read ahead above
	} {
		var recs []DailyRecord
		q := ArchiveQuery{From: date(tt.from), To: date(tt.to), Limit: 5}
		st.lists = nil
		for range 100 {
			page, err := s.Archive(tt.ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			recs = append(recs, page.Records...)
			if page.Next.Date.IsZero() {
				break
			}
			q.After = page.Next
		}
		if len(recs) != tt.want {
			t.Errorf("Archive(%s) = %d records, want %d", tt.name, len(recs), tt.want)
		}
		// Without the grant the store is never asked about a future day,
		// so the listing's time cannot tell whether any are stored.
		for _, l := range st.lists {
			if !MayReadAhead(tt.ctx) && l.To.After(Today(fixedNow())) {
				t.Errorf("Archive(%s) asked the store up to %s", tt.name, l.To.Format(time.DateOnly))
			}
		}
		for _, r := range recs {
			if !MayReadAhead(tt.ctx) && Embargoed(r.Date, fixedNow()) {
				t.Errorf("Archive(%s) lists embargoed %s", tt.name, r.Date.Format(time.DateOnly))
			}
		}
	}
}

// TestDailyDerivation checks which derivation the service generates
// with: the keyed one when a secret is configured, and that it differs
// from the public one anyone can compute.
func TestDailyDerivation(t *testing.T) {
	secret, err := generate.ParseDailySecret("sudoku_daily_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8")
	if err != nil {
		t.Fatal(err)
	}
	day := date("2026-11-22")
	for _, tt := range []struct {
		name string
		cfg  Config
		want generate.Options
	}{
		{"public", Config{DailySalt: "paper"}, generate.PublicDailyKey("paper").Options(day, rating.Hard)},
		{"keyed", Config{DailySalt: "paper", DailySecret: &secret}, generate.SecretDailyKey(secret, "paper").Options(day, rating.Hard)},
	} {
		pool := &fakePool{}
		tt.want.Rater = rating.DefaultRater() // Config.Rater nil: the committed model
		s := New(tt.cfg, Deps{Pool: pool, Store: &fakeStore{}, Now: fixedNow})
		if _, err := s.Daily(context.Background(), day, rating.Hard); err != nil {
			t.Fatal(err)
		}
		if len(pool.generated) != 1 || pool.generated[0] != tt.want {
			t.Errorf("%s: generated %+v, want %+v", tt.name, pool.generated, tt.want)
		}
	}
	if generate.SecretDailyKey(secret, "paper").Seed(day, rating.Hard) == generate.DailySeed(day, rating.Hard, "paper") {
		t.Error("the keyed seed equals the public one")
	}
}
