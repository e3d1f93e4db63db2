package service

import "github.com/sudokuhq/sudoku/engine"

// The kinds of the service's own errors, numbered after engine's
// (engine.KindFirstCaller): they are the daily store's, which engine
// knows nothing of.
const (
	// KindUnavailable is a store the operation needs that did not answer
	// (the daily store down or slow): retry later.
	KindUnavailable = engine.KindFirstCaller + iota
	// KindImmutable is a change to something that never changes once made
	// (the published puzzle of a day that has begun).
	KindImmutable
	// KindTooCostly is a request possible in principle that found no
	// answer within its budget (a rare technique or a narrow score
	// window): retry later, or ask for something commoner.
	KindTooCostly
)
