package api

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"
)

// TestStreamDecisionAgrees checks that withTimeout, withCost and
// withRateLimit follow the one stream decision of the request's context:
// a stream has no request deadline, is charged 1 up front and gets a
// charger; anything else has the deadline, is charged its count and gets
// no charger. The rows that set the decision by hand (without
// withStreamDecision) show that none of the three decides again from the
// query or the Accept header.
func TestStreamDecisionAgrees(t *testing.T) {
	tests := []struct {
		name     string
		method   string
		target   string
		accept   string
		decide   bool // run withStreamDecision
		preset   bool // the decision already in the context
		stream   bool // the three must treat it as a stream
		remained string
	}{
		{"ndjson", http.MethodGet, "/generate?level=easy&count=5", mediaNDJSON, true, false, true, "99"},
		{"json batch", http.MethodGet, "/generate?level=easy&count=5", mediaJSON, true, false, false, "95"},
		{"format overrides accept", http.MethodGet, "/generate?level=easy&count=5&format=json", mediaNDJSON, true, false, false, "95"},
		{"post", http.MethodPost, "/generate?count=5", mediaNDJSON, true, false, false, "95"},
		{"another path", http.MethodGet, "/daily?count=5", mediaNDJSON, true, false, false, "95"},
		{"decided stream, json accept", http.MethodGet, "/generate?level=easy&count=5", mediaJSON, false, true, true, "99"},
		{"undecided, ndjson accept", http.MethodGet, "/generate?level=easy&count=5", mediaNDJSON, false, false, false, "95"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var deadline, charger, reached bool
			var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				reached = true
				_, deadline = r.Context().Deadline()
				charger = chargeOf(r.Context()) != nil
			})
			h = withRateLimit(100, time.Minute)(h)
			h = withCost(h)
			h = withTimeout(time.Minute)(h)
			if tt.decide {
				h = withStreamDecision(h)
			}
			r := httptest.NewRequest(tt.method, tt.target, nil)
			r.Header.Set("Accept", tt.accept)
			if tt.preset {
				r = r.WithContext(context.WithValue(r.Context(), streamKey{}, true))
			}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			if !reached {
				t.Fatalf("the handler was not reached: %d %s", w.Code, w.Body)
			}
			if deadline == tt.stream {
				t.Errorf("withTimeout: deadline %t, want %t", deadline, !tt.stream)
			}
			if charger != tt.stream {
				t.Errorf("withRateLimit: charger %t, want %t", charger, tt.stream)
			}
			if got := w.Header().Get("X-RateLimit-Remaining"); got != tt.remained {
				t.Errorf("withCost: %s of 100 remain, want %s", got, tt.remained)
			}
		})
	}
}

// TestStreamDecisionMatchesHandler checks that the stream decision of the
// middleware (isStream) is the handler's: GET /generate streams exactly
// when generateParams negotiates application/x-ndjson.
func TestStreamDecisionMatchesHandler(t *testing.T) {
	prefersSVG := mediaSVG + ", " + mediaNDJSON + ";q=0.9"
	tests := []struct {
		name, target, accept string
	}{
		{"ndjson", "/generate?level=easy", mediaNDJSON},
		{"ndjson batch", "/generate?level=easy&count=5", mediaNDJSON},
		{"json", "/generate?level=easy&count=5", mediaJSON},
		{"svg first, one puzzle", "/generate?level=easy", prefersSVG},
		{"svg first, a batch", "/generate?level=easy&count=5", prefersSVG},
		{"pdf first, a batch", "/generate?level=easy&count=3", mediaPDF + ", " + mediaNDJSON + ";q=0.5"},
		{"format", "/generate?level=easy&count=5&format=json", mediaNDJSON},
		{"any", "/generate?level=easy&count=5", "*/*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, tt.target, nil)
			r.Header.Set("Accept", tt.accept)
			_, _, media, _, err := generateParams(r)
			if err != nil {
				t.Fatalf("generateParams: %v", err)
			}
			if got, want := isStream(r), media == mediaNDJSON; got != want {
				t.Errorf("isStream = %t, but the handler answers %s", got, media)
			}
		})
	}
}

// isStreamParsed is isStream as it was before its early return: the
// query parsed on every request, the oracle of TestIsStreamEarlyReturn.
func isStreamParsed(r *http.Request) bool {
	if r.URL.Path != "/generate" || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return false
	}
	q := r.URL.Query()
	if q.Has("format") {
		return false
	}
	count, err := strconv.Atoi(q.Get("count"))
	if err != nil {
		count = 1
	}
	return negotiate(r.Header.Get("Accept"), generateOffers(count)...) == mediaNDJSON
}

// TestIsStreamEarlyReturn checks that isStream, which decides from the
// Accept header before it parses the query, decides as isStreamParsed on
// every Accept header and query of the table, both ways.
func TestIsStreamEarlyReturn(t *testing.T) {
	accepts := []string{"", mediaJSON, mediaNDJSON, "*/*", "text/html,application/xhtml+xml,*/*;q=0.8",
		"application/json;q=0, image/svg+xml;q=0, application/pdf;q=0, */*", "application/json;q=0, */*",
		"APPLICATION/X-NDJSON", "application/x-ndjson;q=0.5, application/json;q=0.4", "application/*", "garbage"}
	targets := []string{"/generate", "/generate?level=easy", "/generate?level=easy&count=5", "/generate?count=1",
		"/generate?count=x", "/generate?count=5&format=json", "/generate?level=easy&fresh=true", "/daily?count=5"}
	streams := 0
	for _, accept := range accepts {
		for _, target := range targets {
			for _, method := range []string{http.MethodGet, http.MethodHead, http.MethodPost} {
				r := httptest.NewRequest(method, target, nil)
				if accept != "" {
					r.Header.Set("Accept", accept)
				}
				got, want := isStream(r), isStreamParsed(r)
				if got != want {
					t.Errorf("%s %s, Accept %q: isStream = %t, want %t", method, target, accept, got, want)
				}
				if got {
					streams++
				}
			}
		}
	}
	if streams == 0 {
		t.Error("no row streams: the table tests only one side")
	}
}
