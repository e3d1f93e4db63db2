package generate

import (
	"testing"

	"github.com/sudokuhq/sudoku/engine/rating"
)

func TestVariantOf(t *testing.T) {
	p, err := Generate(t.Context(), Options{Rater: rating.DefaultRater(), Level: rating.Hard, Seed: 21})
	if err != nil {
		t.Fatal(err)
	}
	v := p.VariantOf(77)
	if v.Fresh || v.Variant != 77 || v.Seed != p.Seed || v.Level != p.Level || v.Score != p.Score {
		t.Errorf("VariantOf(77) = %+v", v)
	}
	if v.Puzzle == p.Puzzle {
		t.Errorf("VariantOf(77) kept the puzzle unchanged")
	}
	if w := p.VariantOf(77); w.Puzzle != v.Puzzle {
		t.Errorf("VariantOf(77) not deterministic")
	}
	checkPuzzle(t, v, rating.Hard)
	if v.Rating != p.Rating {
		t.Errorf("VariantOf(77).Rating = %+v, want %+v", v.Rating, p.Rating)
	}
}
