package api

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"io/fs"
	"net/http"
	"path"
	"strconv"

	"github.com/go-chi/chi/v5"
)

// webFS holds the page served at / and its assets: plain HTML, CSS and
// JavaScript, no build step and nothing fetched from elsewhere.
//
//go:embed web
var webFS embed.FS

// pageCSP is the Content-Security-Policy of the page and its assets: only
// this origin's scripts, styles, images and API, no inline code, no
// framing. The page's requests are ordinary API requests (connect-src
// 'self').
const pageCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
	"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// webFile is one embedded file with what its answers carry.
type webFile struct {
	body  []byte
	ctype string
	etag  string
}

// webFiles maps the file names under web/ to their content; it is read
// once, since the files are compiled in.
var webFiles = func() map[string]webFile {
	types := map[string]string{
		".html": "text/html; charset=utf-8",
		".css":  "text/css; charset=utf-8",
		".js":   "text/javascript; charset=utf-8",
		".svg":  "image/svg+xml",
	}
	files := map[string]webFile{}
	entries, err := fs.ReadDir(webFS, "web")
	if err != nil {
		panic("api: embedded web folder: " + err.Error()) // compiled in: cannot happen
	}
	for _, e := range entries {
		body, err := webFS.ReadFile("web/" + e.Name())
		if err != nil {
			panic("api: embedded web file: " + err.Error())
		}
		sum := sha256.Sum256(body)
		files[e.Name()] = webFile{body: body, ctype: types[path.Ext(e.Name())],
			etag: "W/" + strconv.Quote(hex.EncodeToString(sum[:8]))}
	}
	return files
}()

// handlePage serves GET / (the page) and GET /assets/{name} (its script,
// stylesheet and icon). Answers carry a weak ETag (the gzipped and the
// identity body share it) and must be revalidated, so a new release shows
// at once; a matching If-None-Match gets a 304.
func handlePage() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := "index.html"
		if n := chi.URLParam(r, "name"); n != "" {
			name = n
		}
		f, ok := webFiles[name]
		if !ok || name == "index.html" && r.URL.Path != "/" {
			writeProblem(w, r, Problem{Status: http.StatusNotFound, Code: "not-found", Title: "Not found",
				Detail: "no asset " + strconv.Quote(name) + "; see /openapi.yaml"})
			return
		}
		h := w.Header()
		h.Set("Content-Security-Policy", pageCSP)
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cache-Control", "no-cache")
		h.Set("ETag", f.etag)
		if etagMatch(r.Header.Get("If-None-Match"), f.etag) {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		writeBody(w, r, http.StatusOK, f.ctype, f.body)
	})
}
