package main

import (
	"fmt"
	"net"
	"net/http"
	"net/http/pprof"
	"time"

	"go.uber.org/zap"
)

// debugReadHeaderTimeout bounds the header read of a debug request: the
// profiles are fetched by a person or a tool on loopback, whose headers
// arrive at once, and an unbounded read lets an idle connection hold a
// goroutine.
const debugReadHeaderTimeout = 5 * time.Second

// serveDebug serves the runtime profiles of net/http/pprof on their own
// listener, apart from the API (never on its router or port). The returned
// stop closes the listener and waits for the server goroutine.
func serveDebug(addr string, log *zap.Logger) (stop func(), err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("debug listen: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/cmdline", pprof.Cmdline)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/symbol", pprof.Symbol)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: debugReadHeaderTimeout}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.Serve(ln) // ends with ErrServerClosed when stop closes it
	}()
	log.Info("debug listening", zap.String("addr", ln.Addr().String()))
	return func() { _ = srv.Close(); <-done }, nil
}
