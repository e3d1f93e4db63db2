package main

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/internal/dataset"
	"github.com/sudokuhq/sudoku/internal/dataset/datasettest"
)

func TestSolveCommand(t *testing.T) {
	const (
		puzzle   = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
		solution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	)
	var (
		multi    = puzzle[:30] + strings.Repeat(".", 51)
		noSol    = "12345678." + "........9" + strings.Repeat(".", 63)
		conflict = "33" + strings.Repeat(".", 79)
	)
	input := strings.Join([]string{
		"# a comment", "", puzzle + "\tlabel", multi, noSol, conflict, "abc", "  " + puzzle,
	}, "\n")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"solve", []string{"solve"}, []string{solution, "~" + multi, "error: puzzle has no solution", "error: digit 3 appears twice in row 1: r1c1 and r1c2", "error: invalid character 'a' at offset 0 (line 1, column 1): want 1-9 for a given, '.' or '0' for an empty cell", solution}},
		{"unique", []string{"solve", "-unique", "-j", "3"}, []string{solution, "error: puzzle has more than one solution", "error: puzzle has no solution", "error: digit 3 appears twice in row 1: r1c1 and r1c2", "error: invalid character 'a' at offset 0 (line 1, column 1): want 1-9 for a given, '.' or '0' for an empty cell", solution}},
		{"count", []string{"solve", "-count"}, []string{"1", "2+", "0", "error: digit 3 appears twice in row 1: r1c1 and r1c2", "error: invalid character 'a' at offset 0 (line 1, column 1): want 1-9 for a given, '.' or '0' for an empty cell", "1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if err := run(context.Background(), tt.args, strings.NewReader(input), &out, &errOut); err != nil {
				t.Fatalf("run(%v) = %v; stderr %s", tt.args, err, errOut.String())
			}
			got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(got) != len(tt.want) {
				t.Fatalf("run(%v) wrote %d lines, want %d:\n%s", tt.args, len(got), len(tt.want), out.String())
			}
			for i := range got {
				if w, ok := strings.CutPrefix(tt.want[i], "~"); ok { // any solution of puzzle w
					p, s := engine.MustParse(w), engine.MustParse(got[i])
					if !s.IsSolutionOf(&p) {
						t.Errorf("line %d = %q, want a solution of %s", i+1, got[i], w)
					}
				} else if got[i] != tt.want[i] {
					t.Errorf("line %d = %q, want %q", i+1, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestSolveCommandOrder runs a real data file through several workers and
// checks that line i of the output solves line i of the input.
func TestSolveCommandOrder(t *testing.T) {
	puzzles := datasettest.LoadPuzzles(t, dataset.Clue17, 3000)
	for _, j := range []int{1, 4} {
		var out bytes.Buffer
		err := run(context.Background(), []string{"solve", "-j", fmt.Sprint(j)}, strings.NewReader(strings.Join(puzzles, "\n")), &out, &bytes.Buffer{})
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if len(lines) != len(puzzles) {
			t.Fatalf("-j %d: %d lines, want %d", j, len(lines), len(puzzles))
		}
		for i, p := range puzzles {
			g, s := engine.MustParse(p), engine.MustParse(lines[i])
			if !s.IsSolutionOf(&g) {
				t.Fatalf("-j %d: line %d = %s does not solve %s", j, i+1, lines[i], p)
			}
		}
	}
}

func TestRunErrors(t *testing.T) {
	for _, args := range [][]string{nil, {"nope"}, {"solve", "-x"}, {"solve", "a", "b"}, {"solve", "/nonexistent/file"}} {
		if err := run(context.Background(), args, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
			t.Errorf("run(%q) = nil, want an error", args)
		}
	}
}

func TestProcessCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	in := strings.NewReader(strings.Repeat(strings.Repeat(".", 81)+"\n", 5000))
	if err := process(ctx, in, &bytes.Buffer{}, procConfig{j: 2}, func(string) string { return "" }); err == nil {
		t.Fatal("process on a cancelled context = nil, want an error")
	}
}

// TestSolveCommandAlgorithm solves with each engine algorithm chosen by
// -algorithm, and checks the flag's errors.
func TestSolveCommandAlgorithm(t *testing.T) {
	const (
		puzzle   = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
		nearly   = ".839.1657967345821251876493548132976729564138136798245372689514814253769695417..." // naive brute force needs few empty cells
		solution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	)
	for _, name := range algorithms().Names() {
		t.Run(name, func(t *testing.T) {
			in := puzzle + "\n" + nearly + "\n"
			want := solution + "\n" + solution + "\n"
			if name == "naive" {
				in, want = nearly+"\n", solution+"\n"
			}
			var out, errOut bytes.Buffer
			if err := run(context.Background(), []string{"solve", "-algorithm", name}, strings.NewReader(in), &out, &errOut); err != nil {
				t.Fatalf("solve -algorithm %s: %v; stderr %s", name, err, errOut.String())
			}
			if out.String() != want {
				t.Errorf("solve -algorithm %s wrote %q, want %q", name, out.String(), want)
			}
		})
	}
	multi := puzzle[:30] + strings.Repeat(".", 51)
	var out bytes.Buffer
	if err := run(context.Background(), []string{"solve", "-algorithm", "dfs", "-count"}, strings.NewReader(puzzle+"\n"+multi+"\n"), &out, &bytes.Buffer{}); err != nil {
		t.Fatalf("solve -algorithm dfs -count: %v", err)
	}
	if got, want := out.String(), "1\n2+\n"; got != want {
		t.Errorf("solve -algorithm dfs -count wrote %q, want %q", got, want)
	}
	for _, args := range [][]string{
		{"solve", "-algorithm", "genetic"},
		{"solve", "-algorithm", "annealing", "-count"},
		{"solve", "-algorithm", "brute", "-unique"},
	} {
		if err := run(context.Background(), args, strings.NewReader(puzzle), &bytes.Buffer{}, &bytes.Buffer{}); err == nil {
			t.Errorf("run(%q) = nil, want an error", args)
		}
	}
}

// TestProcessSeqMatchesProcess checks that the one-goroutine byte path of
// -j 1 writes what the batch path writes, on awkward input: comments, blank
// lines, tabs, CR line ends, spaces, a line without its newline, bad lines
// and a line longer than the read buffer.
func TestProcessSeqMatchesProcess(t *testing.T) {
	const puzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	inputs := map[string]string{
		"mixed": strings.Join([]string{
			"# comment", "", "   ", puzzle + "\tlabel", puzzle + "\r", " \t" + puzzle + " x",
			"33" + strings.Repeat(".", 79), "abc", strings.Replace(puzzle, ".", "0", -1), puzzle[:80],
			"1 2 3", "#" + puzzle, puzzle,
		}, "\n"),
		"long line":  puzzle + "\n" + strings.Repeat("1", 3*seqBuffer) + "\n" + puzzle + "\n",
		"empty":      "",
		"no newline": puzzle,
	}
	for name, in := range inputs {
		for _, args := range [][]string{{"-count"}, {}, {"-unique"}} {
			var seq, batch bytes.Buffer
			if err := run(context.Background(), append([]string{"solve", "-j", "1"}, args...), strings.NewReader(in), &seq, &bytes.Buffer{}); err != nil {
				t.Fatalf("%s: solve -j 1 %v: %v", name, args, err)
			}
			if err := run(context.Background(), append([]string{"solve", "-j", "2"}, args...), strings.NewReader(in), &batch, &bytes.Buffer{}); err != nil {
				t.Fatalf("%s: solve -j 2 %v: %v", name, args, err)
			}
			if seq.String() != batch.String() {
				t.Errorf("%s: solve -j 1 %v wrote\n%s\nwant (as -j 2)\n%s", name, args, seq.String(), batch.String())
			}
		}
	}
}

// TestProcessSeqCancel checks that the -j 1 path stops on a cancelled
// context.
func TestProcessSeqCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	in := strings.NewReader(strings.Repeat(strings.Repeat(".", 81)+"\n", 5000))
	err := processSeq(ctx, in, &bytes.Buffer{}, func(dst, _ []byte) []byte { return dst })
	if err == nil {
		t.Fatal("processSeq on a cancelled context = nil, want an error")
	}
}

// TestSolveLineAllocs checks that a plain puzzle line costs no allocation
// on the -j 1 path (parsing, solving and writing the answer).
func TestSolveLineAllocs(t *testing.T) {
	alg, err := algorithms().Parse("fast")
	if err != nil {
		t.Fatal(err)
	}
	p := []byte("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	dst := make([]byte, 0, 128)
	for _, count := range []bool{false, true} {
		if n := testing.AllocsPerRun(100, func() { appendSolveLine(context.Background(), dst[:0], p, alg, count, false) }); n != 0 {
			t.Errorf("appendSolveLine(count=%v) allocates %v times, want 0", count, n)
		}
	}
}

// TestParsePuzzle checks the eight-cells-at-once reading of a plain line
// against engine.Parse, grid and error alike, on random lines over an
// alphabet of digits, dots and the bytes next to them.
func TestParsePuzzle(t *testing.T) {
	alphabet := []byte("..........1234567890/-:;a \x80\xff\x00")
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 20000 {
		p := make([]byte, 81)
		for i := range p {
			p[i] = "123456789."[rng.IntN(10)]
		}
		for range n % 3 { // most lines valid, some with one or two odd bytes
			p[rng.IntN(81)] = alphabet[rng.IntN(len(alphabet))]
		}
		got, gotErr := parsePuzzle(p)
		want, wantErr := engine.Parse(string(p))
		if got != want || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
			t.Fatalf("parsePuzzle(%q) = %v, %v; want %v, %v", p, got, gotErr, want, wantErr)
		}
	}
}
