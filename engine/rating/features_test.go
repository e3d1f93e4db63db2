package rating

import (
	"math"
	"testing"
)

// TestFeatures checks each named feature against the rating field it is
// computed from, on a rating whose fields are all different.
func TestFeatures(t *testing.T) {
	r := Rating{
		Steps:  9,
		Givens: 24,
		WNEF:   0.25,
		Path:   PathStats{Singles: 2.5, Density: 3.5, TrialWaves: 4, DeepTrials: 2, Rounds: 19, ChainLinks: 7, LineRounds: 3, NakedRounds: 5, Bottlenecks: 6, ChainKind: 4, ChainRounds: 1, ForcingRounds: 3, NeedsChain: true, OpenMin: 8, OpenShare: 0.4, ScanEffort: 30},
	}
	want := map[string]float64{
		"log-steps": math.Log(10), "givens": 24, "wnef": 0.25, "singles": 2.5,
		"density": 3.5, "trial-waves": 4, "deep-trials": 2, "log-rounds": math.Log(20),
		"chain-links": 7, "line-rounds": 3, "naked-rounds": 5, "bottlenecks": 6,
		"chain-kind": 4, "log-chain-rounds": math.Log(2), "log-forcing-rounds": math.Log(4),
		"needs-chain": 1, "open-min": 8, "open-share": 0.4, "log-scan-effort": math.Log(31),
		"inv-rounds": -1.0 / 19,
	}
	table := FeatureTable()
	if len(table) != NumFeatures || len(want) != NumFeatures {
		t.Fatalf("FeatureTable() has %d rows, want NumFeatures = %d = %d", len(table), NumFeatures, len(want))
	}
	x := r.Features()
	if got := invRounds(0); got != -1 { // no rounds counts as one: the feature never falls as rounds rise
		t.Errorf("invRounds(0) = %v, want -1", got)
	}
	for i, f := range table {
		w, ok := want[f.Name]
		if !ok {
			t.Errorf("feature %d, %q, is not in the test", i, f.Name)
			continue
		}
		delete(want, f.Name) // a duplicate name fails as "not in the test"
		if math.Abs(x[i]-w) > 1e-12 {
			t.Errorf("Features()[%d] (%s) = %v, want %v", i, f.Name, x[i], w)
		}
		if f.Meaning == "" {
			t.Errorf("feature %q has no meaning", f.Name)
		}
	}
}
