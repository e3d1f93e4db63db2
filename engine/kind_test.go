package engine

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

func TestKindOf(t *testing.T) {
	_, parseErr := Parse("12x")
	bad := MustParse("44" + easyPuzzle[2:])
	conflict := bad.Validate()
	_, levelErr := ParseLevel("x")
	_, symErr := ParseSymmetry("x")
	_, algErr := NewRegistry().Parse("x")
	wrap := func(err error) error { return fmt.Errorf("context: %w", err) }
	tests := []struct {
		name string
		err  error
		want Kind
	}{
		{"nil", nil, KindInternal},
		{"plain", errors.New("x"), KindInternal},
		{"parse", parseErr, KindMalformed},
		{"conflict", wrap(conflict), KindConflict},
		{"level", levelErr, KindInvalid},
		{"symmetry", symErr, KindInvalid},
		{"algorithm", algErr, KindInvalid},
		{"options", &OptionsError{Field: "MinGivens"}, KindInvalid},
		{"no solution", wrap(ErrNoSolution), KindUnsolvable},
		{"multiple", ErrMultipleSolutions, KindAmbiguous},
		{"budget", wrap(ErrBudgetExceeded), KindBudgetExceeded},
		{"generation", ErrGenerationFailed, KindInfeasible},
		{"overloaded", wrap(ErrOverloaded), KindOverloaded},
		{"pool closed", ErrPoolClosed, KindNotReady},
		{"deadline", wrap(context.DeadlineExceeded), KindTimeout},
		{"canceled", context.Canceled, KindCanceled},
		{"kind beats context", fmt.Errorf("%w after %w", ErrBudgetExceeded, context.DeadlineExceeded), KindBudgetExceeded},
	}
	for _, tt := range tests {
		if got := KindOf(tt.err); got != tt.want {
			t.Errorf("KindOf(%s: %v) = %v, want %v", tt.name, tt.err, got, tt.want)
		}
	}
	if a, b := NewError(KindInvalid, "x"), NewError(KindInvalid, "x"); errors.Is(a, b) {
		t.Errorf("two NewError sentinels compare equal")
	}
}
