package api

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/service"
)

// mediaNDJSON is the media type of a stream of puzzles: one JSON object a
// line (newline-delimited JSON).
const mediaNDJSON = "application/x-ndjson"

// streamer is the use-case behind a streamed GET /generate.
type streamer interface {
	GenerateStream(ctx context.Context, req service.GenerateRequest, emit func(generate.Puzzle) error) error
}

// streamWriteTimeout is how long one line of a stream may take: the
// generation of the next puzzle (at most service.DefaultGenerateTimeout)
// and its write to the client. The server's write deadline counts from
// the start of the request; a stream moves it forward before each puzzle,
// so that a stream lasts as long as it keeps producing, and a client
// that stops reading is cut after this long.
const streamWriteTimeout = 30 * time.Second

// streamEndJSON is the last line of a stream that made every puzzle.
type streamEndJSON struct {
	Kind  string `json:"kind"` // "end"
	Count int    `json:"count"`
	// NextSeed is, for a seeded stream, the seed that continues it.
	NextSeed string `json:"next_seed,omitempty"`
}

// streamErrorJSON is the last line of a stream that failed after its
// first puzzle (before it, the answer is a plain problem+json).
type streamErrorJSON struct {
	Kind    string  `json:"kind"` // "error"
	Count   int     `json:"count"`
	Problem Problem `json:"problem"`
}

// isStream reports whether r asks GET /generate for a stream: its Accept
// header prefers application/x-ndjson among the media its count offers
// (generateOffers, as the handler negotiates) and no format parameter
// overrides it. The middleware that bounds a request's time and charges
// a batch up front leaves such a request to streamPuzzles, which charges
// per puzzle and bounds each puzzle's time.
func isStream(r *http.Request) bool {
	if r.URL.Path != "/generate" || (r.Method != http.MethodGet && r.Method != http.MethodHead) {
		return false
	}
	// A stream needs NDJSON to win the negotiation for one puzzle or for
	// a batch: when it wins for neither (no Accept header, JSON, a
	// browser's), the query, parsed below in a few allocations, cannot
	// change the answer.
	accept := r.Header.Get("Accept")
	if negotiate(accept, offersOne...) != mediaNDJSON && negotiate(accept, offersBatch...) != mediaNDJSON {
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
	return negotiate(accept, generateOffers(count)...) == mediaNDJSON
}

// The media GET /generate answers one puzzle in, and a batch in (see
// generateOffers): shared, never modified.
var (
	offersOne   = []string{mediaJSON, mediaSVG, mediaPDF, mediaNDJSON}
	offersBatch = []string{mediaJSON, mediaNDJSON}
)

// generateOffers returns the media GET /generate answers a count of
// puzzles in: SVG and PDF draw one puzzle only. The slice is shared:
// callers must not modify it.
func generateOffers(count int) []string {
	if count > 1 {
		return offersBatch
	}
	return offersOne
}

// streamKey is the context key of the request's stream decision.
type streamKey struct{}

// withStreamDecision decides once per request whether it asks for a
// stream (isStream, which parses the query) and keeps the answer in its
// context for the middleware after it (withTimeout, withCost,
// withRateLimit), which read it with wantsStream, so that they never
// disagree. NewServer runs it before them.
func withStreamDecision(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isStream(r) {
			r = r.WithContext(context.WithValue(r.Context(), streamKey{}, true))
		}
		next.ServeHTTP(w, r)
	})
}

// wantsStream returns the decision withStreamDecision made for r: false
// when it did not run.
func wantsStream(r *http.Request) bool {
	v, _ := r.Context().Value(streamKey{}).(bool)
	return v
}

// streamPuzzles answers a GET /generate that asked for a stream: the
// service's GenerateStream, one puzzle a line as soon as it is made,
// flushed at once, then a line {"kind":"end"} (or {"kind":"error"} with
// the problem, when it failed midway; a stream cut without either line
// was cut by the network or a server stop, and a seeded stream resumes at
// the seed after its last puzzle). An error before the first puzzle
// (refused admission, bad input) is a plain problem+json answer with its
// status. Each puzzle is charged to the client's rate limit as it is
// sent; past the limit the stream waits for the window to allow more, so
// the key's limit paces it. The stream ends when the client goes away
// (the request's context). Memory is one line whatever the count.
func streamPuzzles(w http.ResponseWriter, r *http.Request, s interface {
	streamer
	tokenIssuer
}, log *zap.Logger, req service.GenerateRequest, withSolution bool) {
	ctx := r.Context()
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
	charge := chargeOf(ctx)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	n := 0
	// out is the body: gzipped when the client accepts it (a bank of a
	// million lines is about 300 MB as text), flushed after every line
	// either way, so that each puzzle reaches the client as it is made.
	var out io.Writer = w
	var zw *gzip.Writer
	if acceptsGzip(r) {
		zw = gzipPool.Get().(*gzip.Writer)
		zw.Reset(w)
		defer func() {
			if n > 0 {
				_ = zw.Close()
			}
			gzipPool.Put(zw)
		}()
		out = zw
	}
	line := func(v any) error {
		buf.Reset()
		_ = enc.Encode(v) // the line types always encode
		if _, err := out.Write(buf.Bytes()); err != nil {
			return err
		}
		if zw != nil {
			if err := zw.Flush(); err != nil {
				return err
			}
		}
		_ = rc.SetWriteDeadline(time.Now().Add(streamWriteTimeout))
		return rc.Flush()
	}
	err := s.GenerateStream(ctx, req, func(p generate.Puzzle) error {
		if err := charge.wait(ctx); err != nil {
			return err
		}
		if n == 0 {
			h := w.Header()
			h.Set("Content-Type", mediaNDJSON)
			h.Set("Cache-Control", "no-store")
			h.Set("X-Content-Type-Options", "nosniff")
			h.Add("Vary", "Accept-Encoding")
			if zw != nil {
				h.Set("Content-Encoding", "gzip")
			}
			w.WriteHeader(http.StatusOK)
		}
		n++
		j := newPuzzleJSON(p, withSolution)
		j.Token = s.Token(p, service.SourceGenerate, "", withSolution)
		return line(j)
	})
	switch {
	case n == 0 && err != nil:
		writeError(w, r, log, err)
	case err == nil:
		end := streamEndJSON{Kind: "end", Count: n}
		if req.Seed != nil && *req.Seed <= ^uint64(0)-uint64(n) {
			end.NextSeed = strconv.FormatUint(*req.Seed+uint64(n), 10)
		}
		_ = line(end)
	case ctx.Err() != nil:
		// The client went away (or the server stops): nobody reads a last line.
	default:
		p := problemFor(err)
		if p.Status == http.StatusInternalServerError {
			requestLogger(ctx, log).Error("stream failed", zap.Error(err), zap.Int("sent", n))
		}
		p.Type = ProblemTypeBase + p.Code
		p.Instance = r.URL.Path
		p.RequestID = RequestID(ctx)
		_ = line(streamErrorJSON{Kind: "error", Count: n, Problem: p})
	}
}
