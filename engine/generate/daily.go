package generate

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// DailySymmetry is the symmetry of the puzzles of the day: the half-turn
// symmetry of newspaper puzzles.
const DailySymmetry = Rotational180

// DailyKey derives the generator seeds of the puzzles of the day: a pure
// function of the calendar date (year, month and day of date in its own
// location; the time of day is ignored), the level, an optional salt and,
// in production, a DailySecret. Every replica holding the same key
// computes the same seed without shared state.
//
// Two derivations exist, and which one a key uses is its whole security:
//
//   - keyed (SecretDailyKey): the first 8 bytes of HMAC-SHA256 under the
//     256-bit secret over "sudoku-daily", "YYYY-MM-DD", the level name and
//     the salt, NUL-separated. Without the secret no seed can be computed,
//     and a seed (an HMAC output) tells nothing about the secret or any
//     other day's seed.
//   - public (PublicDailyKey, the zero DailyKey): the first 8 bytes of
//     plain SHA-256 over the same message. Anyone with the source code
//     computes every future day's seed, and with it the puzzle (through
//     Generate, /generate?seed= or the CLI); a salt only helps while it is
//     long, random and never published.
//
// The zero DailyKey is the public derivation without a salt.
type DailyKey struct {
	secret *DailySecret // nil: the public derivation
	salt   string
}

// PublicDailyKey returns the public derivation with salt: computable by
// anyone who knows the salt (see DailyKey).
func PublicDailyKey(salt string) DailyKey { return DailyKey{salt: salt} }

// SecretDailyKey returns the keyed derivation under secret, with salt
// (which may be empty: the secret alone makes the puzzles this
// deployment's own).
func SecretDailyKey(secret DailySecret, salt string) DailyKey {
	return DailyKey{secret: &secret, salt: salt}
}

// Keyed reports whether k derives with a secret; false means that anyone
// can compute the puzzles of future days.
func (k DailyKey) Keyed() bool { return k.secret != nil }

// dailyMessage is what a seed is derived from: the date, the level and
// the salt, NUL-separated after a fixed prefix.
func dailyMessage(date time.Time, level rating.Level, salt string) []byte {
	return []byte("sudoku-daily\x00" + date.Format(time.DateOnly) + "\x00" + level.String() + "\x00" + salt)
}

// Seed returns the generator seed of the puzzle of the day for date and
// level. Cost: one SHA-256 or HMAC-SHA256 over a few dozen bytes.
func (k DailyKey) Seed(date time.Time, level rating.Level) uint64 {
	msg := dailyMessage(date, level, k.salt)
	if k.secret == nil {
		sum := sha256.Sum256(msg)
		return binary.BigEndian.Uint64(sum[:])
	}
	mac := hmac.New(sha256.New, k.secret.b[:])
	mac.Write(msg)
	return binary.BigEndian.Uint64(mac.Sum(nil))
}

// Options returns the Options of the puzzle of the day, for
// callers that generate through a Pool; the caller sets their Rater.
func (k DailyKey) Options(date time.Time, level rating.Level) Options {
	return Options{Level: level, Seed: k.Seed(date, level), Symmetry: DailySymmetry}
}

// DailySeed returns the seed of the public derivation:
// PublicDailyKey(salt).Seed(date, level). Anyone can compute it; a
// deployment that keeps future puzzles secret derives with a secret.
func DailySeed(date time.Time, level rating.Level, salt string) uint64 {
	return PublicDailyKey(salt).Seed(date, level)
}

// Daily returns the puzzle of the day of the public derivation for date
// and level, rated by r: Generate with DailyOptions and r. The same date,
// level, salt and model give the same puzzle on every replica and every
// retry.
func Daily(ctx context.Context, r *rating.Rater, date time.Time, level rating.Level, salt string) (Puzzle, error) {
	opt := DailyOptions(date, level, salt)
	opt.Rater = r
	return Generate(ctx, opt)
}

// DailyOptions returns PublicDailyKey(salt).Options(date, level); the
// caller sets their Rater.
func DailyOptions(date time.Time, level rating.Level, salt string) Options {
	return PublicDailyKey(salt).Options(date, level)
}

// DailySecretBytes is the size of a DailySecret: 256 bits, twice the 128
// bits below which a secret counts as guessable (brute force over 2^128
// HMACs is out of reach; over a dictionary of words it takes moments).
const DailySecretBytes = 32

// dailySecretPrefix starts the text of a DailySecret, so that it is never
// mistaken for an API key (sudoku_...) or a word.
const dailySecretPrefix = "sudoku_daily_"

// minDistinctBytes is the fewest distinct byte values a secret may have:
// 32 random bytes have about 30, and fewer than 16 happens by chance with
// probability below 2^-60, so a secret under it was typed, not generated.
const minDistinctBytes = 16

// ErrBadDailySecret is the error of ParseDailySecret: the text is not a
// secret NewDailySecret made. Its messages never quote the text.
var ErrBadDailySecret = errors.New("bad daily secret")

// DailySecret is the 256-bit secret of the keyed daily derivation. Its
// text is "sudoku_daily_" and 43 base64url characters (Text); String
// hides it, so printing or logging one by mistake shows nothing.
type DailySecret struct{ b [DailySecretBytes]byte }

// NewDailySecret reads a new secret from rand (crypto/rand.Reader).
func NewDailySecret(rand io.Reader) (DailySecret, error) {
	var s DailySecret
	if _, err := io.ReadFull(rand, s.b[:]); err != nil {
		return s, fmt.Errorf("daily secret: %w", err)
	}
	if distinct(s.b[:]) < minDistinctBytes {
		return s, fmt.Errorf("daily secret: the random source gave %d distinct bytes of %d: %w", distinct(s.b[:]), DailySecretBytes, ErrBadDailySecret)
	}
	return s, nil
}

// ParseDailySecret reads the text of a secret (surrounding white space
// ignored, as a file's trailing newline). It refuses, with
// ErrBadDailySecret, anything but the prefix and 256 bits in base64url,
// and a value with so few distinct bytes that it was not generated.
func ParseDailySecret(text string) (DailySecret, error) {
	var s DailySecret
	text = strings.TrimSpace(text)
	rest, ok := strings.CutPrefix(text, dailySecretPrefix)
	if !ok {
		return s, fmt.Errorf("%w: it must start with %q (make one with: sudoku keys secret)", ErrBadDailySecret, dailySecretPrefix)
	}
	b, err := base64.RawURLEncoding.DecodeString(rest)
	if err != nil || len(b) != DailySecretBytes {
		return s, fmt.Errorf("%w: want %q and %d bytes in unpadded base64url (%d characters), got %d characters",
			ErrBadDailySecret, dailySecretPrefix, DailySecretBytes, base64.RawURLEncoding.EncodedLen(DailySecretBytes), len(rest))
	}
	if n := distinct(b); n < minDistinctBytes {
		return s, fmt.Errorf("%w: only %d distinct byte values of %d: not random (make one with: sudoku keys secret)", ErrBadDailySecret, n, DailySecretBytes)
	}
	copy(s.b[:], b)
	return s, nil
}

// distinct counts the distinct values of b.
func distinct(b []byte) int {
	var seen [256]bool
	n := 0
	for _, c := range b {
		if !seen[c] {
			seen[c], n = true, n+1
		}
	}
	return n
}

// Text returns the secret's text, the form ParseDailySecret reads: for
// the file an operator keeps, never for a log.
func (s DailySecret) Text() string {
	return dailySecretPrefix + base64.RawURLEncoding.EncodeToString(s.b[:])
}

// String hides the secret: "sudoku_daily_[redacted]".
func (s DailySecret) String() string { return dailySecretPrefix + "[redacted]" }

// GoString hides the secret from %#v too.
func (s DailySecret) GoString() string { return s.String() }
