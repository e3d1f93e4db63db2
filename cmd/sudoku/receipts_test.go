package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/internal/receipt"
)

func TestReceiptsVerify(t *testing.T) {
	const puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"receipts", "secret"}, nil, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	secretText := strings.TrimSpace(out.String())
	secret, err := receipt.ParseSecret(secretText)
	if err != nil {
		t.Fatalf("receipts secret printed %q: %v", secretText, err)
	}
	file := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(file, []byte(secretText+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	signer, _ := receipt.NewSigner(secret)
	forger, _ := receipt.NewSigner(bytes.Repeat([]byte{7}, 32))
	now := time.Now()
	r := receipt.Receipt{Token: receipt.Token{ID: "abc", Puzzle: puzzle, Level: "easy", Source: "daily", Date: "2026-11-26",
		Issued: now.Add(-90 * time.Second), Expires: now.Add(time.Hour)}, Solved: now}
	r.Expires = now.Add(time.Hour)
	good, forged := signer.SignReceipt(r), forger.SignReceipt(r)

	tests := []struct {
		name  string
		args  []string
		stdin string
		want  []string // line prefixes, in order
		fails bool
	}{
		{"genuine", []string{good}, "", []string{"valid\tabc\teasy\tdaily\t2026-11-26\t90.000\t"}, false},
		{"genuine from stdin, for its puzzle", []string{"-puzzle", puzzle}, good + "\n", []string{"valid\tabc"}, false},
		{"forged", []string{good, forged}, "", []string{"valid\tabc", "invalid\tsignature does not match"}, true},
		{"another puzzle", []string{"-puzzle", "4" + puzzle[1:], good}, "", []string{"invalid\tissued for another puzzle"}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			args := append([]string{"receipts", "verify", "-secret-file", file}, tt.args...)
			err := run(context.Background(), args, strings.NewReader(tt.stdin), &out, &errOut)
			if (err != nil) != tt.fails {
				t.Errorf("sudoku %v: error %v, want failure %t", args, err, tt.fails)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(lines) != len(tt.want) {
				t.Fatalf("sudoku %v printed %q, want %d lines", args, out.String(), len(tt.want))
			}
			for i, w := range tt.want {
				if !strings.HasPrefix(lines[i], w) {
					t.Errorf("line %d = %q, want prefix %q", i, lines[i], w)
				}
			}
		})
	}
}
