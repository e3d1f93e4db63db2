package calib

import (
	"math"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// TestSETiers checks the SE-by-tier table and its ceiling on hand-made
// samples: the score orders tiers 6–8 against SE, so it falls short of the
// ceiling, which puts them in SE's order.
func TestSETiers(t *testing.T) {
	sample := func(se float64, tier int, score float64) Sample {
		return Sample{SE: se, Rating: rating.Rating{HardestTier: tier, Score: score}}
	}
	s := Set{Samples: []Sample{
		sample(5.4, 5, 5.5),
		sample(6.0, 6, 7.0), // SE's easiest chain puzzle scored hardest
		sample(7.1, 6, 6.5),
		sample(8.3, 7, 6.8),
		sample(math.NaN(), 7, 6.0), // no SE rating: left out
	}}
	var sb strings.Builder
	SETiers(&sb, s, func(x *Sample) float64 { return x.Rating.Score })
	out := sb.String()
	for _, want := range []string{
		"| 5.0 | 0 | 0 | 0 | 0 | 1 | 0 | 0 | 0 |",
		"| 6.0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 0 |",
		"| 7.0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 | 0 |",
		"| 8.0 | 0 | 0 | 0 | 0 | 0 | 0 | 1 | 0 |",
		"score 0.400; ceiling with tiers 6–8 in SE's order 1.000",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("SETiers output lacks %q:\n%s", want, out)
		}
	}
}
