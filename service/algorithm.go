package service

import (
	"context"
	"fmt"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
)

// Algorithm is a solver a client may choose by name. Solve counts solutions
// up to limit and watches ctx when it may run long.
type Algorithm struct {
	Name    string
	Summary string
	Solve   func(ctx context.Context, g engine.Grid, limit int) (engine.Result, error)
}

// DefaultAlgorithms returns the engine's fastest solver alone, named
// "default".
func DefaultAlgorithms() []Algorithm {
	return []Algorithm{{
		Name:    "default",
		Summary: "the engine's fastest solver",
		Solve: func(_ context.Context, g engine.Grid, limit int) (engine.Result, error) {
			return engine.SolveLimit(g, limit), nil
		},
	}}
}

// UnknownAlgorithmError is returned for an algorithm name that is not
// offered; Known lists the names that are.
type UnknownAlgorithmError struct {
	Name  string
	Known []string
}

func (e *UnknownAlgorithmError) Error() string {
	return fmt.Sprintf("unknown algorithm %q: want one of %s", e.Name, strings.Join(e.Known, ", "))
}

// Algorithms returns the names of the algorithms offered, the default first.
func (s *Service) Algorithms() []string {
	names := make([]string, len(s.algos))
	for i, a := range s.algos {
		names[i] = a.Name
	}
	return names
}

// algorithm returns the algorithm with the given name; "" is the default.
func (s *Service) algorithm(name string) (Algorithm, error) {
	if name == "" {
		return s.algos[0], nil
	}
	for _, a := range s.algos {
		if a.Name == name {
			return a, nil
		}
	}
	return Algorithm{}, &UnknownAlgorithmError{Name: name, Known: s.Algorithms()}
}
