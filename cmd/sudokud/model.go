package main

import (
	"fmt"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/internal/modelfile"
)

// loadModel reads the score model of -model (SUDOKU_MODEL), or the
// committed one for "", and logs which one is active. A file that is no
// valid model stops the start: serving other levels than the operator
// asked for would be worse than not serving.
func loadModel(path string, log *zap.Logger) (modelfile.Model, error) {
	m := modelfile.Default()
	if path != "" {
		var err error
		if m, err = modelfile.Load(path); err != nil {
			return m, fmt.Errorf("-model: %w", err)
		}
	}
	log.Info("score model", zap.String("model", m.Name), zap.String("digest", m.Digest), zap.String("source", m.Source),
		zap.Float64s("cuts", m.Score.Cuts[:]))
	return m, nil
}
