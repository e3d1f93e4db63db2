package engine

import (
	"fmt"
	"math/bits"
)

// trialSingles applies naked and hidden singles to b in waves (the math-fun list's
// level 1): each wave finds every single of the board and places them all
// at once. It reports whether a contradiction appeared (a cell without
// candidates, a unit with no place for a missing digit, or two singles
// clashing) and after how many waves; without a contradiction it runs to
// the fixpoint and reports the waves it took. Waves, unlike single
// placements, do not depend on the order cells are scanned in, so the
// count is the same on isomorphic boards. Cost: at most 81 waves of
// O(81·9).
func trialSingles(b *Board) (waves int, contradiction bool) {
	for {
		var place [81]uint8
		any := false
		for c := range 81 {
			if b.Digits[c] != 0 {
				continue
			}
			m := b.Cands[c]
			switch Count(m) {
			case 0:
				return waves, true
			case 1:
				place[c] = uint8(Digit(m))
				any = true
			}
		}
		for u := range units {
			var once, twice, have uint16
			for _, c := range units[u] {
				if d := b.Digits[c]; d != 0 {
					have |= Bit(int(d))
					continue
				}
				m := b.Cands[c]
				twice |= once & m
				once |= m
			}
			if (once|have)&AllDigits != AllDigits {
				return waves, true
			}
			for single := once &^ twice &^ have; single != 0; single &= single - 1 {
				d := bits.TrailingZeros16(single) + 1
				for _, c := range units[u] {
					if b.Cands[c]&Bit(d) != 0 {
						if place[c] != 0 && int(place[c]) != d {
							return waves, true
						}
						place[c] = uint8(d)
						any = true
						break
					}
				}
			}
		}
		if !any {
			return waves, false
		}
		waves++
		for c, d := range place {
			if d == 0 {
				continue
			}
			if b.Cands[c]&Bit(int(d)) == 0 || !b.Place(c, int(d)) {
				return waves, true
			}
		}
	}
}

// findTrial is Cheng and Xiao's strategy 16. A possible application is a candidate
// of a cell with the fewest candidates (two in almost every puzzle); it is
// valid when placing it and applying singles (never nested trials: one
// check costs at most one singles fixpoint) leads to a contradiction, which
// removes it (and places the other digit of a two-candidate cell).
//
// When no candidate is refuted that way, the rater still has to progress: it
// then removes the wrong candidates of those cells whose singles
// propagation runs the most waves before stalling (all ties together), as
// a solver who guesses would after a deeper search. The solution tells which candidate is wrong,
// so this fallback is bounded and deterministic.
func findTrial(f *finder) int {
	minN := 10
	for c := range 81 {
		if n := Count(f.b.Cands[c]); n >= 2 && n < minN {
			minN = n
		}
	}
	if minN == 10 {
		return 0
	}
	s := 0
	for c := range 81 {
		m := f.b.Cands[c]
		if Count(m) != minN {
			continue
		}
		refuted := false
		for mm := m; mm != 0; mm &= mm - 1 {
			d := bits.TrailingZeros16(mm) + 1
			s++
			if refuted && minN == 2 {
				continue // the other digit of a refuted pair is the solution's
			}
			t := *f.b
			waves, bad := 0, !t.Place(c, d)
			if !bad {
				waves, bad = trialSingles(&t)
			}
			if !bad {
				continue
			}
			refuted = true
			f.trialWaves = min(f.trialWaves, waves+1)
			f.eliminate(c, Bit(d))
			rest := m &^ Bit(d)
			if Count(rest) == 1 {
				f.put(c, Digit(rest))
			}
			f.commit(techTrial, f.cells(c), func() string {
				if Count(rest) == 1 {
					return fmt.Sprintf("trial: if %s were %d, the singles that follow would lead to a contradiction, so it is %d.", CellName(c), d, Digit(rest))
				}
				return fmt.Sprintf("trial: if %s were %d, the singles that follow would lead to a contradiction, so it is not %d.", CellName(c), d, d)
			})
		}
	}
	if f.apps > 0 || f.solution == nil {
		return s
	}
	// Fallback: no single-depth refutation. Remove the wrong candidates whose
	// singles propagation runs the most waves before stalling.
	best := -1
	var reach [81]int
	for c := range 81 {
		m := f.b.Cands[c]
		reach[c] = -1
		if Count(m) != minN {
			continue
		}
		sd := int(f.solution[c])
		for mm := m &^ Bit(sd); mm != 0; mm &= mm - 1 {
			t := *f.b
			t.Place(c, bits.TrailingZeros16(mm)+1)
			n, _ := trialSingles(&t)
			reach[c] = max(reach[c], n)
			f.deep = true
		}
		best = max(best, reach[c])
	}
	for c := range 81 {
		if reach[c] != best || best < 0 {
			continue
		}
		sd := int(f.solution[c])
		wrong := f.b.Cands[c] &^ Bit(sd)
		f.eliminate(c, wrong)
		if minN == 2 {
			f.put(c, sd)
		}
		f.commit(techTrial, f.cells(c), func() string {
			return fmt.Sprintf("trial: %s can't be %s: assuming it leads to a contradiction only after further guesses, so it is %d.", CellName(c), digitsText(wrong), sd)
		})
	}
	return s
}
