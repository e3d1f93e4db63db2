package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
)

// batchSize is the number of input lines a worker takes at once: large enough
// to make channel traffic negligible next to solving, small enough to keep
// memory constant (at most 2·j batches are in flight).
const batchSize = 256

// maxLine bounds one input line, so a file with no newline cannot exhaust
// memory.
const maxLine = 1 << 20

// batch is a run of input fields and the output lines computed for them.
type batch struct {
	in   []string
	out  []string
	done chan struct{}
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

// process streams the puzzles of r through f on j workers and writes f's
// output lines to w in input order. It keeps at most 2·j batches in memory,
// so it runs in constant memory on any input size. f must be safe for
// concurrent use. It stops early when ctx ends and returns ctx's error.
func process(ctx context.Context, r io.Reader, w io.Writer, j int, f func(puzzle string) string) error {
	j = max(j, 1)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan *batch)
	order := make(chan *batch, 2*j)

	// Workers: owned by process, stopped by closing jobs.
	for range j {
		go func() {
			for b := range jobs {
				b.out = make([]string, len(b.in))
				for i, p := range b.in {
					b.out[i] = f(p)
				}
				close(b.done)
			}
		}()
	}

	// Reader: owned by process; ends at EOF, on a read error or when ctx ends.
	readErr := make(chan error, 1)
	go func() {
		defer close(jobs)
		defer close(order)
		sc := bufio.NewScanner(r)
		sc.Buffer(make([]byte, 64*1024), maxLine)
		b := &batch{done: make(chan struct{})}
		send := func() bool {
			select {
			case order <- b:
			case <-ctx.Done():
				return false
			}
			select {
			case jobs <- b:
			case <-ctx.Done():
				return false
			}
			b = &batch{done: make(chan struct{})}
			return true
		}
		for sc.Scan() {
			if p := firstField(sc.Text()); p != "" {
				b.in = append(b.in, p)
				if len(b.in) == batchSize && !send() {
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

	// Writer: this goroutine, in input order.
	bw := bufio.NewWriter(w)
	for b := range order {
		select {
		case <-b.done:
		case <-ctx.Done():
			return ctx.Err()
		}
		for _, line := range b.out {
			bw.WriteString(line)
			bw.WriteByte('\n')
		}
		if err := bw.Flush(); err != nil {
			return err
		}
	}
	if err := <-readErr; err != nil {
		return err
	}
	return bw.Flush()
}
