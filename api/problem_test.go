package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

func TestProblemFor(t *testing.T) {
	_, parseErr := engine.Parse("12x")
	_, shortErr := engine.Parse("123")
	_, rowsErr := engine.FromRows([][]int{{1}})
	bad := engine.Grid{}
	bad[0], bad[1] = 4, 4
	conflict := bad.Validate()
	wrap := func(err error) error { return fmt.Errorf("context: %w", err) }
	tests := []struct {
		name       string
		err        error
		wantStatus int
		wantCode   string
	}{
		{"body too large", &http.MaxBytesError{Limit: 10}, 413, "body-too-large"},
		{"wrong content type", &decodeError{status: 415, reason: "x"}, 415, "unsupported-media-type"},
		{"malformed", &decodeError{status: 400, reason: "x"}, 400, "malformed-json"},
		{"slow body", &decodeError{status: 408, reason: "x"}, 408, "request-timeout"},
		{"param", &paramError{name: "count", reason: "x"}, 400, "bad-parameter"},
		{"level", &rating.UnknownLevelError{Name: "x"}, 400, "bad-parameter"},
		{"algorithm", &engine.UnknownAlgorithmError{Name: "x"}, 400, "bad-parameter"},
		{"symmetry", &generate.UnknownSymmetryError{Name: "x"}, 400, "bad-parameter"},
		{"batch", &service.BatchError{Count: 101}, 400, "bad-parameter"},
		{"date", &service.DateError{Date: time.Time{}}, 400, "bad-parameter"},
		{"options", &generate.OptionsError{Field: "MaxGivens", Reason: "x"}, 400, "bad-parameter"},
		{"bad char", parseErr, 422, "bad-char"},
		{"cell count", shortErr, 422, "cell-count"},
		{"rows", rowsErr, 422, "row-count"},
		{"conflict", conflict, 422, "conflict"},
		{"conflict in current", &fieldError{field: "current", err: conflict}, 422, "conflict"},
		{"no solution", wrap(engine.ErrNoSolution), 422, "no-solution"},
		{"multiple", engine.ErrMultipleSolutions, 422, "multiple-solutions"},
		{"budget", wrap(engine.ErrBudgetExceeded), 422, "budget-exceeded"},
		{"generation failed", generate.ErrGenerationFailed, 422, "generation-failed"},
		{"overloaded", fmt.Errorf("no solve slot free: %w", engine.ErrOverloaded), 503, "overloaded"},
		{"pool overloaded", wrap(engine.ErrOverloaded), 503, "overloaded"},
		{"not ready", service.ErrNotReady, 503, "not-ready"},
		{"pool closed", generate.ErrPoolClosed, 503, "not-ready"},
		{"deadline", wrap(context.DeadlineExceeded), 504, "deadline"},
		{"canceled", context.Canceled, statusClientClosed, "canceled"},
		{"store down", &service.StoreError{Op: "get", Err: errors.New("connection refused: password=hunter2")}, 503, "store-unavailable"},
		{"range", &service.RangeError{From: time.Now(), To: time.Now().AddDate(0, 1, 0), Max: 31}, 400, "bad-parameter"},
		{"wrong level", &service.LevelError{Want: rating.Evil, Got: rating.Easy}, 400, "bad-parameter"},
		{"published", &service.PublishedError{Date: time.Now()}, 409, "daily-published"},
		{"unknown", errors.New("disk on fire"), 500, "internal"},
	}
	for _, tt := range tests {
		p := problemFor(tt.err)
		if p.Status != tt.wantStatus || p.Code != tt.wantCode {
			t.Errorf("problemFor(%s: %v) = %d %s, want %d %s", tt.name, tt.err, p.Status, p.Code, tt.wantStatus, tt.wantCode)
		}
		if tt.wantStatus == 500 && p.Detail != internalProblem().Detail {
			t.Errorf("problemFor(%v) leaks detail %q", tt.err, p.Detail)
		}
	}
	// Positions and cells are reported where they apply.
	if p := problemFor(parseErr); p.Offset == nil || *p.Offset != 2 || p.Column != 3 || p.Char != "x" {
		t.Errorf("bad-char problem = %+v, want offset 2, column 3, char x", p)
	}
	if p := problemFor(conflict); len(p.Cells) != 2 || p.Cells[0] != "r1c1" || p.Cells[1] != "r1c2" || p.Digit != 4 {
		t.Errorf("conflict problem = %+v, want cells r1c1 r1c2, digit 4", p)
	}
	if p := problemFor(&service.StoreError{Op: "get", Err: errors.New("password=hunter2")}); p.RetryAfter != storeRetryAfter || strings.Contains(p.Detail, "hunter2") {
		t.Errorf("store problem = %+v, want Retry-After %d and no detail of the driver's error", p, storeRetryAfter)
	}
	if p := problemFor(&fieldError{field: "current", err: parseErr}); p.Parameter != "current" {
		t.Errorf("fieldError problem parameter = %q, want current", p.Parameter)
	}
}

// TestKindProblems: every kind but KindInternal has a problem in the table,
// each with its own code; an error of a kind answers by the table, with the
// parameter and allowed values it names.
func TestKindProblems(t *testing.T) {
	codes := make(map[string]engine.Kind)
	var kinds []engine.Kind
	for k := engine.KindInternal + 1; k < engine.KindFirstCaller; k++ {
		kinds = append(kinds, k)
	}
	for _, k := range append(kinds, service.KindUnavailable, service.KindImmutable) {
		kp, ok := kindProblems[k]
		if !ok || kp.status == 0 || kp.title == "" {
			t.Errorf("kindProblems[%v] = %+v, %v: want a status and a title", k, kp, ok)
			continue
		}
		if prev, dup := codes[kp.code]; dup {
			t.Errorf("kinds %v and %v share the code %q", prev, k, kp.code)
		}
		codes[kp.code] = k
		err := engine.NewError(k, "a new error of kind "+k.String())
		if p := problemFor(err); p.Status != kp.status || p.Code != kp.code || p.Title != kp.title {
			t.Errorf("problemFor(new %v error) = %d %q %q, want %d %q %q", k, p.Status, p.Code, p.Title, kp.status, kp.code, kp.title)
		}
	}
	p := problemFor(fmt.Errorf("generate: %w", &rating.UnknownLevelError{Name: "x"}))
	if p.Parameter != "level" || len(p.Allowed) != 4 || p.Allowed[0] != "easy" {
		t.Errorf("unknown level problem = %+v, want parameter level, allowed easy..evil", p)
	}
	p = problemFor(&generate.OptionsError{Field: "MaxGivens", Reason: "x"})
	if p.Parameter != "maxgivens" {
		t.Errorf("options problem parameter = %q, want maxgivens", p.Parameter)
	}
}

// TestStoreProblemSaysWhy: the 503 of a store failure says which cause it
// was, never the driver's text.
func TestStoreProblemSaysWhy(t *testing.T) {
	secret := errors.New("dial tcp 10.1.2.3:5432: password=hunter2")
	tests := []struct {
		name, want string
		err        error
	}{
		{"timeout", "did not answer", fmt.Errorf("get: %w", context.DeadlineExceeded)},
		{"refused", "cannot be reached", fmt.Errorf("%w: %w", service.ErrStoreUnreachable, secret)},
		{"disk full", "out of disk space", fmt.Errorf("%w: %w", service.ErrStoreFull, secret)},
		{"file deleted", "deleted or replaced", fmt.Errorf("%w: %w", service.ErrStoreGone, secret)},
		{"not open", "not open yet", fmt.Errorf("%w: %w", service.ErrStoreNotOpen, secret)},
		// an open that timed out (waiting for the migration lock): not
		// open, not a call past the store timeout
		{"not open, open timed out", "not open yet", fmt.Errorf("%w: migrate: %w", service.ErrStoreNotOpen, context.DeadlineExceeded)},
		{"other", "failed", secret},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := problemFor(&service.StoreError{Op: "insert", Err: tt.err})
			if p.Status != 503 || p.Code != "store-unavailable" || !strings.Contains(p.Detail, tt.want) ||
				strings.Contains(p.Detail, "hunter2") || strings.Contains(p.Detail, "10.1.2.3") {
				t.Errorf("problemFor(store %v) = %d %s %q, want 503 store-unavailable saying %q and no driver text", tt.err, p.Status, p.Code, p.Detail, tt.want)
			}
		})
	}
}
