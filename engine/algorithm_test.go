package engine

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// TestRegistry checks NewRegistry's order and its lookups, with engine's own
// algorithms and an extra one.
func TestRegistry(t *testing.T) {
	extra := Algorithm{Name: "extra", Summary: "a test algorithm", Solve: solveFastCtx}
	reg := NewRegistry(extra)
	if got, want := reg.Names(), []string{DefaultAlgorithm, "propagate", "extra"}; !slices.Equal(got, want) {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
	all := reg.All()
	all[0].Name = "changed"
	if reg.All()[0].Name != DefaultAlgorithm {
		t.Errorf("All() returned the registry's own slice: a caller changed it")
	}
	tests := []struct {
		name, in string
		want     string // "" for an *UnknownAlgorithmError
	}{
		{"empty is the default", "", DefaultAlgorithm},
		{"engine's own", "propagate", "propagate"},
		{"extra", "extra", "extra"},
		{"case matters", "FAST", ""},
		{"unknown", "genetic", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, err := reg.Parse(tt.in)
			if tt.want != "" {
				if err != nil || a.Name != tt.want {
					t.Fatalf("Parse(%q) = %q, %v, want %q", tt.in, a.Name, err, tt.want)
				}
				return
			}
			var ue *UnknownAlgorithmError
			if !errors.As(err, &ue) || ue.Name != tt.in || !slices.Equal(ue.Valid, reg.Names()) {
				t.Fatalf("Parse(%q) error = %#v, want *UnknownAlgorithmError{%q, %v}", tt.in, err, tt.in, reg.Names())
			}
			if _, ok := reg.Lookup(tt.in); ok {
				t.Errorf("Lookup(%q) found an algorithm", tt.in)
			}
		})
	}
}

// TestNewRegistryPanics: a repeated, unnamed or incomplete algorithm is a
// wiring bug.
func TestNewRegistryPanics(t *testing.T) {
	for _, a := range []Algorithm{
		{Name: DefaultAlgorithm, Solve: solveFastCtx},
		{Name: "", Solve: solveFastCtx},
		{Name: "nosolve"},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("NewRegistry(%q) did not panic", a.Name)
				}
			}()
			NewRegistry(a)
		}()
	}
}

// TestAlgorithms runs engine's algorithms on a puzzle and with a context
// already done.
func TestAlgorithms(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, a := range Algorithms() {
		res, err := a.Solve(context.Background(), MustParse(easyPuzzle), 2)
		if err != nil || res.Count != 1 || res.Solution.String() != easySolution || !a.Exhaustive {
			t.Errorf("%s.Solve(easy) = %+v, %v, want its unique solution", a.Name, res, err)
		}
		if _, err := a.Solve(ctx, MustParse(easyPuzzle), 2); !errors.Is(err, context.Canceled) {
			t.Errorf("%s.Solve(canceled ctx) error = %v, want context.Canceled", a.Name, err)
		}
	}
}
