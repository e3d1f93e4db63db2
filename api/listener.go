package api

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
)

// NewListener wraps ln for the server's http.Server in two ways.
//
// At most maxConns connections are open at once: Accept waits for one to
// close, and clients beyond the cap wait in the kernel's accept queue,
// where they cost the process no memory. A connection costs about 20 KB
// (buffers, goroutine) and up to the largest body more while a request
// is read, so the cap bounds the memory connections can take whatever
// clients do (docs/service.md, "Connections"). maxConns <= 0 means no cap.
//
// Requests net/http refuses before any handler sees them (a header block
// over http.Server.MaxHeaderBytes, a malformed header line, a missing
// Host, a repeated Content-Length, an unknown Transfer-Encoding) are
// answered by net/http itself with a text/plain body, and no hook sees
// them. The listener's connections recognise that answer, which net/http
// writes in one Write straight to the connection, and replace it with the
// same status as application/problem+json, logged and counted like any
// other request (route "_other").
//
// Its Stop ends it without resetting the clients queued in the kernel
// beyond the cap (see Listener.Stop); Close resets them.
func NewListener(ln net.Listener, log *zap.Logger, m *Metrics, maxConns int) *Listener {
	l := &Listener{Listener: ln, log: log, m: m, open: m.conns, done: make(chan struct{}),
		stopping: make(chan struct{}), shedSlots: make(chan struct{}, maxShedding)}
	if maxConns > 0 {
		l.slots = make(chan struct{}, maxConns)
	}
	return l
}

// Stop's bounds. A client queued in the kernel sent its request when its
// connection was established, so once the load balancers stopped sending
// (the drain delay), the queue empties within milliseconds: stopQuiet
// without a new connection ends the stop, and stopLimit bounds it against
// clients that keep connecting. A refused client's request head is read
// for at most shedTimeout (it is already in the socket buffer), and at
// most maxShedding refusals are written at once, so refusing costs a few
// megabytes at most whatever the queue holds.
const (
	stopQuiet   = 50 * time.Millisecond
	stopLimit   = 2 * time.Second
	shedTimeout = time.Second
	maxShedding = 64
	// maxShedHeader bounds the request head read before a refusal.
	maxShedHeader = 16 << 10
)

// Listener is the listener NewListener returns.
type Listener struct {
	net.Listener
	log   *zap.Logger
	m     *Metrics
	open  prometheus.Gauge // the open connections
	slots chan struct{}    // one per open connection; nil: no cap
	done  chan struct{}    // closed by Close: wakes an Accept waiting for a slot
	once  sync.Once

	stopping  chan struct{} // closed by Stop
	stopOnce  sync.Once
	stopEnd   time.Time      // written before stopping is closed
	shedSlots chan struct{}  // one per refusal being written
	shed      sync.WaitGroup // the refusals being written
}

// Accept waits for a free slot, then for a connection. Once Stop was
// called it also takes connections when no slot is free, and answers them
// 503 itself; it closes the listener when the kernel's queue is empty.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		slot, err := l.wait()
		if err != nil {
			return nil, err
		}
		c, err := l.accept()
		if err != nil {
			if slot {
				l.release()
			}
			return nil, err
		}
		if !slot {
			l.refuseStopping(c)
			continue
		}
		l.open.Inc()
		return &conn{Conn: c, l: l}, nil
	}
}

// wait takes a free slot (true); once Stop was called and none is free,
// it returns false at once: the next connection is refused.
func (l *Listener) wait() (slot bool, err error) {
	if l.slots == nil {
		return true, nil
	}
	select {
	case l.slots <- struct{}{}:
		return true, nil
	default:
	}
	select {
	case l.slots <- struct{}{}:
		return true, nil
	case <-l.stopping:
		return false, nil
	case <-l.done:
		return false, net.ErrClosed
	}
}

// stopped reports whether Stop was called.
func (l *Listener) stopped() bool {
	select {
	case <-l.stopping:
		return true
	default:
		return false
	}
}

// deadliner is a listener whose Accept can time out (*net.TCPListener,
// *net.UnixListener).
type deadliner interface{ SetDeadline(time.Time) error }

// accept accepts the next connection. Once stopped, it waits at most
// stopQuiet for one (and never past stopEnd); when none comes, the queue
// is empty, and it closes the listener.
func (l *Listener) accept() (net.Conn, error) {
	stopped := l.stopped()
	if stopped {
		_ = l.Listener.(deadliner).SetDeadline(minTime(time.Now().Add(stopQuiet), l.stopEnd))
	}
	c, err := l.Listener.Accept()
	if err == nil {
		return c, nil
	}
	var ne net.Error
	if (stopped || l.stopped()) && errors.As(err, &ne) && ne.Timeout() {
		_ = l.Close()
		return nil, net.ErrClosed
	}
	return nil, err
}

func minTime(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}

// Stop ends the listener without resetting a client it could answer.
// Closing a listener resets every connection still in the kernel's accept
// queue, whose clients (those beyond the cap, or arriving in the last
// moment) have sent their requests. Stop instead keeps accepting until
// no connection arrived for stopQuiet (or for at most stopLimit): a
// connection that finds a free slot is served as usual (the server's
// stop closes it after the listener), one beyond the cap gets a 503
// not-ready with Connection: close and Retry-After from the listener
// itself, so that it retries on another replica. Then the listener is
// closed. Stop returns once it is and every such 503 was written. A
// listener that cannot time out its Accept is closed at once.
//
// Stop needs the server's Serve loop running: that loop's Accept does the
// work.
func (l *Listener) Stop() {
	if _, ok := l.Listener.(deadliner); !ok {
		_ = l.Close()
		return
	}
	l.stopOnce.Do(func() {
		l.stopEnd = time.Now().Add(stopLimit)
		close(l.stopping)
		// wake an Accept already waiting in the kernel
		_ = l.Listener.(deadliner).SetDeadline(time.Now().Add(stopQuiet))
	})
	select {
	case <-l.done:
	case <-time.After(stopLimit + stopQuiet):
		_ = l.Close()
	}
	l.shed.Wait()
}

// refuseStopping answers c, a connection accepted past the cap during
// Stop, with a 503 in its own goroutine (at most maxShedding at once).
func (l *Listener) refuseStopping(c net.Conn) {
	select {
	case l.shedSlots <- struct{}{}:
	case <-l.done:
		_ = c.Close()
		return
	}
	l.shed.Add(1)
	go func() {
		defer l.shed.Done()
		defer func() { <-l.shedSlots }()
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(shedTimeout))
		if _, err := http.ReadRequest(bufio.NewReader(io.LimitReader(c, maxShedHeader))); err != nil {
			return // nothing (whole) was sent: nothing to answer
		}
		p := Problem{Status: http.StatusServiceUnavailable, Code: "not-ready", Title: "Service not ready",
			Detail: "the server is stopping; retry, another replica answers", RetryAfter: 1}
		_, _ = c.Write(l.rawProblem(p, "stopping", c.RemoteAddr()))
		// A lingering close: say we are done, then read what the client
		// still sends (its body) until it closes, so that closing with
		// unread data does not reset the answer before it is read.
		if cw, ok := c.(interface{ CloseWrite() error }); ok {
			_ = cw.CloseWrite()
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(c, 1<<20))
	}()
}

// release frees the slot of a connection not accepted, or closed.
func (l *Listener) release() {
	if l.slots != nil {
		<-l.slots
	}
}

// Close closes the listener and wakes an Accept waiting for a slot. Only
// the first call closes; later ones return nil (the server's Shutdown may
// close a listener its owner closed first).
func (l *Listener) Close() error {
	var err error
	l.once.Do(func() {
		close(l.done)
		err = l.Listener.Close()
	})
	return err
}

// conn is an accepted connection: it frees its slot once closed and
// rewrites net/http's plain-text refusals.
type conn struct {
	net.Conn
	l    *Listener
	once sync.Once
}

func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.l.open.Dec()
		c.l.release()
	})
	return err
}

// CloseWrite half-closes the connection, as net/http does before closing
// one after an error answer so that the client reads the answer before
// the close (without it, net/http only waits).
func (c *conn) CloseWrite() error {
	if cw, ok := c.Conn.(interface{ CloseWrite() error }); ok {
		return cw.CloseWrite()
	}
	return nil
}

// rawRefusal matches the whole answer net/http writes, in one Write, to a
// request it could not read (server.go, conn.serve: "HTTP/1.1 " + status
// + errorHeaders + text): a status line, exactly these two headers, and
// the text. An answer of a handler never matches: net/http adds a Date
// header to those, and the server's middleware an X-Request-ID.
var rawRefusal = regexp.MustCompile(`\AHTTP/1\.1 ([45]\d\d) ([^\r\n]*)\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n([^\r\n]*)\z`)

// Write passes p on, unless it is net/http's plain-text refusal of a
// request, which it replaces with a problem.
func (c *conn) Write(p []byte) (int, error) {
	if !bytes.HasPrefix(p, []byte("HTTP/1.1 4")) && !bytes.HasPrefix(p, []byte("HTTP/1.1 5")) {
		return c.Conn.Write(p)
	}
	sub := rawRefusal.FindSubmatch(p)
	if sub == nil {
		return c.Conn.Write(p)
	}
	status, _ := strconv.Atoi(string(sub[1]))
	if _, err := c.Conn.Write(c.l.refusal(status, string(sub[2]), c.RemoteAddr())); err != nil {
		return 0, err
	}
	return len(p), nil
}

// refusal returns the whole HTTP answer replacing net/http's refusal with
// the given status and reason phrase ("400 Bad Request: missing required
// Host header" has the reason "Bad Request: missing required Host
// header"), logs it and counts it.
func (l *Listener) refusal(status int, reason string, remote net.Addr) []byte {
	p := Problem{Status: status, Title: "Bad request", Code: "bad-request",
		Detail: "the request could not be read as HTTP/1.1"}
	if _, text, ok := bytes.Cut([]byte(reason), []byte(": ")); ok {
		p.Detail += ": " + string(text)
	}
	switch status {
	case http.StatusRequestHeaderFieldsTooLarge:
		p.Code, p.Title, p.Detail = "header-too-large", "Header too large", "the request's header block is too large"
	case http.StatusNotImplemented:
		p.Code, p.Title, p.Detail = "not-implemented", "Not implemented", "the request's Transfer-Encoding is not supported: send chunked or a Content-Length"
	case http.StatusHTTPVersionNotSupported:
		p.Code, p.Title, p.Detail = "http-version-not-supported", "HTTP version not supported", "the request line names an HTTP version other than 1.x: send HTTP/1.1"
	}
	return l.rawProblem(p, reason, remote)
}

// rawProblem returns the whole HTTP answer (closing the connection) of
// p, a refusal the listener writes itself, and logs and counts it with
// the reason.
func (l *Listener) rawProblem(p Problem, reason string, remote net.Addr) []byte {
	status := p.Status
	p.Type = ProblemTypeBase + p.Code
	p.RequestID = newRequestID()
	body, _ := json.Marshal(p) // a Problem always encodes
	body = append(body, '\n')
	var b []byte
	b = append(b, "HTTP/1.1 "...)
	b = strconv.AppendInt(b, int64(status), 10)
	b = append(b, ' ')
	b = append(b, http.StatusText(status)...)
	b = append(b, "\r\nConnection: close\r\nContent-Type: application/problem+json\r\nContent-Length: "...)
	b = strconv.AppendInt(b, int64(len(body)), 10)
	if p.RetryAfter > 0 {
		b = append(b, "\r\nRetry-After: "...)
		b = strconv.AppendInt(b, int64(p.RetryAfter), 10)
	}
	b = append(b, "\r\nX-Content-Type-Options: nosniff\r\n"+RequestIDHeader+": "...)
	b = append(b, p.RequestID...)
	b = append(b, "\r\n\r\n"...)
	b = append(b, body...)

	l.m.observeHTTP("", routeOther, anonymous, status, 0)
	if ce := l.log.Check(zap.InfoLevel, "request"); ce != nil {
		ce.Write(
			zap.String("request_id", p.RequestID),
			zap.String("route", routeOther),
			zap.Int("status", status),
			zap.String("error", reason),
			zap.String("remote", remote.String()),
		)
	}
	return b
}
