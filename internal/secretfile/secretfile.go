// Package secretfile reads the secrets the commands are given as files
// (the daily secret, the receipt secret): one reader, whose errors name
// the secret and the file but never quote what the file holds.
package secretfile

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// Parse reads the file at path and parses its text with parse (which
// trims it as it needs). what names the secret in errors ("daily
// secret"): a file that cannot be read is "what: <the os error>", one
// that does not parse is "what file <path>: <parse's error>". When parse's
// error quotes the file's text, the error says only that the text is not
// a valid secret, so a near-miss secret never reaches a log.
func Parse[T any](what, path string, parse func(string) (T, error)) (T, error) {
	var zero T
	b, err := os.ReadFile(path)
	if err != nil {
		return zero, fmt.Errorf("%s: %w", what, err)
	}
	v, err := parse(string(b))
	if err != nil {
		if text := strings.TrimSpace(string(b)); text != "" && strings.Contains(err.Error(), text) {
			err = errors.New("not a valid secret (its text is not shown)")
		}
		return zero, fmt.Errorf("%s file %s: %w", what, path, err)
	}
	return v, nil
}
