package rating

import (
	"maps"
	"testing"
)

func TestTechniqueCounts(t *testing.T) {
	var c TechniqueCounts
	c.n[techHiddenSingle] = 3
	c.n[techXWing] = 1
	tests := []struct {
		name string
		want int
	}{
		{"hidden-single", 3},
		{"x-wing", 1},
		{"naked-single", 0},
		{"no-such-technique", 0},
	}
	for _, tt := range tests {
		if got := c.Of(tt.name); got != tt.want {
			t.Errorf("Of(%q) = %d, want %d", tt.name, got, tt.want)
		}
	}
	if got, want := c.Map(), map[string]int{"hidden-single": 3, "x-wing": 1}; !maps.Equal(got, want) {
		t.Errorf("Map() = %v, want %v", got, want)
	}
	if got := c.Total(); got != 4 {
		t.Errorf("Total() = %d, want 4", got)
	}
	var names []string
	for name := range c.All() {
		names = append(names, name)
	}
	if len(names) != 2 || names[0] != "hidden-single" || names[1] != "x-wing" {
		t.Errorf("All() yields %v, want [hidden-single x-wing] (table order)", names)
	}
	if m := (TechniqueCounts{}).Map(); m == nil || len(m) != 0 {
		t.Errorf("empty Map() = %#v, want an empty non-nil map", m)
	}
}
