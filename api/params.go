package api

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
)

// params are a request's query parameters, read strictly: the query must
// parse, a parameter is given at most once and never empty, and keyword
// values (level, symmetry, format, booleans) are matched exactly, in the
// lower case openapi.yaml lists, like the body's algorithm.
type params url.Values

// queryParams parses r's query, refusing one that does not parse (a bad
// percent escape, a semicolon) rather than dropping its pieces as
// r.URL.Query does.
func queryParams(r *http.Request) (params, error) {
	q, err := url.ParseQuery(r.URL.RawQuery)
	if err != nil {
		return nil, &paramError{name: "query", reason: "the query string does not parse: use name=value pairs joined by & with valid percent escapes"}
	}
	return params(q), nil
}

// mayHold reports whether a raw query can hold the parameter name: false
// when the name is not in it and no percent escape could spell it. Readers
// of one optional parameter use it to skip parsing the whole query (a few
// allocations) when it is absent, as it mostly is.
func mayHold(rawQuery, name string) bool {
	return strings.Contains(rawQuery, name) || strings.IndexByte(rawQuery, '%') >= 0
}

// get returns the value of parameter name and whether it was given; a
// parameter given twice or empty is a *paramError.
func (p params) get(name string) (string, bool, error) {
	vs, ok := p[name]
	switch {
	case !ok:
		return "", false, nil
	case len(vs) > 1:
		return "", true, &paramError{name: name, reason: fmt.Sprintf("given %d times: give it once", len(vs))}
	case vs[0] == "":
		return "", true, &paramError{name: name, reason: "empty: give a value or leave the parameter out"}
	}
	return vs[0], true, nil
}

// boolean reads an optional boolean parameter: exactly true or false,
// false when absent.
func (p params) boolean(name string) (bool, error) {
	v, ok, err := p.get(name)
	if err != nil || !ok {
		return false, err
	}
	switch v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, &paramError{name: name, reason: strconv.Quote(v) + " is not a boolean: give true or false", allowed: []string{"true", "false"}}
}
