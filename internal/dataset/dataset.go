// Package dataset finds and reads the shared puzzle collections that tests,
// benchmarks and calibration measure against. The collections are never
// copied into this repository: they are read from ../shared/data beside the
// repository root, or from the folder named by $SUDOKU_DATA.
package dataset

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// EnvDir names the environment variable that overrides the data folder.
const EnvDir = "SUDOKU_DATA"

// Puzzle lists of ../shared/data (see its README). Serg's benchmark is the
// odd one: every puzzle in it has two or more solutions.
const (
	Clue17        = "tdoku_17_clue.txt"
	Top1465       = "tdoku_magictour_top1465.txt"
	Hardest1905   = "tdoku_forum_hardest_1905_11plus.txt"
	Hardest1106   = "tdoku_forum_hardest_1106.txt"
	Serg          = "tdoku_serg_benchmark.txt"
	Unbiased1000  = "tdoku_unbiased_first1000.txt"
	NorvigTop95   = "norvig_top95.txt"
	NorvigHardest = "norvig_hardest.txt"
)

// Labelled sets (tab-separated; the puzzle is the first field).
const (
	CalibKrazyDad       = "calib_krazydad.tsv"
	CalibCoach          = "calib_coach.tsv"
	CalibNYT            = "calib_nyt.tsv"
	CalibSudokuExchange = "calib_sudokuexchange_diabolical.tsv"
	SERated             = "se_rated.tsv"
	QQWingLabeled       = "qqwing_labeled.tsv"
	QQWingLabeledStats  = "qqwing_labeled_stats.tsv"
	QQWingAnyStats      = "qqwing_any5000_stats.tsv"
)

// AllFiles lists every puzzle file of the shared data folder.
var AllFiles = []string{
	Clue17, Top1465, Hardest1905, Hardest1106, Serg, Unbiased1000, NorvigTop95, NorvigHardest,
	CalibKrazyDad, CalibCoach, CalibNYT, CalibSudokuExchange, SERated,
	QQWingLabeled, QQWingLabeledStats, QQWingAnyStats,
}

// Dir returns the data folder: $SUDOKU_DATA when set, else ../shared/data
// relative to the module root found by walking up from the working
// directory.
func Dir() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return filepath.Join(d, "..", "shared", "data"), nil
		}
		if filepath.Dir(d) == d {
			return "", errors.New("dataset: no go.mod above the working directory")
		}
	}
}

// Path returns the path of a file in the data folder.
func Path(name string) (string, error) {
	d, err := Dir()
	if err != nil {
		return "", err
	}
	p := filepath.Join(d, name)
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("dataset %s: %w (set %s or put the shared data beside the repository)", name, err, EnvDir)
	}
	return p, nil
}

// Record is one data line split on tabs (or runs of blanks when the line has
// no tab). Fields[0] is the puzzle.
type Record struct {
	Line   int // 1-based line number in the file
	Fields []string
}

// Puzzle returns the first field.
func (r Record) Puzzle() string { return r.Fields[0] }

// Field returns field i, or "" when the line is shorter.
func (r Record) Field(i int) string {
	if i < len(r.Fields) {
		return r.Fields[i]
	}
	return ""
}

// Read returns the records of a data file, skipping blank lines, '#'
// comments and a header line whose first field is "puzzle". limit > 0 stops
// after that many records.
func Read(name string, limit int) ([]Record, error) {
	p, err := Path(name)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var recs []Record
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), "\r")
		if line == "" || line[0] == '#' {
			continue
		}
		var fields []string
		if strings.Contains(line, "\t") {
			fields = strings.Split(line, "\t")
		} else {
			fields = strings.Fields(line)
		}
		if fields[0] == "puzzle" {
			continue
		}
		recs = append(recs, Record{Line: n, Fields: fields})
		if limit > 0 && len(recs) == limit {
			break
		}
	}
	return recs, sc.Err()
}

// Puzzles returns the first field of each record of a data file.
func Puzzles(name string, limit int) ([]string, error) {
	recs, err := Read(name, limit)
	return PuzzlesOf(recs), err
}

// PuzzlesOf returns the first field of each record.
func PuzzlesOf(recs []Record) []string {
	ps := make([]string, len(recs))
	for i, r := range recs {
		ps[i] = r.Puzzle()
	}
	return ps
}
