package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"time"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/api"
)

// Admin listener timeouts. Its clients (the kubelet, Prometheus, an
// operator's curl) send a few header lines at once and read a scrape of a
// few hundred kilobytes, so the bounds are short: with only
// -admin-max-conns slots, a stray client must not hold one for long.
// adminStopGrace is how long a stop lets a scrape in flight finish, after
// the API has drained (the admin listener serves until then, so probes
// and scrapes see the whole drain).
const (
	adminReadHeaderTimeout = 2 * time.Second
	adminWriteTimeout      = 10 * time.Second
	adminIdleTimeout       = 10 * time.Second
	adminStopGrace         = time.Second
)

// serveAdmin serves h, the admin handler (api.NewAdminServer), on addr
// with at most maxConns connections. The returned stop shuts the server
// down, waiting up to adminStopGrace for requests in flight, and waits
// for its goroutine.
func serveAdmin(addr string, maxConns int, h http.Handler, log *zap.Logger, m *api.Metrics) (stop func(), err error) {
	raw, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("admin listen: %w", err)
	}
	ln := api.NewAdminListener(raw, log, m, maxConns)
	srv := &http.Server{
		Handler:           h,
		ReadHeaderTimeout: adminReadHeaderTimeout,
		ReadTimeout:       adminReadHeaderTimeout,
		WriteTimeout:      adminWriteTimeout,
		IdleTimeout:       adminIdleTimeout,
		MaxHeaderBytes:    serverMaxHeaderBytes,
		ErrorLog:          zap.NewStdLog(log.Named("admin")),
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = srv.Serve(ln) // ends with ErrServerClosed when stop shuts it down
	}()
	log.Info("admin listening", zap.String("addr", ln.Addr().String()))
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), adminStopGrace)
		defer cancel()
		if srv.Shutdown(ctx) != nil {
			_ = srv.Close()
		}
		<-done
	}, nil
}
