package secretfile

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// parseWord accepts "good" and quotes anything else, as a careless parser
// would.
func parseWord(text string) (string, error) {
	if t := strings.TrimSpace(text); t != "good" {
		return "", fmt.Errorf("want good, got %q", t)
	}
	return "ok", nil
}

var errBad = errors.New("bad secret")

// parseQuiet refuses anything without quoting it.
func parseQuiet(string) (string, error) { return "", errBad }

func TestParse(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good", "good\n")
	near := write("near", "hunter2-almost\n")
	tests := []struct {
		name  string
		path  string
		parse func(string) (string, error)
		want  string   // the value; "" for an error
		has   []string // in the error
		isErr error    // errors.Is the error, when set
	}{
		{"good", good, parseWord, "ok", nil, nil},
		{"missing", filepath.Join(dir, "none"), parseWord, "", []string{"test secret: ", "none"}, os.ErrNotExist},
		{"quoting parser", near, parseWord, "", []string{"test secret file " + near + ": ", "not shown"}, nil},
		{"quiet parser", near, parseQuiet, "", []string{"test secret file " + near + ": bad secret"}, errBad},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, err := Parse("test secret", tt.path, tt.parse)
			if tt.want != "" {
				if err != nil || v != tt.want {
					t.Fatalf("Parse = %q, %v; want %q", v, err, tt.want)
				}
				return
			}
			if err == nil {
				t.Fatalf("Parse = %q, nil; want an error", v)
			}
			if strings.Contains(err.Error(), "hunter2") {
				t.Errorf("error %q quotes the secret", err)
			}
			for _, s := range tt.has {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not say %q", err, s)
				}
			}
			if tt.isErr != nil && !errors.Is(err, tt.isErr) {
				t.Errorf("error %v is not %v", err, tt.isErr)
			}
		})
	}
}
