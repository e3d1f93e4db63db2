package engine_test

import (
	"fmt"
	"time"

	"github.com/sudokuhq/sudoku/engine"
)

// A deployment keys its puzzles of the day with a secret (made once by
// "sudoku keys secret"); the seed is then the same on every replica with
// that secret and computable by no one else.
func ExampleSecretDailyKey() {
	secret, err := engine.ParseDailySecret("sudoku_daily_AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA")
	if err != nil {
		fmt.Println(err)
		return
	}
	key := engine.SecretDailyKey(secret, "")
	day := time.Date(2026, 11, 22, 0, 0, 0, 0, time.UTC)
	fmt.Printf("%#x\n", key.Seed(day, engine.Hard))
	fmt.Println(key.Seed(day, engine.Hard) == engine.DailySeed(day, engine.Hard, ""))
	fmt.Println(secret)
	_, err = engine.ParseDailySecret("acme")
	fmt.Println(err != nil)
	// Output:
	// 0x5cc8993ff85213fe
	// false
	// sudoku_daily_[redacted]
	// true
}
