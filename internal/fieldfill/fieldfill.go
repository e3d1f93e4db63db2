// Package fieldfill sets every field of a struct to a value that is not
// its zero value, found by reflection: tests of a hand-written encoder use
// it to hold the encoder to encoding/json on every field, so that a field
// added to the struct but not to the encoder fails a test even when it is
// omitempty.
package fieldfill

import (
	"reflect"
	"strconv"
	"testing"
)

// Every sets each field of the struct ptr points to: a string to "v"
// followed by the field's index, an integer to its index plus one, a float
// to its index plus 0.25, a bool to true. A field of any other kind fails
// t, naming the field, as the encoder under test would need to be taught
// to write it.
func Every(t testing.TB, ptr any) {
	t.Helper()
	v := reflect.ValueOf(ptr).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.String:
			f.SetString("v" + strconv.Itoa(i))
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			f.SetInt(int64(i + 1))
		case reflect.Float32, reflect.Float64:
			f.SetFloat(float64(i) + 0.25)
		case reflect.Bool:
			f.SetBool(true)
		default:
			t.Fatalf("%s.%s is a %s: teach its encoder and this test to write it", v.Type().Name(), v.Type().Field(i).Name, f.Kind())
		}
	}
}
