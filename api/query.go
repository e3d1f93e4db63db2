package api

import (
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"
)

// queryNames lists, by "METHOD pattern", the query parameters each API
// route takes, as openapi.yaml does (TestQueryNamesMatchOpenAPI holds the
// two together): a parameter not listed is refused with 400
// bad-parameter naming it, so a misspelt one (cuont=5) fails loudly
// instead of being ignored, as an unknown body member already does. A
// route of the API group missing here takes no query parameter at all.
// The page, its assets, /openapi.yaml and the probes are not checked: a
// browser's or a load balancer's cache-busting query must not break them.
var queryNames = map[string][]string{
	"GET /generate":      {"level", "seed", "symmetry", "count", "fresh", "solution", "format", "page", "width", "height", "title", "min_score", "max_score", "technique"},
	"GET /daily":         {"level", "date", "tz", "solution", "format", "page", "width", "height", "title"},
	"GET /daily/pack":    {"from", "to", "levels", "solution", "format", "page", "width", "height", "per_page", "title"},
	"GET /daily/archive": {"from", "to", "tz", "level", "limit", "after"},
	"POST /rate":         {"explain"},
}

// lenientQuery are the routes of the API group whose query is not checked
// (see queryNames).
var lenientQuery = []string{"GET /", "GET /assets/{name}", "GET /openapi.yaml"}

// withKnownQuery refuses a request whose query names a parameter its
// route does not take. It runs after routing, in the API group.
func withKnownQuery(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.RawQuery == "" {
			next.ServeHTTP(w, r)
			return
		}
		method := r.Method
		if method == http.MethodHead {
			method = http.MethodGet
		}
		route := method + " " + chi.RouteContext(r.Context()).RoutePattern()
		if slices.Contains(lenientQuery, route) {
			next.ServeHTTP(w, r)
			return
		}
		known := queryNames[route]
		unknown, ok := unknownQueryNames(r.URL.RawQuery, known)
		if !ok {
			next.ServeHTTP(w, r) // the handler's queryParams refuses it, with its own words
			return
		}
		if len(unknown) == 0 {
			next.ServeHTTP(w, r)
			return
		}
		reason := "unknown query parameter"
		if len(unknown) > 1 {
			reason += "s " + strings.Join(quoteAll(unknown), ", ")
		}
		if len(known) == 0 {
			reason += ": " + r.URL.Path + " takes no query parameters"
		} else {
			reason += ": " + r.URL.Path + " takes " + strings.Join(known, ", ")
		}
		writeProblem(w, r, problemFor(&paramError{name: unknown[0], reason: reason, allowed: known}))
	})
}

// plainQueryParts bounds the parts (name=value pairs) of a query that
// unknownQueryNames reads itself; a longer query goes through
// url.ParseQuery, whose own bound (Go's urlmaxqueryparams, 10,000 by
// default) then applies as it always did.
const plainQueryParts = 64

// unknownQueryNames returns the parameter names of rawQuery that known
// does not list, sorted and without repeats, and ok false when the query
// does not parse as url.ParseQuery reads it (the handler then refuses it
// in its own words). A plain query (no percent escape, plus or semicolon,
// at most plainQueryParts parts), which is nearly every query, is read in
// place: its names are its raw substrings, exactly what url.ParseQuery
// would make of them, without building the map of values (about ten
// allocations on every /generate). Any other goes through url.ParseQuery.
func unknownQueryNames(rawQuery string, known []string) (unknown []string, ok bool) {
	if strings.ContainsAny(rawQuery, "%+;") || strings.Count(rawQuery, "&") >= plainQueryParts {
		return unknownQueryNamesParsed(rawQuery, known)
	}
	for rest := rawQuery; rest != ""; {
		var part string
		part, rest, _ = strings.Cut(rest, "&")
		name, _, _ := strings.Cut(part, "=")
		if part != "" && !slices.Contains(known, name) {
			unknown = append(unknown, name)
		}
	}
	slices.Sort(unknown)
	return slices.Compact(unknown), true
}

// unknownQueryNamesParsed is unknownQueryNames through url.ParseQuery.
func unknownQueryNamesParsed(rawQuery string, known []string) (unknown []string, ok bool) {
	q, err := url.ParseQuery(rawQuery)
	if err != nil {
		return nil, false
	}
	for name := range q {
		if !slices.Contains(known, name) {
			unknown = append(unknown, name)
		}
	}
	slices.Sort(unknown)
	return unknown, true
}

func quoteAll(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[i] = strconv.Quote(v)
	}
	return out
}
