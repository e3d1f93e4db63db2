package service

import (
	"context"
	"fmt"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
)

// MaxStream is the largest count of one streamed generation
// (GenerateStream): a studio's puzzle bank of a million, made overnight
// on one worker at hundreds to thousands of puzzles a second. Memory does
// not grow with it: one puzzle is held at a time.
const MaxStream = 1_000_000

// StreamCountError reports a streamed count outside 1..MaxStream.
type StreamCountError struct {
	Count int // the count asked for
}

// Error says the count and the range.
func (e *StreamCountError) Error() string {
	return fmt.Sprintf("count %d is out of range for a stream: want 1 to %d", e.Count, MaxStream)
}

// Kind returns engine.KindInvalid.
func (e *StreamCountError) Kind() engine.Kind { return engine.KindInvalid }

// Parameter returns "count", the input at fault.
func (e *StreamCountError) Parameter() string { return "count" }

// GenerateStream makes req.Count (1 to MaxStream) newly generated puzzles
// of req.Level and passes each to emit as soon as it is made, in order:
// with Seed, the i-th is generate.Generate with seed *Seed+i (reproducible,
// and a cut stream resumes at the seed after the last one received); else
// a fresh puzzle with the pool's options (random seeds with a Symmetry).
// It never hands out buffered puzzles or variants: a bank wants distinct,
// new puzzles.
//
// It is admitted like a generating batch (see supply): as a unit, before
// any work, one stream at a time (another fails at once with
// engine.ErrOverloaded), so that a stream holds at most one pool worker
// and requests keep reaching the others; past the pool's admission bound
// it waits for room rather than fail. Each puzzle has its own deadline,
// Config.GenerateTimeout, instead of the whole stream. The stream stops
// at the first error: ctx's end (the client went away), a generation
// error or emit's error, which it returns; the puzzles emitted before it
// stand. Each is reported to Hooks.Served as it is emitted. Memory is one
// puzzle whatever the count.
func (s *Service) GenerateStream(ctx context.Context, req GenerateRequest, emit func(generate.Puzzle) error) error {
	if s.supply == nil {
		return ErrNotReady
	}
	if err := req.checkUpTo(MaxStream, &StreamCountError{Count: req.Count}, s.cfg.Rater); err != nil {
		return err
	}
	return s.supply.stream(ctx, req, emit)
}

// stream is GenerateStream once the request is checked.
func (s *supply) stream(ctx context.Context, req GenerateRequest, emit func(generate.Puzzle) error) error {
	release, err := admit(s.streaming, "stream")
	if err != nil {
		return err
	}
	defer release()
	if req.Seed == nil && req.Symmetry == generate.None && !req.Targeted() {
		req.Fresh = true // the pool's options, newly generated
	}
	for i := range req.Count {
		pz, err := s.streamOne(ctx, req, uint64(i))
		if err != nil {
			return err
		}
		if err := emit(pz); err != nil {
			return err
		}
		s.hooks.Served(pz.Level, pz.Fresh)
	}
	return nil
}

// streamOne makes the i-th puzzle of a stream within its own deadline,
// waiting for room when the pool's admission bound is reached.
func (s *supply) streamOne(ctx context.Context, req GenerateRequest, i uint64) (generate.Puzzle, error) {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	return s.oneWaiting(ctx, req, i)
}
