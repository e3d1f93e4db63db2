package api

import (
	"bytes"
	"math"
	"net/http"
	"strconv"
)

// puzzleJSONCap is the room a puzzle's answer is written into: about
// 600 bytes with its solution and token.
const puzzleJSONCap = 1024

// encodePuzzle writes one puzzle as encode does, with status 200, without
// encoding/json's reflection when appendPuzzleJSON can write it (every
// puzzle /generate makes), else through encode.
func encodePuzzle(w http.ResponseWriter, r *http.Request, j *puzzleJSON) {
	buf := bufPool.Get().(*bytes.Buffer)
	defer func() { buf.Reset(); bufPool.Put(buf) }()
	buf.Grow(puzzleJSONCap)
	b, ok := appendPuzzleJSON(buf.AvailableBuffer(), j)
	if !ok {
		encode(w, r, http.StatusOK, "", j)
		return
	}
	writeBody(w, r, http.StatusOK, "application/json", b)
}

// appendPuzzleJSON appends j as encode writes it (encoding/json without
// HTML escaping: the members in puzzleJSON's order, the omitempty ones
// left out when empty, a newline at the end) and reports true; or appends
// nothing and reports false when j holds what it leaves to encoding/json:
// a string with a byte JSON escapes or beyond ASCII, or a score that is
// not finite or that encoding/json writes with an exponent. TestAppendPuzzleJSON and
// FuzzAppendPuzzleJSON hold it to encoding/json.
func appendPuzzleJSON(dst []byte, j *puzzleJSON) ([]byte, bool) {
	if a := math.Abs(j.Score); math.IsNaN(j.Score) || math.IsInf(j.Score, 0) || a != 0 && (a < 1e-6 || a >= 1e21) {
		return dst, false
	}
	for _, s := range [...]string{j.Kind, j.Puzzle, j.Solution, j.Level, j.Seed, j.Variant, j.Hardest, j.Date, j.Source, j.Token} {
		if !plainJSONString(s) {
			return dst, false
		}
	}
	str := func(dst []byte, name, v string) []byte {
		dst = append(dst, name...)
		dst = append(dst, '"')
		dst = append(dst, v...)
		return append(dst, '"')
	}
	dst = str(dst, `{"kind":`, j.Kind)
	dst = str(dst, `,"puzzle":`, j.Puzzle)
	if j.Solution != "" {
		dst = str(dst, `,"solution":`, j.Solution)
	}
	dst = str(dst, `,"level":`, j.Level)
	dst = append(dst, `,"score":`...)
	dst = strconv.AppendFloat(dst, j.Score, 'f', -1, 64)
	if j.Seed != "" {
		dst = str(dst, `,"seed":`, j.Seed)
	}
	dst = append(dst, `,"fresh":`...)
	dst = strconv.AppendBool(dst, j.Fresh)
	if j.Variant != "" {
		dst = str(dst, `,"variant":`, j.Variant)
	}
	dst = append(dst, `,"givens":`...)
	dst = strconv.AppendInt(dst, int64(j.Givens), 10)
	if j.Hardest != "" {
		dst = str(dst, `,"hardest":`, j.Hardest)
	}
	if j.Date != "" {
		dst = str(dst, `,"date":`, j.Date)
	}
	if j.Source != "" {
		dst = str(dst, `,"source":`, j.Source)
	}
	if j.Token != "" {
		dst = str(dst, `,"token":`, j.Token)
	}
	return append(dst, "}\n"...), true
}

// plainJSONString reports whether s is written in JSON as itself between
// quotes: printable ASCII other than the quote and the backslash.
func plainJSONString(s string) bool {
	for i := range len(s) {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}
