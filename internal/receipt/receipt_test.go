package receipt

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

const testPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

func testSigner(t *testing.T, secret string) *Signer {
	t.Helper()
	s, err := NewSigner([]byte(secret))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// tamper decodes the payload of a signed string, lets edit change it and
// re-encodes it, keeping the original MAC: what a cheating client can do
// without the secret.
func tamper(t *testing.T, signed string, edit func(map[string]any)) string {
	t.Helper()
	parts := strings.Split(signed, ".")
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	b, _ = json.Marshal(m)
	parts[1] = base64.RawURLEncoding.EncodeToString(b)
	return strings.Join(parts, ".")
}

func TestReceiptRoundTripAndAttacks(t *testing.T) {
	issued := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	s := testSigner(t, "0123456789abcdef0123456789abcdef")
	other := testSigner(t, "fedcba9876543210fedcba9876543210")
	tok := Token{ID: NewID(), Puzzle: testPuzzle, Level: "hard", Source: "generate", Issued: issued, Expires: issued.Add(24 * time.Hour)}
	rec := Receipt{Token: tok, Solved: issued.Add(5*time.Minute + 300*time.Millisecond)}
	rec.Expires = rec.Solved.Add(30 * 24 * time.Hour)
	signedTok, signedRec := s.SignToken(tok), s.SignReceipt(rec)

	got, err := s.VerifyToken(signedTok, issued.Add(time.Hour))
	if err != nil || got != tok {
		t.Fatalf("VerifyToken(SignToken(t)) = %+v, %v, want %+v", got, err, tok)
	}
	gotR, err := s.VerifyReceipt(signedRec, issued.Add(time.Hour))
	if err != nil || gotR != rec || gotR.Elapsed() != 5*time.Minute+300*time.Millisecond {
		t.Fatalf("VerifyReceipt(SignReceipt(r)) = %+v, %v, want %+v", gotR, err, rec)
	}
	if strings.Contains(signedTok, "solution") {
		t.Errorf("token %q names a solution", signedTok)
	}

	tests := []struct {
		name    string
		receipt bool // verify as a receipt, else as a token
		text    string
		at      time.Time
		want    error
	}{
		{"token signed with another secret", false, other.SignToken(tok), issued, ErrSignature},
		{"receipt signed with another secret", true, other.SignReceipt(rec), issued, ErrSignature},
		{"receipt with a tampered solve time", true, tamper(t, signedRec, func(m map[string]any) {
			m["sat"] = m["sat"].(float64) - 240000
			m["ms"] = m["ms"].(float64) - 240000
		}), issued, ErrSignature},
		{"receipt with a tampered issue time", true, tamper(t, signedRec, func(m map[string]any) {
			m["iat"] = m["iat"].(float64) + 240000
			m["ms"] = m["ms"].(float64) - 240000
		}), issued, ErrSignature},
		{"receipt moved to another puzzle", true, tamper(t, signedRec, func(m map[string]any) {
			m["p"] = strings.Replace(testPuzzle, "4", "5", 1)
		}), issued, ErrSignature},
		{"token with a later expiry", false, tamper(t, signedTok, func(m map[string]any) {
			m["exp"] = m["exp"].(float64) + 1e9
		}), issued, ErrSignature},
		{"token with its signature cut", false, signedTok[:strings.LastIndex(signedTok, ".")+1], issued, ErrSignature},
		{"expired token", false, signedTok, tok.Expires, ErrExpired},
		{"expired receipt", true, signedRec, rec.Expires.Add(time.Millisecond), ErrExpired},
		{"token as a receipt", true, signedTok, issued, ErrMalformed},
		{"receipt as a token", false, signedRec, issued, ErrMalformed},
		{"two parts", false, "st1.abc", issued, ErrMalformed},
		{"too long", false, "st1." + strings.Repeat("a", MaxLength) + ".x", issued, ErrMalformed},
		{"signature not base64url", false, "st1.abc.!!", issued, ErrMalformed},
		{"signature respelled (spare bits of its last character)", false, respell(signedTok), issued, ErrMalformed},
		{"empty", true, "", issued, ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if tt.receipt {
				_, err = s.VerifyReceipt(tt.text, tt.at)
			} else {
				_, err = s.VerifyToken(tt.text, tt.at)
			}
			if !errors.Is(err, tt.want) {
				t.Errorf("Verify(%.40q...) = %v, want %v", tt.text, err, tt.want)
			}
		})
	}
}

func TestParseSecret(t *testing.T) {
	fresh, err := NewSecret()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, text string
		bytes      int // 0: an error
	}{
		{"new secret", fresh, 32},
		{"hex 128 bits", "00112233445566778899aabbccddeeff", 16},
		{"base64 std padded", "AAECAwQFBgcICQoLDA0ODw==\n", 16},
		{"base64url", "-_-_-AECAwQFBgcICQoLDA", 16},
		{"hex too short", "00112233445566778899aabbccddee", 0},
		{"hex zeros", "00000000000000000000000000000000", 0},
		{"base64 of one letter typed", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 0},
		{"not an encoding", "correct horse battery staple!", 0},
		{"empty", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ParseSecret(tt.text)
			if tt.bytes == 0 {
				if err == nil {
					t.Errorf("ParseSecret(%q) = %x, want an error", tt.text, b)
				}
				return
			}
			if err != nil || len(b) != tt.bytes {
				t.Errorf("ParseSecret(%q) = %d bytes, %v, want %d", tt.text, len(b), err, tt.bytes)
			}
		})
	}
	if _, err := NewSigner(make([]byte, MinSecretBytes-1)); err == nil {
		t.Errorf("NewSigner(15 bytes) = nil error, want a refusal")
	}
}

// BenchmarkToken is the cost a token adds to every served puzzle (sign),
// and a /check with a token (verify); receipts cost the same.
func BenchmarkToken(b *testing.B) {
	s, _ := NewSigner([]byte("0123456789abcdef0123456789abcdef"))
	now := time.Now()
	tok := Token{ID: NewID(), Puzzle: testPuzzle, Level: "hard", Source: "generate", Issued: now, Expires: now.Add(time.Hour)}
	signed := s.SignToken(tok)
	b.Run("sign", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			tok.ID = NewID()
			_ = s.SignToken(tok)
		}
	})
	b.Run("verify", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, err := s.VerifyToken(signed, now); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// respell changes the two spare bits of the last character of a signed
// string's signature (32 bytes: 43 base64url characters, the last holding
// 4 bits): a lenient decoder reads the same signature from it.
func respell(signed string) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	last := strings.IndexByte(alphabet, signed[len(signed)-1])
	return signed[:len(signed)-1] + string(alphabet[last^1])
}
