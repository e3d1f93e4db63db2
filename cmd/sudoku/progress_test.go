package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// terminal is a stderr that says it is a terminal (progress.Terminal asks
// it), simulating an interactive run.
type terminal struct{ bytes.Buffer }

func (*terminal) IsTerminal() bool { return true }

// TestProgressBar runs the long commands with stderr a simulated terminal,
// a plain buffer (a pipe or a file) and with -quiet: the bar, with its
// count, rate and ETA, appears on the terminal only, and never in stdout.
func TestProgressBar(t *testing.T) {
	file := filepath.Join(t.TempDir(), "puzzles.txt")
	puzzles := "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n" +
		"..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..\n"
	if err := os.WriteFile(file, []byte(puzzles), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		want string // in the bar's last draw
	}{
		{"generate", []string{"generate", "-level", "easy", "-n", "6", "-seed", "1", "-j", "2"}, "generate easy [========================] 6/6 100% "},
		{"rate file", []string{"rate", "-j", "2", file}, "rate [========================] 2/2 100% "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tty terminal
			var out bytes.Buffer
			if err := run(context.Background(), tt.args, strings.NewReader(""), &out, &tty); err != nil {
				t.Fatalf("run(%q): %v", tt.args, err)
			}
			bar := tty.String()
			last := bar[strings.LastIndex(bar, "\r")+1:]
			if !strings.Contains(last, tt.want) || !strings.Contains(last, "/s in ") || !strings.HasSuffix(last, "\x1b[K\n") {
				t.Errorf("stderr on a terminal ends %q, want a finished bar with %q, a rate and the time taken", last, tt.want)
			}
			if strings.ContainsAny(out.String(), "\r\x1b") {
				t.Errorf("stdout holds bar output: %q", out.String())
			}

			var piped, quiet bytes.Buffer
			var out2 bytes.Buffer
			if err := run(context.Background(), tt.args, strings.NewReader(""), &out2, &piped); err != nil {
				t.Fatal(err)
			}
			if strings.ContainsAny(piped.String(), "\r\x1b[") {
				t.Errorf("stderr not a terminal got a bar: %q", piped.String())
			}
			if out2.String() != out.String() {
				t.Errorf("stdout differs with and without a terminal:\n%s\n%s", out.String(), out2.String())
			}
			var tty2 terminal
			args := append([]string{tt.args[0], "-quiet"}, tt.args[1:]...)
			if err := run(context.Background(), args, strings.NewReader(""), &quiet, &tty2); err != nil {
				t.Fatal(err)
			}
			if tty2.Len() != 0 {
				t.Errorf("-quiet on a terminal wrote %q to stderr, want nothing", tty2.String())
			}
		})
	}
}
