// Package apikey holds the service's API keys: random secrets a client
// sends with each request, each with a name, scopes and a rate limit.
//
// Only the SHA-256 of a secret is stored, in a key file of one line per
// key:
//
//	# name=NAME scopes=SCOPE,... rate=N created=TIME sha256=HEX
//	name=acme-print scopes=daily:ahead,publish rate=1200 created=2026-11-26T00:30:00Z sha256=9f86d081...
//
// created (RFC 3339, optional: older lines lack it) is when the key was
// made, for editors listing keys; Revoke removes a key's line.
//
// A plain SHA-256 is enough here where a password needs a slow hash
// (bcrypt, argon2): a secret is 256 random bits, so no dictionary or
// brute force can find one from its hash, and the hash costs well under a
// microsecond on every request instead of tens of milliseconds. Looking a
// secret up compares its hash with every key's in constant time.
package apikey

import (
	"bufio"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Scope is a right a key can carry beyond what anonymous clients get.
type Scope string

// The scopes.
const (
	// DailyAhead reads puzzles of the day before they are public (dates
	// after today in UTC+14), for print schedules.
	DailyAhead Scope = "daily:ahead"
	// Publish schedules, replaces and lists the stored puzzles of the day.
	Publish Scope = "publish"
	// GenerateBulk generates fresh or seeded batches larger than the
	// anonymous cap.
	GenerateBulk Scope = "generate:bulk"
)

// allScopes lists every scope, in the order the docs show them.
var allScopes = []Scope{DailyAhead, Publish, GenerateBulk}

// secretPrefix starts every secret, so that secret scanners and people
// recognize one in a paste.
const secretPrefix = "sudoku_"

// secretBytes is the randomness of a secret: 256 bits.
const secretBytes = 32

// MaxKeys bounds the keys of one file: key names label metrics, and a
// thousand series per metric is the most a label should reach.
const MaxKeys = 1000

// maxLineBytes bounds a line of the key file.
const maxLineBytes = 4096

// validName reports whether s can name a key: 1 to 63 of a-z, 0-9, '.',
// '_' and '-', starting with a letter or digit, so short, lower case and
// safe in a log field and a metric label. It is the regular expression
// ^[a-z0-9][a-z0-9._-]{0,62}$ written out (TestValidName compares them):
// compiling that expression at package initialisation cost every process
// of the sudoku binary 0.17 ms and 722 allocations (GODEBUG=inittrace=1).
func validName(s string) bool {
	if len(s) == 0 || len(s) > 63 {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		case i > 0 && (c == '.' || c == '_' || c == '-'):
		default:
			return false
		}
	}
	return true
}

// Key is one API key, without its secret.
type Key struct {
	// Name identifies the key's holder in logs and metrics.
	Name string
	// Scopes are the rights the key carries.
	Scopes []Scope
	// RateLimit is the key's requests per rate window; 0 means no limit.
	RateLimit int
	// Created is when the key was made; zero for a line without created.
	Created time.Time
	hash    [sha256.Size]byte
}

// Has reports whether k carries scope.
func (k Key) Has(scope Scope) bool { return slices.Contains(k.Scopes, scope) }

// Set is a parsed key file. It is immutable and safe for concurrent use;
// the zero Set holds no key.
type Set struct {
	keys []Key
}

// Len returns the number of keys.
func (s *Set) Len() int { return len(s.keys) }

// Names returns the names of the keys, in file order.
func (s *Set) Names() []string {
	names := make([]string, len(s.keys))
	for i, k := range s.keys {
		names[i] = k.Name
	}
	return names
}

// Keys returns the keys, in file order, without their hashes.
func (s *Set) Keys() []Key {
	keys := make([]Key, len(s.keys))
	for i, k := range s.keys {
		k.hash = [sha256.Size]byte{}
		keys[i] = k
	}
	return keys
}

// Lookup returns the key whose secret is secret. It hashes secret once
// and compares the hash with every key's in constant time, so its timing
// says nothing about which key, if any, matched. Cost: one SHA-256 and
// one 32-byte comparison per key.
func (s *Set) Lookup(secret string) (Key, bool) {
	h := sha256.Sum256([]byte(secret))
	found := -1
	for i := range s.keys {
		if subtle.ConstantTimeCompare(h[:], s.keys[i].hash[:]) == 1 {
			found = i
		}
	}
	if found < 0 {
		return Key{}, false
	}
	return s.keys[found], true
}

// LineError is a bad line of a key file.
type LineError struct {
	// Line is the line's number, from 1.
	Line int
	// Reason says what is wrong with it, quoting at most a clipped part.
	Reason string
}

// Error names the line and the reason.
func (e *LineError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Reason) }

// ErrNoKeys refuses a blank key file (empty, or only whitespace): that is
// a truncated write or a Secret mounted before it was filled far more
// often than a wish to drop every key, and taking it would lock every
// publisher out. A file that means to hold no key says so with a comment
// line (sudoku keys revoke leaves one when it removes the last key).
var ErrNoKeys = errors.New("the key file is blank (a truncated write?): refused; a file meant to hold no key needs a comment line")

// Parse reads a key file: one key per line as NAME=VALUE fields (name,
// scopes, rate, sha256), blank lines and lines starting with '#' skipped.
// A file with any bad line is refused as a whole, with a *LineError for
// each bad line (joined), so a typo never drops keys silently; so is a
// blank file (ErrNoKeys).
func Parse(r io.Reader) (*Set, error) {
	var (
		set     Set
		errs    []error
		names   = map[string]bool{}
		sawLine bool // a line that is not blank: the file is not a truncated write
	)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 256), maxLineBytes)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		sawLine = sawLine || line != ""
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, err := parseLine(line)
		switch {
		case err != nil:
		case names[k.Name]:
			err = fmt.Errorf("key name %q is used twice", k.Name)
		case slices.ContainsFunc(set.keys, func(o Key) bool { return o.hash == k.hash }):
			err = fmt.Errorf("the hash of key %q is used by another key", k.Name)
		}
		if err != nil {
			errs = append(errs, &LineError{Line: n, Reason: err.Error()})
			continue
		}
		names[k.Name] = true
		set.keys = append(set.keys, k)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("reading keys: %w", err)
	}
	if len(set.keys) > MaxKeys {
		errs = append(errs, fmt.Errorf("%d keys: at most %d", len(set.keys), MaxKeys))
	}
	if !sawLine && len(errs) == 0 {
		return nil, ErrNoKeys
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return &set, nil
}

func parseLine(line string) (Key, error) {
	var (
		k    Key
		seen = map[string]bool{}
	)
	for field := range strings.FieldsSeq(line) {
		name, value, ok := strings.Cut(field, "=")
		if !ok {
			return k, fmt.Errorf("field %q is not NAME=VALUE", clip(field))
		}
		if seen[name] {
			return k, fmt.Errorf("field %s given twice", name)
		}
		seen[name] = true
		switch name {
		case "name":
			if !validName(value) {
				return k, fmt.Errorf("name %q: want 1-63 of a-z, 0-9, '.', '_', '-', starting with a letter or digit", clip(value))
			}
			k.Name = value
		case "scopes":
			for s := range strings.SplitSeq(value, ",") {
				if s == "" || s == "-" {
					continue
				}
				if !slices.Contains(allScopes, Scope(s)) {
					return k, fmt.Errorf("unknown scope %q: want %s", clip(s), scopeList())
				}
				if !k.Has(Scope(s)) {
					k.Scopes = append(k.Scopes, Scope(s))
				}
			}
		case "rate":
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 {
				return k, fmt.Errorf("rate %q: want requests per window, 0 for no limit", clip(value))
			}
			k.RateLimit = n
		case "created":
			t, err := time.Parse(time.RFC3339, value)
			if err != nil {
				return k, fmt.Errorf("created %q: want an RFC 3339 time (2026-11-26T00:30:00Z)", clip(value))
			}
			k.Created = t
		case "sha256":
			b, err := hex.DecodeString(value)
			if err != nil || len(b) != sha256.Size {
				return k, errors.New("sha256: want 64 hex digits, the hash of the secret (never the secret itself)")
			}
			copy(k.hash[:], b)
		default:
			return k, fmt.Errorf("unknown field %q: want name, scopes, rate, created, sha256", clip(name))
		}
	}
	for _, f := range []string{"name", "sha256"} {
		if !seen[f] {
			return k, fmt.Errorf("missing field %s", f)
		}
	}
	return k, nil
}

// clip bounds what a message quotes of the file: a secret pasted by
// mistake must not reach the log whole.
func clip(s string) string {
	if strings.HasPrefix(s, secretPrefix) {
		return secretPrefix + "…"
	}
	if len(s) > 24 {
		return s[:24] + "…"
	}
	return s
}

func scopeList() string {
	s := make([]string, len(allScopes))
	for i, sc := range allScopes {
		s[i] = string(sc)
	}
	return strings.Join(s, ", ")
}

// New makes a key: a fresh random secret, shown once to be handed to the
// client, and the line of the key file that grants it, which holds only
// the secret's hash and the time it was made (now, to the second). It
// fails for a bad name, scope or rate.
func New(name string, scopes []Scope, rate int) (secret, line string, err error) {
	var b [secretBytes]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	secret = secretPrefix + base64.RawURLEncoding.EncodeToString(b[:])
	h := sha256.Sum256([]byte(secret))
	s := make([]string, len(scopes))
	for i, sc := range scopes {
		s[i] = string(sc)
	}
	sl := strings.Join(s, ",")
	if sl == "" {
		sl = "-"
	}
	created := time.Now().UTC().Truncate(time.Second).Format(time.RFC3339)
	line = fmt.Sprintf("name=%s scopes=%s rate=%d created=%s sha256=%s", name, sl, rate, created, hex.EncodeToString(h[:]))
	if _, err := parseLine(line); err != nil {
		return "", "", err
	}
	return secret, line, nil
}
