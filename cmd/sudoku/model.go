package main

import (
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/modelfile"
)

// modelUsage is the help of the -model flag of rate and generate.
const modelUsage = "score model JSON file (a house style fitted by sudoku calibrate -labels FILE -o MODEL.json); default: the committed model"

// loadRater returns a rater scoring with the model file at path, or the
// committed model's (rating.DefaultRater) for "". A file that is no valid
// model is an error naming it.
func loadRater(path string) (*rating.Rater, error) {
	if path == "" {
		return rating.DefaultRater(), nil
	}
	m, err := modelfile.Load(path)
	if err != nil {
		return nil, err
	}
	return rating.NewRater(m.Score), nil
}
