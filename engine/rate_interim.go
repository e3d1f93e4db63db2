package engine

// TEMPORARY (generator work): a stand-in for the rater, which lands on main
// from the rating work with the same names. It exists only so that the
// generator builds and its tests run before the merge; delete this file when
// merging main (it collides with rate.go by design).

// Rating is the stand-in for the rater's result.
type Rating struct {
	Level       Level
	Score       float64
	Counts      map[string]int
	HardestTier int
	WNEF        float64
}

// Rate is the stand-in rater: singles only → Easy; otherwise the level
// grows with the number of cells singles leave empty.
func Rate(g Grid) (Rating, error) {
	if err := g.Validate(); err != nil {
		return Rating{}, err
	}
	switch Solve(g).Count {
	case 0:
		return Rating{}, ErrNoSolution
	case 2:
		return Rating{}, ErrMultipleSolutions
	}
	b, _ := NewBoard(g)
	propagateSingles(&b)
	e := b.Empty()
	r := Rating{Counts: map[string]int{"single": 81 - g.Givens() - e}}
	switch {
	case e == 0:
		r.Level, r.Score, r.HardestTier = Easy, float64(81-g.Givens()), 1
	case e < 30:
		r.Level, r.Score, r.HardestTier = Medium, 100+float64(e), 2
	case e < 50:
		r.Level, r.Score, r.HardestTier = Hard, 250+float64(e), 3
	default:
		r.Level, r.Score, r.HardestTier = Evil, 370+float64(e), 6
	}
	return r, nil
}
