package main

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudokuhq/sudoku/api"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// TestScrape reads the counters from the service's real /metrics handler:
// histograms summed over their labels, the GOMAXPROCS gauge.
func TestScrape(t *testing.T) {
	reg := prometheus.NewRegistry()
	m := api.NewMetrics(reg, reg)
	m.Generated(rating.Easy, 2*time.Second, 1)
	m.Generated(rating.Evil, 3*time.Second, 1)
	m.Solved("fast", 250*time.Millisecond)
	m.Rated("rate", 500*time.Millisecond)
	m.SlowSolved("dfs", time.Hour) // not engine time of the solve scenario
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	c := scrape(srv.URL)
	want := counters{genCount: 2, genSeconds: 5, engineCount: 2, engineSecs: 0.75}
	got := c
	got.gomaxprocs = 0
	if got != want {
		t.Errorf("scrape = %+v, want %+v", got, want)
	}
	if c.gomaxprocs < 1 {
		t.Errorf("scrape gomaxprocs = %v, want at least 1", c.gomaxprocs)
	}
	if got := scrape("http://127.0.0.1:1"); got != (counters{}) {
		t.Errorf("scrape of nothing = %+v, want zeros", got)
	}
}
