package rating

// The package's internals its external tests use: those may import
// engine/generate, which the package's own tests may not (generate imports
// rating).
var (
	// ReplayExplain is replayExplain.
	ReplayExplain = replayExplain
	// RaceEnabled is raceEnabled.
	RaceEnabled = raceEnabled
)
