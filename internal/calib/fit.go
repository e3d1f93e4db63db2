package calib

import (
	"errors"
	"math"
	"sort"
)

// errSingular reports a least-squares system without a unique solution.
var errSingular = errors.New("calib: singular least-squares system")

// LeastSquares returns the weights w minimising Σ (y_i − w·x_i)², by the
// normal equations and Gaussian elimination with partial pivoting, plus a
// tiny ridge term (1e-9·n) that keeps constant columns from making the
// system singular. Cost: O(n·k² + k³).
func LeastSquares(x [][]float64, y []float64) ([]float64, error) {
	if len(x) == 0 {
		return nil, errSingular
	}
	k := len(x[0])
	a := make([][]float64, k)
	for i := range a {
		a[i] = make([]float64, k+1)
	}
	for r, row := range x {
		for i := range k {
			for j := range k {
				a[i][j] += row[i] * row[j]
			}
			a[i][k] += row[i] * y[r]
		}
	}
	for i := range k {
		a[i][i] += 1e-9 * float64(len(x))
	}
	for col := range k {
		piv := col
		for r := col + 1; r < k; r++ {
			if math.Abs(a[r][col]) > math.Abs(a[piv][col]) {
				piv = r
			}
		}
		if math.Abs(a[piv][col]) < 1e-12 {
			return nil, errSingular
		}
		a[col], a[piv] = a[piv], a[col]
		for r := range k {
			if r == col {
				continue
			}
			f := a[r][col] / a[col][col]
			for c := col; c <= k; c++ {
				a[r][c] -= f * a[col][c]
			}
		}
	}
	w := make([]float64, k)
	for i := range k {
		w[i] = a[i][k] / a[i][i]
	}
	return w, nil
}

// RankFit refines weights w (in place) to raise Kendall's tau-b between
// labels y and the linear score w·x, by coordinate ascent: each round tries
// w_i ± step·norm/sd_i for every i, where sd_i is the standard deviation of
// feature i and norm = Σ|w_j|·sd_j, so that every move shifts the score by
// about step·norm; it keeps any gain, and halves the step when no
// coordinate improves. With src (one entry per row, indexes into weights),
// the objective is the weighted mean of the tau-b within each source, so
// sources whose labels are on different scales are never compared with
// each other, and a small source is not drowned by a large one; nil src is
// one source. It is
// deterministic and costs rounds·2k tau-b evaluations of O(n·log n) each.
// It returns the final objective.
func RankFit(x [][]float64, y []float64, src []int, weights, w []float64, rounds int) float64 {
	k := len(w)
	sd := make([]float64, k)
	for i := range k {
		var m, m2 float64
		for _, row := range x {
			m += row[i]
			m2 += row[i] * row[i]
		}
		n := float64(len(x))
		m /= n
		sd[i] = math.Sqrt(max(m2/n-m*m, 0))
	}
	z := make([]float64, len(x))
	eval := func() float64 {
		for r, row := range x {
			var s float64
			for i := range k {
				s += w[i] * row[i]
			}
			z[r] = s
		}
		return meanTauB(y, z, src, weights)
	}
	best := eval()
	// Steps are in units of the score's own spread, so they suit any scale.
	norm := 0.0
	for i := range k {
		norm += math.Abs(w[i]) * sd[i]
	}
	if norm == 0 {
		norm = 1
	}
	step := 0.5
	for range rounds {
		improved := false
		for i := range k {
			if sd[i] == 0 {
				continue
			}
			for _, sign := range []float64{1, -1} {
				old := w[i]
				w[i] = old + sign*step*norm/sd[i]
				if v := eval(); v > best+1e-9 {
					best, improved = v, true
					continue
				}
				w[i] = old
			}
		}
		if !improved {
			step /= 2
		}
	}
	return best
}

// meanTauB is the mean over the sources of src of the tau-b between y and
// z within each source, source k weighing weights[k]; nil src is one
// source.
func meanTauB(y, z []float64, src []int, weights []float64) float64 {
	if src == nil {
		return Agree(y, z).TauB
	}
	bySrc := map[int][2][]float64{}
	for i, s := range src {
		v := bySrc[s]
		v[0], v[1] = append(v[0], y[i]), append(v[1], z[i])
		bySrc[s] = v
	}
	keys := make([]int, 0, len(bySrc))
	for k := range bySrc {
		keys = append(keys, k)
	}
	sort.Ints(keys) // a fixed order: the sum is the same to the last bit every run
	var sum, wsum float64
	for _, k := range keys {
		w := weights[k]
		sum += w * Agree(bySrc[k][0], bySrc[k][1]).TauB
		wsum += w
	}
	return sum / wsum
}
