package api

import (
	"bytes"
	"encoding/json"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"sync"

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
func NewListener(ln net.Listener, log *zap.Logger, m *Metrics, maxConns int) net.Listener {
	l := &listener{Listener: ln, log: log, m: m, done: make(chan struct{})}
	if maxConns > 0 {
		l.slots = make(chan struct{}, maxConns)
	}
	return l
}

type listener struct {
	net.Listener
	log   *zap.Logger
	m     *Metrics
	slots chan struct{} // one per open connection; nil: no cap
	done  chan struct{} // closed by Close: wakes an Accept waiting for a slot
	once  sync.Once
}

// Accept waits for a free slot, then for a connection.
func (l *listener) Accept() (net.Conn, error) {
	if l.slots != nil {
		select {
		case l.slots <- struct{}{}:
		case <-l.done:
			return nil, net.ErrClosed
		}
	}
	c, err := l.Listener.Accept()
	if err != nil {
		l.release()
		return nil, err
	}
	l.m.conns.Inc()
	return &conn{Conn: c, l: l}, nil
}

// release frees the slot of a connection not accepted, or closed.
func (l *listener) release() {
	if l.slots != nil {
		<-l.slots
	}
}

// Close closes the listener and wakes an Accept waiting for a slot. Only
// the first call closes; later ones return nil (the server's Shutdown may
// close a listener its owner closed first).
func (l *listener) Close() error {
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
	l    *listener
	once sync.Once
}

func (c *conn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.l.m.conns.Dec()
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
func (l *listener) refusal(status int, reason string, remote net.Addr) []byte {
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
	}
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
	b = append(b, "\r\nX-Content-Type-Options: nosniff\r\n"+RequestIDHeader+": "...)
	b = append(b, p.RequestID...)
	b = append(b, "\r\n\r\n"...)
	b = append(b, body...)

	l.m.observeHTTP("", routeOther, status, 0)
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
