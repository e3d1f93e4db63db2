package engine

import (
	"fmt"
	"strings"
	"testing"
)

func TestConflicts(t *testing.T) {
	const solution = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	tests := []struct {
		name string
		grid string
		want []int
	}{
		{"empty", strings.Repeat(".", 81), nil},
		{"solution", solution, nil},
		{"row", "11" + strings.Repeat(".", 79), []int{0, 1}},
		{"column", "1" + strings.Repeat(".", 8) + "1" + strings.Repeat(".", 71), []int{0, 9}},
		{"box", "1" + strings.Repeat(".", 9) + "1" + strings.Repeat(".", 70), []int{0, 10}},
		{"three in a row", "1.1.1" + strings.Repeat(".", 76), []int{0, 2, 4}},
		// r1c1=8 repeats the 8 of column 1 (r8c1), r1c2=4 the 4 of column 2 (r4c2).
		{"two digits swapped", "84" + solution[2:], []int{0, 1, 28, 63}},
		{"one digit everywhere", strings.Repeat("5", 81), nil},
	}
	for _, tt := range tests {
		g := MustParse(tt.grid)
		got := g.Conflicts()
		want := tt.want
		if tt.name == "one digit everywhere" {
			want = make([]int, 81)
			for i := range want {
				want[i] = i
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("Conflicts(%s) = %v, want %v", tt.name, got, want)
		}
		if (got == nil) != (g.Validate() == nil) {
			t.Errorf("Conflicts(%s) = %v disagrees with Validate = %v", tt.name, got, g.Validate())
		}
	}
}
