package generate_test

import (
	"fmt"
	"time"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// A deployment keys its puzzles of the day with a secret (made once by
// "sudoku keys secret"); the seed is then the same on every replica with
// that secret and computable by no one else.
func ExampleSecretDailyKey() {
	secret, err := generate.ParseDailySecret("sudoku_daily_AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA")
	if err != nil {
		fmt.Println(err)
		return
	}
	key := generate.SecretDailyKey(secret, "")
	day := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	fmt.Printf("%#x\n", key.Seed(day, rating.Hard))
	fmt.Println(key.Seed(day, rating.Hard) == generate.DailySeed(day, rating.Hard, ""))
	fmt.Println(secret)
	_, err = generate.ParseDailySecret("acme")
	fmt.Println(err != nil)
	// Output:
	// 0x5cc8993ff85213fe
	// false
	// sudoku_daily_[redacted]
	// true
}
