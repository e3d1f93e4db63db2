package generate

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

func TestKindOf(t *testing.T) {
	_, parseErr := engine.Parse("12x")
	bad := engine.MustParse("44" + easyPuzzle[2:])
	conflict := bad.Validate()
	_, levelErr := rating.ParseLevel("x")
	_, symErr := ParseSymmetry("x")
	_, algErr := engine.NewRegistry().Parse("x")
	wrap := func(err error) error { return fmt.Errorf("context: %w", err) }
	tests := []struct {
		name string
		err  error
		want engine.Kind
	}{
		{"nil", nil, engine.KindInternal},
		{"plain", errors.New("x"), engine.KindInternal},
		{"parse", parseErr, engine.KindMalformed},
		{"conflict", wrap(conflict), engine.KindConflict},
		{"level", levelErr, engine.KindInvalid},
		{"symmetry", symErr, engine.KindInvalid},
		{"algorithm", algErr, engine.KindInvalid},
		{"options", &OptionsError{Field: "MinGivens"}, engine.KindInvalid},
		{"no solution", wrap(engine.ErrNoSolution), engine.KindUnsolvable},
		{"multiple", engine.ErrMultipleSolutions, engine.KindAmbiguous},
		{"budget", wrap(engine.ErrBudgetExceeded), engine.KindBudgetExceeded},
		{"generation", ErrGenerationFailed, engine.KindInfeasible},
		{"overloaded", wrap(engine.ErrOverloaded), engine.KindOverloaded},
		{"pool closed", ErrPoolClosed, engine.KindNotReady},
		{"deadline", wrap(context.DeadlineExceeded), engine.KindTimeout},
		{"canceled", context.Canceled, engine.KindCanceled},
		{"kind beats context", fmt.Errorf("%w after %w", engine.ErrBudgetExceeded, context.DeadlineExceeded), engine.KindBudgetExceeded},
	}
	for _, tt := range tests {
		if got := engine.KindOf(tt.err); got != tt.want {
			t.Errorf("KindOf(%s: %v) = %v, want %v", tt.name, tt.err, got, tt.want)
		}
	}
	if a, b := engine.NewError(engine.KindInvalid, "x"), engine.NewError(engine.KindInvalid, "x"); errors.Is(a, b) {
		t.Errorf("two NewError sentinels compare equal")
	}
}
