package engine

import (
	"context"
	"testing"
	"time"
)

func TestGenerateQuick(t *testing.T) {
	for _, l := range Levels {
		start := time.Now()
		att := 0
		for seed := uint64(1); seed <= 20; seed++ {
			p, err := Generate(context.Background(), GenerateOptions{Level: l, Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			att += p.Attempts
		}
		t.Logf("%v: %v/puzzle, attempts %v", l, time.Since(start)/20, float64(att)/20)
	}
}
