package main

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/api"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
	"github.com/sudokuhq/sudoku/store"
)

// TestSoakClassifies runs a short soak against the real handler and checks
// that every answer lands in an expected class: right answers for each
// group, and nothing unexpected.
func TestSoakClassifies(t *testing.T) {
	pool := generate.NewPool(generate.PoolConfig{Options: generate.Options{Rater: rating.DefaultRater()}, Workers: 1, BufferSize: 2})
	defer pool.Close()
	for deadline := time.Now().Add(time.Minute); !pool.Ready(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("pool not ready within a minute")
		}
	}
	reg := prometheus.NewRegistry()
	m := api.NewMetrics(reg, reg)
	svc := service.New(service.Config{}, service.Deps{Pool: pool, Hooks: m, Store: store.NewMemory()})
	ts := httptest.NewServer(api.NewServer(zap.NewNop(), m, svc, api.Config{}))
	defer ts.Close()
	admin := httptest.NewServer(api.NewAdminServer(zap.NewNop(), m, svc))
	defer admin.Close()
	puzzles := []string{"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"}
	mix := soakMix(puzzles)
	r := soak(t.Context(), ts.URL, admin.URL, 0, mix, soakFloods{idle: 2, slowHeader: 2, slowBody: 2}, 4, 2*time.Second)
	var out strings.Builder
	printSoak(&out, r, mix, soakFloods{idle: 2, slowHeader: 2, slowBody: 2}, 4)
	for class, n := range r.byClass {
		if strings.Contains(class, "unexpected") || strings.Contains(class, "transport") {
			t.Errorf("%d answers in class %q:\n%s", n, class, out.String())
		}
	}
	for _, g := range []string{"cheap", "bad"} {
		if len(r.latency[g]) == 0 {
			t.Errorf("no right answer in group %s:\n%s", g, out.String())
		}
	}
	if r.floodConns < 6 || r.goroutines0 == 0 {
		t.Errorf("floods opened %d connections, goroutines %v: want every flood connection and a /metrics reading", r.floodConns, r.goroutines0)
	}
}
