package rating

import (
	"errors"
	"testing"
)

func TestLevelCheck(t *testing.T) {
	for _, l := range levels {
		if err := l.Check(); err != nil {
			t.Errorf("%v.Check() = %v, want nil", l, err)
		}
	}
	for _, l := range []Level{0, Evil + 1} {
		var ue *UnknownLevelError
		if err := l.Check(); !errors.As(err, &ue) {
			t.Errorf("Level(%d).Check() = %v, want *UnknownLevelError", l, err)
		}
	}
}
