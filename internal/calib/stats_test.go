package calib

import (
	"math"
	"math/rand/v2"
	"testing"
)

// bruteAgree is the O(n²) definition of gamma and tau-b.
func bruteAgree(x, y []float64) (gamma, taub float64) {
	var c, d, tx, ty, n0 float64
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			n0++
			dx, dy := x[i]-x[j], y[i]-y[j]
			switch {
			case dx == 0 && dy == 0:
				tx++
				ty++
			case dx == 0:
				tx++
			case dy == 0:
				ty++
			case dx*dy > 0:
				c++
			default:
				d++
			}
		}
	}
	return (c - d) / (c + d), (c - d) / math.Sqrt((n0-tx)*(n0-ty))
}

func TestAgree(t *testing.T) {
	tests := []struct {
		name           string
		x, y           []float64
		gamma, rho, tb float64
	}{
		{"perfect", []float64{1, 2, 3, 4}, []float64{10, 20, 30, 40}, 1, 1, 1},
		{"reversed", []float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1, -1, -1},
		// 6 pairs: 5 concordant, 1 tied on x only: tau-b = 5/√(5·6).
		{"ties", []float64{1, 1, 2, 3}, []float64{1, 2, 3, 4}, 1, 0.9486832980505138, 0.9128709291752769},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := Agree(tt.x, tt.y)
			if math.Abs(a.Gamma-tt.gamma) > 1e-12 || math.Abs(a.Spearman-tt.rho) > 1e-12 || math.Abs(a.TauB-tt.tb) > 1e-12 {
				t.Fatalf("Agree(%v, %v) = %+v, want gamma %v rho %v tau-b %v", tt.x, tt.y, a, tt.gamma, tt.rho, tt.tb)
			}
		})
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 20 {
		n := 50 + rng.IntN(100)
		x, y := make([]float64, n), make([]float64, n)
		for i := range n {
			x[i] = float64(rng.IntN(5))
			y[i] = float64(rng.IntN(8)) + x[i]
		}
		a := Agree(x, y)
		g, tb := bruteAgree(x, y)
		if math.Abs(a.Gamma-g) > 1e-9 || math.Abs(a.TauB-tb) > 1e-9 {
			t.Fatalf("Agree = %+v, brute force gamma %v tau-b %v", a, g, tb)
		}
	}
}

func TestLeastSquares(t *testing.T) {
	want := []float64{2, -1, 0.5}
	var x [][]float64
	var y []float64
	rng := rand.New(rand.NewPCG(5, 6))
	for range 100 {
		row := []float64{1, rng.Float64(), rng.Float64() * 10}
		x = append(x, row)
		y = append(y, want[0]*row[0]+want[1]*row[1]+want[2]*row[2])
	}
	w, err := LeastSquares(x, y)
	if err != nil {
		t.Fatal(err)
	}
	for i := range want {
		if math.Abs(w[i]-want[i]) > 1e-6 {
			t.Fatalf("LeastSquares = %v, want %v", w, want)
		}
	}
}

func TestConfusion(t *testing.T) {
	c := NewConfusion(4, []int{1, 2, 3, 4, 4}, []int{1, 3, 3, 2, 4})
	if got := c.Exact(); got != 0.6 {
		t.Fatalf("Exact() = %v, want 0.6", got)
	}
	if got := c.Within1(); got != 0.8 {
		t.Fatalf("Within1() = %v, want 0.8", got)
	}
}
