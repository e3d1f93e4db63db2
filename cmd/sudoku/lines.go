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
// cheap work (solving: microseconds a line): large enough to make the
// locks taken per batch negligible next to the work. Costlier work takes smaller
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
// There is no reader or writer goroutine and no channel: each worker
// reads its next batch itself (under a lock), computes it, and hands it to
// the output order (orderer), writing whatever is now in order unless
// another worker is writing. A worker hands off nothing and wakes nobody
// per batch; it waits only for the input lock or for room in the window.
// (The reader-worker-writer pipeline before it woke a goroutine per batch
// twice: on many cores the Go scheduler then wakes idle processors, whose
// spinning counts as CPU per item.)
//
// Workers never wait for the output order: a finished batch waits in the
// reorder window and its worker takes the next one, so a slow line (an
// evil puzzle) idles no other worker. Workers stop reading only when
// maxPending lines are read but not yet written: memory stays bounded on
// any input size. f must be safe for concurrent use. process stops early
// when ctx ends and returns ctx's error, after its goroutines have ended.
func process(ctx context.Context, r io.Reader, w io.Writer, cfg procConfig, f func(puzzle string) string) error {
	j := max(cfg.j, 1)
	size := cfg.batch
	if size <= 0 {
		size = batchSize
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), maxLine)
	o := newOrderer(ctx, cancel, sc, bufio.NewWriter(w), size, max(4*j, maxPending/size), cfg.bar)
	stop := context.AfterFunc(ctx, o.stop)
	defer stop()

	// Workers: owned by process, ended by the end of the input, an error
	// or ctx.
	var wg sync.WaitGroup
	for range j {
		wg.Go(func() {
			for {
				b := o.take()
				if b == nil {
					return
				}
				b.out = make([]string, len(b.in))
				for i, p := range b.in {
					b.out[i] = f(p)
				}
				o.finish(b)
			}
		})
	}
	wg.Wait()
	if o.writeErr != nil {
		return o.writeErr
	}
	if err := ctx.Err(); err != nil {
		// Stopped (an interrupt): what was written in order stands, whole
		// lines, so that a run can resume after the last one.
		o.bw.Flush()
		return err
	}
	if o.readErr != nil {
		return o.readErr
	}
	return o.bw.Flush()
}

// orderer is process's shared state: the input, read a batch at a time by
// whichever worker needs one, and the reorder window, written in input
// order by whichever worker completes its head.
type orderer struct {
	ctx    context.Context
	cancel context.CancelFunc // on a write error
	size   int                // lines per batch
	window int                // batches read but not yet written, at most
	bar    *progress.Bar

	// readMu guards the input: sc, readSeq, eof and readErr.
	readMu  sync.Mutex
	sc      *bufio.Scanner
	readSeq int // batches read
	eof     bool
	readErr error

	// mu guards the window: ring, next, written, writing and stopped.
	mu      sync.Mutex
	room    *sync.Cond // signalled when batches are written, or on stop
	ring    []*batch   // finished batches waiting for an earlier one, at seq mod window
	next    int        // the next batch to write
	written int        // batches written (or dropped when stopping)
	writing bool       // a worker is writing: the others leave their batches in ring
	stopped bool       // ctx ended

	// Owned by the writing worker.
	bw       *bufio.Writer
	dirty    bool // written since the last flush
	writeErr error
}

// newOrderer returns the state of one process run.
func newOrderer(ctx context.Context, cancel context.CancelFunc, sc *bufio.Scanner, bw *bufio.Writer, size, window int, bar *progress.Bar) *orderer {
	o := &orderer{ctx: ctx, cancel: cancel, size: size, window: window, bar: bar, sc: sc, bw: bw, ring: make([]*batch, window)}
	o.room = sync.NewCond(&o.mu)
	return o
}

// stop wakes the workers waiting for room when ctx ends.
func (o *orderer) stop() {
	o.mu.Lock()
	o.stopped = true
	o.room.Broadcast()
	o.mu.Unlock()
}

// take reads the next batch, after waiting for room in the window, or
// returns nil at the end of the input, on a read error or when stopped.
func (o *orderer) take() *batch {
	o.readMu.Lock()
	defer o.readMu.Unlock()
	if o.eof {
		return nil
	}
	o.mu.Lock()
	for o.readSeq-o.written >= o.window && !o.stopped {
		o.room.Wait()
	}
	stopped := o.stopped
	o.mu.Unlock()
	if stopped {
		return nil
	}
	b := &batch{seq: o.readSeq, in: make([]string, 0, o.size)}
	for len(b.in) < o.size {
		if !o.sc.Scan() {
			o.eof, o.readErr = true, o.sc.Err()
			break
		}
		if p := firstField(o.sc.Text()); p != "" {
			b.in = append(b.in, p)
		}
	}
	if len(b.in) == 0 {
		return nil
	}
	o.readSeq++
	return b
}

// finish puts a computed batch in the window and, unless another worker
// is writing, writes every batch now in order, flushing when none is left.
// After ctx ends nothing more is written: the batches are dropped.
func (o *orderer) finish(b *batch) {
	o.mu.Lock()
	o.ring[b.seq%o.window] = b
	if o.writing {
		o.mu.Unlock() // the writing worker takes it, if it is next
		return
	}
	o.writing = true
	for {
		var ready []*batch
		for {
			b := o.ring[o.next%o.window]
			if b == nil || b.seq != o.next {
				break
			}
			o.ring[o.next%o.window] = nil
			o.next++
			ready = append(ready, b)
		}
		if len(ready) == 0 && !o.dirty {
			o.writing = false
			o.mu.Unlock()
			return
		}
		o.mu.Unlock()
		if len(ready) == 0 {
			o.flush()
		}
		for _, b := range ready {
			o.write(b)
		}
		o.mu.Lock()
		o.written += len(ready)
		o.room.Broadcast()
	}
}

// write writes a batch's lines, unless stopping or after a write error.
func (o *orderer) write(b *batch) {
	if o.writeErr != nil || o.ctx.Err() != nil {
		return
	}
	for _, line := range b.out {
		o.bw.WriteString(line)
		o.bw.WriteByte('\n')
	}
	o.dirty = true
	o.bar.Add(int64(len(b.out)))
}

// flush flushes the output; a failure stops the run.
func (o *orderer) flush() {
	o.dirty = false
	if o.writeErr != nil || o.ctx.Err() != nil {
		return
	}
	if err := o.bw.Flush(); err != nil {
		o.writeErr = err
		o.cancel()
	}
}
