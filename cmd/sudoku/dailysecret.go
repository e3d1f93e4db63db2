package main

import (
	"context"
	"crypto/rand"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/internal/secretfile"
)

// dailySecretEnv names the file of the daily secret when
// -daily-secret-file is not given, as for sudokud.
const dailySecretEnv = "SUDOKU_DAILY_SECRET_FILE"

// readDailySecret reads the daily secret from path, or from the file
// $SUDOKU_DAILY_SECRET_FILE names when path is empty; nil when neither
// is set (the public derivation). A file that holds no generated secret
// is an error, which never quotes it.
func readDailySecret(path string) (*generate.DailySecret, error) {
	if path == "" {
		path = os.Getenv(dailySecretEnv)
	}
	if path == "" {
		return nil, nil
	}
	s, err := secretfile.Parse("daily secret", path, generate.ParseDailySecret)
	if err != nil {
		return nil, err
	}
	return &s, nil
}

// dailyKey is the derivation of the puzzles of the day with secret (nil:
// the public one) and salt.
func dailyKey(secret *generate.DailySecret, salt string) generate.DailyKey {
	if secret == nil {
		return generate.PublicDailyKey(salt)
	}
	return generate.SecretDailyKey(*secret, salt)
}

// runKeysSecret runs "sudoku keys secret": make the daily secret, 256
// random bits, on stdout for the file sudokud's -daily-secret-file reads.
func runKeysSecret(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("keys secret", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku keys secret > daily-secret")
		fmt.Fprintln(stderr, "\nMakes the daily secret (256 random bits) that keys the puzzles of the day")
		fmt.Fprintln(stderr, "(sudokud -daily-secret-file). Every replica needs the same one; keep it like a")
		fmt.Fprintln(stderr, "password: whoever holds it can compute every future puzzle not yet stored.")
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return errors.New("keys secret takes no arguments")
	}
	s, err := generate.NewDailySecret(rand.Reader)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, s.Text())
	return err
}
