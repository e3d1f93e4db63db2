package printpdf

import (
	"fmt"
	"strconv"
	"strings"
)

// Size is a page size in points (1/72 inch), the PDF unit.
type Size struct {
	Width, Height float64
}

// Page sizes by name, in points: the ISO A series and the North American
// sheets newspapers and puzzle books print on.
var pageSizes = map[string]Size{
	"a3":      {841.89, 1190.55},
	"a4":      {595.28, 841.89},
	"a5":      {419.53, 595.28},
	"letter":  {612, 792},
	"legal":   {612, 1008},
	"tabloid": {792, 1224},
}

// PageNames returns the names PageSize accepts, sorted.
func PageNames() []string {
	return []string{"a3", "a4", "a5", "legal", "letter", "tabloid"}
}

// PageSize returns the size of a named page (see PageNames) and whether
// the name is known.
func PageSize(name string) (Size, bool) {
	s, ok := pageSizes[name]
	return s, ok
}

// MinLength and MaxLength bound a page side, in points: from an inch (a
// narrow column holds a grid of about 2 cm) to 25 inches (more than a
// broadsheet's full page, 22.75 inches tall).
const (
	MinLength = 72
	MaxLength = 1800
)

// units are the length units ParseLength accepts, in points.
var units = []struct {
	suffix string
	pt     float64
}{
	{"mm", 72 / 25.4},
	{"cm", 72 / 2.54},
	{"in", 72},
	{"pt", 1},
}

// ParseLength reads a length with its unit, "50mm", "8.5in", "2cm" or
// "144pt", and returns it in points. The unit is required: a bare number
// would be a guess. The length must lie in MinLength..MaxLength.
func ParseLength(s string) (float64, error) {
	for _, u := range units {
		num, ok := strings.CutSuffix(s, u.suffix)
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(num, 64)
		if err != nil || v != v {
			return 0, fmt.Errorf("%q is not a number followed by mm, cm, in or pt", s)
		}
		pt := v * u.pt
		if pt < MinLength-1e-9 || pt > MaxLength+1e-9 {
			return 0, fmt.Errorf("%q is out of range: from 1in (25.4mm, 72pt) to 25in (635mm, 1800pt)", s)
		}
		return pt, nil
	}
	return 0, fmt.Errorf("%q has no unit: give a number followed by mm, cm, in or pt (50mm, 8.5in)", s)
}
