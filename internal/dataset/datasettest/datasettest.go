// Package datasettest reads the shared puzzle collections in tests and
// benchmarks, with the rule for a missing data folder: skip outside CI,
// fail under CI=true. It lives apart from package dataset so that the
// binaries, which import dataset, do not link package testing.
package datasettest

import (
	"errors"
	"os"
	"testing"

	"github.com/sudokuhq/sudoku/internal/dataset"
)

// Load is dataset.Read for tests and benchmarks: when the data folder is
// missing it skips with a clear message, except under CI (CI=true), where
// the data must be present and its absence fails the test.
func Load(tb testing.TB, name string, limit int) []dataset.Record {
	tb.Helper()
	recs, err := dataset.Read(name, limit)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) && os.Getenv("CI") == "" {
			tb.Skipf("shared data not available: %v", err)
		}
		tb.Fatal(err)
	}
	return recs
}

// LoadPuzzles is dataset.Puzzles for tests and benchmarks, with Load's
// rules.
func LoadPuzzles(tb testing.TB, name string, limit int) []string {
	tb.Helper()
	return dataset.PuzzlesOf(Load(tb, name, limit))
}
