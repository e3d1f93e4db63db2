package api

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap/zaptest"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/receipt"
	"github.com/sudokuhq/sudoku/service"
)

// fakeService is a hand-written Service for handler tests: each method
// returns what its field says, and records its last arguments.
type fakeService struct {
	mu sync.Mutex

	ready bool

	solution  service.Solution
	solveErr  error
	solved    engine.Grid
	algorithm string
	panicMsg  string // when set, Solve panics with it

	rating  rating.Rating
	path    []rating.Step
	rateErr error
	rated   engine.Grid

	hint    rating.Hint
	hintErr error
	hinted  [2]engine.Grid

	check    service.CheckResult
	checkErr error
	token    string // the token CheckToken was given

	receipt    receipt.Receipt
	receiptErr error
	verified   *engine.Grid // the puzzle VerifyReceipt was given

	schedule   []service.ScheduleEntry
	putCreated bool
	archive    service.ArchivePage
	publishErr error
	putForce   bool
	archiveQ   service.ArchiveQuery

	puzzle     generate.Puzzle // every generated or daily puzzle
	genErr     error
	genReq     service.GenerateRequest
	streamErr  error // GenerateStream fails with it after streamOK puzzles
	streamOK   int
	dailyDate  time.Time
	dailyLevel rating.Level
	// dailySource is the Source of every daily record; generated when empty.
	dailySource string
}

func (f *fakeService) Solve(ctx context.Context, g engine.Grid, algorithm string) (service.Solution, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.panicMsg != "" {
		panic(f.panicMsg)
	}
	f.solved, f.algorithm = g, algorithm
	return f.solution, f.solveErr
}

func (f *fakeService) Rate(ctx context.Context, g engine.Grid) (rating.Rating, error) {
	r, _, err := f.Explain(ctx, g)
	return r, err
}

func (f *fakeService) Explain(_ context.Context, g engine.Grid) (rating.Rating, []rating.Step, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.rated = g
	return f.rating, f.path, f.rateErr
}

func (f *fakeService) Hint(_ context.Context, puzzle, current engine.Grid) (rating.Hint, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.hinted = [2]engine.Grid{puzzle, current}
	return f.hint, f.hintErr
}

func (f *fakeService) Generate(_ context.Context, req service.GenerateRequest) ([]generate.Puzzle, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.genReq = req
	if f.genErr != nil {
		return nil, f.genErr
	}
	out := make([]generate.Puzzle, max(req.Count, 1))
	for i := range out {
		out[i] = f.puzzle
	}
	return out, nil
}

func (f *fakeService) GenerateStream(ctx context.Context, req service.GenerateRequest, emit func(generate.Puzzle) error) error {
	f.mu.Lock()
	f.genReq = req
	p, genErr, streamErr, ok := f.puzzle, f.genErr, f.streamErr, f.streamOK
	f.mu.Unlock()
	if genErr != nil {
		return genErr
	}
	for i := range req.Count {
		if streamErr != nil && i == ok {
			return streamErr
		}
		if req.Seed != nil {
			p.Seed = *req.Seed + uint64(i)
		}
		if err := emit(p); err != nil {
			return err
		}
	}
	return nil
}

func (f *fakeService) Daily(ctx context.Context, date time.Time, level rating.Level) (service.DailyRecord, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if day, err := service.Day(date); err == nil && service.Embargoed(day, time.Now()) && !service.MayReadAhead(ctx) {
		return service.DailyRecord{}, &service.EmbargoError{Date: day} // as the service does
	}
	f.dailyDate, f.dailyLevel = date, level
	p := f.puzzle
	source := f.dailySource
	if source == "" {
		source = service.SourceGenerated
	}
	return service.DailyRecord{Date: date, Level: p.Level, Puzzle: p.Puzzle, Solution: p.Solution, Score: p.Score,
		Hardest: p.Rating.Hardest, RatedLevel: p.Level, Seed: p.Seed, Source: source}, f.genErr
}

func (f *fakeService) Pack(ctx context.Context, from, to time.Time, levels []rating.Level) ([]service.DailyRecord, error) {
	var recs []service.DailyRecord
	if len(levels) == 0 {
		all := rating.Levels()
		levels = all[:]
	}
	for d := from; !d.After(to); d = d.AddDate(0, 0, 1) {
		for _, l := range levels {
			rec, err := f.Daily(ctx, d, l)
			if err != nil {
				return nil, err
			}
			rec.Level = l
			recs = append(recs, rec)
		}
	}
	return recs, nil
}

func (f *fakeService) Check(_ context.Context, puzzle, current engine.Grid) (service.CheckResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.hinted = [2]engine.Grid{puzzle, current}
	return f.check, f.checkErr
}

// Token returns "token:" and the puzzle's first nine cells.
func (f *fakeService) Token(p generate.Puzzle, source, date string, solutionServed bool) string {
	return "token:" + p.Puzzle.String()[:9]
}

// CheckToken is Check, plus the receipt "receipt:" + token when solved.
func (f *fakeService) CheckToken(ctx context.Context, puzzle, current engine.Grid, token string) (service.CheckResult, string, error) {
	res, err := f.Check(ctx, puzzle, current)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.token = token
	if err != nil || !res.Solved {
		return res, "", err
	}
	return res, "receipt:" + token, nil
}

func (f *fakeService) VerifyReceipt(text string, puzzle *engine.Grid) (receipt.Receipt, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.verified = puzzle
	return f.receipt, f.receiptErr
}

func (f *fakeService) Schedule(_ context.Context, from, to time.Time, levels []rating.Level) ([]service.ScheduleEntry, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.schedule, f.publishErr
}

func (f *fakeService) PutDaily(_ context.Context, date time.Time, level rating.Level, puzzle engine.Grid, force bool) (service.DailyRecord, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.putForce = force
	return service.DailyRecord{Date: date, Level: level, Puzzle: puzzle, RatedLevel: level, Source: service.SourceCurated}, f.putCreated, f.publishErr
}

func (f *fakeService) Archive(_ context.Context, q service.ArchiveQuery) (service.ArchivePage, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.archiveQ = q
	return f.archive, f.publishErr
}

func (f *fakeService) Ready() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ready
}

// newTestServer returns the API over svc with a fresh registry.
func newTestServer(t *testing.T, svc Service, cfg Config) (http.Handler, *prometheus.Registry) {
	t.Helper()
	reg := prometheus.NewRegistry()
	return NewServer(zaptest.NewLogger(t), NewMetrics(reg, reg), svc, cfg), reg
}

// newTestMetrics returns Metrics on a registry of their own.
func newTestMetrics() *Metrics {
	reg := prometheus.NewRegistry()
	return NewMetrics(reg, reg)
}
