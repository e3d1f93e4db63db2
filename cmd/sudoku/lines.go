package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/sudokuhq/sudoku/internal/progress"
)

// batchSize is the number of input lines a worker takes at once for
// cheap work (solving: microseconds a line): large enough to make channel
// traffic negligible next to the work. Costlier work takes smaller
// batches (procConfig.batch: rateBatch for rating, up to 8 seeds for
// generation), so that the last lines spread over every worker; the
// reorder window keeps a slow batch from holding up the others.
const batchSize = 256

// maxPending bounds the lines read but not yet written: the reorder window
// in which workers run ahead of a slow line while the output waits for it,
// in input order. 16,384 lines of output (a few hundred bytes each) keep
// memory at a few megabytes, and a window that long outlasts the slowest
// evil puzzle (a second) on 16 workers at 1,000 puzzles per second each.
const maxPending = 16384

// maxLine bounds one input line, so a file with no newline cannot exhaust
// memory.
const maxLine = 1 << 20

// batch is a run of input fields and the output lines computed for them.
type batch struct {
	seq int // position among the batches, from 0
	in  []string
	out []string
}

// procConfig configures process.
type procConfig struct {
	j     int           // workers (at least 1)
	batch int           // lines a worker takes at once (0: batchSize)
	bar   *progress.Bar // counts the lines written; nil: no progress shown
}

// quietUsage is the help of the -quiet flag of the long-running commands.
const quietUsage = "no progress bar (it is drawn on stderr only when stderr is a terminal)"

// progressBar returns a progress bar labelled label over total lines (0:
// unknown) drawn on stderr, or nil (no bar) with quiet or when stderr is
// not a terminal: a bar never reaches a pipe or a file.
func progressBar(stderr io.Writer, quiet bool, label string, total int64) *progress.Bar {
	if quiet || !progress.Terminal(stderr) {
		return nil
	}
	return progress.New(stderr, label, total)
}

// openInput returns the reader for the file argument ("" or "-" for stdin).
func openInput(args []string, stdin io.Reader) (io.Reader, func() error, error) {
	switch {
	case len(args) == 0 || args[0] == "-":
		return stdin, func() error { return nil }, nil
	case len(args) > 1:
		return nil, nil, fmt.Errorf("want at most one input file, got %d", len(args))
	}
	f, err := os.Open(args[0])
	if err != nil {
		return nil, nil, err
	}
	return f, f.Close, nil
}

// countPuzzles returns the number of puzzle lines of the file argument, so
// that a progress bar can show the time left; 0 (unknown) for standard
// input or a file that cannot be read (the command reports that itself).
// It costs one extra read of the file, a few milliseconds for 100,000
// lines.
func countPuzzles(args []string) int64 {
	if len(args) != 1 || args[0] == "-" {
		return 0
	}
	f, err := os.Open(args[0])
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	var n int64
	for sc.Scan() {
		if firstField(sc.Text()) != "" {
			n++
		}
	}
	return n
}

// firstField returns the puzzle field of an input line, or "" for a line to
// skip (blank or a '#' comment).
func firstField(line string) string {
	line = strings.TrimSpace(line)
	if line == "" || line[0] == '#' {
		return ""
	}
	if i := strings.IndexAny(line, " \t"); i >= 0 {
		return line[:i]
	}
	return line
}

// process streams the puzzles of r through f on cfg.j workers and writes
// f's output lines to w in input order, as soon as every line before them
// is written (flushed whenever no finished batch is waiting, so a pipe
// sees results as they come).
//
// Workers never wait for the output order: a finished batch goes into a
// reorder buffer and the worker takes the next one, so a slow line (an
// evil puzzle) idles no other worker. Only the reader waits, when
// maxPending lines are read but not yet written: memory stays bounded on
// any input size. f must be safe for concurrent use. process stops early
// when ctx ends and returns ctx's error, after its goroutines have ended.
func process(ctx context.Context, r io.Reader, w io.Writer, cfg procConfig, f func(puzzle string) string) error {
	j := max(cfg.j, 1)
	size := cfg.batch
	if size <= 0 {
		size = batchSize
	}
	window := max(4*j, maxPending/size) // batches read but not yet written
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan *batch, j)
	results := make(chan *batch, window) // never full: at most window batches exist
	slots := make(chan struct{}, window) // a slot per batch read and not yet written

	// Workers: owned by process, stopped by closing jobs; the last one to
	// end closes results.
	var wg sync.WaitGroup
	wg.Add(j)
	for range j {
		go func() {
			defer wg.Done()
			for b := range jobs {
				b.out = make([]string, len(b.in))
				for i, p := range b.in {
					b.out[i] = f(p)
				}
				results <- b
			}
		}()
	}
	go func() {
		wg.Wait()
		close(results)
	}()

	// Reader: owned by process; ends at EOF, on a read error or when ctx ends.
	readErr := make(chan error, 1)
	go func() {
		defer close(jobs)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64*1024), maxLine)
		b := &batch{}
		send := func() bool {
			select {
			case slots <- struct{}{}:
			case <-ctx.Done():
				return false
			}
			select {
			case jobs <- b:
			case <-ctx.Done():
				return false
			}
			b = &batch{seq: b.seq + 1, in: make([]string, 0, size)}
			return true
		}
		for sc.Scan() {
			if p := firstField(sc.Text()); p != "" {
				b.in = append(b.in, p)
				if len(b.in) == size && !send() {
					readErr <- ctx.Err()
					return
				}
			}
		}
		if len(b.in) > 0 && !send() {
			readErr <- ctx.Err()
			return
		}
		readErr <- sc.Err()
	}()

	// Writer: this goroutine, in input order. ring holds the finished
	// batches that wait for an earlier one, at seq mod window.
	bw := bufio.NewWriter(w)
	ring := make([]*batch, window)
	next := 0
	var err error
	for b := range results {
		if err != nil || ctx.Err() != nil {
			continue // stopping: drain until the workers end
		}
		ring[b.seq%window] = b
		for {
			b := ring[next%window]
			if b == nil || b.seq != next {
				break
			}
			ring[next%window] = nil
			next++
			for _, line := range b.out {
				bw.WriteString(line)
				bw.WriteByte('\n')
			}
			<-slots
			cfg.bar.Add(int64(len(b.out)))
		}
		if len(results) == 0 {
			if err = bw.Flush(); err != nil {
				cancel()
			}
		}
	}
	if err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		// Stopped (an interrupt): what was written in order stands, whole
		// lines, so that a run can resume after the last one.
		bw.Flush()
		return err
	}
	if err := <-readErr; err != nil {
		return err
	}
	return bw.Flush()
}
