package engine

import "math/rand/v2"

// Transformation is a symmetry of Sudoku itself: it maps every valid grid to
// a valid grid and every puzzle to an equivalent one, with the same number of
// solutions and, for a rater that only looks at the logic, the same rating.
// It is the composition, applied in this order, of an optional transposition,
// a permutation of rows that keeps bands (row permutations within bands and a
// band permutation), the same for columns and stacks, and a relabelling of the
// digits. There are 2·6⁸·9! of them, about 1.2·10¹².
//
// The zero Transformation is not valid; use Identity or RandomTransformation.
type Transformation struct {
	Transpose bool
	// Rows[r] is the row of the (transposed) source that lands in row r;
	// Cols likewise for columns. Both keep bands/stacks together.
	Rows, Cols [9]uint8
	// Digits[d] is the digit d becomes (Digits[0] == 0).
	Digits [10]uint8
}

// Identity returns the transformation that changes nothing.
func Identity() Transformation {
	var t Transformation
	for i := range 9 {
		t.Rows[i], t.Cols[i] = uint8(i), uint8(i)
	}
	for d := range t.Digits {
		t.Digits[d] = uint8(d)
	}
	return t
}

// RandomTransformation draws a transformation from rng, every one of the
// 2·6⁸·9! equally likely.
func RandomTransformation(rng *rand.Rand) Transformation {
	t := Transformation{Transpose: rng.IntN(2) == 1}
	t.Rows = bandPermutation(rng)
	t.Cols = bandPermutation(rng)
	perm := rng.Perm(9)
	for d := 1; d <= 9; d++ {
		t.Digits[d] = uint8(perm[d-1] + 1)
	}
	return t
}

// bandPermutation draws a permutation of 0..8 that moves whole bands and
// lines within bands.
func bandPermutation(rng *rand.Rand) [9]uint8 {
	var p [9]uint8
	bands := rng.Perm(3)
	for b := range 3 {
		lines := rng.Perm(3)
		for k := range 3 {
			p[3*b+k] = uint8(3*bands[b] + lines[k])
		}
	}
	return p
}

// Apply returns the image of g: cell (r, c) of the result holds the
// relabelled digit of cell (Rows[r], Cols[c]) of g, transposed first when
// Transpose is set. Empty cells stay empty. Cost: 81 table look-ups.
//
// Apply never panics, whatever its inputs: a cell value above 9 (which no
// valid Grid holds) becomes empty, and Rows or Cols entries above 8 (which
// no valid Transformation holds) are taken modulo 9; such inputs give a
// meaningless result.
func (t Transformation) Apply(g Grid) Grid {
	var out Grid
	for r := range 9 {
		for c := range 9 {
			sr, sc := int(t.Rows[r]%9), int(t.Cols[c]%9)
			if t.Transpose {
				sr, sc = sc, sr
			}
			if v := g[9*sr+sc]; v <= 9 {
				out[9*r+c] = t.Digits[v]
			}
		}
	}
	return out
}

// Transform returns a random puzzle equivalent to g: RandomTransformation(rng)
// applied to g. Apply the same Transformation to a solution to keep the pair.
func Transform(g Grid, rng *rand.Rand) Grid {
	return RandomTransformation(rng).Apply(g)
}
