package main

import (
	"net/http"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// counters are sums read from the server's /metrics.
type counters struct {
	genCount, genSeconds    float64 // the pool's puzzles and worker seconds
	engineCount, engineSecs float64 // solves and ratings, and their seconds
	gomaxprocs              float64 // the server's runtime.GOMAXPROCS
}

// scrape reads the counters from /metrics (zeros when unreadable).
func scrape(base string) counters {
	var c counters
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		return c
	}
	defer resp.Body.Close()
	p := expfmt.NewTextParser(model.UTF8Validation)
	families, err := p.TextToMetricFamilies(resp.Body)
	if err != nil {
		return c
	}
	return countersOf(families)
}

// countersOf sums the series of the families the load report reads: every
// label set of a histogram counts.
func countersOf(families map[string]*dto.MetricFamily) counters {
	var c counters
	histogram := func(name string) (count, sum float64) {
		for _, m := range families[name].GetMetric() {
			count += float64(m.GetHistogram().GetSampleCount())
			sum += m.GetHistogram().GetSampleSum()
		}
		return count, sum
	}
	c.genCount, c.genSeconds = histogram("sudoku_generation_duration_seconds")
	for _, name := range []string{"sudoku_solve_duration_seconds", "sudoku_rate_duration_seconds"} {
		n, secs := histogram(name)
		c.engineCount += n
		c.engineSecs += secs
	}
	for _, m := range families["go_sched_gomaxprocs_threads"].GetMetric() {
		c.gomaxprocs += m.GetGauge().GetValue()
	}
	return c
}
