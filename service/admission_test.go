package service

import (
	"errors"
	"strings"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
)

func TestAdmit(t *testing.T) {
	for _, what := range []string{"batch", "stream"} {
		t.Run(what, func(t *testing.T) {
			slot := make(chan struct{}, 1)
			release, err := admit(slot, what)
			if err != nil {
				t.Fatalf("first admit: %v", err)
			}
			_, err = admit(slot, what)
			if !errors.Is(err, engine.ErrOverloaded) || !strings.Contains(err.Error(), "another "+what+" ") {
				t.Fatalf("second admit = %v, want engine.ErrOverloaded naming the %s", err, what)
			}
			release()
			release, err = admit(slot, what)
			if err != nil {
				t.Fatalf("admit after release: %v", err)
			}
			release()
		})
	}
}
