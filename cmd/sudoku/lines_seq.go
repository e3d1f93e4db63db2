package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
)

// seqBuffer is the size of processSeq's read and write buffers: one read
// system call brings in about 780 puzzle lines.
const seqBuffer = 64 * 1024

// processSeq is process on one goroutine for j = 1, on bytes: each puzzle
// field (as firstField finds it) is passed to f with the output so far, and
// f appends its output line without the newline. Nothing is allocated per
// line, so a file of easy puzzles costs reading, solving and writing, not
// string copies and garbage collection. It writes the same lines as process
// (TestProcessSeqMatchesProcess) and checks ctx between reads.
func processSeq(ctx context.Context, r io.Reader, w io.Writer, f func(dst, puzzle []byte) []byte) error {
	br := bufio.NewReaderSize(r, seqBuffer)
	out := make([]byte, 0, seqBuffer+4096)
	var long []byte // a line longer than the read buffer, gathered
	for n := 0; ; n++ {
		if n&1023 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		line, err := br.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long[:0], line...)
			for errors.Is(err, bufio.ErrBufferFull) {
				line, err = br.ReadSlice('\n')
				long = append(long, line...)
				if len(long) > maxLine {
					w.Write(out) // the lines before, as process writes them
					return bufio.ErrTooLong
				}
			}
			line = long
		}
		if len(line) > 0 {
			if p := firstFieldBytes(line); len(p) > 0 {
				out = append(f(out, p), '\n')
				if len(out) >= seqBuffer {
					if _, werr := w.Write(out); werr != nil {
						return werr
					}
					out = out[:0]
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			w.Write(out)
			return err
		}
	}
	_, err := w.Write(out)
	return err
}

// firstFieldBytes is firstField on bytes: the puzzle field of an input line,
// or nothing for a line to skip (blank or a '#' comment).
func firstFieldBytes(line []byte) []byte {
	line = bytes.TrimSpace(line)
	if len(line) == 0 || line[0] == '#' {
		return nil
	}
	// Two vectorised byte searches cost less than one IndexAny.
	if i := bytes.IndexByte(line, ' '); i >= 0 {
		line = line[:i]
	}
	if i := bytes.IndexByte(line, '\t'); i >= 0 {
		line = line[:i]
	}
	return line
}
