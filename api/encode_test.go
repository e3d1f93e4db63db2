package api

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

// TestDecodeErrors checks what decode makes of bodies that cannot be read
// or are not one JSON object, on the fast path's request types and off it.
func TestDecodeErrors(t *testing.T) {
	failing := func(err error) io.Reader {
		return io.MultiReader(strings.NewReader(`{"puzzle":"`), iotestErrReader{err})
	}
	for _, c := range []struct {
		name   string
		body   io.Reader
		status int    // 0: no error
		reason string // a part of the error's text
	}{
		{"fast path", strings.NewReader(`{"puzzle":"` + puzzleHard + `"}`), 0, ""},
		{"rows", strings.NewReader(`{"grid":[[1,2]]}`), 0, ""},
		{"empty", strings.NewReader(""), 400, "empty request body"},
		{"blank", strings.NewReader(" \n"), 400, "empty request body"},
		{"two values", strings.NewReader(`{"puzzle":"1"} {}`), 400, "more than one JSON value"},
		{"garbage after", strings.NewReader(`{"puzzle":"1"} x`), 400, "more than one JSON value"},
		{"unknown member", strings.NewReader(`{"puzle":"1"}`), 400, `unknown member "puzle"`},
		{"cut short", strings.NewReader(`{"puzzle":"1`), 400, "invalid JSON body"},
		{"client gone", failing(io.ErrUnexpectedEOF), 400, "could not be read"},
		{"too slow", failing(os.ErrDeadlineExceeded), 408, "read timeout"},
		{"too large", failing(&http.MaxBytesError{Limit: 8}), 413, "too large"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodPost, "/solve", c.body)
			var req solveRequest
			err := decode(r, &req)
			if c.status == 0 {
				if err != nil {
					t.Fatalf("decode = %v, want no error", err)
				}
				return
			}
			p := problemFor(err)
			if p.Status != c.status || !strings.Contains(err.Error()+" "+p.Detail, c.reason) {
				t.Fatalf("decode = %v → %d %q, want %d with %q", err, p.Status, p.Detail, c.status, c.reason)
			}
		})
	}
}

// iotestErrReader fails every read with its error.
type iotestErrReader struct{ err error }

func (r iotestErrReader) Read([]byte) (int, error) { return 0, r.err }
