package api

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand"
	"reflect"
	"testing"
	"testing/quick"
)

// stdJSON is what encode wrote before the appenders: encoding/json without
// HTML escaping, newline dropped.
func stdJSON(t *testing.T, v any) ([]byte, error) {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// checkAppender fails unless v's appendJSON writes exactly encoding/json's
// bytes, or fails where encoding/json fails.
func checkAppender(t *testing.T, v jsonAppender) {
	t.Helper()
	want, wantErr := stdJSON(t, v)
	got, err := v.appendJSON([]byte("prefix"))
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("%#v: appendJSON error %v, encoding/json error %v", v, err, wantErr)
	}
	if err != nil {
		return
	}
	if !bytes.HasPrefix(got, []byte("prefix")) {
		t.Fatalf("%#v: appendJSON dropped what b held: %q", v, got)
	}
	if got = got[len("prefix"):]; !bytes.Equal(got, want) {
		t.Fatalf("%#v:\nappendJSON    %s\nencoding/json %s", v, got, want)
	}
}

// TestAppendJSONMatchesEncodingJSON holds every jsonAppender to
// encoding/json's output: random values of each type (every field filled
// by testing/quick, so a field missing from appendJSON fails), the same
// with strings drawn from awkward characters, and hand-picked edge cases.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	types := []jsonAppender{statusResponse{}, solveResponse{}, puzzleJSON{}, batchJSON{}}
	rnd := rand.New(rand.NewSource(1))
	awkward := []string{"", "a", `"`, `\`, "\x00", "\b\f\n\r\t", "\x1f", "\x7f", "é", "\xff", "\xc3", "\u2028", "\u2029",
		"<>&", "😀", "\ufffd", "123456789", "."}
	for _, typ := range types {
		rt := reflect.TypeOf(typ)
		for i := 0; i < 2000; i++ {
			v, ok := quick.Value(rt, rnd)
			if !ok {
				t.Fatalf("quick cannot make a %s", rt)
			}
			if i%2 == 1 {
				scramble(v, rnd, awkward)
			}
			checkAppender(t, v.Interface().(jsonAppender))
		}
		checkAppender(t, reflect.Zero(rt).Interface().(jsonAppender))
	}
	floats := []float64{0, math.Copysign(0, -1), 1, -1.5, 3.25, 1e-6, 9.99e-7, 1e-7, 1e20, 1e21, 123456789e15,
		math.MaxFloat64, math.SmallestNonzeroFloat64, math.NaN(), math.Inf(1), math.Inf(-1)}
	for _, f := range floats {
		checkAppender(t, puzzleJSON{Score: f})
		checkAppender(t, batchJSON{Puzzles: []puzzleJSON{{}, {Score: f}}})
	}
	checkAppender(t, solveResponse{SolutionGrid: [][]int{nil, {}, {1, -2}}})
	checkAppender(t, solveResponse{SolutionGrid: [][]int{}})
	checkAppender(t, batchJSON{Puzzles: []puzzleJSON{}})
}

// scramble replaces every string field of v (recursively) with a
// concatenation of awkward pieces.
func scramble(v reflect.Value, rnd *rand.Rand, pieces []string) {
	switch v.Kind() {
	case reflect.String:
		s := ""
		for range rnd.Intn(4) {
			s += pieces[rnd.Intn(len(pieces))]
		}
		v.SetString(s)
	case reflect.Struct:
		for i := range v.NumField() {
			scramble(v.Field(i), rnd, pieces)
		}
	case reflect.Slice:
		for i := range v.Len() {
			scramble(v.Index(i), rnd, pieces)
		}
	}
}

// FuzzAppendJSONString checks the string appender against encoding/json on
// any bytes.
func FuzzAppendJSONString(f *testing.F) {
	for _, s := range []string{"", "plain", "\"\\\x00\b\f\n\r\t\x1f", "\xff\xc3é\u2028\u2029😀"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkAppender(t, statusResponse{Status: s})
	})
}
