package apikey

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// namePattern is the rule validName writes out, kept here as its oracle.
var namePattern = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{0,62}$`)

func TestValidName(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want bool
	}{
		{"empty", "", false},
		{"one letter", "a", true},
		{"one digit", "7", true},
		{"punctuation inside", "acme.print_v2-x", true},
		{"leading dot", ".a", false},
		{"leading dash", "-a", false},
		{"leading underscore", "_a", false},
		{"upper case", "Acme", false},
		{"space", "a b", false},
		{"63 characters", strings.Repeat("a", 63), true},
		{"64 characters", strings.Repeat("a", 64), false},
		{"non-ASCII", "caf\u00e9", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := validName(tt.in); got != tt.want {
				t.Errorf("validName(%q) = %v, want %v", tt.in, got, tt.want)
			}
		})
	}
	// Random strings over the alphabet and its neighbours, as long as the
	// limit and beyond: validName agrees with the expression on each.
	const alphabet = "az09._-AZ/:` \x00\xff"
	rng := rand.New(rand.NewPCG(22, 1))
	for range 20000 {
		b := make([]byte, rng.IntN(66))
		for i := range b {
			if rng.IntN(4) == 0 {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				b[i] = "abcxyz0189"[rng.IntN(10)]
			}
		}
		if s := string(b); validName(s) != namePattern.MatchString(s) {
			t.Fatalf("validName(%q) = %v, the expression says %v", s, validName(s), !validName(s))
		}
	}
}
