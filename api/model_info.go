package api

import "github.com/prometheus/client_golang/prometheus"

// RegisterModelInfo registers sudoku_rating_model_info on reg: a gauge
// that is 1, labelled with the name of the score model the server rates
// and generates with ("default", or a house model's name: sudokud -model)
// and the first hex digits of its file's SHA-256 ("" for the default), so
// that a dashboard shows which replicas serve which levels.
func RegisterModelInfo(reg prometheus.Registerer, name, digest string) {
	g := prometheus.NewGauge(prometheus.GaugeOpts{
		Namespace: "sudoku", Subsystem: "rating", Name: "model_info",
		Help:        "Always 1; the labels name the score model rating and generation use: its name and its file's digest.",
		ConstLabels: prometheus.Labels{"model": name, "digest": digest},
	})
	g.Set(1)
	reg.MustRegister(g)
}
