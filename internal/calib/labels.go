package calib

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// LabelScale says what the labels of a house label file are.
type LabelScale int

// The two label scales: a publisher's own integer ranks (1 = easiest, as
// many as it has), or the service's level names.
const (
	Ranks LabelScale = iota + 1
	LevelNames
)

// LabelFile is a parsed house label file: one puzzle and one label a
// line.
type LabelFile struct {
	Scale  LabelScale
	Levels int // the highest rank (Ranks) or 4 (LevelNames)
	Rows   []LabelRow
}

// LabelRow is one labelled puzzle of a label file.
type LabelRow struct {
	Line   int // 1-based line number in the file
	Puzzle string
	Label  int // the rank, or the rating.Level for LevelNames
}

// LabelError is a line of a label file that cannot be used.
type LabelError struct {
	Line   int
	Reason string
}

// Error names the line.
func (e *LabelError) Error() string { return fmt.Sprintf("line %d: %s", e.Line, e.Reason) }

// maxRank bounds a publisher's rank: more levels than this is a
// misread column (a score, an identifier), not a difficulty scale.
const maxRank = 100

// ParseLabels reads a house label file: tab-separated lines of
// puzzle<TAB>label, the puzzle as 81 characters (digits, '.' or '0' for an
// empty cell), the label either an integer rank (1 = easiest; "3-hard",
// a rank with a name, counts as 3) or a level name (easy, medium, hard,
// evil; any case). Further columns are ignored; a leading byte order
// mark, blank lines, lines
// starting with '#' and a header line whose first field is "puzzle" are
// skipped. A file mixes no scales: bare level names beside integer ranks
// are refused, since a rank and a name cannot be put in one order. Each
// bad line is reported as a *LabelError with its line number.
func ParseLabels(r io.Reader) (LabelFile, error) {
	var lf LabelFile
	firstLine := 0 // the line that set the scale
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if n == 1 {
			line = strings.TrimPrefix(line, "\ufeff") // a spreadsheet's byte order mark
		}
		if strings.TrimSpace(line) == "" || line[0] == '#' {
			continue
		}
		fields := strings.Split(line, "\t")
		if len(fields) == 1 {
			fields = strings.Fields(line)
		}
		puzzle := strings.TrimSpace(fields[0])
		if strings.EqualFold(puzzle, "puzzle") {
			continue
		}
		if len(fields) < 2 || strings.TrimSpace(fields[1]) == "" {
			return lf, &LabelError{n, "no label: want puzzle<TAB>label"}
		}
		if _, err := engine.Parse(puzzle); err != nil {
			return lf, &LabelError{n, fmt.Sprintf("puzzle %q: %v", puzzle, err)}
		}
		label, scale, err := parseLabel(strings.TrimSpace(fields[1]))
		if err != nil {
			return lf, &LabelError{n, err.Error()}
		}
		if lf.Scale == 0 {
			lf.Scale, firstLine = scale, n
		} else if scale != lf.Scale {
			return lf, &LabelError{n, fmt.Sprintf("label %q mixes %s with the %s of line %d", fields[1], scale, lf.Scale, firstLine)}
		}
		lf.Rows = append(lf.Rows, LabelRow{Line: n, Puzzle: puzzle, Label: label})
		lf.Levels = max(lf.Levels, label)
	}
	if err := sc.Err(); err != nil {
		return lf, err
	}
	if lf.Scale == LevelNames {
		lf.Levels = int(rating.Evil)
	}
	return lf, nil
}

// String names the scale.
func (s LabelScale) String() string {
	if s == LevelNames {
		return "level names"
	}
	return "integer ranks"
}

// parseLabel reads one label: a rank (with an optional "-name" tail) or a
// level name.
func parseLabel(s string) (int, LabelScale, error) {
	if l, err := rating.ParseLevel(strings.ToLower(s)); err == nil {
		return int(l), LevelNames, nil
	}
	head, _, _ := strings.Cut(s, "-")
	r, err := strconv.Atoi(head)
	if err != nil {
		return 0, 0, fmt.Errorf("label %q is neither an integer rank nor a level name (easy, medium, hard, evil)", s)
	}
	if r < 1 || r > maxRank {
		return 0, 0, fmt.Errorf("rank %d out of range 1–%d", r, maxRank)
	}
	return r, Ranks, nil
}

// Tier4 returns the service level (1 easy … 4 evil) each label stands for:
// a level name is its level; with up to four ranks rank r is level r;
// with more, the ranks are spread evenly over the four levels
// (1 + ⌊4(r−1)/Levels⌋: seven ranks give 1 1 2 2 3 3 4). The level cuts of
// a house fit are fitted to this mapping.
func (lf *LabelFile) Tier4() []int {
	t := make([]int, lf.Levels+1)
	for r := 1; r <= lf.Levels; r++ {
		if lf.Levels <= 4 {
			t[r] = r
		} else {
			t[r] = 1 + 4*(r-1)/lf.Levels
		}
	}
	return t
}

// ParseLevelMap reads a mapping of ranks to service levels: one entry per
// rank 1..levels, comma-separated, each a level name or its number (1
// easy … 4 evil), never falling ("1,1,2,3,3,4,4"). It returns the mapping
// in Tier4's form.
func ParseLevelMap(s string, levels int) ([]int, error) {
	parts := strings.Split(s, ",")
	if len(parts) != levels {
		return nil, fmt.Errorf("level map %q has %d entries, the labels have %d ranks", s, len(parts), levels)
	}
	t := make([]int, levels+1)
	for i, p := range parts {
		p = strings.TrimSpace(p)
		l, err := rating.ParseLevel(strings.ToLower(p))
		if err != nil {
			n, nerr := strconv.Atoi(p)
			if nerr != nil || n < int(rating.Easy) || n > int(rating.Evil) {
				return nil, fmt.Errorf("level map entry %d: %q is no level (easy, medium, hard, evil or 1–4)", i+1, p)
			}
			l = rating.Level(n)
		}
		t[i+1] = int(l)
		if i > 0 && t[i+1] < t[i] {
			return nil, fmt.Errorf("level map entry %d: %s after %s (the map may not fall)", i+1, l, rating.Level(t[i]))
		}
	}
	return t, nil
}

// RateLabels rates every puzzle of lf on j workers (progress to p, nil:
// none) and returns them as a Set named name. It fails on a puzzle the
// rater rejects (no or several solutions), naming its line.
// tier4 maps labels to service levels (nil: lf.Tier4()).
func RateLabels(ctx context.Context, name string, lf LabelFile, tier4 []int, j int, p Progress) (Set, error) {
	if tier4 == nil {
		tier4 = lf.Tier4()
	}
	s := Set{Name: name, Levels: lf.Levels, Tier4: tier4, Samples: make([]Sample, len(lf.Rows))}
	if p != nil {
		p.SetTotal(int64(len(lf.Rows)))
	}
	err := parallel(ctx, len(lf.Rows), j, func(_, i int) error {
		row := lf.Rows[i]
		g, err := engine.Parse(row.Puzzle)
		var rt rating.Rating
		if err == nil {
			rt, err = rating.Rate(g)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, &LabelError{row.Line, fmt.Sprintf("puzzle %s: %v", row.Puzzle, err)})
		}
		s.Samples[i] = Sample{Puzzle: row.Puzzle, Label: row.Label, SE: math.NaN(), Rating: rt}
		if p != nil {
			p.Add(1)
		}
		return nil
	})
	return s, err
}
