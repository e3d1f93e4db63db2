package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/receipt"
	"github.com/sudokuhq/sudoku/internal/secretfile"
)

const receiptsUsage = "usage: sudoku receipts secret | sudoku receipts verify -secret-file FILE [-puzzle P] [RECEIPT...]"

// runReceipts runs "sudoku receipts": make a receipt secret, or verify
// solve receipts offline with the servers' secret (docs/receipts.md).
func runReceipts(_ context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprintln(stderr, receiptsUsage)
		return errors.New("receipts: want the subcommand secret or verify")
	}
	switch args[0] {
	case "secret":
		s, err := receipt.NewSecret()
		if err != nil {
			return err
		}
		fmt.Fprintln(stdout, s)
		return nil
	case "verify":
		return runReceiptsVerify(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintln(stderr, receiptsUsage)
	return fmt.Errorf("receipts: unknown subcommand %q", args[0])
}

// runReceiptsVerify checks each receipt (the arguments, else one per line
// of stdin) and writes one tab-separated line per receipt:
//
//	valid  token_id  level  source  date  seconds  issued  solved  puzzle
//	invalid  REASON
//
// It fails when any receipt is invalid.
func runReceiptsVerify(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("receipts verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	secretFile := fs.String("secret-file", "", "file holding the servers' receipt secret (hex or base64); else $SUDOKU_RECEIPT_SECRET")
	puzzleText := fs.String("puzzle", "", "when set, every receipt must be for this puzzle")
	fs.Usage = func() {
		fmt.Fprintln(stderr, receiptsUsage)
		fmt.Fprintln(stderr, "\nVerifies solve receipts offline with the servers' secret: one line per receipt,")
		fmt.Fprintln(stderr, "'valid' and what it says, or 'invalid' and why; exit 1 if any is invalid.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	var secret []byte
	var err error
	switch text := os.Getenv("SUDOKU_RECEIPT_SECRET"); {
	case *secretFile != "":
		secret, err = secretfile.Parse("receipt secret", *secretFile, receipt.ParseSecret)
	case text == "":
		return errors.New("receipts verify: give -secret-file or SUDOKU_RECEIPT_SECRET")
	default:
		secret, err = receipt.ParseSecret(text)
	}
	if err != nil {
		return fmt.Errorf("receipts verify: %w", err)
	}
	signer, err := receipt.NewSigner(secret)
	if err != nil {
		return err
	}
	var want string
	if *puzzleText != "" {
		g, err := engine.Parse(*puzzleText)
		if err != nil {
			return fmt.Errorf("receipts verify: -puzzle: %w", err)
		}
		want = g.String()
	}
	receipts := fs.Args()
	if len(receipts) == 0 {
		sc := bufio.NewScanner(stdin)
		for sc.Scan() {
			if line := strings.TrimSpace(sc.Text()); line != "" && !strings.HasPrefix(line, "#") {
				receipts = append(receipts, line)
			}
		}
		if err := sc.Err(); err != nil {
			return err
		}
	}
	invalid := 0
	now := time.Now()
	for _, text := range receipts {
		r, err := signer.VerifyReceipt(text, now)
		if err == nil && want != "" && r.Puzzle != want {
			err = errors.New("issued for another puzzle")
		}
		if err != nil {
			invalid++
			fmt.Fprintf(stdout, "invalid\t%v\n", err)
			continue
		}
		date := r.Date
		if date == "" {
			date = "-"
		}
		fmt.Fprintf(stdout, "valid\t%s\t%s\t%s\t%s\t%.3f\t%s\t%s\t%s\n", r.ID, r.Level, r.Source, date,
			r.Elapsed().Seconds(), r.Issued.Format(time.RFC3339Nano), r.Solved.Format(time.RFC3339Nano), r.Puzzle)
	}
	if invalid > 0 {
		return fmt.Errorf("receipts verify: %d of %d receipts invalid", invalid, len(receipts))
	}
	return nil
}
