package generate

import (
	"context"
	"testing"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// candidateMasker returns a masker holding a random-masked medium puzzle
// (30 givens), and the orbits given in it: the state in which the
// generator tries its candidates.
func candidateMasker(tb testing.TB, seed uint64) (*masker, []int, func()) {
	tb.Helper()
	sc := getScratch(seed)
	budget := maxGenerateRatings
	opt, err := Options{Rater: rating.DefaultRater(), Level: rating.Medium, Seed: seed}.check()
	if err != nil {
		tb.Fatal(err)
	}
	m := sc.masker(CompletedGrid(sc.rng), opt, &budget)
	m.randomMask(context.Background())
	var given []int
	for o := range m.orbits {
		if m.isGiven(o) {
			given = append(given, o)
		}
	}
	return m, given, func() { scratchPool.Put(sc) }
}

// candidate tries removing orbit o (the uniqueness test) and restores the
// puzzle: one candidate of random or tuned masking.
func candidate(m *masker, o int) bool {
	p, givens, minimal := m.p, m.givens, m.minimal
	ok := m.tryRemove(o)
	m.p, m.givens, m.minimal = p, givens, minimal
	return ok
}

// TestGenerateCandidateAllocs checks that a candidate of the generator
// allocates nothing: in steady state a worker makes no garbage of its
// own, whatever the number of workers (docs/scaling.md).
func TestGenerateCandidateAllocs(t *testing.T) {
	m, given, done := candidateMasker(t, 7)
	defer done()
	i := 0
	if n := testing.AllocsPerRun(200, func() {
		candidate(m, given[i%len(given)])
		i++
	}); n != 0 {
		t.Errorf("a candidate allocates %v times, want 0", n)
	}
	if n := testing.AllocsPerRun(50, func() { scratchPool.Put(getScratch(3)) }); n != 0 {
		t.Errorf("a Generate call's scratch allocates %v times in steady state, want 0", n)
	}
}

// BenchmarkGenerateCandidate measures one candidate of the generator in
// steady state: an orbit removed from a random-masked medium puzzle and
// the uniqueness test (uniqueWithout), then the orbit put back. The
// orbits come round again, so after the first round the removals with a
// second solution end at a witness, as most do in masking. It reports 0
// allocs/op.
//
//	go test ./engine/generate -run '^$' -bench GenerateCandidate -benchmem
func BenchmarkGenerateCandidate(b *testing.B) {
	m, given, done := candidateMasker(b, 7)
	defer done()
	b.ReportAllocs()
	i, unique := 0, 0
	for b.Loop() {
		if candidate(m, given[i%len(given)]) {
			unique++
		}
		i++
	}
	b.ReportMetric(float64(unique)/float64(i), "unique/op")
}

// BenchmarkGenerateCandidateRated is BenchmarkGenerateCandidate with the
// rating tuned masking makes of every unique candidate: its allocations
// are the rater's.
func BenchmarkGenerateCandidateRated(b *testing.B) {
	m, given, done := candidateMasker(b, 7)
	defer done()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		o := given[i%len(given)]
		i++
		p, givens, minimal := m.p, m.givens, m.minimal
		if m.tryRemove(o) {
			*m.ratings = maxGenerateRatings
			m.rate()
		}
		m.p, m.givens, m.minimal = p, givens, minimal
	}
}

// getScratch returns a scratch from the pool, seeded with seed.
func getScratch(seed uint64) *genScratch {
	s := scratchPool.Get().(*genScratch)
	s.seed(seed)
	return s
}
