//go:build !race

package classic

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false
