package generate

import (
	"bytes"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine/rating"
)

func TestDailySeed(t *testing.T) {
	day := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	sameDay := time.Date(2026, 11, 22, 23, 59, 0, 0, time.FixedZone("X", 5*3600))
	secret := testSecret(t, 1)
	seen := map[uint64]string{}
	for _, tt := range []struct {
		name  string
		key   DailyKey
		date  time.Time
		level rating.Level
	}{
		{"base", PublicDailyKey(""), day, rating.Hard},
		{"next day", PublicDailyKey(""), day.AddDate(0, 0, 1), rating.Hard},
		{"other level", PublicDailyKey(""), day, rating.Evil},
		{"salt", PublicDailyKey("times"), day, rating.Hard},
		{"keyed", SecretDailyKey(secret, ""), day, rating.Hard},
		{"keyed, salt", SecretDailyKey(secret, "times"), day, rating.Hard},
		{"keyed, other secret", SecretDailyKey(testSecret(t, 2), ""), day, rating.Hard},
		{"keyed, next day", SecretDailyKey(secret, ""), day.AddDate(0, 0, 1), rating.Hard},
	} {
		s := tt.key.Seed(tt.date, tt.level)
		if prev, ok := seen[s]; ok {
			t.Errorf("Seed(%s) = Seed(%s) = %d", tt.name, prev, s)
		}
		seen[s] = tt.name
		if got := tt.key.Seed(sameDay.AddDate(0, 0, int(tt.date.Sub(day).Hours()/24)), tt.level); got != s {
			t.Errorf("Seed(%s) depends on the time of day: %d, %d", tt.name, s, got)
		}
	}
	// Pinned: the derivations must never change, or every puzzle of the
	// day not yet stored would change with them.
	// (SHA-256 of "sudoku-daily\x002026-11-22\x00hard\x00", first 8 bytes.)
	if got, want := DailySeed(day, rating.Hard, ""), uint64(3700962794966235086); got != want {
		t.Errorf("DailySeed(2026-11-22, hard, \"\") = %d, want %d", got, want)
	}
	// (HMAC-SHA256 under the secret of bytes 1..32, same message.)
	if got, want := SecretDailyKey(secret, "").Seed(day, rating.Hard), uint64(0x5cc8993ff85213fe); got != want {
		t.Errorf("keyed Seed(2026-11-22, hard) = %#x, want %#x", got, want)
	}
	if (DailyKey{}).Keyed() || PublicDailyKey("long salt").Keyed() || !SecretDailyKey(secret, "").Keyed() {
		t.Error("Keyed is wrong")
	}
}

// testSecret returns the secret of the bytes start, start+1, ...
func testSecret(t *testing.T, start byte) DailySecret {
	t.Helper()
	b := make([]byte, DailySecretBytes)
	for i := range b {
		b[i] = start + byte(i)
	}
	s, err := NewDailySecret(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestParseDailySecret(t *testing.T) {
	good, err := NewDailySecret(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	enc := func(b []byte) string {
		return dailySecretPrefix + base64.RawURLEncoding.EncodeToString(b)
	}
	for _, tt := range []struct {
		name, text string
		ok         bool
	}{
		{"generated", good.Text(), true},
		{"with newline", good.Text() + "\n", true},
		{"empty", "", false},
		{"a word", "acme", false},
		{"hex without prefix", strings.Repeat("ab", 32), false},
		{"prefix only", dailySecretPrefix, false},
		{"short: 128 bits", enc(bytes.Repeat([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, 1)), false},
		{"typed: a repeated word", enc([]byte(strings.Repeat("acme", 8))), false},
		{"zeros", enc(make([]byte, 32)), false},
		{"not base64url", dailySecretPrefix + strings.Repeat("*", 43), false},
		{"too long", good.Text() + "AAAA", false},
	} {
		s, err := ParseDailySecret(tt.text)
		if (err == nil) != tt.ok {
			t.Errorf("ParseDailySecret(%s) error = %v, want ok %v", tt.name, err, tt.ok)
			continue
		}
		if err != nil {
			if !errors.Is(err, ErrBadDailySecret) {
				t.Errorf("ParseDailySecret(%s) = %v, want ErrBadDailySecret", tt.name, err)
			}
			if len(tt.text) > len(dailySecretPrefix)+4 && strings.Contains(err.Error(), strings.TrimPrefix(tt.text, dailySecretPrefix)) {
				t.Errorf("ParseDailySecret(%s) error quotes the text: %v", tt.name, err)
			}
			continue
		}
		if s != good {
			t.Errorf("ParseDailySecret(%s) is not the secret written", tt.name)
		}
	}
}

func TestDailySecretHidden(t *testing.T) {
	s := testSecret(t, 7)
	for _, got := range []string{s.String(), fmt.Sprint(s), fmt.Sprintf("%v %+v %#v", s, s, s), fmt.Sprint(struct{ S DailySecret }{s})} {
		if strings.Contains(got, s.Text()[len(dailySecretPrefix):]) {
			t.Errorf("formatting shows the secret: %s", got)
		}
	}
}

func TestDaily(t *testing.T) {
	day := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	p, err := Daily(t.Context(), rating.DefaultRater(), day, rating.Medium, "")
	if err != nil {
		t.Fatal(err)
	}
	q, err := Daily(t.Context(), rating.DefaultRater(), day.Add(13*time.Hour), rating.Medium, "")
	if err != nil || q.Puzzle != p.Puzzle {
		t.Fatalf("Daily twice on one day = %v, %v (%v)", p.Puzzle, q.Puzzle, err)
	}
	checkPuzzle(t, p, rating.Medium)
	if !DailySymmetry.Keeps(p.Puzzle) {
		t.Errorf("Daily puzzle %v is not %v-symmetric", p.Puzzle, DailySymmetry)
	}
}
