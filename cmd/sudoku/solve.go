package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/classic"
)

func runSolve(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	count := fs.Bool("count", false, "write the number of solutions (0, 1 or 2+) instead of the solution")
	unique := fs.Bool("unique", false, "treat a puzzle with more than one solution as an error")
	j := fs.Int("j", runtime.GOMAXPROCS(0), "number of parallel workers")
	algorithm := fs.String("algorithm", engine.DefaultAlgorithm, "solving algorithm: "+strings.Join(algorithms().Names(), ", "))
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sudoku solve [-count] [-unique] [-algorithm NAME] [-j N] [file]")
		fmt.Fprintln(stderr, "\nWrites one line per puzzle: the 81-digit solution, or 'error: <reason>'.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	alg, err := algorithms().Parse(*algorithm)
	if err != nil {
		return err
	}
	if (*count || *unique) && !alg.Exhaustive {
		return fmt.Errorf("-count and -unique need an algorithm that counts solutions; %s finds at most one", alg.Name)
	}
	in, closeIn, err := openInput(fs.Args(), stdin)
	if err != nil {
		return err
	}
	defer closeIn()
	return process(ctx, in, stdout, procConfig{j: *j}, func(p string) string {
		return solveLine(ctx, p, alg, *count, *unique)
	})
}

// algorithms returns the registry of every solving algorithm: the engine's
// and the classic ones.
func algorithms() *engine.Registry {
	return engine.NewRegistry(classic.Algorithms()...)
}

// solveLine is the output line of sudoku solve for one puzzle, solved by
// alg with solutions counted up to 2.
func solveLine(ctx context.Context, p string, alg engine.Algorithm, count, unique bool) string {
	g, err := engine.Parse(p)
	if err == nil {
		err = g.Validate()
	}
	if err != nil {
		return "error: " + err.Error()
	}
	res, err := alg.Solve(ctx, g, 2)
	if err != nil {
		return "error: " + err.Error()
	}
	switch {
	case count && res.Count > 1:
		return "2+"
	case count:
		return fmt.Sprint(res.Count)
	case res.Count == 0:
		return "error: " + engine.ErrNoSolution.Error()
	case res.Count > 1 && unique:
		return "error: " + engine.ErrMultipleSolutions.Error()
	}
	return res.Solution.String()
}
