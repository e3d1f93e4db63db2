package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/sudokuhq/sudoku/internal/apikey"
)

// keysUsage lists the keys subcommands.
const keysUsage = `usage: sudoku keys create -name NAME [-scopes S,...] [-rate N]
       sudoku keys list [-file FILE]
       sudoku keys revoke [-file FILE] NAME
       sudoku keys secret > daily-secret`

// runKeys runs "sudoku keys create|list|revoke|secret": make an API key,
// list the keys of a key file, remove one from it, or make the daily
// secret.
func runKeys(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	subs := map[string]func(context.Context, []string, io.Reader, io.Writer, io.Writer) error{
		"create": runKeysCreate, "list": runKeysList, "revoke": runKeysRevoke, "secret": runKeysSecret,
	}
	if len(args) == 0 || subs[args[0]] == nil {
		fmt.Fprintln(stderr, keysUsage)
		return errors.New("keys: want the subcommand create, list or revoke (or secret: the daily secret)")
	}
	return subs[args[0]](ctx, args[1:], stdin, stdout, stderr)
}

func runKeysCreate(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("keys create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("name", "", "the key's name, shown in logs and metrics (a-z, 0-9, '.', '_', '-')")
	scopes := fs.String("scopes", "", "comma-separated scopes: daily:ahead, publish, generate:bulk")
	rate := fs.Int("rate", 0, "requests per rate window for this key (0: no limit)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku keys create -name NAME [-scopes S,...] [-rate N]")
		fmt.Fprintln(stderr, "\nMakes a random API key. Its secret goes to stderr, shown this once: hand it")
		fmt.Fprintln(stderr, "to the client. The line for the key file (-api-keys), which holds only the")
		fmt.Fprintln(stderr, "secret's SHA-256, goes to stdout, so '>> keys' appends it.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("keys create takes no arguments, got %q", fs.Args())
	}
	if *name == "" {
		return errors.New("keys create: -name is required")
	}
	var sc []apikey.Scope
	for s := range strings.SplitSeq(*scopes, ",") {
		if s = strings.TrimSpace(s); s != "" {
			sc = append(sc, apikey.Scope(s))
		}
	}
	secret, line, err := apikey.New(*name, sc, *rate)
	if err != nil {
		return fmt.Errorf("keys create: %w", err)
	}
	fmt.Fprintf(stderr, "API key %s (shown once; give it to the client, then forget it):\n%s\n", *name, secret)
	fmt.Fprintln(stdout, line)
	return nil
}

// keyFileFlag is the -file flag of list and revoke: the key file sudokud
// reads (-api-keys), $SUDOKU_API_KEYS_FILE by default.
func keyFileFlag(fs *flag.FlagSet) func() (string, error) {
	file := fs.String("file", "", "the key file, as sudokud's -api-keys (default $SUDOKU_API_KEYS_FILE)")
	return func() (string, error) {
		if *file == "" {
			*file = os.Getenv("SUDOKU_API_KEYS_FILE")
		}
		if *file == "" {
			return "", errors.New("-file (or SUDOKU_API_KEYS_FILE) must name the key file")
		}
		return *file, nil
	}
}

// runKeysList prints the keys of a key file: name, scopes, rate and
// creation time, never a secret or hash. A bad file is an error, as it is
// for sudokud.
func runKeysList(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("keys list", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := keyFileFlag(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	path, err := file()
	if err != nil {
		return err
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	set, err := apikey.Parse(f)
	if err != nil {
		return fmt.Errorf("%s (sudokud refuses it too, keeping its last good keys): %w", path, err)
	}
	tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tSCOPES\tRATE\tCREATED")
	for _, k := range set.Keys() {
		scopes := make([]string, len(k.Scopes))
		for i, s := range k.Scopes {
			scopes[i] = string(s)
		}
		created := "-"
		if !k.Created.IsZero() {
			created = k.Created.UTC().Format(time.RFC3339)
		}
		sl := strings.Join(scopes, ",")
		if sl == "" {
			sl = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\n", k.Name, sl, k.RateLimit, created)
	}
	return tw.Flush()
}

// runKeysRevoke removes a key's line from the key file, replacing the
// file in one rename so a server never reads half of it; sudokud refuses
// the key once it reads the file again (-api-keys-poll, or SIGHUP).
func runKeysRevoke(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("keys revoke", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := keyFileFlag(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("keys revoke: want the key's NAME, got %q", fs.Args())
	}
	name := fs.Arg(0)
	path, err := file()
	if err != nil {
		return err
	}
	old, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	text, err := apikey.Revoke(string(old), name)
	if err != nil {
		return fmt.Errorf("keys revoke: %s: %w", path, err)
	}
	if err := replaceFile(path, []byte(text)); err != nil {
		return err
	}
	if _, err := apikey.Parse(strings.NewReader(text)); err != nil {
		return fmt.Errorf("revoked %s, but %s has bad lines, so sudokud keeps its last good keys (with %s): fix the file: %w", name, path, name, err)
	}
	fmt.Fprintf(stdout, "revoked %s\n", name)
	return nil
}

// replaceFile writes data to path through a temporary file in the same
// folder and a rename, keeping path's permissions.
func replaceFile(path string, data []byte) error {
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // gone after the rename; cleans up a failure
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
