package calib

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

const (
	pz1 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	pz2 = "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3"
)

func TestParseLabels(t *testing.T) {
	tests := []struct {
		name   string
		in     string
		scale  LabelScale
		levels int
		labels []int
	}{
		{"ranks", pz1 + "\t1\n" + pz2 + "\t3\n", Ranks, 3, []int{1, 3}},
		{"ranks with names", pz1 + "\t2-medium\textra\tcols\n" + pz2 + "\t7-evil\n", Ranks, 7, []int{2, 7}},
		{"level names any case", pz1 + "\tEasy\n" + pz2 + "\thard\n", LevelNames, 4, []int{1, 3}},
		{"header comments blanks", "puzzle\tlabel\n# a comment\n\n" + pz1 + "\t1\r\n" + pz2 + "\t2\n", Ranks, 2, []int{1, 2}},
		{"byte order mark", "\ufeffpuzzle\tlabel\n" + pz1 + "\tmedium\n", LevelNames, 4, []int{2}},
		{"blanks instead of a tab", pz1 + "  evil\n", LevelNames, 4, []int{4}},
		{"zeros for empty cells", strings.ReplaceAll(pz1, ".", "0") + "\t5\n", Ranks, 5, []int{5}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lf, err := ParseLabels(strings.NewReader(tt.in))
			if err != nil {
				t.Fatalf("ParseLabels: %v", err)
			}
			var labels []int
			for _, r := range lf.Rows {
				labels = append(labels, r.Label)
			}
			if lf.Scale != tt.scale || lf.Levels != tt.levels || !slices.Equal(labels, tt.labels) {
				t.Errorf("ParseLabels = %v, %d levels, labels %v; want %v, %d, %v", lf.Scale, lf.Levels, labels, tt.scale, tt.levels, tt.labels)
			}
		})
	}
}

func TestParseLabelsBadLines(t *testing.T) {
	tests := []struct {
		name string
		in   string
		line int
		want string // in the reason
	}{
		{"no label", "# c\n" + pz1 + "\n", 2, "no label"},
		{"empty label", pz1 + "\t\tx\n", 1, "no label"},
		{"short puzzle", pz1 + "\t1\n" + pz1[:80] + "\t1\n", 2, "puzzle"},
		{"bad label", pz1 + "\tsevere\n", 1, "neither an integer rank nor a level name"},
		{"rank zero", pz1 + "\t0\n", 1, "out of range"},
		{"rank too high", pz1 + "\t101\n", 1, "out of range"},
		{"mixed name after ranks", pz1 + "\t1\n" + pz2 + "\t2\n" + pz1 + "\thard\n", 3, "mixes level names with the integer ranks of line 1"},
		{"mixed rank after names", "puzzle\tlevel\n" + pz1 + "\teasy\n" + pz2 + "\t2\n", 3, "mixes integer ranks with the level names of line 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseLabels(strings.NewReader(tt.in))
			var le *LabelError
			if !errors.As(err, &le) {
				t.Fatalf("ParseLabels = %v, want *LabelError", err)
			}
			if le.Line != tt.line || !strings.Contains(le.Reason, tt.want) {
				t.Errorf("ParseLabels error = %q at line %d, want line %d containing %q", le.Reason, le.Line, tt.line, tt.want)
			}
		})
	}
}

func TestTier4(t *testing.T) {
	tests := []struct {
		levels int
		scale  LabelScale
		want   []int
	}{
		{3, Ranks, []int{0, 1, 2, 3}},
		{4, LevelNames, []int{0, 1, 2, 3, 4}},
		{7, Ranks, []int{0, 1, 1, 2, 2, 3, 3, 4}},
		{11, Ranks, []int{0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4}},
	}
	for _, tt := range tests {
		lf := LabelFile{Scale: tt.scale, Levels: tt.levels}
		if got := lf.Tier4(); !slices.Equal(got, tt.want) {
			t.Errorf("Tier4(%d %v) = %v, want %v", tt.levels, tt.scale, got, tt.want)
		}
	}
}

func TestParseLevelMap(t *testing.T) {
	tests := []struct {
		in     string
		levels int
		want   []int // nil: an error
	}{
		{"1,1,2,3,3,4,4", 7, []int{0, 1, 1, 2, 3, 3, 4, 4}},
		{"easy, Medium ,hard", 3, []int{0, 1, 2, 3}},
		{"1,2", 3, nil},
		{"1,5,5", 3, nil},
		{"2,1,3", 3, nil},
		{"1,tough,3", 3, nil},
	}
	for _, tt := range tests {
		got, err := ParseLevelMap(tt.in, tt.levels)
		if (err != nil) != (tt.want == nil) || !slices.Equal(got, tt.want) {
			t.Errorf("ParseLevelMap(%q, %d) = %v, %v; want %v", tt.in, tt.levels, got, err, tt.want)
		}
	}
}
