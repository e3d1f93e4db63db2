package api

import (
	"bytes"
	"compress/gzip"
	"context"
	encjson "encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	sudoku "github.com/sudokuhq/sudoku"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/apikey"
	"github.com/sudokuhq/sudoku/service"
	"github.com/sudokuhq/sudoku/store"
)

// loadSpec parses and validates openapi.yaml.
func loadSpec(t *testing.T) *openapi3.T {
	t.Helper()
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(sudoku.OpenAPI)
	if err != nil {
		t.Fatalf("loading openapi.yaml: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("openapi.yaml is not a valid OpenAPI document: %v", err)
	}
	return doc
}

// contract sends requests to a real listener serving the real router and
// checks each request and response against openapi.yaml.
type contract struct {
	t      *testing.T
	base   string
	router routers.Router
}

func newContract(t *testing.T, h http.Handler) *contract {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	doc := loadSpec(t)
	doc.Servers = openapi3.Servers{{URL: srv.URL}}
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatal(err)
	}
	for _, ct := range []string{"image/svg+xml", "application/pdf", "text/html", "text/css", "text/javascript"} {
		openapi3filter.RegisterBodyDecoder(ct, openapi3filter.FileBodyDecoder)
	}
	return &contract{t: t, base: srv.URL, router: router}
}

// exchange is one request of a contract test.
type exchange struct {
	name   string
	method string
	path   string // with query
	ctype  string
	body   string
	header map[string]string
	// invalidRequest marks a request that breaks the spec on purpose (to
	// provoke an error); its response is still checked.
	invalidRequest bool
	// specRejects marks an invalidRequest that openapi.yaml itself must
	// refuse, so that the schema (not only prose) states the rule.
	specRejects bool
	wantStatus  int
}

// do sends x and validates both sides; it returns the response and body.
func (c *contract) do(x exchange) (*http.Response, []byte) {
	t := c.t
	t.Helper()
	req, err := http.NewRequest(x.method, c.base+x.path, strings.NewReader(x.body))
	if err != nil {
		t.Fatal(err)
	}
	if x.ctype != "" {
		req.Header.Set("Content-Type", x.ctype)
	}
	for k, v := range x.header {
		req.Header.Set(k, v)
	}
	route, params, err := c.router.FindRoute(req)
	if err != nil {
		t.Fatalf("%s: %s %s is not in openapi.yaml: %v", x.name, x.method, x.path, err)
	}
	in := &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{AuthenticationFunc: openapi3filter.NoopAuthenticationFunc}}
	switch err := openapi3filter.ValidateRequest(context.Background(), in); {
	case err != nil && !x.invalidRequest:
		t.Errorf("%s: request does not match openapi.yaml: %v", x.name, err)
	case err == nil && x.specRejects:
		t.Errorf("%s: openapi.yaml accepts the request, want its schema to refuse it", x.name)
	}
	req.Body = io.NopCloser(strings.NewReader(x.body)) // ValidateRequest read it
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", x.name, err)
	}
	defer resp.Body.Close()
	var rd io.Reader = resp.Body
	if resp.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(resp.Body)
		if err != nil {
			t.Fatalf("%s: gzip: %v", x.name, err)
		}
		rd = zr
		resp.Header.Del("Content-Encoding")
	}
	body, err := io.ReadAll(rd)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != x.wantStatus {
		t.Errorf("%s: %s %s = %d %s, want %d", x.name, x.method, x.path, resp.StatusCode, clip(body), x.wantStatus)
	}
	in.Request.Body = io.NopCloser(strings.NewReader(x.body))
	out := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: in,
		Status:                 resp.StatusCode,
		Header:                 resp.Header,
		Body:                   io.NopCloser(bytes.NewReader(body)),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), out); err != nil {
		t.Errorf("%s: response %d %s does not match openapi.yaml: %v", x.name, resp.StatusCode, clip(body), err)
	}
	return resp, body
}

const (
	puzzleHard    = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	solutionHard  = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
	puzzleEasy    = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
	solutionEasy  = "483921657967345821251876493548132976729564138136798245372689514814253769695417382"
	puzzleEmpty81 = "................................................................................."
)

func TestContract(t *testing.T) {
	pool := generate.NewPool(generate.PoolConfig{Options: generate.Options{Rater: rating.DefaultRater()}, Workers: 1, BufferSize: 2})
	t.Cleanup(pool.Close)
	for deadline := time.Now().Add(time.Minute); !pool.Ready(); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("pool not ready within a minute")
		}
	}
	svc := service.New(service.Config{}, service.Deps{Pool: pool, Store: store.NewMemory()})
	ring, secrets := testKeys(t, map[string][]apikey.Scope{"editor": {apikey.Publish, apikey.DailyAhead}, "plain": nil}, nil)
	h, _ := newTestServer(t, svc, Config{RateLimit: 0, MaxBodyBytes: 16 << 10, Keys: ring})
	editor := map[string]string{"Authorization": "Bearer " + secrets["editor"]}
	plain := map[string]string{"X-API-Key": secrets["plain"]}
	c := newContract(t, h)
	json := "application/json"
	tests := []exchange{
		{name: "healthz", method: "GET", path: "/healthz", wantStatus: 200},
		{name: "readyz", method: "GET", path: "/readyz", wantStatus: 200},
		{name: "openapi", method: "GET", path: "/openapi.yaml", wantStatus: 200},
		{name: "openapi gzip", method: "GET", path: "/openapi.yaml", header: map[string]string{"Accept-Encoding": "gzip"}, wantStatus: 200},

		{name: "page", method: "GET", path: "/", wantStatus: 200},
		{name: "page gzip", method: "GET", path: "/", header: map[string]string{"Accept-Encoding": "gzip"}, wantStatus: 200},
		{name: "page script", method: "GET", path: "/assets/app.js", wantStatus: 200},
		{name: "page stylesheet", method: "GET", path: "/assets/app.css", wantStatus: 200},
		{name: "page icon", method: "GET", path: "/assets/icon.svg", wantStatus: 200},
		{name: "page no such asset", method: "GET", path: "/assets/index.html", invalidRequest: true, specRejects: true, wantStatus: 404},

		{name: "generate", method: "GET", path: "/generate?level=easy", wantStatus: 200},
		{name: "generate seeded symmetric", method: "GET", path: "/generate?level=medium&seed=7&symmetry=rotational", wantStatus: 200},
		{name: "generate fresh", method: "GET", path: "/generate?level=hard&fresh=true", wantStatus: 200},
		{name: "generate batch", method: "GET", path: "/generate?level=evil&count=5", wantStatus: 200},
		{name: "generate largest seed", method: "GET", path: "/generate?level=easy&seed=18446744073709551615", wantStatus: 200},
		{name: "generate seed past uint64", method: "GET", path: "/generate?level=easy&seed=18446744073709551616", wantStatus: 400},
		{name: "generate negative seed", method: "GET", path: "/generate?level=easy&seed=-1", invalidRequest: true, specRejects: true, wantStatus: 400},
		{name: "generate svg", method: "GET", path: "/generate?level=easy&format=svg", wantStatus: 200},
		{name: "generate accept svg", method: "GET", path: "/generate?level=easy", header: map[string]string{"Accept": "image/svg+xml"}, wantStatus: 200},
		{name: "generate no level", method: "GET", path: "/generate", invalidRequest: true, wantStatus: 400},
		{name: "generate bad level", method: "GET", path: "/generate?level=expert", invalidRequest: true, wantStatus: 400},
		{name: "generate bad count", method: "GET", path: "/generate?level=easy&count=101", invalidRequest: true, wantStatus: 400},
		{name: "generate svg batch", method: "GET", path: "/generate?level=easy&count=2&format=svg", wantStatus: 400},
		{name: "generate not acceptable", method: "GET", path: "/generate?level=easy", header: map[string]string{"Accept": "text/html"}, wantStatus: 406},
		{name: "generate svg refused", method: "GET", path: "/generate?level=easy&count=2", header: map[string]string{"Accept": "image/svg+xml"}, wantStatus: 406},
		{name: "generate repeated level", method: "GET", path: "/generate?level=easy&level=evil", wantStatus: 400},
		{name: "daily not acceptable", method: "GET", path: "/daily?level=easy", header: map[string]string{"Accept": "text/html"}, wantStatus: 406},
		{name: "solve not acceptable", method: "POST", path: "/solve", ctype: json, body: `{"puzzle":"` + puzzleHard + `"}`, header: map[string]string{"Accept": "text/html"}, wantStatus: 406},
		{name: "solve gzip body", method: "POST", path: "/solve", ctype: json, body: `{"puzzle":"` + puzzleHard + `"}`, header: map[string]string{"Content-Encoding": "gzip"}, invalidRequest: true, wantStatus: 415},
		{name: "daily", method: "GET", path: "/daily?level=hard&date=2026-01-31", wantStatus: 200},
		{name: "daily today", method: "GET", path: "/daily?level=easy", wantStatus: 200},
		{name: "daily svg", method: "GET", path: "/daily?level=easy&format=svg", wantStatus: 200},
		{name: "daily bad date", method: "GET", path: "/daily?level=easy&date=2026-02-30", wantStatus: 400},
		{name: "daily out of range", method: "GET", path: "/daily?level=easy&date=1999-12-31", wantStatus: 400},

		{name: "solve", method: "POST", path: "/solve", ctype: json, body: `{"puzzle":"` + puzzleHard + `"}`, wantStatus: 200},
		{name: "solve rows", method: "POST", path: "/solve", ctype: json, body: `{"grid":` + rowsJSON(puzzleHard) + `}`, wantStatus: 200},
		{name: "solve many", method: "POST", path: "/solve", ctype: json, body: `{"puzzle":"` + puzzleEmpty81 + `"}`, wantStatus: 200},
		{name: "solve no solution", method: "POST", path: "/solve", ctype: json, body: `{"puzzle":"` + puzzleNoSol + `"}`, wantStatus: 422},
		{name: "solve conflict", method: "POST", path: "/solve", ctype: json, body: `{"puzzle":"44` + puzzleHard[2:] + `"}`, wantStatus: 422},
		{name: "solve bad char", method: "POST", path: "/solve", ctype: json, body: `{"puzzle":"x` + puzzleHard[1:] + `"}`, wantStatus: 422},
		{name: "solve short", method: "POST", path: "/solve", ctype: json, body: `{"puzzle":"1"}`, wantStatus: 422},
		{name: "solve 8 rows", method: "POST", path: "/solve", ctype: json, body: `{"grid":[[1],[2],[3],[4],[5],[6],[7],[8]]}`, invalidRequest: true, wantStatus: 422},
		{name: "solve bad value", method: "POST", path: "/solve", ctype: json, body: `{"grid":` + strings.Replace(rowsJSON(puzzleHard), "4", "14", 1) + `}`, invalidRequest: true, wantStatus: 422},
		{name: "solve text too long", method: "POST", path: "/solve", ctype: json, body: `{"puzzle":"` + puzzleHard + strings.Repeat(" ", 4096) + `"}`, invalidRequest: true, wantStatus: 400},
		{name: "solve unknown algorithm", method: "POST", path: "/solve", ctype: json, body: `{"puzzle":"` + puzzleHard + `","algorithm":"magic"}`, invalidRequest: true, wantStatus: 400},
		{name: "solve malformed", method: "POST", path: "/solve", ctype: json, body: `{"puzzle":`, invalidRequest: true, wantStatus: 400},
		{name: "solve unknown member", method: "POST", path: "/solve", ctype: json, body: `{"puzle":"1"}`, invalidRequest: true, wantStatus: 400},
		{name: "solve form", method: "POST", path: "/solve", ctype: "application/x-www-form-urlencoded", body: `puzzle=1`, invalidRequest: true, wantStatus: 415},
		{name: "solve too large", method: "POST", path: "/solve", ctype: json, body: `{"puzzle":"` + strings.Repeat(" ", 20000) + `"}`, invalidRequest: true, wantStatus: 413},

		{name: "rate", method: "POST", path: "/rate", ctype: json, body: `{"puzzle":"` + puzzleEasy + `"}`, wantStatus: 200},
		{name: "rate hard explain", method: "POST", path: "/rate?explain=true", ctype: json, body: `{"puzzle":"` + puzzleHard + `"}`, wantStatus: 200},
		{name: "rate rows", method: "POST", path: "/rate", ctype: json, body: `{"grid":` + rowsJSON(puzzleEasy) + `}`, wantStatus: 200},
		{name: "rate solved", method: "POST", path: "/rate", ctype: json, body: `{"puzzle":"` + solutionEasy + `"}`, wantStatus: 200},
		{name: "rate multiple", method: "POST", path: "/rate", ctype: json, body: `{"puzzle":"` + puzzleEmpty81 + `"}`, wantStatus: 422},
		{name: "rate no solution", method: "POST", path: "/rate", ctype: json, body: `{"puzzle":"` + puzzleNoSol + `"}`, wantStatus: 422},
		{name: "rate conflict", method: "POST", path: "/rate", ctype: json, body: `{"puzzle":"44` + puzzleHard[2:] + `"}`, wantStatus: 422},
		{name: "rate bad explain", method: "POST", path: "/rate?explain=maybe", ctype: json, body: `{"puzzle":"` + puzzleEasy + `"}`, invalidRequest: true, wantStatus: 400},
		{name: "rate puzzle and grid", method: "POST", path: "/rate", ctype: json, body: `{"puzzle":"` + puzzleEasy + `","grid":` + rowsJSON(puzzleEasy) + `}`, invalidRequest: true, specRejects: true, wantStatus: 400},
		{name: "rate neither puzzle nor grid", method: "POST", path: "/rate", ctype: json, body: `{}`, invalidRequest: true, specRejects: true, wantStatus: 400},
		{name: "rate malformed", method: "POST", path: "/rate", ctype: json, body: `[`, invalidRequest: true, wantStatus: 400},
		{name: "rate form", method: "POST", path: "/rate", ctype: "text/plain", body: puzzleEasy, invalidRequest: true, wantStatus: 415},

		{name: "hint step", method: "POST", path: "/hint", ctype: json, body: `{"puzzle":"` + puzzleEasy + `","current":"` + puzzleEasy + `"}`, wantStatus: 200},
		{name: "hint mistake", method: "POST", path: "/hint", ctype: json, body: `{"puzzle":"` + puzzleEasy + `","current":"5` + puzzleEasy[1:] + `"}`, wantStatus: 200},
		{name: "hint solved", method: "POST", path: "/hint", ctype: json, body: `{"puzzle":"` + puzzleEasy + `","current":"` + solutionEasy + `"}`, wantStatus: 200},
		{name: "hint bad current", method: "POST", path: "/hint", ctype: json, body: `{"puzzle":"` + puzzleEasy + `","current":"12"}`, wantStatus: 422},
		{name: "hint conflicting current", method: "POST", path: "/hint", ctype: json, body: `{"puzzle":"` + puzzleEasy + `","current":"33` + puzzleEasy[2:] + `"}`, wantStatus: 200},
		{name: "hint missing current", method: "POST", path: "/hint", ctype: json, body: `{"puzzle":"` + puzzleEasy + `"}`, invalidRequest: true, wantStatus: 400},
		{name: "hint current too long", method: "POST", path: "/hint", ctype: json, body: `{"puzzle":"` + puzzleEasy + `","current":"` + puzzleEasy + strings.Repeat(" ", 4096) + `"}`, invalidRequest: true, wantStatus: 400},
		{name: "check partial right", method: "POST", path: "/check", ctype: json, body: `{"puzzle":"` + puzzleEasy + `","current":"4` + puzzleEasy[1:] + `"}`, wantStatus: 200},
		{name: "check wrong", method: "POST", path: "/check", ctype: json, body: `{"puzzle":"` + puzzleEasy + `","current":"5` + puzzleEasy[1:] + `"}`, wantStatus: 200},
		{name: "check solved", method: "POST", path: "/check", ctype: json, body: `{"puzzle":"` + puzzleEasy + `","current":"` + solutionEasy + `"}`, wantStatus: 200},
		{name: "check missing current", method: "POST", path: "/check", ctype: json, body: `{"puzzle":"` + puzzleEasy + `"}`, invalidRequest: true, wantStatus: 400},
		{name: "check multiple", method: "POST", path: "/check", ctype: json, body: `{"puzzle":"` + puzzleEmpty81 + `","current":"` + puzzleEmpty81 + `"}`, wantStatus: 422},
		{name: "check conflict", method: "POST", path: "/check", ctype: json, body: `{"puzzle":"44` + puzzleHard[2:] + `","current":"` + puzzleEmpty81 + `"}`, wantStatus: 422},
		{name: "generate no solution", method: "GET", path: "/generate?level=easy&solution=false", wantStatus: 200},
		{name: "daily no solution", method: "GET", path: "/daily?level=easy&date=2026-01-31&solution=false", wantStatus: 200},
		{name: "generate bad solution", method: "GET", path: "/generate?level=easy&solution=maybe", invalidRequest: true, wantStatus: 400},
		{name: "schedule", method: "POST", path: "/daily/schedule", ctype: json, header: editor, body: `{"from":"2099-01-01","to":"2099-01-02","levels":["easy"]}`, wantStatus: 200},
		{name: "schedule again", method: "POST", path: "/daily/schedule", ctype: json, header: editor, body: `{"from":"2099-01-01","to":"2099-01-02","levels":["easy"]}`, wantStatus: 200},
		{name: "schedule anonymous", method: "POST", path: "/daily/schedule", ctype: json, body: `{"from":"2099-01-01","to":"2099-01-02"}`, wantStatus: 401},
		{name: "schedule without scope", method: "POST", path: "/daily/schedule", ctype: json, header: plain, body: `{"from":"2099-01-01","to":"2099-01-02"}`, wantStatus: 403},
		{name: "schedule too long", method: "POST", path: "/daily/schedule", ctype: json, header: editor, body: `{"from":"2099-01-01","to":"2099-03-01"}`, wantStatus: 400},
		{name: "schedule backwards", method: "POST", path: "/daily/schedule", ctype: json, header: editor, body: `{"from":"2099-01-05","to":"2099-01-01"}`, wantStatus: 400},
		{name: "schedule bad date", method: "POST", path: "/daily/schedule", ctype: json, header: editor, body: `{"from":"2099-02-30","to":"2099-03-01"}`, invalidRequest: true, wantStatus: 400},
		{name: "schedule missing to", method: "POST", path: "/daily/schedule", ctype: json, header: editor, body: `{"from":"2099-01-01"}`, invalidRequest: true, wantStatus: 400},
		{name: "schedule bad level", method: "POST", path: "/daily/schedule", ctype: json, header: editor, body: `{"from":"2099-01-01","to":"2099-01-01","levels":["expert"]}`, invalidRequest: true, wantStatus: 400},
		{name: "schedule unknown member", method: "POST", path: "/daily/schedule", ctype: json, header: editor, body: `{"from":"2099-01-01","to":"2099-01-01","level":"easy"}`, invalidRequest: true, wantStatus: 400},
		{name: "daily ahead", method: "GET", path: "/daily?level=easy&date=2099-01-01", header: editor, wantStatus: 200},
		{name: "daily ahead anonymous", method: "GET", path: "/daily?level=easy&date=2099-01-01", wantStatus: 401},
		{name: "daily ahead without scope", method: "GET", path: "/daily?level=easy&date=2099-01-01", header: plain, wantStatus: 403},
		{name: "daily bad key", method: "GET", path: "/daily?level=easy", header: map[string]string{"Authorization": "Bearer nope"}, wantStatus: 401},
		{name: "put new", method: "PUT", path: "/daily/2099-02-01/easy", ctype: json, header: editor, body: `{"puzzle":"` + puzzleEasy + `"}`, wantStatus: 201},
		{name: "put replace", method: "PUT", path: "/daily/2099-01-01/easy", ctype: json, header: editor, body: `{"puzzle":"` + puzzleEasy + `"}`, wantStatus: 200},
		{name: "put rows", method: "PUT", path: "/daily/2099-02-02/easy", ctype: json, header: editor, body: `{"grid":` + rowsJSON(puzzleEasy) + `}`, wantStatus: 201},
		{name: "put wrong level", method: "PUT", path: "/daily/2099-02-03/evil", ctype: json, header: editor, body: `{"puzzle":"` + puzzleEasy + `"}`, wantStatus: 400},
		{name: "put forced level", method: "PUT", path: "/daily/2099-02-03/evil", ctype: json, header: editor, body: `{"puzzle":"` + puzzleEasy + `","force":true}`, wantStatus: 201},
		{name: "put conflict", method: "PUT", path: "/daily/2099-02-04/easy", ctype: json, header: editor, body: `{"puzzle":"44` + puzzleHard[2:] + `"}`, wantStatus: 422},
		{name: "put no solution", method: "PUT", path: "/daily/2099-02-04/easy", ctype: json, header: editor, body: `{"puzzle":"` + puzzleNoSol + `"}`, wantStatus: 422},
		{name: "put two solutions", method: "PUT", path: "/daily/2099-02-04/easy", ctype: json, header: editor, body: `{"puzzle":"` + puzzleEmpty81 + `"}`, wantStatus: 422},
		{name: "put bad date", method: "PUT", path: "/daily/2099-13-01/easy", ctype: json, header: editor, body: `{"puzzle":"` + puzzleEasy + `"}`, invalidRequest: true, wantStatus: 400},
		{name: "put bad level", method: "PUT", path: "/daily/2099-01-01/expert", ctype: json, header: editor, body: `{"puzzle":"` + puzzleEasy + `"}`, invalidRequest: true, wantStatus: 400},
		{name: "put over public", method: "PUT", path: "/daily/2026-01-31/hard", ctype: json, header: editor, body: `{"puzzle":"` + puzzleEasy + `","force":true}`, wantStatus: 409},
		{name: "put anonymous", method: "PUT", path: "/daily/2099-02-01/easy", ctype: json, body: `{"puzzle":"` + puzzleEasy + `"}`, wantStatus: 401},
		{name: "archive", method: "GET", path: "/daily/archive?from=2099-01-01&to=2099-12-31", header: editor, wantStatus: 200},
		{name: "archive page", method: "GET", path: "/daily/archive?level=easy&limit=1&after=2099-01-01.easy", header: editor, wantStatus: 200},
		{name: "archive bad limit", method: "GET", path: "/daily/archive?limit=1000", header: editor, invalidRequest: true, wantStatus: 400},
		{name: "archive bad cursor", method: "GET", path: "/daily/archive?after=yesterday", header: editor, invalidRequest: true, wantStatus: 400},
		{name: "archive backwards", method: "GET", path: "/daily/archive?from=2099-01-02&to=2099-01-01", header: editor, wantStatus: 400},
		{name: "archive anonymous", method: "GET", path: "/daily/archive", wantStatus: 401},
		{name: "generate pdf", method: "GET", path: "/generate?level=easy&format=pdf", wantStatus: 200},
		{name: "generate accept pdf", method: "GET", path: "/generate?level=easy", header: map[string]string{"Accept": "application/pdf"}, wantStatus: 200},
		{name: "generate pdf key in a column", method: "GET", path: "/generate?level=easy&format=pdf&width=50mm&solution=true&title=false", wantStatus: 200},
		{name: "generate pdf width without unit", method: "GET", path: "/generate?level=easy&format=pdf&width=50", invalidRequest: true, specRejects: true, wantStatus: 400},
		{name: "generate pdf too narrow", method: "GET", path: "/generate?level=easy&format=pdf&width=10mm", wantStatus: 400},
		{name: "generate pdf narrowest page, grid too small", method: "GET", path: "/generate?level=easy&format=pdf&width=1in", wantStatus: 400},
		{name: "generate pdf narrowest grid", method: "GET", path: "/generate?level=easy&format=pdf&width=1.2in", wantStatus: 200},
		{name: "generate pdf batch", method: "GET", path: "/generate?level=easy&format=pdf&count=2", wantStatus: 400},
		{name: "generate svg sized", method: "GET", path: "/generate?level=easy&format=svg&width=50mm", wantStatus: 400},
		{name: "generate svg key", method: "GET", path: "/generate?level=easy&format=svg&solution=true", wantStatus: 200},
		{name: "daily pdf", method: "GET", path: "/daily?level=hard&date=2026-01-31&format=pdf&page=letter", wantStatus: 200},
		{name: "daily pdf key sized", method: "GET", path: "/daily?level=hard&date=2026-01-31&format=pdf&width=3in&height=4in&solution=true", wantStatus: 200},
		{name: "daily pdf page and width", method: "GET", path: "/daily?level=hard&date=2026-01-31&format=pdf&page=a4&width=50mm", wantStatus: 400},
		{name: "daily pdf bad page", method: "GET", path: "/daily?level=hard&date=2026-01-31&format=pdf&page=b5", invalidRequest: true, specRejects: true, wantStatus: 400},
		{name: "daily pdf per page", method: "GET", path: "/daily?level=hard&date=2026-01-31&format=pdf&per_page=2", invalidRequest: true, wantStatus: 400},
		{name: "daily svg key", method: "GET", path: "/daily?level=hard&date=2026-01-31&format=svg&solution=true", wantStatus: 200},
		{name: "daily pdf ahead anonymous", method: "GET", path: "/daily?level=easy&date=2099-01-01&format=pdf", wantStatus: 401},
		{name: "pack", method: "GET", path: "/daily/pack?from=2026-01-01&to=2026-01-03&levels=easy", wantStatus: 200},
		{name: "pack letter six a page no keys", method: "GET", path: "/daily/pack?from=2026-01-01&to=2026-01-03&levels=easy&format=pdf&page=letter&per_page=6&solution=false", wantStatus: 200},
		{name: "pack sized", method: "GET", path: "/daily/pack?from=2026-01-01&to=2026-01-02&levels=easy&width=100mm&height=200mm&per_page=2&title=false", wantStatus: 200},
		{name: "pack ahead", method: "GET", path: "/daily/pack?from=2099-01-01&to=2099-01-02&levels=easy", header: editor, wantStatus: 200},
		{name: "pack ahead anonymous", method: "GET", path: "/daily/pack?from=2099-01-01&to=2099-01-02&levels=easy", wantStatus: 401},
		{name: "pack ahead without scope", method: "GET", path: "/daily/pack?from=2099-01-01&to=2099-01-02&levels=easy", header: plain, wantStatus: 403},
		{name: "pack too long", method: "GET", path: "/daily/pack?from=2026-01-01&to=2026-03-01&levels=easy", header: editor, wantStatus: 400},
		{name: "pack of two weeks", method: "GET", path: "/daily/pack?from=2026-01-01&to=2026-01-14&levels=easy&per_page=12&solution=false", header: editor, wantStatus: 200},
		{name: "pack of two weeks anonymous", method: "GET", path: "/daily/pack?from=2026-01-01&to=2026-01-14&levels=easy", wantStatus: 401},
		{name: "pack of two weeks without scope", method: "GET", path: "/daily/pack?from=2026-01-01&to=2026-01-14&levels=easy", header: plain, wantStatus: 403},
		{name: "pack backwards", method: "GET", path: "/daily/pack?from=2026-01-05&to=2026-01-01", wantStatus: 400},
		{name: "pack no from", method: "GET", path: "/daily/pack?to=2026-01-01", invalidRequest: true, specRejects: true, wantStatus: 400},
		{name: "pack json", method: "GET", path: "/daily/pack?from=2026-01-01&format=json", invalidRequest: true, specRejects: true, wantStatus: 400},
		{name: "pack bad level", method: "GET", path: "/daily/pack?from=2026-01-01&levels=easy,expert", invalidRequest: true, specRejects: true, wantStatus: 400},
		{name: "pack too many a page", method: "GET", path: "/daily/pack?from=2026-01-01&per_page=13", invalidRequest: true, specRejects: true, wantStatus: 400},
		{name: "pack page too small", method: "GET", path: "/daily/pack?from=2026-01-01&levels=easy&width=2in&height=2in&per_page=4", wantStatus: 400},
		{name: "pack width without height", method: "GET", path: "/daily/pack?from=2026-01-01&levels=easy&width=100mm", wantStatus: 400},
		{name: "pack not acceptable", method: "GET", path: "/daily/pack?from=2026-01-01&levels=easy", header: map[string]string{"Accept": "application/json"}, wantStatus: 406},
		{name: "hint multiple", method: "POST", path: "/hint", ctype: json, body: `{"puzzle":"` + puzzleEmpty81 + `","current":"` + puzzleEmpty81 + `"}`, wantStatus: 422},
	}
	for _, x := range tests {
		c.do(x)
	}
	// The receipt flow: a served puzzle's token, a solved /check with it,
	// the receipt verified; refused tokens and receipts.
	_, body := c.do(exchange{name: "generate with token", method: "GET", path: "/generate?level=easy", wantStatus: 200})
	var served struct{ Puzzle, Solution, Token string }
	if err := encjson.Unmarshal(body, &served); err != nil || served.Token == "" {
		t.Fatalf("GET /generate = %s: want a token", body)
	}
	_, body = c.do(exchange{name: "check with token", method: "POST", path: "/check", ctype: json,
		body: `{"puzzle":"` + served.Puzzle + `","current":"` + served.Solution + `","token":"` + served.Token + `"}`, wantStatus: 200})
	var checked struct{ Receipt string }
	if err := encjson.Unmarshal(body, &checked); err != nil || checked.Receipt == "" {
		t.Fatalf("POST /check with a token = %s: want a receipt", body)
	}
	for _, x := range []exchange{
		{name: "check with a bad token", method: "POST", path: "/check", ctype: json, invalidRequest: true,
			body: `{"puzzle":"` + served.Puzzle + `","current":"` + served.Solution + `","token":"st1.x.y"}`, wantStatus: 400},
		{name: "check with another puzzle's token", method: "POST", path: "/check", ctype: json,
			body: `{"puzzle":"` + puzzleEasy + `","current":"` + solutionEasy + `","token":"` + served.Token + `"}`, wantStatus: 400},
		{name: "verify receipt", method: "POST", path: "/receipts/verify", ctype: json, body: `{"receipt":"` + checked.Receipt + `","puzzle":"` + served.Puzzle + `"}`, wantStatus: 200},
		{name: "verify receipt rows", method: "POST", path: "/receipts/verify", ctype: json, body: `{"receipt":"` + checked.Receipt + `","grid":` + rowsJSON(served.Puzzle) + `}`, wantStatus: 200},
		{name: "verify a forged receipt", method: "POST", path: "/receipts/verify", ctype: json, body: `{"receipt":"sr1.e30.AAAA"}`, wantStatus: 200},
		{name: "verify no receipt", method: "POST", path: "/receipts/verify", ctype: json, body: `{}`, invalidRequest: true, wantStatus: 400},
		{name: "verify unknown member", method: "POST", path: "/receipts/verify", ctype: json, body: `{"receipt":"x","extra":1}`, invalidRequest: true, wantStatus: 400},
	} {
		c.do(x)
	}

	resp, _ := c.do(exchange{name: "daily etag", method: "GET", path: "/daily?level=medium&date=2026-03-01", wantStatus: 200})
	c.do(exchange{name: "daily not modified", method: "GET", path: "/daily?level=medium&date=2026-03-01",
		header: map[string]string{"If-None-Match": resp.Header.Get("ETag")}, wantStatus: 304})
}

// puzzleNoSol has no solution: r1c9 can only hold 9, which r2c9 holds.
var puzzleNoSol = "12345678." + "........9" + strings.Repeat(".", 63)

// rowsJSON writes an 81-character puzzle as JSON rows.
func rowsJSON(p string) string {
	var b strings.Builder
	b.WriteByte('[')
	for r := range 9 {
		if r > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('[')
		for c := range 9 {
			if c > 0 {
				b.WriteByte(',')
			}
			ch := p[9*r+c]
			if ch == '.' {
				ch = '0'
			}
			b.WriteByte(ch)
		}
		b.WriteByte(']')
	}
	b.WriteByte(']')
	return b.String()
}

// clip shortens a body for a failure message.
func clip(b []byte) string {
	if len(b) > 400 {
		return string(b[:400]) + "..."
	}
	return string(b)
}
