package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"reflect"
	"strings"
	"sync"
)

// maxJSONDepth bounds the nesting of a request body: the deepest member,
// a grid's rows, is two arrays deep.
const maxJSONDepth = 16

// decodeJSON decodes body, which must be exactly one JSON object, into v
// with encoding/json, after checkMembers has refused what encoding/json
// lets through: members in another case, repeated members. Its errors say
// what is wrong in the JSON's terms, never Go's.
func decodeJSON(body []byte, v any) error {
	if err := checkMembers(body, jsonMembers(v)); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return jsonError(err, jsonMembers(v))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return &decodeError{status: http.StatusBadRequest, reason: "invalid JSON body: more than one JSON value"}
	}
	return nil
}

// checkMembers walks the JSON value of body and refuses a member given
// twice in any object, a top-level member not named exactly as one of
// members, and nesting deeper than maxJSONDepth. It leaves syntax errors
// to encoding/json (it stops at the first, reporting nothing).
func checkMembers(body []byte, members []string) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	var walk func(depth int) error
	walk = func(depth int) error {
		if depth > maxJSONDepth {
			return &decodeError{status: http.StatusBadRequest, reason: fmt.Sprintf("invalid JSON body: nested more than %d deep", maxJSONDepth)}
		}
		tok, err := dec.Token()
		if err != nil {
			return errStopWalk
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				k, err := dec.Token()
				key, ok := k.(string)
				if err != nil || !ok {
					return errStopWalk
				}
				if seen[key] {
					return &decodeError{status: http.StatusBadRequest, reason: fmt.Sprintf("invalid JSON body: member %q given twice", key)}
				}
				seen[key] = true
				if depth == 0 && !contains(members, key) {
					return &decodeError{status: http.StatusBadRequest,
						reason: fmt.Sprintf("invalid JSON body: unknown member %q: the body takes %s", key, strings.Join(members, ", "))}
				}
				if err := walk(depth + 1); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		case json.Delim('['):
			for dec.More() {
				if err := walk(depth + 1); err != nil {
					return err
				}
			}
			_, err = dec.Token()
		}
		if err != nil {
			return errStopWalk
		}
		return nil
	}
	if err := walk(0); err != nil && err != errStopWalk {
		return err
	}
	return nil
}

// errStopWalk ends checkMembers at a syntax error, which encoding/json
// then reports.
var errStopWalk = errors.New("stop")

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// jsonMembers lists the JSON member names of the struct v points to, its
// embedded structs' included, in field order. Cost: reflection once per
// type, then a map look-up.
func jsonMembers(v any) []string {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if m, ok := membersCache.Load(t); ok {
		return m.([]string)
	}
	var names []string
	var collect func(t reflect.Type)
	collect = func(t reflect.Type) {
		if t.Kind() != reflect.Struct {
			return
		}
		for f := range t.Fields() {
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case name == "-":
			case f.Anonymous && name == "":
				collect(f.Type)
			case name != "":
				names = append(names, name)
			case f.IsExported():
				names = append(names, f.Name)
			}
		}
	}
	collect(t)
	membersCache.Store(t, names)
	return names
}

var membersCache sync.Map // reflect.Type → []string

// jsonError turns an error of encoding/json into a *decodeError whose
// reason speaks JSON: which member, what was wanted, what came.
func jsonError(err error, members []string) error {
	var (
		syntax  *json.SyntaxError
		typeErr *json.UnmarshalTypeError
	)
	reason := "invalid JSON body"
	switch {
	case errors.Is(err, io.EOF):
		reason = "empty request body: send a JSON object"
	case errors.Is(err, io.ErrUnexpectedEOF):
		reason = "invalid JSON body: it ends inside its value"
	case errors.As(err, &syntax):
		reason = fmt.Sprintf("invalid JSON body at byte %d: %s", syntax.Offset, syntax.Error())
	case errors.As(err, &typeErr):
		where := "the body"
		for seg := range strings.SplitSeq(typeErr.Field, ".") {
			if contains(members, seg) {
				where = "member " + fmt.Sprintf("%q", seg)
			}
		}
		got, _, _ := strings.Cut(typeErr.Value, " ")
		reason = fmt.Sprintf("invalid JSON body: %s: want %s, got %s", where, jsonKind(typeErr.Type), article(got))
	}
	return &decodeError{status: http.StatusBadRequest, reason: reason, err: err}
}

// jsonKind names the JSON value a Go type decodes from.
func jsonKind(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	}
	return "an object"
}

// article puts "a" or "an" before a JSON kind as encoding/json names it
// (number, string, array, object, bool).
func article(kind string) string {
	switch kind {
	case "array", "object":
		return "an " + kind
	case "bool":
		return "a boolean"
	}
	return "a " + kind
}
