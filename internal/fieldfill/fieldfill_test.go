package fieldfill

import "testing"

// TestEvery checks that every field of a struct of each supported kind
// ends up away from its zero value.
func TestEvery(t *testing.T) {
	var s struct {
		S string
		I int
		N int64
		F float64
		B bool
	}
	Every(t, &s)
	if s.S == "" || s.I == 0 || s.N == 0 || s.F == 0 || !s.B {
		t.Errorf("Every left a zero field: %+v", s)
	}
}
