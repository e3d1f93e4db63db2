package api

import (
	"github.com/prometheus/client_golang/prometheus"

	"github.com/sudokuhq/sudoku/engine"
)

// RegisterBuildInfo registers sudoku_build_info on reg: a gauge that is 1,
// labelled with the running build's version, VCS revision and Go version,
// and the solver path engine.Solve runs in this build on this processor
// (solver: "avx512", "avx2", "scalar" or "simd", see engine.SolverPath), so that dashboards
// show which build runs where and `changes(sudoku_build_info)` marks
// rollouts.
func RegisterBuildInfo(reg prometheus.Registerer, version, revision, goVersion string) {
	g := prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: "sudoku", Name: "build_info",
		Help:        "Always 1; the labels name the running build: version, VCS revision, Go version and the solver path (scalar or simd).",
		ConstLabels: prometheus.Labels{"version": version, "revision": revision, "goversion": goVersion, "solver": engine.SolverPath()},
	})
	g.Set(1)
	reg.MustRegister(g)
}
