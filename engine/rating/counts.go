package rating

import "iter"

// TechniqueCounts is how many valid applications each technique had on a
// solving path (Rating.Counts), held by technique in the order of
// Techniques: a value, so a Rating costs no allocation and copies
// without sharing.
type TechniqueCounts struct {
	n [numTechniques]int32
}

// Of returns the count of the technique called name; 0 for a technique
// never applied or a name that is not in Techniques.
func (c TechniqueCounts) Of(name string) int {
	for id, t := range techniques {
		if t.Name == name {
			return int(c.n[id])
		}
	}
	return 0
}

// All yields the name and count of every technique applied at least once,
// in the order of Techniques.
func (c TechniqueCounts) All() iter.Seq2[string, int] {
	return func(yield func(string, int) bool) {
		for id, n := range c.n {
			if n != 0 && !yield(techniques[id].Name, int(n)) {
				return
			}
		}
	}
}

// Total is the number of valid applications of every technique together.
func (c TechniqueCounts) Total() int {
	s := 0
	for _, n := range c.n {
		s += int(n)
	}
	return s
}

// Map returns the counts as a new map from technique name, without the
// techniques never applied (an empty map, not nil, when none was).
func (c TechniqueCounts) Map() map[string]int {
	m := make(map[string]int)
	for name, n := range c.All() {
		m[name] = n
	}
	return m
}
