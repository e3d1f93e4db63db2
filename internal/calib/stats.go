// Package calib measures how well a difficulty rater agrees with published
// difficulty labels, and fits the rater's score and level thresholds to
// them. It is the statistics behind `sudoku calibrate`.
package calib

import (
	"math"
	"sort"
)

// Agreement is the rank agreement between labels and a rater's values.
type Agreement struct {
	N        int
	Gamma    float64 // Goodman–Kruskal gamma: (C−D)/(C+D), ties ignored
	Spearman float64 // Spearman's rho: Pearson correlation of mid-ranks
	TauB     float64 // Kendall's tau-b: (C−D)/√((P−Tx)(P−Ty)), ties corrected
}

// Agree computes gamma, Spearman and tau-b between x and y (same length);
// a coefficient is NaN when undefined (every pair tied).
// Cost: O(n log n) for Spearman and O(k·n·log n) for the pair counts, where k is
// the number of distinct x values (labels have few).
func Agree(x, y []float64) Agreement {
	a := Agreement{N: len(x), Gamma: math.NaN(), TauB: math.NaN()}
	c, d, tx, ty := pairCounts(x, y)
	if c+d > 0 {
		a.Gamma = (c - d) / (c + d)
	}
	n := float64(len(x))
	p := n * (n - 1) / 2
	if den := math.Sqrt((p - tx) * (p - ty)); den > 0 {
		a.TauB = (c - d) / den
	}
	a.Spearman = pearson(ranks(x), ranks(y))
	return a
}

// pairCounts returns the concordant and discordant pairs, and the pairs tied
// on x and tied on y. It groups equal x values, sorts each group's y, and
// counts each pair of groups by binary search: O(k·n·log n) for k groups.
func pairCounts(x, y []float64) (c, d, tx, ty float64) {
	groups := map[float64][]float64{}
	for i := range x {
		groups[x[i]] = append(groups[x[i]], y[i])
	}
	keys := make([]float64, 0, len(groups))
	for k, g := range groups {
		keys = append(keys, k)
		sort.Float64s(g)
		m := float64(len(g))
		tx += m * (m - 1) / 2
	}
	sort.Float64s(keys)
	// ty: pairs tied on y overall.
	all := append([]float64(nil), y...)
	sort.Float64s(all)
	for i := 0; i < len(all); {
		j := i
		for j < len(all) && all[j] == all[i] {
			j++
		}
		m := float64(j - i)
		ty += m * (m - 1) / 2
		i = j
	}
	for a := range keys {
		lo := groups[keys[a]]
		for b := a + 1; b < len(keys); b++ {
			hi := groups[keys[b]]
			// For each y in lo, count hi values above (concordant) and below.
			for _, v := range lo {
				below := sort.SearchFloat64s(hi, v)
				above := len(hi) - upper(hi, v)
				c += float64(above)
				d += float64(below)
			}
		}
	}
	return c, d, tx, ty
}

// upper returns the index of the first element of sorted s above v.
func upper(s []float64, v float64) int {
	return sort.Search(len(s), func(i int) bool { return s[i] > v })
}

// ranks returns the mid-ranks of v (ties share the mean rank), 1-based.
func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return v[idx[a]] < v[idx[b]] })
	r := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && v[idx[j]] == v[idx[i]] {
			j++
		}
		mid := float64(i+j+1) / 2
		for k := i; k < j; k++ {
			r[idx[k]] = mid
		}
		i = j
	}
	return r
}

// pearson is the Pearson correlation of a and b.
func pearson(a, b []float64) float64 {
	n := float64(len(a))
	var ma, mb float64
	for i := range a {
		ma += a[i]
		mb += b[i]
	}
	ma, mb = ma/n, mb/n
	var sab, saa, sbb float64
	for i := range a {
		da, db := a[i]-ma, b[i]-mb
		sab += da * db
		saa += da * da
		sbb += db * db
	}
	if saa == 0 || sbb == 0 {
		return math.NaN()
	}
	return sab / math.Sqrt(saa*sbb)
}

// Confusion is a confusion matrix: Counts[want][got] over levels 1..K.
type Confusion struct {
	K      int
	Counts [][]int
}

// NewConfusion tabulates want against got, both in 1..k.
func NewConfusion(k int, want, got []int) Confusion {
	c := Confusion{K: k, Counts: make([][]int, k+1)}
	for i := range c.Counts {
		c.Counts[i] = make([]int, k+1)
	}
	for i := range want {
		c.Counts[want[i]][got[i]]++
	}
	return c
}

// Exact returns the share of exact agreement, and Within1 the share at most
// one level off.
func (c Confusion) Exact() float64 { return c.share(0) }

// Within1 returns the share of rows at most one level off.
func (c Confusion) Within1() float64 { return c.share(1) }

func (c Confusion) share(tol int) float64 {
	n, ok := 0, 0
	for w := 1; w <= c.K; w++ {
		for g := 1; g <= c.K; g++ {
			n += c.Counts[w][g]
			if w-g <= tol && g-w <= tol {
				ok += c.Counts[w][g]
			}
		}
	}
	if n == 0 {
		return 0
	}
	return float64(ok) / float64(n)
}
