//go:build !race

package rating

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false
