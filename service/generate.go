package service

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// GenerateRequest says which puzzles Generate returns.
type GenerateRequest struct {
	// Level is the level of every puzzle.
	Level rating.Level
	// Count is the number of puzzles, 1 to MaxBatch.
	Count int
	// Seed, when set, makes the answer reproducible: the i-th puzzle is
	// generate.Generate with seed *Seed+i, on every replica.
	Seed *uint64
	// Symmetry is the pattern the givens keep; other than generate.None it
	// generates on demand, like Seed.
	Symmetry generate.Symmetry
	// Fresh asks for newly generated puzzles: no variants, no waiting
	// beyond the generation deadline.
	Fresh bool
	// MinScore and MaxScore bound the rater's score (0: no bound), and
	// Technique names the puzzle's hardest technique ("": any; see
	// rating.Techniques). Any of them makes the request targeted: Level
	// may then be 0 (any level; the puzzle still reports its own), and
	// every puzzle is generated on demand, within targetBudget.
	MinScore, MaxScore float64
	Technique          string
}

// Targeted reports a request with a score window or a technique.
func (r GenerateRequest) Targeted() bool {
	return r.MinScore != 0 || r.MaxScore != 0 || r.Technique != ""
}

// options returns the engine options of the request's targeted puzzles
// with the given seed, rated by rt (Config.Rater).
func (r GenerateRequest) options(seed uint64, rt *rating.Rater) generate.Options {
	return generate.Options{Level: r.Level, Seed: seed, Symmetry: r.Symmetry,
		MinScore: r.MinScore, MaxScore: r.MaxScore, Technique: r.Technique, Rater: rt}
}

// check validates the request of Generate, once, before any work: the
// level one of the four (*rating.UnknownLevelError), the count 1 to
// MaxBatch (*BatchError), and no seed of the batch past 2^64-1
// (*SeedError); a target under the score model of rt (Config.Rater).
// Everything below trusts these values.
func (r GenerateRequest) check(rt *rating.Rater) error {
	return r.checkUpTo(MaxBatch, &BatchError{Count: r.Count}, rt)
}

// checkUpTo is check with the count 1 to maxCount, else countErr: the one
// validation of Generate (MaxBatch) and GenerateStream (MaxStream).
func (r GenerateRequest) checkUpTo(maxCount int, countErr error, rt *rating.Rater) error {
	if err := r.checkLevel(rt); err != nil {
		return err
	}
	if r.Count < 1 || r.Count > maxCount {
		return countErr
	}
	if r.Seed != nil && *r.Seed > math.MaxUint64-uint64(r.Count-1) {
		return &SeedError{Seed: *r.Seed, Count: r.Count}
	}
	return nil
}

// checkLevel checks the level (optional in a targeted request) and the
// target: an unknown technique, a score out of range or a combination no
// puzzle meets under rt's score model (engine.KindInfeasible) is a
// *TargetError, before any work.
func (r GenerateRequest) checkLevel(rt *rating.Rater) error {
	if r.Level != 0 || !r.Targeted() {
		if err := r.Level.Check(); err != nil {
			return err
		}
	}
	if r.Targeted() {
		if err := r.options(0, rt).Validate(); err != nil {
			return &TargetError{Err: err}
		}
	}
	return nil
}

// Generate returns req.Count puzzles of req.Level.
//
// By default a puzzle comes from the pool's ready buffer at once; when the
// buffer is empty, or more than Config.FreshRate puzzles of the level went
// out this second, it is an isomorphic variant of a recent puzzle of the
// level (Fresh false, same rating), so that bursts never wait and never
// turn into unbounded generation work; only a service that has handed out
// no puzzle of the level yet makes the request wait for one.
// Fresh, Seed and Symmetry generate on the pool's workers instead. Waits
// end at the generation deadline (context.DeadlineExceeded) or ctx's end;
// a pool with too many waiting requests answers engine.ErrOverloaded.
// Without a pool it answers ErrNotReady.
func (s *Service) Generate(ctx context.Context, req GenerateRequest) ([]generate.Puzzle, error) {
	if s.supply == nil {
		return nil, ErrNotReady
	}
	if err := req.check(s.cfg.Rater); err != nil {
		return nil, err
	}
	return s.supply.generate(ctx, req)
}

// BatchError reports a count outside 1..MaxBatch or, with Level set, a
// batch of generated puzzles larger than the Fit that can be made within
// the generation deadline at the level's recent pace.
type BatchError struct {
	Count int          // the count asked for
	Fit   int          // generated puzzles that fit the deadline (Level set)
	Level rating.Level // the level whose pace refused the batch; 0: out of range
}

// Error says why the count was refused and what would be accepted.
func (e *BatchError) Error() string {
	if e.Fit > 0 || e.Level != 0 {
		return fmt.Sprintf("count %d: at the recent pace, only %d generated %s puzzles fit the generation deadline; ask for fewer, or leave out fresh, seed and symmetry", e.Count, e.Fit, e.Level)
	}
	return fmt.Sprintf("count %d is out of range: want 1 to %d", e.Count, MaxBatch)
}

// Kind returns engine.KindInvalid.
func (e *BatchError) Kind() engine.Kind { return engine.KindInvalid }

// Parameter returns "count", the input at fault.
func (e *BatchError) Parameter() string { return "count" }

// SeedError reports a seeded batch whose last seed would wrap past
// 2^64-1: the i-th puzzle has seed Seed+i.
type SeedError struct {
	Seed  uint64 // the batch's first seed
	Count int    // the batch's size
}

// Error says that the batch's seeds would wrap.
func (e *SeedError) Error() string {
	return fmt.Sprintf("seed %d with count %d runs past 2^64-1: the i-th puzzle has seed+i", e.Seed, e.Count)
}

// Kind returns engine.KindInvalid.
func (e *SeedError) Kind() engine.Kind { return engine.KindInvalid }

// Parameter returns "seed", the input at fault.
func (e *SeedError) Parameter() string { return "seed" }

// TargetError is a targeted request's options that engine.Validate
// refused: an unknown technique or a score out of range (KindInvalid), or
// a combination that no puzzle meets (KindInfeasible). It names the query
// parameter at fault.
type TargetError struct{ Err error }

// Error returns the engine's reason.
func (e *TargetError) Error() string { return e.Err.Error() }

// Unwrap returns the engine's error.
func (e *TargetError) Unwrap() error { return e.Err }

// Kind returns the engine error's kind.
func (e *TargetError) Kind() engine.Kind { return engine.KindOf(e.Err) }

// Parameter returns the query parameter of the engine's field at fault.
func (e *TargetError) Parameter() string {
	var oe *generate.OptionsError
	if !errors.As(e.Err, &oe) {
		return ""
	}
	switch oe.Field {
	case "MinScore":
		return "min_score"
	case "MaxScore":
		return "max_score"
	case "Technique", "MinTier":
		return "technique"
	case "Level":
		return "level"
	}
	return ""
}

// Allowed returns the technique names for an unknown technique, else nil.
func (e *TargetError) Allowed() []string {
	var oe *generate.OptionsError
	if errors.As(e.Err, &oe) && oe.Field == "Technique" && !oe.Infeasible {
		return rating.TechniqueNames()
	}
	return nil
}

// ErrTooCostly is a targeted request that found no puzzle within its
// budget (targetBudget of generation): the combination is possible but
// rare; retry later, or widen it.
var ErrTooCostly = engine.NewError(KindTooCostly, "no puzzle meeting min_score, max_score and technique was found within the generation budget; retry later or widen the window")
