package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
	"github.com/sudokuhq/sudoku/store"
)

// TestKeysSecret: sudoku keys secret prints a secret sudokud accepts, a
// new one each time.
func TestKeysSecret(t *testing.T) {
	seen := map[string]bool{}
	for range 3 {
		var out, errOut bytes.Buffer
		if err := run(context.Background(), []string{"keys", "secret"}, nil, &out, &errOut); err != nil {
			t.Fatal(err)
		}
		text := strings.TrimSpace(out.String())
		if _, err := generate.ParseDailySecret(text); err != nil {
			t.Errorf("keys secret printed %q: %v", text, err)
		}
		if seen[text] {
			t.Errorf("keys secret printed %q twice", text)
		}
		seen[text] = true
	}
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"keys", "secret", "extra"}, nil, &out, &errOut); err == nil {
		t.Error("keys secret extra succeeded")
	}
}

// TestGenerateDateNeedsTheSecret: sudoku generate -date derives like the
// servers given the same secret file, and without one makes the public
// puzzle, saying so, which is not the keyed day's.
func TestGenerateDateNeedsTheSecret(t *testing.T) {
	var out, errOut bytes.Buffer
	if err := run(context.Background(), []string{"keys", "secret"}, nil, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	secret, _ := generate.ParseDailySecret(out.String())
	path := filepath.Join(t.TempDir(), "daily-secret")
	if err := os.WriteFile(path, out.Bytes(), 0o600); err != nil {
		t.Fatal(err)
	}
	day := mustDate(t, "2026-11-22")
	opt := generate.SecretDailyKey(secret, "").Options(day, rating.Easy)
	opt.Rater = rating.DefaultRater()
	keyed, err := generate.Generate(context.Background(), opt)
	if err != nil {
		t.Fatal(err)
	}
	public, _ := generate.Daily(context.Background(), rating.DefaultRater(), day, rating.Easy, "")
	gen := func(env string, args ...string) (string, string) {
		t.Helper()
		t.Setenv(dailySecretEnv, env)
		var out, errOut bytes.Buffer
		if err := run(context.Background(), append([]string{"generate", "-level", "easy", "-date", "2026-11-22"}, args...), strings.NewReader(""), &out, &errOut); err != nil {
			t.Fatal(err)
		}
		return out.String(), errOut.String()
	}
	for _, tt := range []struct {
		name, env string
		args      []string
		want      engine.Grid
		note      bool
	}{
		{"flag", "", []string{"-daily-secret-file", path}, keyed.Puzzle, false},
		{"environment", path, nil, keyed.Puzzle, false},
		{"none", "", nil, public.Puzzle, true},
	} {
		got, note := gen(tt.env, tt.args...)
		if !strings.HasPrefix(got, tt.want.String()+"\t") {
			t.Errorf("%s: generate -date = %q, want %s", tt.name, got, tt.want)
		}
		if strings.Contains(note, "public derivation") != tt.note {
			t.Errorf("%s: stderr %q, want the public-derivation note %t", tt.name, note, tt.note)
		}
	}
	if keyed.Puzzle == public.Puzzle {
		t.Error("the keyed and public puzzles of the day are the same")
	}
	bad := filepath.Join(t.TempDir(), "bad")
	_ = os.WriteFile(bad, []byte("acme\n"), 0o600)
	if err := run(context.Background(), []string{"generate", "-level", "easy", "-date", "2026-11-22", "-daily-secret-file", bad}, strings.NewReader(""), &out, &errOut); err == nil || strings.Contains(err.Error(), "acme") {
		t.Errorf("generate -date with a bad secret = %v, want an error that does not quote it", err)
	}

	// sudoku daily schedule stores what the servers with that secret
	// would have generated.
	spec := "sqlite:" + filepath.Join(t.TempDir(), "daily.db")
	errOut.Reset()
	t.Setenv(dailySecretEnv, "")
	if err := run(context.Background(), []string{"daily", "schedule", "-store", spec, "-from", "2026-11-23", "-to", "2026-11-23", "-levels", "easy"},
		strings.NewReader(""), &out, &errOut); err != nil || !strings.Contains(errOut.String(), "public derivation") {
		t.Errorf("daily schedule without a secret = %v, stderr %q: want the public-derivation note", err, errOut.String())
	}
	t.Setenv(dailySecretEnv, path)
	if err := run(context.Background(), []string{"daily", "schedule", "-store", spec, "-from", "2026-11-22", "-to", "2026-11-22", "-levels", "easy"},
		strings.NewReader(""), &out, &errOut); err != nil {
		t.Fatal(err)
	}
	st, err := store.Open(context.Background(), spec)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	rec, err := service.New(service.Config{}, service.Deps{Store: st, Pool: service.InlinePool{}}).Daily(context.Background(), day, rating.Easy)
	if err != nil || rec.Puzzle != keyed.Puzzle {
		t.Errorf("daily schedule with the secret stored %v (%v), want the keyed %v", rec.Puzzle, err, keyed.Puzzle)
	}
}
