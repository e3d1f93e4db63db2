package api

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestPage(t *testing.T) {
	h, _ := newTestServer(t, &fakeService{}, Config{})
	tests := []struct {
		name, path, wantType string
		wantStatus           int
	}{
		{"page", "/", "text/html; charset=utf-8", 200},
		{"script", "/assets/app.js", "text/javascript; charset=utf-8", 200},
		{"stylesheet", "/assets/app.css", "text/css; charset=utf-8", 200},
		{"icon", "/assets/icon.svg", "image/svg+xml", 200},
		{"page under assets", "/assets/index.html", "application/problem+json", 404},
		{"unknown asset", "/assets/x.js", "application/problem+json", 404},
		{"no index path", "/index.html", "application/problem+json", 404},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tt.path, nil))
			if rec.Code != tt.wantStatus || rec.Header().Get("Content-Type") != tt.wantType {
				t.Fatalf("GET %s = %d %q, want %d %q", tt.path, rec.Code, rec.Header().Get("Content-Type"), tt.wantStatus, tt.wantType)
			}
			if tt.wantStatus != 200 {
				return
			}
			if csp := rec.Header().Get("Content-Security-Policy"); csp != pageCSP {
				t.Errorf("GET %s: Content-Security-Policy %q, want %q", tt.path, csp, pageCSP)
			}
			etag := rec.Header().Get("ETag")
			req := httptest.NewRequest(http.MethodGet, tt.path, nil)
			req.Header.Set("If-None-Match", etag)
			rec2 := httptest.NewRecorder()
			h.ServeHTTP(rec2, req)
			if rec2.Code != http.StatusNotModified || rec2.Body.Len() != 0 {
				t.Errorf("GET %s with If-None-Match %s = %d (%d bytes), want 304 and no body", tt.path, etag, rec2.Code, rec2.Body.Len())
			}
		})
	}
}

// TestPageIsSelfContained holds the page to its CSP: no inline script or
// style (which the policy would block), nothing loaded from elsewhere.
func TestPageIsSelfContained(t *testing.T) {
	forbidden := []struct {
		what string
		re   *regexp.Regexp
	}{
		{"inline script", regexp.MustCompile(`<script(?:\s[^>]*)?>\s*[^<\s]`)},
		{"script without src", regexp.MustCompile(`<script(?:\s(?:[^s>]|s[^r>])*)?>`)},
		{"style element", regexp.MustCompile(`<style`)},
		{"style attribute", regexp.MustCompile(`\sstyle=`)},
		{"inline event handler", regexp.MustCompile(`\son[a-z]+=`)},
		{"remote URL", regexp.MustCompile(`(?:src|href)="(?:https?:)?//`)},
		{"CSS import or remote url()", regexp.MustCompile(`@import|url\((?:["']?)(?:https?:)?//`)},
		{"eval", regexp.MustCompile(`\beval\(|new Function\(`)},
		{"style attribute set from script", regexp.MustCompile(`setAttribute\("style"|\.style\.|innerHTML`)},
	}
	for name, f := range webFiles {
		for _, fb := range forbidden {
			if loc := fb.re.FindIndex(f.body); loc != nil {
				t.Errorf("web/%s has %s: %q", name, fb.what, f.body[loc[0]:min(loc[1]+20, len(f.body))])
			}
		}
	}
	for _, asset := range []string{"app.js", "app.css", "icon.svg"} {
		if !strings.Contains(string(webFiles["index.html"].body), "/assets/"+asset) {
			t.Errorf("index.html does not load /assets/%s", asset)
		}
	}
}

// TestPageIsRateLimited holds the page and its assets to the clients'
// rate limit, like the API calls the page makes.
func TestPageIsRateLimited(t *testing.T) {
	h, _ := newTestServer(t, &fakeService{}, Config{RateLimit: 2, RateWindow: time.Hour})
	for i, path := range []string{"/", "/assets/app.js", "/assets/app.css"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		want := http.StatusOK
		if i >= 2 {
			want = http.StatusTooManyRequests
		}
		if rec.Code != want {
			t.Errorf("request %d, GET %s = %d, want %d", i+1, path, rec.Code, want)
		}
	}
}
