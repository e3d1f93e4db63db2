package generate

import (
	"fmt"
	"slices"

	"github.com/sudokuhq/sudoku/engine"
)

// Symmetry is the pattern the givens of a generated puzzle keep: a cell is a
// given exactly when its images under the symmetry are. The zero Symmetry is
// None.
type Symmetry uint8

// The symmetries the generator offers.
const (
	// None puts no constraint on the pattern of givens.
	None Symmetry = iota
	// Rotational180 keeps the pattern under a half-turn about the centre:
	// r,c ↔ 8-r,8-c, the symmetry of most newspaper puzzles.
	Rotational180
	// Mirror keeps the pattern under the left–right reflection r,c ↔ r,8-c.
	Mirror
	// Diagonal keeps the pattern under the reflection in the main diagonal
	// r,c ↔ c,r.
	Diagonal
)

// symmetries lists the symmetries in order.
var symmetries = [...]Symmetry{None, Rotational180, Mirror, Diagonal}

// Symmetries returns the symmetries the generator offers, None first.
func Symmetries() [4]Symmetry { return symmetries }

var symmetryNames = [...]string{"none", "rotational", "mirror", "diagonal"}

// String returns the lower-case name of the symmetry ("none", "rotational",
// "mirror", "diagonal"), the name ParseSymmetry reads.
func (s Symmetry) String() string {
	if int(s) < len(symmetryNames) {
		return symmetryNames[s]
	}
	return fmt.Sprintf("Symmetry(%d)", uint8(s))
}

// UnknownSymmetryError is returned by ParseSymmetry for a name that is no
// symmetry.
type UnknownSymmetryError struct{ Name string }

// Error names the unknown symmetry.
func (e *UnknownSymmetryError) Error() string {
	return fmt.Sprintf("unknown symmetry %q: want none, rotational, mirror or diagonal", e.Name)
}

// Kind returns KindInvalid.
func (e *UnknownSymmetryError) Kind() engine.Kind { return engine.KindInvalid }

// Parameter returns "symmetry", the input at fault.
func (e *UnknownSymmetryError) Parameter() string { return "symmetry" }

// Allowed returns the symmetry names, None first.
func (e *UnknownSymmetryError) Allowed() []string { return slices.Clone(symmetryNames[:]) }

// ParseSymmetry returns the symmetry with the given name. Besides the names
// String returns it accepts "" for None and "180" and "rotational180" for
// Rotational180.
func ParseSymmetry(name string) (Symmetry, error) {
	switch name {
	case "", "none":
		return None, nil
	case "rotational", "rotational180", "180":
		return Rotational180, nil
	case "mirror":
		return Mirror, nil
	case "diagonal":
		return Diagonal, nil
	}
	return None, &UnknownSymmetryError{Name: name}
}

// image returns the cell the symmetry maps cell to (an involution).
func (s Symmetry) image(cell int) int {
	r, c := cell/9, cell%9
	switch s {
	case Rotational180:
		return 80 - cell
	case Mirror:
		return 9*r + 8 - c
	case Diagonal:
		return 9*c + r
	}
	return cell
}

// Orbits returns the cell classes of the symmetry: sets of one or two cells
// that are givens together. Every cell is in exactly one orbit; orbits are
// listed by their smallest cell. The result is a fresh slice.
func (s Symmetry) Orbits() [][]int {
	var orbits [][]int
	for cell := range 81 {
		img := s.image(cell)
		switch {
		case img == cell:
			orbits = append(orbits, []int{cell})
		case img > cell:
			orbits = append(orbits, []int{cell, img})
		}
	}
	return orbits
}

// Keeps reports whether the pattern of givens of g is symmetric under s.
func (s Symmetry) Keeps(g engine.Grid) bool {
	for cell, d := range g {
		if (d == 0) != (g[s.image(cell)] == 0) {
			return false
		}
	}
	return true
}
