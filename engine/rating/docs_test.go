package rating

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestTechniqueFilesDocumented keeps docs/architecture.md's table of
// techniques honest: every technique's name appears in exactly one row,
// and the row's file is a file of this package, so a newcomer finds where
// a technique lives from its name alone. Every other file of the package
// is named in the section too.
func TestTechniqueFilesDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/architecture.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "| techniques (tier) | file |")
	if !ok {
		t.Fatal(`docs/architecture.md has no "| techniques (tier) | file |" table`)
	}
	table, _, _ = strings.Cut(table, "\n\n")
	// A row: the techniques, then the file (the first one named, the
	// cell may say more).
	row := regexp.MustCompile("(?m)^\\| ([^|]+) \\| `([a-z_]+\\.go)`[^|]*\\|$")
	name := regexp.MustCompile(`[a-z]+(-[a-z]+)*`)
	rows := 0
	files := map[string]string{} // technique -> file
	for _, m := range row.FindAllStringSubmatch(table, -1) {
		rows++
		if _, err := os.Stat(m[2]); err != nil {
			t.Errorf("row %q names %s: %v", m[1], m[2], err)
		}
		for _, n := range name.FindAllString(m[1], -1) {
			if TechniqueID(n) < 0 {
				continue // a word of the prose, not a technique
			}
			if f, dup := files[n]; dup {
				t.Errorf("technique %s is in two rows (%s, %s)", n, f, m[2])
			}
			files[n] = m[2]
		}
	}
	if rows == 0 {
		t.Fatal("the techniques table has no rows")
	}
	for _, n := range TechniqueNames() {
		if files[n] == "" {
			t.Errorf("technique %s is in no row of docs/architecture.md's techniques table", n)
		}
	}
	_, section, _ := strings.Cut(string(doc), "### The rater, file by file")
	section, _, _ = strings.Cut(section, "\n## ")
	ours, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range ours {
		if !strings.HasSuffix(f, "_test.go") && !strings.Contains(section, "`"+f+"`") {
			t.Errorf("%s is not named in docs/architecture.md, \"The rater, file by file\"", f)
		}
	}
}
