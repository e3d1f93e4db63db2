package receipt

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strconv"
	"testing"
)

// TestAppendTokenJSONEveryField fills every field of tokenPayload, found
// by reflection, and holds appendTokenJSON to json.Marshal on it: a field
// added to tokenPayload but not to appendTokenJSON fails here, even an
// omitempty one that the other tests leave empty.
func TestAppendTokenJSONEveryField(t *testing.T) {
	var p tokenPayload
	v := reflect.ValueOf(&p).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("v" + strconv.Itoa(i))
		case reflect.Int64:
			f.SetInt(int64(i + 1))
		case reflect.Bool:
			f.SetBool(true)
		default:
			t.Fatalf("tokenPayload.%s is a %s: teach appendTokenJSON and this test to write it", v.Type().Field(i).Name, f.Kind())
		}
	}
	want, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if got := appendTokenJSON(nil, p); !bytes.Equal(got, want) {
		t.Errorf("appendTokenJSON = %q, want %q", got, want)
	}
}
