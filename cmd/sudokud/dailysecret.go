package main

import (
	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/internal/secretfile"
)

// loadDailySecret reads the daily secret of -daily-secret-file, refusing
// a file that does not hold one made by "sudoku keys secret" (a word, a
// short or typed value): a bad secret stops the start, for serving with
// it would publish puzzles anyone can compute. Without a file it returns
// nil and logs, once, that future puzzles are computable. The secret is
// read once: changing it changes every future puzzle not yet stored, so
// it is a restart of every replica together, never a reload.
func loadDailySecret(path string, log *zap.Logger) (*generate.DailySecret, error) {
	if path == "" {
		log.Warn("no daily secret (-daily-secret-file / SUDOKU_DAILY_SECRET_FILE): anyone can compute the puzzles of future days not yet stored, from the source code and the salt; make a secret with 'sudoku keys secret' (docs/publishing.md, \"Embargo\")")
		return nil, nil
	}
	s, err := secretfile.Parse("daily secret", path, generate.ParseDailySecret)
	if err != nil {
		return nil, err
	}
	log.Info("daily secret loaded: the puzzles of the day are keyed")
	return &s, nil
}
