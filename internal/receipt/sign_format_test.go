package receipt

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"testing"
)

// TestSignFormat computes tokens independently, as docs/receipts.md
// writes them (kind "." base64url(JSON) "." base64url(HMAC-SHA256 of
// the two before, dot included)), and compares them with sign's, which
// builds them in one buffer with a pooled HMAC state: the same bytes,
// call after call.
func TestSignFormat(t *testing.T) {
	s, err := NewSigner([]byte("0123456789abcdefghijklmnopqrstuv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		kind    string
		payload any
	}{
		{"pz", map[string]any{"p": "..3.2.6..9", "l": 2}},
		{"rc", struct{ X string }{"yz"}},
		{"pz", map[string]any{"p": "..3.2.6..9", "l": 2}}, // again: a pooled state reused
	} {
		got := s.sign(c.kind, c.payload)
		b, _ := json.Marshal(c.payload)
		enc := base64.RawURLEncoding.EncodeToString(b)
		m := hmac.New(sha256.New, []byte("0123456789abcdefghijklmnopqrstuv"))
		m.Write([]byte(c.kind + "." + enc))
		if want := c.kind + "." + enc + "." + base64.RawURLEncoding.EncodeToString(m.Sum(nil)); got != want {
			t.Errorf("sign(%q, %v) = %s, want %s", c.kind, c.payload, got, want)
		}
	}
}
