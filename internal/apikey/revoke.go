package apikey

import (
	"fmt"
	"slices"
	"strings"
)

// Revoke returns the key file text without the line of the key named
// name, every other line (comments, blank lines, even bad lines) kept as
// it is, or an error when no line names that key. A server reading the
// result refuses the revoked key within its poll interval.
func Revoke(file, name string) (string, error) {
	lines := strings.SplitAfter(file, "\n")
	kept := lines[:0]
	found := false
	for _, line := range lines {
		t := strings.TrimSpace(line)
		if !strings.HasPrefix(t, "#") && slices.Contains(strings.Fields(t), "name="+name) {
			found = true
			continue
		}
		kept = append(kept, line)
	}
	if !found {
		return file, fmt.Errorf("no key named %q", name)
	}
	out := strings.Join(kept, "")
	if strings.TrimSpace(out) == "" {
		// A blank file reads as a truncated write and is refused
		// (ErrNoKeys): say that no key is meant.
		out = "# no keys: " + name + ", the last one, was revoked\n"
	}
	return out, nil
}
