package api

import (
	"reflect"
	"testing"
)

// scanAgrees fails unless scanStringObject, where it takes body, leaves
// each request type exactly as encoding/json (decodeJSON) does, and reports
// whether it took body for the first type.
func scanAgrees(t *testing.T, body string) bool {
	t.Helper()
	took := false
	for i, fresh := range []func() stringMembers{
		func() stringMembers { return new(puzzleInput) },
		func() stringMembers { return new(solveRequest) },
		func() stringMembers { return new(hintRequest) },
	} {
		fast := fresh()
		ok := scanStringObject([]byte(body), fast)
		if i == 0 {
			took = ok
		}
		std := fresh()
		err := decodeJSON([]byte(body), std)
		if ok && err != nil {
			t.Fatalf("%T %q: scanned, but encoding/json refuses it: %v", fast, body, err)
		}
		if ok && !reflect.DeepEqual(fast, std) {
			t.Fatalf("%T %q: scanned %+v, encoding/json %+v", fast, body, fast, std)
		}
		// Where the scan gives up half way, encoding/json decoding over
		// it must still give encoding/json's own answer.
		if !ok && err == nil {
			if err := decodeJSON([]byte(body), fast); err != nil || !reflect.DeepEqual(fast, std) {
				t.Fatalf("%T %q: after a partial scan encoding/json gives %+v (%v), alone %+v", fast, body, fast, err, std)
			}
		}
	}
	return took
}

func TestScanStringObject(t *testing.T) {
	for _, c := range []struct {
		body string
		took bool // by puzzleInput
	}{
		{`{"puzzle":"` + puzzleHard + `"}`, true},
		{" \t\r\n{ \"puzzle\" : \"1.2\" } \n", true},
		{`{}`, true},
		{`{ }`, true},
		{`{"puzzle":""}`, true},
		{`{"puzzle":"a","algorithm":"dfs"}`, false}, // a member puzzleInput lacks
		{`{"puzzle":"a","current":"b"}`, false},
		{`{"Puzzle":"a"}`, false},              // encoding/json matches case-insensitively
		{`{"puzzle":"a","PUZZLE":"b"}`, false}, // and lets the last one win
		{`{"puzzle":"a","puzzle":"b"}`, false}, // a repeated key
		{`{"puzzle":"a\"b"}`, false},           // an escape
		{`{"puzzle":"a\u0031"}`, false},        // an escape
		{"{\"puzzle\":\"\xff\"}", false},       // invalid UTF-8, replaced by encoding/json
		{`{"puzzle":"é"}`, false},              // non-ASCII
		{"{\"puzzle\":\"a\x01\"}", false},      // a control character: invalid
		{`{"puzzle":null}`, false},             // not a string
		{`{"puzzle":12}`, false},               // not a string
		{`{"grid":[[1]]}`, false},              // not a string
		{`{"puzzle":"a"} {}`, false},           // two values
		{`{"puzzle":"a"}x`, false},             // trailing bytes
		{`{"puzzle":"a",}`, false},             // trailing comma
		{`{"puzzle":"a"`, false},               // cut short
		{`{"puzzle" "a"}`, false},              // no colon
		{`{"a":"1","b":"2","c":"3","d":"4","e":"5"}`, false},
		{`[]`, false},
		{``, false},
		{`  `, false},
	} {
		if got := scanAgrees(t, c.body); got != c.took {
			t.Errorf("scanStringObject(%q) = %v, want %v", c.body, got, c.took)
		}
	}
}

// FuzzScanStringObject checks the fast path of decode against
// encoding/json on any body.
func FuzzScanStringObject(f *testing.F) {
	for _, s := range []string{
		`{"puzzle":"` + puzzleHard + `"}`, `{"puzzle":"a","algorithm":"dfs"}`, `{"puzzle":"a","current":"b"}`,
		`{"Puzzle":"a","puzzle":"b"}`, `{"puzzle":"a\"b"}`, `{}`, ` { "puzzle" : "x" } `, `{"grid":[[1]]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		scanAgrees(t, body)
	})
}
