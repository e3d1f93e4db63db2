package api

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func TestMethodsAllowAndOptions(t *testing.T) {
	h, _ := newTestServer(t, &fakeService{}, Config{CORSOrigins: []string{"*"}})
	tests := []struct {
		name       string
		method     string
		path       string
		header     map[string]string
		wantStatus int
		wantAllow  string
		wantCORS   bool
	}{
		{"unknown method, unknown path", "FOO", "/nope", nil, 404, "", false},
		{"unknown method, known path", "FOO", "/generate", nil, 405, "GET, HEAD, OPTIONS", false},
		{"POST on a GET route", "POST", "/healthz", nil, 405, "GET, HEAD, OPTIONS", false},
		{"GET on a POST route", "GET", "/solve", nil, 405, "POST, OPTIONS", false},
		{"OPTIONS without Origin", "OPTIONS", "/generate", nil, 204, "GET, HEAD, OPTIONS", false},
		{"OPTIONS on a POST route", "OPTIONS", "/solve", nil, 204, "POST, OPTIONS", false},
		{"OPTIONS on an unknown path", "OPTIONS", "/nope", nil, 404, "", false},
		{"preflight on an unknown path", "OPTIONS", "/nope",
			map[string]string{"Origin": "https://a.example", "Access-Control-Request-Method": "GET"}, 404, "", false},
		{"preflight for a method the route lacks", "OPTIONS", "/solve",
			map[string]string{"Origin": "https://a.example", "Access-Control-Request-Method": "GET"}, 405, "POST, OPTIONS", false},
		{"preflight granted", "OPTIONS", "/solve",
			map[string]string{"Origin": "https://a.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type"}, 200, "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, p := serve(h, tt.method, tt.path, "", tt.header)
			if rec.Code != tt.wantStatus || rec.Header().Get("Allow") != tt.wantAllow {
				t.Errorf("%s %s = %d Allow %q (%s), want %d Allow %q", tt.method, tt.path, rec.Code, rec.Header().Get("Allow"), rec.Body, tt.wantStatus, tt.wantAllow)
			}
			if cors := rec.Header().Get("Access-Control-Allow-Origin") != ""; cors != tt.wantCORS {
				t.Errorf("%s %s: Access-Control-Allow-Origin %q, want granted %v", tt.method, tt.path, rec.Header().Get("Access-Control-Allow-Origin"), tt.wantCORS)
			}
			if rec.Code >= 400 && (p.Status != rec.Code || rec.Header().Get("Content-Type") != "application/problem+json") {
				t.Errorf("%s %s = %d %q, want a problem", tt.method, tt.path, rec.Code, rec.Body)
			}
		})
	}
}

// TestExpectContinueTooLarge checks that a request announcing a body over
// the limit with Expect: 100-continue gets its 413 at once, not an
// invitation to upload it.
func TestExpectContinueTooLarge(t *testing.T) {
	h, _ := newTestServer(t, &fakeService{}, Config{})
	ts := httptest.NewServer(h)
	defer ts.Close()
	c, err := net.Dial("tcp", strings.TrimPrefix(ts.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, "POST /solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\nExpect: 100-continue\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusRequestEntityTooLarge || resp.Header.Get("Content-Type") != "application/problem+json" {
		t.Errorf("Expect: 100-continue with Content-Length 10000000 = %d %s, want 413 problem at once", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}
