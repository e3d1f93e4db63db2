package api

import (
	"bytes"
	"reflect"
	"strconv"
	"testing"
)

// TestAppendPuzzleJSONEveryField fills every field of puzzleJSON, found by
// reflection, and holds appendPuzzleJSON to encoding/json on it: a field
// added to puzzleJSON but not to appendPuzzleJSON fails here, even an
// omitempty one that the other tests leave empty.
func TestAppendPuzzleJSONEveryField(t *testing.T) {
	var j puzzleJSON
	v := reflect.ValueOf(&j).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("v" + strconv.Itoa(i))
		case reflect.Int:
			f.SetInt(int64(i + 1))
		case reflect.Float64:
			f.SetFloat(float64(i) + 0.25)
		case reflect.Bool:
			f.SetBool(true)
		default:
			t.Fatalf("puzzleJSON.%s is a %s: teach appendPuzzleJSON and this test to write it", v.Type().Field(i).Name, f.Kind())
		}
	}
	got, ok := appendPuzzleJSON(nil, &j)
	if want := encodingJSON(t, j); !ok || !bytes.Equal(got, want) {
		t.Errorf("appendPuzzleJSON = %q, %v, want %q, true", got, ok, want)
	}
}
