package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// The machine baseline of sudoku bench -scaling -procs: the same work as
// N independent one-worker processes started at once, each with GOMAXPROCS
// 1 and its own heap, nothing shared but the machine. If their CPU per
// item grows with N as the in-process pipeline's does, the growth is the
// machine's (shared caches and memory, the clock under load, a VM's
// virtual cores sharing physical ones), not our code's.
//
// Protocol with each child (sudoku bench -scaling-child WORK -items N):
// the child warms up on a quarter of its items, writes "ready", waits for
// a line on stdin, runs its items, and writes one line of numbers: items,
// wall, user and system nanoseconds, collections. The parent starts every
// child, waits until all are ready, releases them together, and sums
// their items and CPU; the row's wall time is the slowest child's.

// childReady is the line a baseline child writes when it is warm.
const childReady = "ready"

// measureProcs runs n items of the work named name in each of procs
// separate processes of exe (this binary when "") and returns the row.
func measureProcs(ctx context.Context, exe, name string, n, procs int) (scaleRow, error) {
	if exe == "" {
		var err error
		if exe, err = os.Executable(); err != nil {
			return scaleRow{}, err
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type child struct {
		cmd *exec.Cmd
		in  io.WriteCloser
		out *bufio.Reader
	}
	children := make([]child, 0, procs)
	defer func() {
		for _, c := range children {
			c.in.Close()
			c.cmd.Wait() // ends: stdin closed, or killed by cancel
		}
	}()
	for range procs {
		cmd := exec.CommandContext(ctx, exe, "bench", "-scaling-child", name, "-items", strconv.Itoa(n))
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
		cmd.Stderr = os.Stderr
		in, err := cmd.StdinPipe()
		if err != nil {
			return scaleRow{}, err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			return scaleRow{}, err
		}
		if err := cmd.Start(); err != nil {
			return scaleRow{}, err
		}
		children = append(children, child{cmd, in, bufio.NewReader(out)})
	}
	for _, c := range children {
		if line, err := c.out.ReadString('\n'); strings.TrimSpace(line) != childReady {
			return scaleRow{}, fmt.Errorf("child wrote %q before its run (%v)", line, err)
		}
	}
	for _, c := range children {
		if _, err := io.WriteString(c.in, "go\n"); err != nil {
			return scaleRow{}, err
		}
	}
	row := scaleRow{work: name + ", separate processes", workers: procs, procs: 1}
	for _, c := range children {
		line, err := c.out.ReadString('\n')
		var items, wall, user, sys, gcs int64
		if _, serr := fmt.Sscan(line, &items, &wall, &user, &sys, &gcs); serr != nil {
			return scaleRow{}, fmt.Errorf("child wrote %q after its run: %w", line, errors.Join(serr, err))
		}
		row.items += int(items)
		row.wall = max(row.wall, time.Duration(wall))
		row.user += time.Duration(user)
		row.sys += time.Duration(sys)
		row.gcs += uint32(gcs)
	}
	return row, nil
}

// runScalingChild is one process of the machine baseline: the work named
// name on one worker, n items, after a warm-up, released by a line on stdin.
func runScalingChild(ctx context.Context, name string, n int, stdin io.Reader, stdout io.Writer) error {
	works, err := scaleWorks()
	if err != nil {
		return err
	}
	for _, wk := range works {
		if wk.name != name {
			continue
		}
		runtime.GOMAXPROCS(1)
		if _, err := measure(ctx, wk, n, max(n/4, 1), 1); err != nil {
			return err
		}
		fmt.Fprintln(stdout, childReady)
		if _, err := bufio.NewReader(stdin).ReadString('\n'); err != nil {
			return fmt.Errorf("waiting for the start: %w", err)
		}
		row, err := measure(ctx, wk, n, n, 1)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(stdout, row.items, int64(row.wall), int64(row.user), int64(row.sys), row.gcs)
		return err
	}
	return fmt.Errorf("-scaling-child: no work named %q", name)
}
