package api

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
)

// gzipMinBytes is the smallest body worth compressing: below about a
// kilobyte gzip's header and the CPU spent outweigh the bytes saved.
const gzipMinBytes = 1024

var (
	bufPool  = sync.Pool{New: func() any { return new(bytes.Buffer) }}
	gzipPool = sync.Pool{New: func() any { w, _ := gzip.NewWriterLevel(io.Discard, gzip.BestSpeed); return w }}
)

// encode writes v as JSON with the given status and content type
// ("application/json" when empty).
func encode(w http.ResponseWriter, r *http.Request, status int, contentType string, v any) {
	buf := bufPool.Get().(*bytes.Buffer)
	defer func() { buf.Reset(); bufPool.Put(buf) }()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		// Only a programming error (an unencodable value) lands here.
		http.Error(w, "encoding response: "+err.Error(), http.StatusInternalServerError)
		return
	}
	if contentType == "" {
		contentType = "application/json"
	}
	writeBody(w, r, status, contentType, buf.Bytes())
}

// writeBody writes body with the given status and content type, gzipped
// when it is at least gzipMinBytes long and the client accepts gzip.
func writeBody(w http.ResponseWriter, r *http.Request, status int, contentType string, body []byte) {
	h := w.Header()
	h.Set("Content-Type", contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	if len(body) >= gzipMinBytes && acceptsGzip(r) {
		h.Add("Vary", "Accept-Encoding")
		h.Set("Content-Encoding", "gzip")
		h.Del("Content-Length")
		w.WriteHeader(status)
		if r.Method == http.MethodHead {
			return
		}
		zw := gzipPool.Get().(*gzip.Writer)
		zw.Reset(w)
		_, _ = zw.Write(body) // a write error means the client is gone
		_ = zw.Close()
		gzipPool.Put(zw)
		return
	}
	if len(body) >= gzipMinBytes {
		h.Add("Vary", "Accept-Encoding")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

// acceptsGzip reports whether the request's Accept-Encoding allows gzip:
// listed, or covered by "*", and not with q=0 (an explicit gzip entry wins
// over "*").
func acceptsGzip(r *http.Request) bool {
	gzip, star := -1, -1 // -1 absent, 0 refused, 1 accepted
	for part := range strings.SplitSeq(r.Header.Get("Accept-Encoding"), ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.TrimSpace(name)
		ok := 1
		for param := range strings.SplitSeq(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(param), "=")
			if q, err := strconv.ParseFloat(strings.TrimSpace(v), 64); k == "q" && err == nil && q == 0 {
				ok = 0
			}
		}
		switch {
		case strings.EqualFold(name, "gzip"):
			gzip = ok
		case name == "*":
			star = ok
		}
	}
	if gzip >= 0 {
		return gzip == 1
	}
	return star == 1
}

// decode reads the request body, which must be one JSON object of
// application/json (no Content-Type at all is taken as JSON; the only
// parameter allowed is charset=utf-8) without a Content-Encoding, into v.
// Members are matched exactly (case included); unknown or repeated
// members are refused, so a misspelt "puzzle" is an error, not a silent
// default. The body size is limited by the server's middleware; exceeding
// it yields *http.MaxBytesError. A request type that implements
// stringMembers takes the usual body, a flat object of plain strings,
// without encoding/json's reflection (scanStringObject); any other body
// goes through decodeJSON, which applies the same rules.
func decode(r *http.Request, v any) error {
	if err := checkBodyHeaders(r.Header); err != nil {
		return err
	}
	buf := bufPool.Get().(*bytes.Buffer)
	defer func() { buf.Reset(); bufPool.Put(buf) }()
	// One allocation of the size the body can have, plus the room
	// ReadFrom wants free before each read: doubling would take up to
	// twice the body limit per request, and a slow body holds it for the
	// read timeout.
	if lb, ok := r.Body.(*limitedBody); ok {
		size := lb.limit + 1
		if r.ContentLength >= 0 {
			size = min(size, r.ContentLength)
		}
		buf.Grow(int(size) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(r.Body); err != nil {
		var maxBytes *http.MaxBytesError
		if errors.As(err, &maxBytes) {
			return maxBytes
		}
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return &decodeError{status: http.StatusRequestTimeout, reason: "the request body did not arrive within the server's read timeout", err: err}
		}
		return &decodeError{status: http.StatusBadRequest, reason: "the request body could not be read", err: err}
	}
	if m, ok := v.(stringMembers); ok && scanStringObject(buf.Bytes(), m) {
		return nil
	}
	return decodeJSON(buf.Bytes(), v)
}

// checkBodyHeaders refuses, with 415, a body in another media type than
// application/json or with a content coding other than identity.
func checkBodyHeaders(h http.Header) error {
	for _, v := range h.Values("Content-Encoding") {
		for coding := range strings.SplitSeq(v, ",") {
			if c := strings.TrimSpace(coding); c != "" && !strings.EqualFold(c, "identity") {
				return &decodeError{status: http.StatusUnsupportedMediaType, acceptIdentity: true,
					reason: "Content-Encoding " + strconv.Quote(c) + " is not supported: send the body uncompressed"}
			}
		}
	}
	cts := h.Values("Content-Type")
	if len(cts) == 0 {
		return nil
	}
	refuse := func(why string) error {
		return &decodeError{status: http.StatusUnsupportedMediaType, reason: "content type " + strconv.Quote(strings.Join(cts, ", ")) + " is not supported: " + why}
	}
	if len(cts) > 1 {
		return refuse("give one Content-Type, application/json")
	}
	mt, params, err := mime.ParseMediaType(cts[0])
	if err != nil || mt != "application/json" {
		return refuse("send application/json")
	}
	for k, v := range params {
		if k != "charset" || !strings.EqualFold(v, "utf-8") {
			return refuse("application/json takes no parameter but charset=utf-8")
		}
	}
	return nil
}
