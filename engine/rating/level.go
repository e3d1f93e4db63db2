package rating

import (
	"fmt"
	"slices"

	"github.com/sudokuhq/sudoku/engine"
)

// Level is a difficulty class of the service: Easy, Medium, Hard or Evil,
// Ease and Toil's four levels. The zero Level is no level.
type Level uint8

// The four levels, easiest first.
const (
	Easy Level = iota + 1
	Medium
	Hard
	Evil
)

// levels lists the levels, easiest first.
var levels = [...]Level{Easy, Medium, Hard, Evil}

// Levels returns the four levels, easiest first.
func Levels() [4]Level { return levels }

var levelNames = [...]string{"", "easy", "medium", "hard", "evil"}

// String returns the lower-case name of the level ("easy", ...).
func (l Level) String() string {
	if int(l) < len(levelNames) && l != 0 {
		return levelNames[l]
	}
	return fmt.Sprintf("Level(%d)", uint8(l))
}

// UnknownLevelError is returned by ParseLevel for a name that is no level.
type UnknownLevelError struct{ Name string }

// Error names the unknown level.
func (e *UnknownLevelError) Error() string {
	return fmt.Sprintf("unknown level %q: want easy, medium, hard or evil", e.Name)
}

// Kind returns KindInvalid.
func (e *UnknownLevelError) Kind() engine.Kind { return engine.KindInvalid }

// Parameter returns "level", the input at fault.
func (e *UnknownLevelError) Parameter() string { return "level" }

// Allowed returns the level names, easiest first.
func (e *UnknownLevelError) Allowed() []string { return slices.Clone(levelNames[1:]) }

// ParseLevel returns the level with the given lower-case name.
func ParseLevel(name string) (Level, error) {
	for _, l := range levels {
		if levelNames[l] == name {
			return l, nil
		}
	}
	return 0, &UnknownLevelError{Name: name}
}

// Check returns nil for one of the four levels and an *UnknownLevelError
// otherwise (the zero Level included).
func (l Level) Check() error {
	if l < Easy || l > Evil {
		return &UnknownLevelError{Name: l.String()}
	}
	return nil
}
