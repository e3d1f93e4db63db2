package api

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	dto "github.com/prometheus/client_model/go"

	"github.com/sudokuhq/sudoku/engine/rating"
)

// mustCounter finds the metric name{labels} in reg.
func mustCounter(t *testing.T, reg *prometheus.Registry, name string, labels map[string]string) prometheus.Collector {
	t.Helper()
	mfs, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			if matches(m, labels) {
				return constCollector{mf, m}
			}
		}
	}
	t.Fatalf("no %s%v in the registry", name, labels)
	return nil
}

func matches(m *dto.Metric, labels map[string]string) bool {
	n := 0
	for _, lp := range m.GetLabel() {
		if v, ok := labels[lp.GetName()]; ok {
			if v != lp.GetValue() {
				return false
			}
			n++
		}
	}
	return n == len(labels)
}

// constCollector hands one gathered metric to testutil.ToFloat64.
type constCollector struct {
	mf *dto.MetricFamily
	m  *dto.Metric
}

func (c constCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- prometheus.NewDesc(c.mf.GetName(), c.mf.GetHelp(), nil, nil)
}

func (c constCollector) Collect(ch chan<- prometheus.Metric) {
	var v float64
	switch {
	case c.m.Counter != nil:
		v = c.m.Counter.GetValue()
	case c.m.Gauge != nil:
		v = c.m.Gauge.GetValue()
	case c.m.Histogram != nil:
		v = float64(c.m.Histogram.GetSampleCount())
	}
	ch <- prometheus.MustNewConstMetric(prometheus.NewDesc(c.mf.GetName(), c.mf.GetHelp(), nil, nil), prometheus.UntypedValue, v)
}

func TestMetricsHooksAndLint(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := NewMetrics(reg, reg)
	m.Generated(rating.Evil, 1500*time.Millisecond, 7)
	m.Generated(rating.Easy, 3*time.Millisecond, 1)
	m.Depth(rating.Hard, 12)
	m.Rejected(rating.Medium, "overloaded")
	m.Served(rating.Easy, false)
	m.Solved("fast", 40*time.Microsecond)
	m.SlowSolved("dfs", 700*time.Millisecond)
	m.Rated("rate", 2*time.Millisecond)
	m.AdmissionRejected("slow_solve")
	tests := []struct {
		name   string
		labels map[string]string
		want   float64
	}{
		{"sudoku_generation_duration_seconds", map[string]string{"level": "evil"}, 1},
		{"sudoku_generation_duration_seconds", map[string]string{"level": "easy"}, 1},
		{"sudoku_generation_attempts_total", map[string]string{"level": "evil"}, 7},
		{"sudoku_pool_generated_total", map[string]string{"level": "evil"}, 1},
		{"sudoku_pool_buffer_depth", map[string]string{"level": "hard"}, 12},
		{"sudoku_pool_buffer_depth", map[string]string{"level": "easy"}, 0},
		{"sudoku_pool_rejected_total", map[string]string{"level": "medium", "reason": "overloaded"}, 1},
		{"sudoku_generate_served_total", map[string]string{"level": "easy", "fresh": "false"}, 1},
		{"sudoku_solve_duration_seconds", map[string]string{"algorithm": "fast"}, 1},
		{"sudoku_solve_slow_duration_seconds", map[string]string{"algorithm": "dfs"}, 1},
		{"sudoku_rate_duration_seconds", map[string]string{"op": "rate"}, 1},
		{"sudoku_admission_rejected_total", map[string]string{"op": "slow_solve"}, 1},
	}
	for _, tt := range tests {
		if got := testutil.ToFloat64(mustCounter(t, reg, tt.name, tt.labels)); got != tt.want {
			t.Errorf("%s%v = %v, want %v", tt.name, tt.labels, got, tt.want)
		}
	}
	problems, err := testutil.GatherAndLint(reg)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		if strings.HasPrefix(p.Metric, "sudoku_") {
			t.Errorf("lint: %s: %s", p.Metric, p.Text)
		}
	}
	// The evil generation of 1.5 s lands below the 2.5 s bucket.
	if err := testutil.GatherAndCompare(reg, strings.NewReader(`
# HELP sudoku_generation_duration_seconds Time to generate one accepted puzzle, by level.
# TYPE sudoku_generation_duration_seconds histogram
sudoku_generation_duration_seconds_bucket{level="easy",le="0.001"} 0
sudoku_generation_duration_seconds_bucket{level="easy",le="0.0025"} 0
sudoku_generation_duration_seconds_bucket{level="easy",le="0.005"} 1
sudoku_generation_duration_seconds_bucket{level="easy",le="0.01"} 1
sudoku_generation_duration_seconds_bucket{level="easy",le="0.025"} 1
sudoku_generation_duration_seconds_bucket{level="easy",le="0.05"} 1
sudoku_generation_duration_seconds_bucket{level="easy",le="0.1"} 1
sudoku_generation_duration_seconds_bucket{level="easy",le="0.25"} 1
sudoku_generation_duration_seconds_bucket{level="easy",le="0.5"} 1
sudoku_generation_duration_seconds_bucket{level="easy",le="1"} 1
sudoku_generation_duration_seconds_bucket{level="easy",le="2.5"} 1
sudoku_generation_duration_seconds_bucket{level="easy",le="5"} 1
sudoku_generation_duration_seconds_bucket{level="easy",le="10"} 1
sudoku_generation_duration_seconds_bucket{level="easy",le="30"} 1
sudoku_generation_duration_seconds_bucket{level="easy",le="+Inf"} 1
sudoku_generation_duration_seconds_sum{level="easy"} 0.003
sudoku_generation_duration_seconds_count{level="easy"} 1
sudoku_generation_duration_seconds_bucket{level="evil",le="0.001"} 0
sudoku_generation_duration_seconds_bucket{level="evil",le="0.0025"} 0
sudoku_generation_duration_seconds_bucket{level="evil",le="0.005"} 0
sudoku_generation_duration_seconds_bucket{level="evil",le="0.01"} 0
sudoku_generation_duration_seconds_bucket{level="evil",le="0.025"} 0
sudoku_generation_duration_seconds_bucket{level="evil",le="0.05"} 0
sudoku_generation_duration_seconds_bucket{level="evil",le="0.1"} 0
sudoku_generation_duration_seconds_bucket{level="evil",le="0.25"} 0
sudoku_generation_duration_seconds_bucket{level="evil",le="0.5"} 0
sudoku_generation_duration_seconds_bucket{level="evil",le="1"} 0
sudoku_generation_duration_seconds_bucket{level="evil",le="2.5"} 1
sudoku_generation_duration_seconds_bucket{level="evil",le="5"} 1
sudoku_generation_duration_seconds_bucket{level="evil",le="10"} 1
sudoku_generation_duration_seconds_bucket{level="evil",le="30"} 1
sudoku_generation_duration_seconds_bucket{level="evil",le="+Inf"} 1
sudoku_generation_duration_seconds_sum{level="evil"} 1.5
sudoku_generation_duration_seconds_count{level="evil"} 1
`), "sudoku_generation_duration_seconds"); err != nil {
		t.Error(err)
	}
}

func TestMethodLabelBounded(t *testing.T) {
	for _, tt := range []struct{ in, want string }{{"GET", "GET"}, {"POST", "POST"}, {"BREW", "OTHER"}, {"get", "OTHER"}} {
		if got := methodLabel(tt.in); got != tt.want {
			t.Errorf("methodLabel(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestHistogramBuckets(t *testing.T) {
	tests := []struct {
		name    string
		buckets []float64
		top     time.Duration // the longest duration the operation can take
	}{
		{"solve", solveBuckets, 100 * time.Millisecond}, // the default solver: microseconds
		{"slow solve", slowSolveBuckets, DefaultRequestTimeout},
		{"rate", rateBuckets, DefaultRequestTimeout},
		{"generation", generationBuckets, DefaultRequestTimeout},
		{"http", httpBuckets, DefaultRequestTimeout},
	}
	for _, tt := range tests {
		if last := tt.buckets[len(tt.buckets)-1]; last < tt.top.Seconds() {
			t.Errorf("%s buckets end at %gs, want at least %s", tt.name, last, tt.top)
		}
		for i := 1; i < len(tt.buckets); i++ {
			if r := tt.buckets[i] / tt.buckets[i-1]; r > 4 {
				t.Errorf("%s buckets jump %g -> %g (x%.1f), want steps of at most x4", tt.name, tt.buckets[i-1], tt.buckets[i], r)
			}
		}
	}
}

func TestMetricsOnWrappedRegisterer(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := NewMetrics(prometheus.WrapRegistererWith(prometheus.Labels{"replica": "a"}, reg), reg)
	m.Solved("fast", time.Millisecond)
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if body := rec.Body.String(); !strings.Contains(body, `sudoku_solve_duration_seconds_count{algorithm="fast",replica="a"} 1`) {
		t.Errorf("/metrics of a wrapped registerer lacks the labelled solve count:\n%s", body)
	}
}
