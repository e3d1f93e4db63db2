package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/internal/cputime"
)

// numbered returns n input lines holding 0 .. n-1.
func numbered(n int) string {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintln(&sb, i)
	}
	return sb.String()
}

// TestProcessOrder runs lines of random cost on several workers and batch
// sizes: the output keeps the input order.
func TestProcessOrder(t *testing.T) {
	const n = 2000
	for _, cfg := range []procConfig{{j: 1}, {j: 4}, {j: 4, batch: 1}, {j: 3, batch: 7}} {
		t.Run(fmt.Sprintf("j%d-batch%d", cfg.j, cfg.batch), func(t *testing.T) {
			var out bytes.Buffer
			err := process(context.Background(), strings.NewReader(numbered(n)), &out, cfg, func(p string) string {
				if rand.IntN(50) == 0 {
					time.Sleep(time.Duration(rand.IntN(200)) * time.Microsecond)
				}
				return "x" + p
			})
			if err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(lines) != n {
				t.Fatalf("process wrote %d lines, want %d", len(lines), n)
			}
			for i, l := range lines {
				if want := "x" + strconv.Itoa(i); l != want {
					t.Fatalf("line %d = %q, want %q", i, l, want)
				}
			}
		})
	}
}

// TestProcessNoHeadOfLineStall makes the first line wait until every other
// line is done: the workers must run ahead of it while the output waits
// (a slow evil puzzle idles no worker). Without a reorder window the first
// line would wait for ever; the test gives up after a few seconds.
func TestProcessNoHeadOfLineStall(t *testing.T) {
	const n = 500
	for _, j := range []int{2, 4} {
		t.Run(fmt.Sprint("j", j), func(t *testing.T) {
			var others atomic.Int64
			allDone := make(chan struct{})
			var out bytes.Buffer
			err := process(context.Background(), strings.NewReader(numbered(n)), &out, procConfig{j: j, batch: 1}, func(p string) string {
				if p == "0" {
					select {
					case <-allDone:
						return "first"
					case <-time.After(5 * time.Second):
						return fmt.Sprintf("stalled: %d of %d other lines done", others.Load(), n-1)
					}
				}
				if others.Add(1) == n-1 {
					close(allDone)
				}
				return p
			})
			if err != nil {
				t.Fatal(err)
			}
			if first, _, _ := strings.Cut(out.String(), "\n"); first != "first" {
				t.Errorf("first line = %q: the other workers waited for it", first)
			}
		})
	}
}

// TestProcessBoundedWindow checks that the reader stops at maxPending lines
// read ahead of a line that does not finish.
func TestProcessBoundedWindow(t *testing.T) {
	var started atomic.Int64
	release := make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- process(context.Background(), strings.NewReader(numbered(3*maxPending)), &bytes.Buffer{}, procConfig{j: 2, batch: 1}, func(p string) string {
			started.Add(1)
			if p == "0" {
				<-release
			}
			return p
		})
	}()
	deadline := time.Now().Add(5 * time.Second)
	for started.Load() < maxPending && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(20 * time.Millisecond) // let it run past the window, if it would
	if got := started.Load(); got != maxPending {
		t.Errorf("%d lines started while the first one waits, want the window, %d", got, maxPending)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestProcessCancelMidway cancels while lines are in flight: process
// returns the context's error.
func TestProcessCancelMidway(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var n atomic.Int64
	err := process(ctx, strings.NewReader(numbered(100000)), &bytes.Buffer{}, procConfig{j: 2, batch: 1}, func(p string) string {
		if n.Add(1) == 100 {
			cancel()
		}
		return p
	})
	if err != context.Canceled {
		t.Errorf("process cancelled midway = %v, want context.Canceled", err)
	}
}

// BenchmarkProcess runs lines of a few microseconds of work each through
// process at several workers and batch sizes, with GOMAXPROCS as the
// benchmark's -cpu: "cpu-ns/line" is the process's CPU time per line
// (every thread's, spinning included), the number to compare with j1's.
// The work is small so that what process adds (hand-offs, wake-ups) shows.
//
//	go test ./cmd/sudoku -run '^$' -bench Process -cpu 2
func BenchmarkProcess(b *testing.B) {
	const lines = 20000
	in := numbered(lines)
	work := func(p string) string {
		x := uint64(len(p))
		for i := range 2000 { // about 2 µs
			x = x*6364136223846793005 + uint64(i)
		}
		return strconv.FormatUint(x&1023, 10)
	}
	for _, cfg := range []procConfig{{j: 1, batch: 32}, {j: 2, batch: 32}, {j: 2, batch: 1}, {j: 2, batch: 256}} {
		b.Run(fmt.Sprintf("j%d-batch%d", cfg.j, cfg.batch), func(b *testing.B) {
			c0 := cputime.Process()
			for b.Loop() {
				if err := process(context.Background(), strings.NewReader(in), io.Discard, cfg, work); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cputime.Process()-c0)/float64(b.N*lines), "cpu-ns/line")
		})
	}
}

// TestProcessStreams feeds lines through a pipe and reads each answer
// before the next line is written: process writes and flushes a line as
// soon as it is in order, without waiting for a full batch of output or
// the end of the input.
func TestProcessStreams(t *testing.T) {
	for _, j := range []int{1, 3} {
		t.Run(fmt.Sprint("j", j), func(t *testing.T) {
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			done := make(chan error, 1)
			go func() {
				err := process(context.Background(), inR, outW, procConfig{j: j, batch: 1}, func(p string) string { return "x" + p })
				outW.CloseWithError(err)
				done <- err
			}()
			br := bufio.NewReader(outR)
			for i := range 20 {
				fmt.Fprintln(inW, i)
				got := make(chan string, 1)
				go func() { l, _ := br.ReadString('\n'); got <- l }()
				select {
				case l := <-got:
					if want := fmt.Sprintf("x%d\n", i); l != want {
						t.Fatalf("answer %d = %q, want %q", i, l, want)
					}
				case <-time.After(5 * time.Second):
					t.Fatalf("no answer to line %d before the next line: output waits", i)
				}
			}
			inW.Close()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		})
	}
}

// errWriter fails every write.
type errWriter struct{ n atomic.Int64 }

func (w *errWriter) Write(p []byte) (int, error) {
	w.n.Add(1)
	return 0, errors.New("disk full")
}

// TestProcessWriteError writes to a writer that fails: process returns
// its error and stops reading instead of computing the whole input.
func TestProcessWriteError(t *testing.T) {
	for _, j := range []int{1, 4} {
		t.Run(fmt.Sprint("j", j), func(t *testing.T) {
			var computed atomic.Int64
			err := process(context.Background(), strings.NewReader(numbered(100000)), &errWriter{}, procConfig{j: j, batch: 1}, func(p string) string {
				computed.Add(1)
				return p
			})
			if err == nil || err.Error() != "disk full" {
				t.Fatalf("process to a failing writer = %v, want disk full", err)
			}
			if n := computed.Load(); n == 100000 {
				t.Errorf("all %d lines computed after the output failed", n)
			}
		})
	}
}
