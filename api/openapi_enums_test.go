package api

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/classic"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
)

var update = flag.Bool("update", false, "rewrite the generated parts of openapi.yaml")

// Markers of the block of openapi.yaml that techniquesYAML writes.
const (
	techniquesBegin = "    # BEGIN techniques: written from rating.Techniques() by\n    # go test ./api -run TestOpenAPITechniques -update\n"
	techniquesEnd   = "    # END techniques\n"
)

// techniquesYAML writes the schemas of the rater's techniques, from the
// engine's table: the Technique enum and the counts object.
func techniquesYAML() []byte {
	var b bytes.Buffer
	b.WriteString("    Technique:\n      type: string\n      description: A solving technique of the rater, easiest tier first (docs/rating.md).\n      enum:\n")
	for _, t := range rating.Techniques() {
		fmt.Fprintf(&b, "        - %s\n", t.Name)
	}
	b.WriteString("    TechniqueCounts:\n      type: object\n      description: Applications of each technique on the solving path; techniques not used are left out.\n      additionalProperties: false\n      properties:\n")
	for _, t := range rating.Techniques() {
		fmt.Fprintf(&b, "        %s: {type: integer, minimum: 1, description: 'Tier %d.'}\n", t.Name, t.Tier)
	}
	return b.Bytes()
}

// TestOpenAPITechniques keeps openapi.yaml's technique enum and counts in
// step with rating.Techniques(); -update rewrites them.
func TestOpenAPITechniques(t *testing.T) {
	const path = "../openapi.yaml"
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	begin := bytes.Index(doc, []byte(techniquesBegin))
	end := bytes.Index(doc, []byte(techniquesEnd))
	if begin < 0 || end < begin {
		t.Fatalf("%s has no block between %q and %q", path, techniquesBegin, techniquesEnd)
	}
	begin += len(techniquesBegin)
	want := techniquesYAML()
	if bytes.Equal(doc[begin:end], want) {
		return
	}
	if !*update {
		t.Fatalf("%s's techniques differ from rating.Techniques(); run go test ./api -run TestOpenAPITechniques -update", path)
	}
	out := append(append(append([]byte(nil), doc[:begin]...), want...), doc[end:]...)
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("rewrote the techniques of %s", path)
}

// TestOpenAPIEnums holds openapi.yaml's other enums to the names the
// engine accepts, so a generated client's types accept exactly them.
func TestOpenAPIEnums(t *testing.T) {
	doc := loadSpec(t)
	enum := func(name string) []string {
		var names []string
		for _, v := range doc.Components.Schemas[name].Value.Enum {
			names = append(names, fmt.Sprint(v))
		}
		return names
	}
	symmetry := doc.Paths.Find("/generate").Get.Parameters.GetByInAndName("query", "symmetry").Schema.Value
	var symmetries, symmetryNames []string
	for _, v := range symmetry.Enum {
		symmetries = append(symmetries, fmt.Sprint(v))
	}
	for _, s := range generate.Symmetries() {
		symmetryNames = append(symmetryNames, s.String())
	}
	tests := []struct {
		name      string
		got, want []string
	}{
		{"Level", enum("Level"), levelNames()},
		{"Algorithm", enum("Algorithm"), engine.NewRegistry(classic.Algorithms()...).Names()},
		{"symmetry", symmetries, symmetryNames},
	}
	for _, tt := range tests {
		if !slices.Equal(tt.got, tt.want) {
			t.Errorf("openapi.yaml's %s enum = %q, want the engine's %q", tt.name, tt.got, tt.want)
		}
	}
}
