package api

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/service"
)

var (
	fuzzOnce    sync.Once
	fuzzHandler http.Handler
)

// FuzzBodies sends arbitrary bodies and queries to the real service (no
// pool) and fails on any 5xx: bad input must never be a server error.
// Run longer with: go test -run '^$' -fuzz FuzzBodies -fuzztime 30s ./api
func FuzzBodies(f *testing.F) {
	for _, s := range []string{
		`{"puzzle":"` + puzzleHard + `"}`,
		`{"grid":` + rowsJSON(puzzleEasy) + `}`,
		`{"puzzle":"` + puzzleEasy + `","current":"` + puzzleEasy + `"}`,
		`{"puzzle":"` + puzzleEmpty81 + `","algorithm":"dfs"}`,
		`{"grid":[[1,2,3],[4]],"puzzle":null}`,
		`{"puzzle":"1\u00e9\n|-+"}`,
		`[]`, `null`, `{"puzzle":12}`, `{"grid":[[-1]]}`, `{"current":"x"}`,
		`{"PUZZLE":"x"}`, `{"puzzle":"a","puzzle":"b"}`, `{"grid":[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]}`, `{"puzzle":"\u0031"}`,
	} {
		for _, path := range []string{"/solve", "/rate?explain=true", "/hint"} {
			f.Add(path, s)
		}
	}
	f.Fuzz(func(t *testing.T, path, body string) {
		fuzzOnce.Do(func() {
			svc := service.New(service.Config{}, service.Deps{})
			fuzzHandler = NewServer(zap.NewNop(), newTestMetrics(), svc, Config{})
		})
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		req, err := http.NewRequest(http.MethodPost, "http://x"+path, strings.NewReader(body))
		if err != nil {
			return // not a request a client could send
		}
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		fuzzHandler.ServeHTTP(rec, req)
		if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable && rec.Code != http.StatusGatewayTimeout {
			t.Fatalf("POST %s %q = %d %s", path, body, rec.Code, rec.Body)
		}
	})
}
