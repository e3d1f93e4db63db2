package service

import (
	"context"
	"testing"
	"time"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// TestConfigRater checks that Config.Rater (sudokud -model) rates,
// explains and generates: the rating takes its cuts, and every generation
// the service asks of the pool on demand carries it.
func TestConfigRater(t *testing.T) {
	m := rating.DefaultModel()
	m.Cuts = [3]float64{1.001, 1.002, 1.003} // every puzzle that needs a step is evil
	house := rating.NewRater(m)
	g := engine.MustParse("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
	def, err := rating.Rate(g)
	if err != nil || def.Level == rating.Evil {
		t.Fatalf("Rate = %v, %v: want a level below evil", def.Level, err)
	}
	pool := &fakePool{}
	seed := uint64(9)
	tests := []struct {
		name  string
		rater *rating.Rater
		want  rating.Level
		gen   *rating.Rater // the rater the service passes to the generator
	}{
		{"default", nil, def.Level, rating.DefaultRater()},
		{"house", house, rating.Evil, house},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pool.generated = nil
			s := New(Config{Rater: tt.rater, GenerateTimeout: time.Second}, Deps{Pool: pool, Store: &fakeStore{}})
			r, err := s.Rate(context.Background(), g)
			if err != nil || r.Level != tt.want {
				t.Errorf("Rate = %v, %v; want %v", r.Level, err, tt.want)
			}
			r, _, err = s.Explain(context.Background(), g)
			if err != nil || r.Level != tt.want {
				t.Errorf("Explain = %v, %v; want %v", r.Level, err, tt.want)
			}
			if _, err := s.Generate(context.Background(), GenerateRequest{Level: rating.Hard, Count: 1, Seed: &seed}); err != nil {
				t.Fatalf("Generate: %v", err)
			}
			if _, err := s.Daily(context.Background(), time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC), rating.Hard); err != nil {
				t.Fatalf("Daily: %v", err)
			}
			if len(pool.generated) != 2 {
				t.Fatalf("the pool generated %d times, want 2 (seeded, daily)", len(pool.generated))
			}
			for _, o := range pool.generated {
				if o.Rater != tt.gen {
					t.Errorf("pool.Generate got Rater %p, want %p", o.Rater, tt.gen)
				}
			}
		})
	}
}
