package api

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// TestQueryNamesMatchOpenAPI holds queryNames to openapi.yaml: every
// checked operation takes exactly the query parameters the spec lists.
func TestQueryNamesMatchOpenAPI(t *testing.T) {
	doc := loadSpec(t)
	for path, item := range doc.Paths.Map() {
		if len(item.Servers) > 0 {
			continue // the admin listener's
		}
		for method, op := range item.Operations() {
			route := strings.ToUpper(method) + " " + path
			if slices.Contains(lenientQuery, route) || path == "/healthz" || path == "/readyz" {
				continue
			}
			var spec []string
			for _, ps := range []openapi3.Parameters{item.Parameters, op.Parameters} {
				for _, p := range ps {
					if p.Value != nil && p.Value.In == openapi3.ParameterInQuery {
						spec = append(spec, p.Value.Name)
					}
				}
			}
			code := slices.Clone(queryNames[route])
			slices.Sort(spec)
			slices.Sort(code)
			if !slices.Equal(spec, code) {
				t.Errorf("%s: openapi.yaml lists query parameters %q, queryNames %q", route, spec, code)
			}
		}
	}
	for route := range queryNames {
		method, path, _ := strings.Cut(route, " ")
		if item := doc.Paths.Value(path); item == nil || item.GetOperation(method) == nil {
			t.Errorf("queryNames has %s, which openapi.yaml does not describe", route)
		}
	}
}

// TestUnknownQueryParameter: a misspelt or unknown parameter is a 400
// naming it on every API route; the page and the probes take any query.
func TestUnknownQueryParameter(t *testing.T) {
	h, _ := newTestServer(t, &fakeService{ready: true}, Config{RateLimit: 0})
	tests := []struct {
		name, method, target, body string
		wantStatus                 int
		wantParam                  string
	}{
		{"misspelt count", "GET", "/generate?level=easy&cuont=5", "", 400, "cuont"},
		{"two unknown", "GET", "/generate?level=easy&zz=1&aa=2", "", 400, "aa"},
		{"daily typo", "GET", "/daily?level=easy&dat=2026-01-01", "", 400, "dat"},
		{"archive typo", "GET", "/daily/archive?limt=5", "", 400, "limt"},
		{"solve takes none", "POST", "/solve?algoritm=dfs", `{"puzzle":"` + strings.Repeat(".", 81) + `"}`, 400, "algoritm"},
		{"rate typo", "POST", "/rate?explian=true", `{"puzzle":"` + strings.Repeat(".", 81) + `"}`, 400, "explian"},
		{"known ones pass", "GET", "/generate?level=easy&count=2&fresh=false", "", 200, ""},
		{"page cache-buster", "GET", "/?v=3", "", 200, ""},
		{"probe with a query", "GET", "/healthz?from=lb", "", 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, p := serve(h, tt.method, tt.target, tt.body, nil)
			if tt.wantStatus == http.StatusOK {
				if rec.Code == http.StatusBadRequest && p.Code == "bad-parameter" {
					t.Errorf("%s %s = 400 %s, want no parameter refused", tt.method, tt.target, p.Detail)
				}
				return
			}
			if rec.Code != tt.wantStatus || p.Parameter != tt.wantParam || p.Code != "bad-parameter" || !strings.Contains(p.Detail, tt.wantParam) {
				t.Errorf("%s %s = %d %+v, want %d bad-parameter naming %q", tt.method, tt.target, rec.Code, p, tt.wantStatus, tt.wantParam)
			}
		})
	}
}

func TestMayHold(t *testing.T) {
	for _, c := range []struct {
		raw, name string
		want      bool
	}{
		{"level=medium&fresh=true", "solution", false},
		{"level=medium&solution=false", "solution", true},
		{"level=medium&sol%75tion=false", "solution", true}, // an escape may spell it
		{"", "count", false},
		{"count=3", "count", true},
	} {
		if got := mayHold(c.raw, c.name); got != c.want {
			t.Errorf("mayHold(%q, %q) = %v, want %v", c.raw, c.name, got, c.want)
		}
	}
	// What mayHold guards: solution=false spelt with an escape still
	// leaves the solution out.
	r := httptest.NewRequest("GET", "/generate?level=easy&sol%75tion=false", nil)
	if with, err := solutionParam(r); err != nil || with {
		t.Errorf("solutionParam(sol%%75tion=false) = %v, %v, want false, nil", with, err)
	}
}

// TestUnknownQueryNames checks the plain-query reader against what
// url.ParseQuery makes of the same queries (unknownQueryNamesParsed), and
// against the names it must find.
func TestUnknownQueryNames(t *testing.T) {
	known := queryNames["GET /generate"]
	tests := []struct {
		name, raw string
		want      []string
		ok        bool
	}{
		{"known only", "level=medium&fresh=true", nil, true},
		{"one unknown", "level=medium&cuont=5", []string{"cuont"}, true},
		{"sorted, once each", "zz=1&level=easy&aa&zz=2&aa=3", []string{"aa", "zz"}, true},
		{"empty parts", "&&level=easy&", nil, true},
		{"empty name", "=x&level=easy", []string{""}, true},
		{"name without value", "fresh&solution", nil, true},
		{"escaped unknown", "lev%65l=easy&c%6Funt=2&x%2By=1", []string{"x+y"}, true},
		{"plus in a name", "a+b=1", []string{"a b"}, true},
		{"semicolon", "level=easy;fresh=true", nil, false},
		{"bad escape in a value", "level=%zz&cuont=1", nil, false},
		{"bad escape in a name", "le%vel=easy", nil, false},
		{"many parts", strings.Repeat("level=easy&", plainQueryParts) + "x=1", []string{"x"}, true},
	}
	for _, tt := range tests {
		got, ok := unknownQueryNames(tt.raw, known)
		if ok != tt.ok || !slices.Equal(got, tt.want) {
			t.Errorf("%s: unknownQueryNames(%q) = %q, %v, want %q, %v", tt.name, tt.raw, got, ok, tt.want, tt.ok)
		}
		pgot, pok := unknownQueryNamesParsed(tt.raw, known)
		if pok != ok || !slices.Equal(pgot, got) {
			t.Errorf("%s: unknownQueryNamesParsed(%q) = %q, %v, unknownQueryNames %q, %v", tt.name, tt.raw, pgot, pok, got, ok)
		}
	}
}

// FuzzUnknownQueryNames holds the plain-query reader to url.ParseQuery's
// reading on any query.
func FuzzUnknownQueryNames(f *testing.F) {
	for _, s := range []string{"level=medium&fresh=true", "a=1&a=2&b", "&&=&", "x%41=1", "a;b", "level=%zz"} {
		f.Add(s)
	}
	known := queryNames["GET /generate"]
	f.Fuzz(func(t *testing.T, raw string) {
		got, ok := unknownQueryNames(raw, known)
		want, wok := unknownQueryNamesParsed(raw, known)
		if ok != wok || !slices.Equal(got, want) {
			t.Errorf("unknownQueryNames(%q) = %q, %v, url.ParseQuery's reading %q, %v", raw, got, ok, want, wok)
		}
	})
}
