package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"net/netip"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/go-chi/cors"
	"github.com/go-chi/httprate"
	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/service"
)

// RequestIDHeader carries the request ID: taken from the request when the
// client (or a proxy) sent a sane one, else made up, and always echoed in
// the response.
const RequestIDHeader = "X-Request-ID"

// maxRequestIDLen bounds an incoming request ID, which lands in every log
// line of the request: a UUID (36) or a trace ID (32) fits.
const maxRequestIDLen = 64

type requestIDKey struct{}

// RequestID returns the request ID stored in ctx by the server's
// middleware, or "".
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// requestLogger returns log with the request ID of ctx attached, for every
// line a handler logs.
func requestLogger(ctx context.Context, log *zap.Logger) *zap.Logger {
	if id := RequestID(ctx); id != "" {
		return log.With(zap.String("request_id", id))
	}
	return log
}

// withRequestID reads or makes the request ID, stores it in the context
// and echoes it in the response header.
func withRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get(RequestIDHeader)
		if !validRequestID(id) {
			id = newRequestID()
		}
		w.Header().Set(RequestIDHeader, id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey{}, id)))
	})
}

// validRequestID reports whether a client's request ID may be kept: 1 to
// maxRequestIDLen letters, digits and "-_.:", so that it is safe to echo
// in a header, a JSON body and a log line, and cannot pass for markup or
// break out of a quoted field. Any other is replaced by a made-up one.
func validRequestID(id string) bool {
	if id == "" || len(id) > maxRequestIDLen {
		return false
	}
	for i := range len(id) {
		switch c := id[i]; {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '-', c == '_', c == '.', c == ':':
		default:
			return false
		}
	}
	return true
}

func newRequestID() string {
	var b [12]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:])
}

// routeOther labels requests that matched no route, so unknown paths
// cannot blow up the metrics' cardinality.
const routeOther = "_other"

// withObserve writes one access log line per request (method, route
// pattern, status, bytes, duration, request ID, client: the API key's
// name or anonymous) and records the HTTP metrics, labelled by the chi
// route pattern, never the raw path.
func withObserve(log *zap.Logger, m *Metrics) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			client := &clientInfo{name: anonymous}
			next.ServeHTTP(ww, r.WithContext(context.WithValue(r.Context(), clientInfoKey{}, client)))
			d := time.Since(start)
			status := ww.Status()
			if status == 0 {
				status = http.StatusOK
			}
			route := routeOther
			if rc := chi.RouteContext(r.Context()); rc != nil && rc.RoutePattern() != "" {
				route = rc.RoutePattern()
			}
			m.observeHTTP(r.Method, route, client.name, status, d)
			if ce := log.Check(zap.InfoLevel, "request"); ce != nil {
				ce.Write(
					zap.String("request_id", RequestID(r.Context())),
					zap.String("method", r.Method),
					zap.String("route", route),
					zap.String("path", r.URL.Path),
					zap.Int("status", status),
					zap.Int("bytes", ww.BytesWritten()),
					zap.Duration("duration", d),
					zap.String("remote", r.RemoteAddr),
					zap.String("client", client.name),
				)
			}
		})
	}
}

// withRecover turns a panic into a logged error with its stack and a
// generic 500, so one bad request never takes the process down.
// http.ErrAbortHandler is re-panicked: it is net/http's way to abort.
func withRecover(log *zap.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				v := recover()
				if v == nil {
					return
				}
				if v == http.ErrAbortHandler {
					panic(v)
				}
				requestLogger(r.Context(), log).Error("panic serving request",
					zap.String("panic", fmt.Sprint(v)), zap.ByteString("stack", debug.Stack()))
				if r.Header.Get("Connection") != "Upgrade" {
					writeProblem(w, r, internalProblem())
				}
			}()
			next.ServeHTTP(w, r)
		})
	}
}

// withTimeout gives every request a deadline; the engine and service watch
// the context, and a request past it answers 504.
func withTimeout(d time.Duration) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if wantsStream(r) { // each puzzle of a stream has its own deadline
				next.ServeHTTP(w, r)
				return
			}
			ctx, cancel := context.WithTimeout(r.Context(), d)
			defer cancel()
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// withBodyLimit caps the request body at n bytes; reading past it fails
// with *http.MaxBytesError, which answers 413. The check is left to the
// handler's decode, after routing, so a 413 is counted under its route. A
// body whose Content-Length already exceeds n fails on its first read
// without touching the connection, so a client that sent
// "Expect: 100-continue" gets the 413 at once instead of "100 Continue"
// and an invitation to upload it.
func withBodyLimit(n int64) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.ContentLength > n {
				r.Body = &limitedBody{ReadCloser: tooLarge{limit: n, body: r.Body}, limit: n}
			} else {
				r.Body = &limitedBody{ReadCloser: http.MaxBytesReader(w, r.Body, n), limit: n}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// limitedBody is a request body capped at limit bytes, so that decode
// sizes its buffer once instead of doubling it past the cap.
type limitedBody struct {
	io.ReadCloser
	limit int64
}

// tooLarge is the body of a request whose Content-Length exceeds limit:
// every read fails with *http.MaxBytesError, and nothing is read from the
// connection.
type tooLarge struct {
	limit int64
	body  io.Closer
}

func (t tooLarge) Read([]byte) (int, error) { return 0, &http.MaxBytesError{Limit: t.limit} }
func (t tooLarge) Close() error             { return t.body.Close() }

// corsMaxAge is how long, in seconds, a browser may cache a preflight
// answer: 10 minutes spares a frontend an OPTIONS round trip before most
// calls, while a change of the allowed origins reaches browsers soon.
const corsMaxAge = 600

// withCORS lets browser frontends on the given origins call the API ("*"
// for any origin). A preflight is granted only for a method that routes
// has on the path; any other goes on to the router, which answers 404 or
// 405 without CORS headers, so the browser refuses the call.
func withCORS(origins []string, routes chi.Routes) func(http.Handler) http.Handler {
	c := cors.Handler(cors.Options{
		AllowedOrigins:   origins,
		AllowedMethods:   []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodOptions},
		AllowedHeaders:   []string{"Accept", "Accept-Encoding", "Content-Type", RequestIDHeader, "If-None-Match", "Authorization", APIKeyHeader},
		ExposedHeaders:   []string{RequestIDHeader, "ETag", "Retry-After", "WWW-Authenticate", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset"},
		AllowCredentials: false,
		MaxAge:           corsMaxAge,
	})
	return func(next http.Handler) http.Handler {
		withCORS := c(next)
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if m := r.Header.Get("Access-Control-Request-Method"); r.Method == http.MethodOptions && m != "" &&
				r.Header.Get("Origin") != "" && !routeMatches(routes, m, r.URL.Path) {
				next.ServeHTTP(w, r)
				return
			}
			withCORS.ServeHTTP(w, r)
		})
	}
}

type clientIPKey struct{}

// withClientIP resolves the client address the rate limiter keys on
// (clientIP, or with hops > 0 and no trusted proxies the deprecated
// hopsClientIP) and stores it in the request's context.
func withClientIP(trusted []netip.Prefix, hops int) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			var ip netip.Addr
			if len(trusted) == 0 && hops > 0 {
				ip = hopsClientIP(r, hops)
			} else {
				ip = clientIP(r, trusted)
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), clientIPKey{}, ip)))
		})
	}
}

// clientIP is the address of the client behind trusted proxies: the peer
// address, unless the peer is one of the trusted proxies; then
// X-Forwarded-For is read from the right, past every trusted proxy, and
// the first address that is not one is the client. An entry that does
// not parse ends the walk at the last trusted hop. Trust goes by address,
// not by a hop count: a client that is no trusted proxy cannot name
// another address, and one behind the proxies cannot either, since the
// proxies append what they saw to the right of what it sent.
func clientIP(r *http.Request, trusted []netip.Prefix) netip.Addr {
	peer, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return netip.Addr{}
	}
	ip := peer.Addr().Unmap()
	if !inPrefixes(trusted, ip) {
		return ip
	}
	entries := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(entries) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(entries[i]))
		if err != nil {
			break
		}
		ip = a.Unmap()
		if !inPrefixes(trusted, ip) {
			break
		}
	}
	return ip
}

// hopsClientIP is the address hops entries from the right of
// X-Forwarded-For, or the peer address when there is no such entry or it
// does not parse: the deprecated trust by hop count, which any client can
// fool by sending its own X-Forwarded-For when it reaches the service
// directly.
func hopsClientIP(r *http.Request, hops int) netip.Addr {
	entries := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	if i := len(entries) - hops; i >= 0 && r.Header.Get("X-Forwarded-For") != "" {
		if a, err := netip.ParseAddr(strings.TrimSpace(entries[i])); err == nil {
			return a.Unmap()
		}
	}
	return clientIP(r, nil)
}

func inPrefixes(prefixes []netip.Prefix, ip netip.Addr) bool {
	for _, p := range prefixes {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}

// rateLimitKey is the client address resolved by withClientIP, or the
// peer address as sent when it did not parse.
func rateLimitKey(r *http.Request) string {
	if ip, ok := r.Context().Value(clientIPKey{}).(netip.Addr); ok && ip.IsValid() {
		return httprate.CanonicalizeIP(ip.String())
	}
	return r.RemoteAddr
}

// withCost charges a request its number of puzzles against the rate
// limit: the count parameter of /generate when it is a valid batch size,
// else 1, so that a batch of 100 costs what 100 requests do. A stream is
// charged 1 here and then each puzzle as it is sent (see charger).
func withCost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !mayHold(r.URL.RawQuery, "count") {
			next.ServeHTTP(w, r)
			return
		}
		if vs := r.URL.Query()["count"]; len(vs) == 1 && !wantsStream(r) {
			if n, err := strconv.Atoi(vs[0]); err == nil && n > 1 && n <= service.MaxBatch {
				r = r.WithContext(httprate.WithIncrement(r.Context(), n))
			}
		}
		next.ServeHTTP(w, r)
	})
}

// withRateLimit allows each client a number of requests per window (a
// sliding window), answering 429 with Retry-After past that: a request
// with an API key counts against its key's own limit (none when the key's
// is 0), any other against anonymous, its client address's (none when 0).
func withRateLimit(anonymous int, window time.Duration) func(http.Handler) http.Handler {
	l := httprate.NewRateLimiter(max(anonymous, 1), window,
		httprate.WithLimitHandler(func(w http.ResponseWriter, r *http.Request) {
			retry, _ := strconv.Atoi(w.Header().Get("Retry-After"))
			writeProblem(w, r, Problem{Status: http.StatusTooManyRequests, Code: "rate-limited", Title: "Too many requests",
				Detail:     fmt.Sprintf("more than %s requests in %s from this client (a batch counts its puzzles)", w.Header().Get("X-RateLimit-Limit"), window),
				RetryAfter: max(retry, 1)})
		}),
	)
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			limit, bucket := anonymous, "ip:"+rateLimitKey(r)
			if k, ok := clientKey(r.Context()); ok {
				limit, bucket = k.RateLimit, "key:"+k.Name
			}
			if limit <= 0 {
				next.ServeHTTP(w, r)
				return
			}
			r = r.WithContext(httprate.WithRequestLimit(r.Context(), limit))
			if l.RespondOnLimit(w, r, bucket) {
				return
			}
			if wantsStream(r) { // a stream is charged per puzzle as it is sent
				c := &charger{every: min(max(window/time.Duration(limit), 10*time.Millisecond), time.Second)}
				c.take = func(n int) bool {
					return !l.OnLimit(headerSink{}, r.WithContext(httprate.WithIncrement(r.Context(), n)), bucket)
				}
				r = r.WithContext(context.WithValue(r.Context(), chargerKey{}, c))
			}
			next.ServeHTTP(w, r)
		})
	}
}

// charger charges the puzzles of a stream, one by one as they are sent,
// to the client's rate limit (see withRateLimit); a nil charger (no
// limit) charges nothing.
type charger struct {
	take  func(n int) bool // charges n when the limit allows it; false, charging nothing, when not
	every time.Duration    // the wait before asking again: about the time the window frees one
}

type chargerKey struct{}

// chargeOf returns the request's charger, nil when its client has no limit.
func chargeOf(ctx context.Context) *charger {
	c, _ := ctx.Value(chargerKey{}).(*charger)
	return c
}

// wait charges one puzzle, waiting while the client is over its limit:
// the limit paces a stream instead of cutting it. It returns ctx's error
// when ctx ends first.
func (c *charger) wait(ctx context.Context) error {
	if c == nil {
		return nil
	}
	for !c.take(1) {
		t := time.NewTimer(c.every)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
	}
	return nil
}

// headerSink is a ResponseWriter that keeps nothing: the rate limiter
// sets its headers on it when a stream charges a puzzle after its answer
// has started.
type headerSink struct{}

func (headerSink) Header() http.Header         { return http.Header{} }
func (headerSink) Write(b []byte) (int, error) { return len(b), nil }
func (headerSink) WriteHeader(int)             {}
