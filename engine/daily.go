package engine

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"time"
)

// DailySymmetry is the symmetry of the puzzles of the day: the half-turn
// symmetry of newspaper puzzles.
const DailySymmetry = Rotational180

// DailySeed returns the generator seed of the puzzle of the day: a pure
// function of the calendar date (year, month and day of date in its own
// location; the time of day is ignored), the level and an optional salt (a publisher's name, say, to get
// puzzles of its own). Every replica computes the same seed without shared
// state. It is the first 8 bytes of SHA-256 over "sudoku-daily",
// "YYYY-MM-DD", the level name and the salt, separated by NUL bytes.
func DailySeed(date time.Time, level Level, salt string) uint64 {
	h := sha256.New()
	h.Write([]byte("sudoku-daily\x00" + date.Format(time.DateOnly) + "\x00" + level.String() + "\x00" + salt))
	return binary.BigEndian.Uint64(h.Sum(nil))
}

// Daily returns the puzzle of the day for date and level: Generate with
// DailySeed(date, level, salt) and DailySymmetry. The same date, level and
// salt give the same puzzle on every replica and every retry.
func Daily(ctx context.Context, date time.Time, level Level, salt string) (Puzzle, error) {
	return Generate(ctx, DailyOptions(date, level, salt))
}

// DailyOptions returns the GenerateOptions of the puzzle of the day, for
// callers that generate through a Pool or want to show how it was made.
func DailyOptions(date time.Time, level Level, salt string) GenerateOptions {
	return GenerateOptions{Level: level, Seed: DailySeed(date, level, salt), Symmetry: DailySymmetry}
}
