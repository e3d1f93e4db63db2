// Command sudoku solves, rates and generates Sudoku puzzles from the command
// line, with the same engine the service uses.
//
// Usage:
//
//	sudoku <command> [flags] [file]
//
// Commands read puzzles one per line from the file, or from standard input
// when no file (or "-") is given: the first whitespace-separated field of each
// line is the puzzle; blank lines and lines starting with '#' are skipped.
// Output has one line per puzzle, in input order, whatever -j is.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"
)

// command is one subcommand of sudoku.
type command struct {
	name    string
	summary string
	run     func(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// commands lists the subcommands in the order the usage shows them.
var commands = []command{
	{"solve", "solve puzzles, or count their solutions", runSolve},
	{"generate", "generate puzzles at a level, as text lines or a printable SVG", runGenerate},
	{"rate", "rate puzzles like a human solver: level, score, steps, techniques", runRate},
	{"calibrate", "fit the rater's score on the labelled data and print its agreement", runCalibrate},
	{"bench", "time the solvers on puzzle files (puzzles per CPU-second)", runBench},
	{"daily", "schedule, put or export the stored puzzles of the day (-store)", runDaily},
	{"keys", "API keys: create one (the secret once, and the line for the key file), list or revoke; or make the daily secret", runKeys},
	{"receipts", "make a receipt secret, or verify solve receipts offline with it", runReceipts},
}

// cliGCPercent is the command's garbage collection target when GOGC is
// not set: its live heap is a megabyte or two (the reorder window, a
// puzzle per worker), so Go's default (collect at twice the live heap, 4
// MB at least) collects after every few megabytes of garbage: every 15
// evil puzzles of the rater's scratch, 20 collections a second per worker
// (GODEBUG=gctrace=1 sudoku generate -level evil -n 300). Each collection
// stops and wakes every worker; at 800 it runs about a tenth as often,
// for a heap of a few tens of megabytes (docs/scaling.md).
const cliGCPercent = 800

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(cliGCPercent)
	}
	stopProfile := startCPUProfile(os.Getenv(cpuProfileEnv), os.Stderr)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	stopProfile()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "sudoku:", err)
		}
		os.Exit(2)
	}
}

// run dispatches args[0] to its subcommand.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" || args[0] == "help" {
		usage(stderr)
		if len(args) == 0 {
			return errors.New("no command given")
		}
		return flag.ErrHelp
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(ctx, args[1:], stdin, stdout, stderr)
		}
	}
	usage(stderr)
	return fmt.Errorf("unknown command %q", args[0])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: sudoku <command> [flags] [file]")
	fmt.Fprintln(w, "\ncommands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'sudoku <command> -h' for the flags of a command.")
}
