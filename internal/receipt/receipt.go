// Package receipt signs and verifies the service's puzzle tokens and solve
// receipts: small self-contained strings a game's backend can check with
// the server's secret, offline or through POST /receipts/verify.
//
// # Format
//
// A token or receipt is three dot-separated parts:
//
//	KIND "." base64url(PAYLOAD) "." base64url(HMAC-SHA256(secret, KIND "." base64url(PAYLOAD)))
//
// KIND is "st1" for a puzzle token and "sr1" for a solve receipt (so one
// can never pass for the other), base64url is RFC 4648 §5 without
// padding, and PAYLOAD is a JSON object (tokenPayload, receiptPayload
// below; times are Unix milliseconds). The secret is the decoded bytes of
// the server's receipt secret (ParseSecret), at least 16 (128 bits).
// A verifier recomputes the MAC over the first two parts, compares it in
// constant time, and only then reads the payload and its expiry.
//
// A token names the puzzle it was served with, its level, where it was
// served (generate or daily), when, and until when it may be redeemed; it
// never holds the solution. A receipt copies the token's facts and adds
// the server time of the solve; its expiry is its own.
package receipt

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"io"
	"strings"
	"sync"
	"time"
)

// The kinds, the first part of a signed string.
const (
	kindToken   = "st1"
	kindReceipt = "sr1"
)

// MinSecretBytes is the shortest secret taken: 128 bits, the strength of
// HMAC-SHA256 against forgery that the contract promises.
const MinSecretBytes = 16

// MaxLength bounds a token or receipt: the payload is a few hundred bytes
// (an 81-character puzzle and a few short fields), so 1 KiB is generous
// and a longer string is not one of ours.
const MaxLength = 1024

// Errors of Verify: the string is not a token or receipt at all, its MAC
// does not match (forged, tampered with, or signed with another secret),
// or it has expired.
var (
	ErrMalformed = errors.New("not a well-formed token or receipt")
	ErrSignature = errors.New("signature does not match")
	ErrExpired   = errors.New("expired")
)

// Token is what a puzzle token says.
type Token struct {
	// ID is random: one token, one ID; a receipt carries its token's ID so
	// that a leaderboard can accept one receipt per token.
	ID string
	// Puzzle is the puzzle's 81 cells, '.' for an empty one.
	Puzzle string
	// Level is the puzzle's level name.
	Level string
	// Source is where it was served: "generate" or "daily".
	Source string
	// Date is the day of a daily puzzle (YYYY-MM-DD), else empty.
	Date string
	// SolutionServed says the answer that carried the token also held the
	// solution (solution=true, the default).
	SolutionServed bool
	// Issued and Expires bound the token's life.
	Issued, Expires time.Time
}

// Receipt is what a solve receipt says: its token's facts, when the
// server saw the solved grid, and its own expiry.
type Receipt struct {
	Token
	// Solved is the server's time when it checked the solved grid.
	Solved time.Time
}

// Elapsed is the time from the token's issue to the solve.
func (r Receipt) Elapsed() time.Duration { return r.Solved.Sub(r.Token.Issued) }

// tokenPayload is the JSON of a token. Short names keep tokens short.
type tokenPayload struct {
	ID       string `json:"id"`
	Puzzle   string `json:"p"`
	Level    string `json:"l"`
	Source   string `json:"src"`
	Date     string `json:"d,omitempty"`
	Solution bool   `json:"sol,omitempty"`
	Issued   int64  `json:"iat"`
	Expires  int64  `json:"exp"`
}

// receiptPayload is the JSON of a receipt: its token's fields (Issued is
// the token's issue time), the solve time and the receipt's expiry.
type receiptPayload struct {
	tokenPayload
	Solved int64 `json:"sat"`
	// Millis is Solved - Issued, written out for readers of the payload.
	Millis int64 `json:"ms"`
}

// Signer signs and verifies tokens and receipts with one secret. It is
// safe for concurrent use.
type Signer struct {
	key []byte
	// macs holds HMAC-SHA256 states keyed with key: Reset restores one
	// without hashing the key again, so a token costs no state of its own.
	macs sync.Pool
}

// NewSigner returns a Signer keyed with secret, which must hold at least
// MinSecretBytes bytes.
func NewSigner(secret []byte) (*Signer, error) {
	if len(secret) < MinSecretBytes {
		return nil, fmt.Errorf("receipt secret of %d bytes: want at least %d (128 bits)", len(secret), MinSecretBytes)
	}
	s := &Signer{key: append([]byte(nil), secret...)}
	s.macs.New = func() any { return hmac.New(sha256.New, s.key) }
	return s, nil
}

// NewSecret returns a new random secret of 32 bytes, written as base64url
// without padding (the form ParseSecret reads).
func NewSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("random secret: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// ParseSecret decodes a secret written as hexadecimal or base64 (standard
// or URL alphabet, padded or not), surrounding space ignored, and checks
// that it holds at least MinSecretBytes bytes, at least half of them
// distinct values: a typed word or a run of one digit (hex "00…00",
// base64 "aaaa…") decodes to a few values repeated, random bytes almost
// never do.
func ParseSecret(text string) ([]byte, error) {
	text = strings.TrimSpace(text)
	var b []byte
	var err error
	if b, err = hex.DecodeString(text); err != nil {
		s := strings.TrimRight(strings.NewReplacer("+", "-", "/", "_").Replace(text), "=")
		if b, err = base64.RawURLEncoding.DecodeString(s); err != nil {
			return nil, errors.New("receipt secret: neither hexadecimal nor base64")
		}
	}
	if len(b) < MinSecretBytes {
		return nil, fmt.Errorf("receipt secret of %d bytes: want at least %d (128 bits)", len(b), MinSecretBytes)
	}
	seen := map[byte]bool{}
	for _, c := range b {
		seen[c] = true
	}
	if len(seen) < min(len(b)/2, 16) {
		return nil, fmt.Errorf("receipt secret: only %d distinct byte values of %d: not random (make one with: sudoku receipts secret)", len(seen), len(b))
	}
	return b, nil
}

// NewID returns a random token ID: 12 bytes, base64url.
func NewID() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b)
}

// SignToken returns t as a signed token string.
func (s *Signer) SignToken(t Token) string {
	var buf [256]byte // a token's payload is about 180 bytes
	return s.signJSON(kindToken, appendTokenJSON(buf[:0], tokenPayloadOf(t)))
}

// SignReceipt returns r as a signed receipt string.
func (s *Signer) SignReceipt(r Receipt) string {
	p := receiptPayload{tokenPayload: tokenPayloadOf(r.Token), Solved: r.Solved.UnixMilli()}
	p.Millis = p.Solved - p.Issued
	return s.sign(kindReceipt, p)
}

// VerifyToken checks a token's MAC and expiry at now and returns what it
// says: ErrMalformed, ErrSignature or ErrExpired otherwise.
func (s *Signer) VerifyToken(text string, now time.Time) (Token, error) {
	var p tokenPayload
	if err := s.open(kindToken, text, &p); err != nil {
		return Token{}, err
	}
	t := p.token()
	if !now.Before(t.Expires) {
		return t, fmt.Errorf("token %w at %s", ErrExpired, t.Expires.UTC().Format(time.RFC3339))
	}
	return t, nil
}

// VerifyReceipt checks a receipt's MAC and expiry at now and returns what
// it says: ErrMalformed, ErrSignature or ErrExpired otherwise.
func (s *Signer) VerifyReceipt(text string, now time.Time) (Receipt, error) {
	var p receiptPayload
	if err := s.open(kindReceipt, text, &p); err != nil {
		return Receipt{}, err
	}
	r := Receipt{Token: p.tokenPayload.token(), Solved: time.UnixMilli(p.Solved).UTC()}
	if p.Millis != p.Solved-p.Issued {
		return r, fmt.Errorf("%w: its elapsed time disagrees with its times", ErrMalformed)
	}
	if !now.Before(r.Expires) {
		return r, fmt.Errorf("receipt %w at %s", ErrExpired, r.Expires.UTC().Format(time.RFC3339))
	}
	return r, nil
}

func tokenPayloadOf(t Token) tokenPayload {
	return tokenPayload{ID: t.ID, Puzzle: t.Puzzle, Level: t.Level, Source: t.Source, Date: t.Date,
		Solution: t.SolutionServed, Issued: t.Issued.UnixMilli(), Expires: t.Expires.UnixMilli()}
}

func (p tokenPayload) token() Token {
	return Token{ID: p.ID, Puzzle: p.Puzzle, Level: p.Level, Source: p.Source, Date: p.Date,
		SolutionServed: p.Solution, Issued: time.UnixMilli(p.Issued).UTC(), Expires: time.UnixMilli(p.Expires).UTC()}
}

// mac is HMAC-SHA256 of kind "." payload under the signer's key.
func (s *Signer) mac(kind, payload string) []byte { return s.appendMAC(nil, kind, []byte(payload)) }

// appendMAC appends the MAC of kind and payload to dst.
func (s *Signer) appendMAC(dst []byte, kind string, payload []byte) []byte {
	m := s.macs.Get().(hash.Hash)
	m.Reset()
	io.WriteString(m, kind)
	io.WriteString(m, ".")
	m.Write(payload)
	dst = m.Sum(dst)
	s.macs.Put(m)
	return dst
}

func (s *Signer) sign(kind string, payload any) string {
	b, err := json.Marshal(payload)
	if err != nil {
		panic(fmt.Sprintf("receipt: marshal %T: %v", payload, err)) // plain structs of strings and numbers always marshal
	}
	return s.signJSON(kind, b)
}

// signJSON returns kind "." base64url(b) "." base64url(MAC) for the JSON
// payload b.
func (s *Signer) signJSON(kind string, b []byte) string {
	// One buffer: "kind.payload.mac" with the raw MAC computed into its
	// spare room at the end, then encoded in front of it.
	enc := base64.RawURLEncoding
	n := len(kind) + 1 + enc.EncodedLen(len(b))
	end := n + 1 + enc.EncodedLen(sha256.Size)
	out := make([]byte, 0, end+sha256.Size)
	out = append(out, kind...)
	out = append(out, '.')
	out = enc.AppendEncode(out, b)
	mac := s.appendMAC(out[end:end], kind, out[len(kind)+1:n])
	out = append(out, '.')
	out = enc.AppendEncode(out, mac)
	return string(out)
}

// open checks text's kind and MAC, then decodes its payload into v.
func (s *Signer) open(kind, text string, v any) error {
	if len(text) > MaxLength {
		return fmt.Errorf("%w: %d characters, at most %d", ErrMalformed, len(text), MaxLength)
	}
	parts := strings.Split(text, ".")
	if len(parts) != 3 {
		return fmt.Errorf("%w: want three dot-separated parts", ErrMalformed)
	}
	if parts[0] != kind {
		return fmt.Errorf("%w: kind %q, want %q", ErrMalformed, parts[0], kind)
	}
	// Strict: one signature has one spelling, so a receipt string can't be
	// altered (its last character's spare bits) and still verify.
	sig, err := base64.RawURLEncoding.Strict().DecodeString(parts[2])
	if err != nil {
		return fmt.Errorf("%w: signature is not base64url", ErrMalformed)
	}
	if !hmac.Equal(sig, s.mac(kind, parts[1])) {
		return ErrSignature
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return fmt.Errorf("%w: payload is not base64url", ErrMalformed)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%w: payload: %v", ErrMalformed, err)
	}
	return nil
}
