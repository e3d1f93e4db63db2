//go:build !race

package generate

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false
