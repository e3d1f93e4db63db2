package api

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/apikey"
	"github.com/sudokuhq/sudoku/service"
	"github.com/sudokuhq/sudoku/store"
)

// embargoSecret is the daily secret of the embargo tests.
const embargoSecret = "sudoku_daily_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8"

// embargoServer is the documented production setup in small: the real
// service with a daily secret, a store, and keys of every scope mix.
func embargoServer(t *testing.T) (http.Handler, func(name string) map[string]string, generate.DailySecret) {
	t.Helper()
	secret, err := generate.ParseDailySecret(embargoSecret)
	if err != nil {
		t.Fatal(err)
	}
	svc := service.New(service.Config{DailySecret: &secret}, service.Deps{Pool: service.InlinePool{}, Store: store.NewMemory()})
	ring, secrets := testKeys(t, map[string][]apikey.Scope{
		"plain":     nil,
		"newspaper": {apikey.DailyAhead},
		"editor":    {apikey.Publish},
		"print":     {apikey.Publish, apikey.DailyAhead},
	}, nil)
	h, _ := newTestServer(t, svc, Config{Keys: ring})
	bearer := func(name string) map[string]string {
		if name == "" {
			return nil
		}
		return map[string]string{"Authorization": "Bearer " + secrets[name]}
	}
	return h, bearer, secret
}

// TestEmbargoAttacks reproduces the attacks of issue 21 against the
// production setup (a daily secret, keys with scopes); each one got the
// first embargoed day's puzzle, or a value reproducing a daily, before.
func TestEmbargoAttacks(t *testing.T) {
	h, bearer, secret := embargoServer(t)
	now := time.Now()
	today := now.UTC().Format(time.DateOnly)
	tomorrow := service.Today(now).AddDate(0, 0, 1) // the first day not begun anywhere
	day := tomorrow.Format(time.DateOnly)

	// What a daily:ahead key reads for that day: the secret the attacks
	// are after.
	rec, _ := serve(h, "GET", "/daily?level=hard&date="+day, "", bearer("newspaper"))
	if rec.Code != 200 {
		t.Fatalf("newspaper's /daily for %s = %d %s", day, rec.Code, rec.Body)
	}
	var secretDaily puzzleJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &secretDaily); err != nil {
		t.Fatal(err)
	}

	t.Run("seed computed from the source code", func(t *testing.T) {
		// The public derivation (no salt, or any salt guessed) is what
		// anyone computes; /generate with it must not give the daily.
		for _, salt := range []string{"", "acme"} {
			seed := generate.DailySeed(tomorrow, rating.Hard, salt)
			rec, _ := serve(h, "GET", "/generate?level=hard&symmetry=rotational&seed="+strconv.FormatUint(seed, 10), "", nil)
			if rec.Code != 200 {
				t.Fatalf("/generate = %d %s", rec.Code, rec.Body)
			}
			var got puzzleJSON
			_ = json.Unmarshal(rec.Body.Bytes(), &got)
			if got.Puzzle == secretDaily.Puzzle {
				t.Errorf("/generate with the public seed of %s (salt %q) gives the embargoed daily", day, salt)
			}
		}
	})

	t.Run("no public answer carries a seed", func(t *testing.T) {
		// Today's puzzle, anonymously, in every form: neither its seed
		// nor any seed of the keyed derivation may appear, in the body
		// or a header.
		level := rating.Easy
		seed := strconv.FormatUint(generate.SecretDailyKey(secret, "").Seed(now.UTC(), level), 10)
		for _, target := range []string{"/daily?level=easy", "/daily?level=easy&date=" + today, "/daily?level=easy&solution=false", "/daily?level=easy&format=svg", "/daily?level=easy&format=pdf"} {
			rec, _ := serve(h, "GET", target, "", nil)
			if rec.Code != 200 {
				t.Fatalf("%s = %d %s", target, rec.Code, rec.Body)
			}
			if strings.Contains(rec.Body.String(), seed) || strings.Contains(rec.Body.String(), `"seed"`) {
				t.Errorf("%s carries the seed: %s", target, rec.Body)
			}
			for name, vs := range rec.Header() {
				if strings.Contains(strings.Join(vs, " "), seed) {
					t.Errorf("%s: header %s carries the seed", target, name)
				}
			}
		}
	})

	t.Run("publish-only key reads the future through the archive", func(t *testing.T) {
		// The print key schedules the coming week: the rows exist.
		body := `{"from":"` + day + `","to":"` + tomorrow.AddDate(0, 0, 6).Format(time.DateOnly) + `","levels":["easy"]}`
		if rec, _ := serve(h, "POST", "/daily/schedule", body, bearer("print")); rec.Code != 200 {
			t.Fatalf("schedule = %d %s", rec.Code, rec.Body)
		}
		for _, tt := range []struct {
			key  string
			want int // embargoed records listed
		}{
			{"editor", 0},
			{"print", 7 + 1}, // the week of easy, and the hard one read above
		} {
			for _, q := range []string{"", "?from=" + day, "?level=easy&from=" + today + "&to=2100-12-31", "?after=" + today + ".evil"} {
				rec, _ := serve(h, "GET", "/daily/archive"+q, "", bearer(tt.key))
				if rec.Code != 200 {
					t.Fatalf("%s: archive%s = %d %s", tt.key, q, rec.Code, rec.Body)
				}
				var a archiveResponse
				_ = json.Unmarshal(rec.Body.Bytes(), &a)
				n := 0
				for _, p := range a.Puzzles {
					d, _ := time.Parse(time.DateOnly, p.Date)
					if service.Embargoed(d, time.Now()) {
						n++
					}
				}
				if q == "?level=easy&from="+today+"&to=2100-12-31" && tt.key == "print" {
					continue // one level: the hard one is not in it
				}
				if n != tt.want {
					t.Errorf("%s: archive%s lists %d embargoed puzzles, want %d", tt.key, q, n, tt.want)
				}
			}
		}
	})
}

// TestEmbargoScopes is the scope table of docs/publishing.md for a day
// not begun in UTC+14, endpoint by endpoint and key by key: the same
// answer from /daily in every form whether a puzzle is stored or not.
func TestEmbargoScopes(t *testing.T) {
	h, bearer, _ := embargoServer(t)
	day := service.Today(time.Now()).AddDate(0, 0, 1).Format(time.DateOnly)
	far := "2099-06-01"
	// Store one of the two days, so that stored and unstored are compared.
	if rec, _ := serve(h, "GET", "/daily?level=medium&date="+day, "", bearer("print")); rec.Code != 200 {
		t.Fatalf("print's /daily = %d %s", rec.Code, rec.Body)
	}
	keys := []struct {
		name string
		want int
	}{{"", 401}, {"plain", 403}, {"editor", 403}, {"newspaper", 200}, {"print", 200}}
	for _, d := range []string{day, far} {
		for _, target := range []string{
			"/daily?level=medium&date=" + d,
			"/daily?level=medium&solution=false&date=" + d,
			"/daily?level=medium&format=svg&date=" + d,
		} {
			for _, k := range keys {
				rec, p := serve(h, "GET", target, "", map[string]string{"If-None-Match": "*"})
				if k.name != "" {
					rec, p = serve(h, "GET", target, "", map[string]string{"If-None-Match": "*", "Authorization": bearer(k.name)["Authorization"]})
				}
				want := k.want
				if want == 200 {
					want = http.StatusNotModified // If-None-Match: * matches once readable
				}
				if rec.Code != want {
					t.Errorf("%s with key %q = %d, want %d", target, k.name, rec.Code, want)
				}
				if want >= 400 {
					if p.Parameter != "" || !strings.Contains(rec.Header().Get("WWW-Authenticate"), `scope="daily:ahead"`) || rec.Header().Get("ETag") != "" {
						t.Errorf("%s with key %q: problem %+v, headers %v; want a daily:ahead challenge and nothing else", target, k.name, p, rec.Header())
					}
				}
				if want == http.StatusNotModified && rec.Header().Get("Cache-Control") != embargoedCacheControl {
					t.Errorf("%s with key %q: Cache-Control %q", target, k.name, rec.Header().Get("Cache-Control"))
				}
			}
		}
	}
	// The print pack of the day: the same rule as /daily.
	for _, k := range keys {
		target := "/daily/pack?levels=medium&from=" + day + "&to=" + day
		rec, _ := serve(h, "GET", target, "", bearer(k.name))
		if rec.Code != k.want {
			t.Errorf("%s with key %q = %d, want %d", target, k.name, rec.Code, k.want)
		}
	}
	// The archive of the same days: publish to list, and daily:ahead
	// besides to see them.
	for _, k := range []struct {
		name      string
		status, n int
	}{{"", 401, 0}, {"plain", 403, 0}, {"newspaper", 403, 0}, {"editor", 200, 0}, {"print", 200, 2}} { // day and far, stored by the reads above
		rec, _ := serve(h, "GET", "/daily/archive?level=medium&from="+day, "", bearer(k.name))
		var a archiveResponse
		_ = json.Unmarshal(rec.Body.Bytes(), &a)
		if rec.Code != k.status || len(a.Puzzles) != k.n {
			t.Errorf("archive from %s with key %q = %d, %d puzzles; want %d, %d", day, k.name, rec.Code, len(a.Puzzles), k.status, k.n)
		}
	}
}
