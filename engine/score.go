package engine

// score is the interim continuous score: the hardest tier, then the steps.
func score(r *Rating) float64 {
	return float64(r.HardestTier) + r.Steps/10000
}

// levelOf maps a score to a level.
func levelOf(s float64) Level {
	switch {
	case s < 2:
		return Easy
	case s < 3:
		return Medium
	case s < 5:
		return Hard
	}
	return Evil
}
