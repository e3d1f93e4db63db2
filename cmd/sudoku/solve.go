package main

import (
	"context"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"runtime"
	"strconv"
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
	if *j == 1 {
		return processSeq(ctx, in, stdout, func(dst, p []byte) []byte {
			return appendSolveLine(ctx, dst, p, alg, *count, *unique)
		})
	}
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
// alg with solutions counted up to 2: appendSolveLine as a string, for the
// batch pipeline (process).
func solveLine(ctx context.Context, p string, alg engine.Algorithm, count, unique bool) string {
	return string(appendSolveLine(ctx, nil, []byte(p), alg, count, unique))
}

// appendSolveLine appends to dst the output line of sudoku solve for one
// puzzle (without the newline), solved by alg with solutions counted up to
// 2. A puzzle and an answer on the plain 81-character line allocate
// nothing.
func appendSolveLine(ctx context.Context, dst, p []byte, alg engine.Algorithm, count, unique bool) []byte {
	// The fast solver counts no solution for conflicting givens (engine.Solve),
	// so with it the conflict is looked for only when there is no solution.
	late := alg.Name == engine.DefaultAlgorithm
	g, err := parsePuzzle(p)
	if err == nil && !late {
		err = g.Validate()
	}
	if err != nil {
		return append(append(dst, "error: "...), err.Error()...)
	}
	if count && late {
		// Only the count is written: the fast solver need not build the
		// solution.
		switch n := engine.CountSolutions(g, 2); {
		case n > 1:
			return append(dst, "2+"...)
		case n == 1:
			return append(dst, '1')
		}
		if err := g.Validate(); err != nil {
			return append(append(dst, "error: "...), err.Error()...)
		}
		return append(dst, '0')
	}
	res, err := alg.Solve(ctx, g, 2)
	if err == nil && res.Count == 0 && late {
		err = g.Validate()
	}
	if err != nil {
		return append(append(dst, "error: "...), err.Error()...)
	}
	switch {
	case count && res.Count > 1:
		return append(dst, "2+"...)
	case count:
		return strconv.AppendInt(dst, int64(res.Count), 10)
	case res.Count == 0:
		return append(append(dst, "error: "...), engine.ErrNoSolution.Error()...)
	case res.Count > 1 && unique:
		return append(append(dst, "error: "...), engine.ErrMultipleSolutions.Error()...)
	}
	for _, d := range res.Solution {
		dst = append(dst, '0'+d) // a solution has no empty cell
	}
	return dst
}

// parsePuzzle is engine.Parse for one input field: the common plain line
// of 81 digits and dots is read here, eight cells at a time and without a
// copy; anything else goes through engine.Parse, which reports what is
// wrong and where.
func parsePuzzle(p []byte) (engine.Grid, error) {
	var g engine.Grid
	if len(p) != len(g) {
		return engine.Parse(string(p))
	}
	var bad uint64
	for k := 0; k < 80; k += 8 {
		d, b := digits8(binary.LittleEndian.Uint64(p[k : k+8]))
		binary.LittleEndian.PutUint64(g[k:k+8], d)
		bad |= b
	}
	c := p[80]
	d := c - '0'
	if c == '.' {
		d = 0
	}
	g[80] = d
	if bad != 0 || d > 9 {
		return engine.Parse(string(p))
	}
	return g, nil
}

// digits8 reads eight cells at once (byte k of x is cell k): '1'-'9' become
// 1-9, '.' and '0' become 0. bad is not 0 when a byte is anything else, and
// then d means nothing. Branch-free: '.' and digits alternate unpredictably
// in a puzzle, so a branch per cell costs more than the whole conversion.
func digits8(x uint64) (d, bad uint64) {
	const (
		ones = 0x0101010101010101
		low7 = 0x7f * ones
		high = 0x80 * ones
	)
	t := x ^ '.'*ones
	notDot := ((t & low7) + low7 | t) & high // the high bit of every byte but '.'
	keep := x & (notDot >> 7 * 0xff)         // '.' bytes cleared
	k7 := keep & low7
	bad = keep&high | // a byte above 0x7f
		(k7+(0x80-':')*ones)&high | // a byte from ':' up
		^(k7+(0x80-'0')*ones)&notDot // a byte below '0' but '.'
	return keep - '0'*ones&(notDot>>7*0xff), bad
}
