package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/sudokuhq/sudoku/internal/apikey"
)

// runKeys runs "sudoku keys create": make an API key.
func runKeys(_ context.Context, args []string, _ io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		fmt.Fprintln(stderr, "usage: sudoku keys create -name NAME [-scopes S,...] [-rate N]")
		return errors.New("keys: want the subcommand create")
	}
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
	if err := fs.Parse(args[1:]); err != nil {
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
