// Command sudokud serves the Sudoku HTTP JSON API: generate puzzles at a
// chosen level, rate and solve any puzzle, hint, and the puzzle of the day.
//
// Usage:
//
//	sudokud [flags]
//
// With no flags it listens on :8080 with the embedded defaults. Every flag
// can also be set by an environment variable: SUDOKU_ and the flag's name
// in upper case with '-' as '_' (-addr is SUDOKU_ADDR, -max-body is
// SUDOKU_MAX_BODY); a flag given on the command line wins. On SIGINT or
// SIGTERM it reports not ready for the drain delay, stops accepting
// connections, answers with Connection: close, drains the requests in
// flight (cancelling them past the shutdown timeout), then stops the
// generation pool; it exits 0 when every request it read was answered.
// With -api-keys it reloads the key file when it changes and on SIGHUP.
// Probes and metrics have their own listener, -admin-addr (:8081): it
// serves /healthz, /readyz and /metrics, which the API's port does not.
// See docs/service.md and docs/publishing.md.
package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/debug"
	"sync/atomic"
	"syscall"
	"time"
	_ "time/tzdata" // the zones of /daily?tz= in an image without /usr/share/zoneinfo

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/api"
	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"
)

// GC defaults, applied by main unless GOGC or GOMEMLIMIT say otherwise.
// The live heap is a few megabytes while a busy server allocates hundreds
// of megabytes a second, so Go's default GOGC=100 collects every few
// milliseconds; 400 collects a quarter as often for a heap of tens of
// megabytes, and the soft limit makes the collector work harder, rather
// than the process grow, as the heap nears it.
const (
	defaultGCPercent   = 400
	defaultMemoryLimit = 80 << 20
)

func main() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(defaultGCPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintln(os.Stderr, "sudokud:", err)
		}
		os.Exit(1)
	}
}

// run wires and runs the service until ctx ends, then shuts it down
// gracefully: stop accepting, drain the requests in flight, stop the
// generation pool (waiting for its workers). Logs go to stdout; usage and
// flag errors to stderr.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := parseConfig(args, getenv, stderr)
	if err != nil {
		return err
	}
	build := buildVersion()
	switch {
	case cfg.showVersion:
		fmt.Fprintln(stdout, build)
		return nil
	case cfg.probeURL != "":
		return probe(ctx, cfg.probeURL, cmp.Or(cfg.adminAddr, cfg.addr), stdout)
	}
	log, stopLog, err := newLogger(cfg.logLevel, cfg.logFormat, stdout)
	if err != nil {
		return err
	}
	defer func() { _ = stopLog() }()
	defer log.Info("stopped") // runs after pool.Close

	log.Info("starting", zap.String("version", build.Version), zap.String("revision", build.Revision), zap.String("goversion", build.GoVersion),
		zap.String("solver", engine.SolverPath()))

	//lint:ignore SA1019 the deprecated hop count is still honoured; this is where its use is logged
	if hops := cfg.api.TrustedHops; hops > 0 {
		log.Warn("-trusted-proxies as a hop count is deprecated: a client that reaches sudokud directly can name any address in X-Forwarded-For and dodge its rate limit; give the proxies' addresses or CIDRs",
			zap.Int("hops", hops))
	}
	if cfg.service.ReceiptSecret, err = loadReceiptSecret(cfg.receiptSecret, cfg.receiptFile, log); err != nil {
		return err
	}
	if cfg.service.DailySecret, err = loadDailySecret(cfg.dailySecretFile, log); err != nil {
		return err
	}
	model, err := loadModel(cfg.model, log)
	if err != nil {
		return err
	}
	// The service and the pool's template score with the same rater: the
	// -model file's, else the committed model's.
	rater := rating.DefaultRater()
	if cfg.model != "" {
		rater = rating.NewRater(model.Score)
	}
	cfg.service.Rater, cfg.pool.Options.Rater = rater, rater
	reg := prometheus.NewRegistry()
	metrics := api.NewMetrics(reg, reg)
	api.RegisterBuildInfo(reg, build.Version, build.Revision, build.GoVersion)
	api.RegisterModelInfo(reg, model.Name, model.Digest)
	cfg.pool.Hooks = metrics
	dailies, err := openStore(ctx, cfg.store, log, metrics, cfg.service.StoreTimeout)
	if err != nil {
		return err
	}
	defer dailies.Close()                              // after the server has drained, like the pool
	defer dailies.watch(ctx, cfg.storeCheckInterval)() // pings, and opens it if it is not yet
	pool := generate.NewPool(cfg.pool)
	defer pool.Close() // after the server has drained: no request uses it any more
	svc := &drainingService{Service: service.New(cfg.service, service.Deps{Pool: pool, Hooks: metrics, Store: dailies})}
	if cfg.apiKeys != "" {
		ring, file, err := loadKeys(cfg.apiKeys)
		if err != nil {
			return err
		}
		log.Info("API keys loaded", zap.Int("keys", ring.Set().Len()), zap.Strings("names", ring.Set().Names()))
		cfg.api.Keys = ring
		defer watchKeys(ctx, log, ring, file, cfg.keyPoll, metrics.ForgetClients)()
	}
	handler := api.NewServer(log, metrics, svc, cfg.api)
	if cfg.adminAddr != "" {
		stopAdmin, err := serveAdmin(cfg.adminAddr, cfg.adminMaxConns, api.NewAdminServer(log, metrics, svc), log, metrics)
		if err != nil {
			return err
		}
		defer stopAdmin() // after the drain: probes and scrapes see it whole
	} else {
		log.Warn("no admin listener (-admin-addr is empty): /metrics is not served, and probes share the API's connection cap")
	}

	if cfg.debugAddr != "" {
		stopDebug, err := serveDebug(cfg.debugAddr, log)
		if err != nil {
			return err
		}
		defer stopDebug()
	}
	raw, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	ln := api.NewListener(raw, log, metrics, cfg.maxConns)
	defer ln.Close() // on every early return; Serve closes it too otherwise
	baseCtx, cancelRequests := context.WithCancel(context.WithoutCancel(ctx))
	defer cancelRequests()
	var (
		closing atomic.Bool  // every answer closes its connection
		open    atomic.Int64 // connections open
	)
	srv := &http.Server{
		Handler:           closeWhileDraining(handler, &closing),
		ReadHeaderTimeout: cfg.readHeaderTimeout,
		ReadTimeout:       cfg.readTimeout,
		WriteTimeout:      cfg.writeTimeout,
		IdleTimeout:       cfg.idleTimeout,
		MaxHeaderBytes:    serverMaxHeaderBytes,
		ErrorLog:          zap.NewStdLog(log.Named("http")),
		// Requests live on their own context, not the signal's: the drain
		// lets them finish, and only a drain past its timeout cancels them.
		BaseContext: func(net.Listener) context.Context { return baseCtx },
		ConnState: func(_ net.Conn, s http.ConnState) {
			switch s {
			case http.StateNew:
				open.Add(1)
			case http.StateClosed, http.StateHijacked:
				open.Add(-1)
			}
		},
	}
	log.Info("listening", zap.String("addr", ln.Addr().String()))
	_ = log.Sync() // tell whoever waits for the address at once

	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()

	select {
	case err := <-serveErr:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	// The stop, in an order that loses no request a client sent:
	//  1. not ready (/readyz 503), so load balancers stop sending; keep-alive
	//     stays on, so clients keep their connections instead of opening
	//     new ones;
	//  2. past the drain delay, stop accepting: the connections still in
	//     the kernel's accept queue (clients beyond -max-conns, whose
	//     requests were sent) are accepted first, served when a slot is
	//     free and answered 503 with Connection: close past the cap, and
	//     only then the listener closes (api.Listener.Stop), so closing it
	//     resets no connection a request was sent on; later ones are
	//     refused before anything is sent. Keep-alive is still on
	//     meanwhile: answering Connection: close now would send every
	//     kept-alive client back into the accept queue, refilling it for
	//     as long as the stop accepts, and the close would reset them;
	//  3. every answer now closes its connection (Connection: close): a
	//     client on a kept-alive connection gets its next answer and goes
	//     elsewhere; wait up to keepAliveGrace for them;
	//  4. keep-alive off (closing the connections still idle: their
	//     clients sent nothing for keepAliveGrace) and drain the requests
	//     in flight.
	// Closing idle connections or the listener first instead races
	// clients that are sending on them: their requests are lost unread.
	svc.draining.Store(true)
	log.Info("shutting down", zap.Duration("drain_delay", cfg.drainDelay), zap.Duration("drain_timeout", cfg.shutdownTimeout))
	time.Sleep(cfg.drainDelay)
	ln.Stop()
	closing.Store(true)
	for deadline := time.Now().Add(keepAliveGrace); open.Load() > 0 && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	srv.SetKeepAlivesEnabled(false)
	err = drain(srv, cancelRequests, cfg.shutdownTimeout)
	<-serveErr // Serve returned once the listener closed
	if err != nil {
		return err
	}
	log.Info("drained; stopping the pool")
	return nil
}

// keepAliveGrace is how long the stop waits, listener closed, for the
// clients of kept-alive connections to send their next request (answered
// with Connection: close): a busy client sends within milliseconds, and
// one idle longer is closed while idle.
const keepAliveGrace = time.Second

// cancelGrace is how long the handlers of a drain that timed out get to
// write their answer once their contexts are cancelled: they only have to
// notice ctx and write a problem.
const cancelGrace = time.Second

// drain shuts srv down: it stops accepting and waits up to timeout for the
// requests in flight. Past that it cancels their contexts
// (cancelRequests, the server's BaseContext) so that every handler
// answers, waits up to cancelGrace more, then closes what is left. It
// returns nil when every request finished within timeout.
func drain(srv *http.Server, cancelRequests context.CancelFunc, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	err := srv.Shutdown(ctx)
	if err == nil {
		return nil
	}
	cancelRequests()
	graceCtx, cancelGraceCtx := context.WithTimeout(context.Background(), cancelGrace)
	defer cancelGraceCtx()
	if srv.Shutdown(graceCtx) != nil {
		_ = srv.Close()
	}
	return fmt.Errorf("shutdown: requests still running after %s were cancelled: %w", timeout, err)
}

// closeWhileDraining adds Connection: close to every answer written once
// closing is set (also of requests that began before), so that net/http
// closes the connection after it and the client opens its next one
// elsewhere, instead of sending on a connection the drain is about to
// close.
func closeWhileDraining(next http.Handler, closing *atomic.Bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&drainWriter{ResponseWriter: w, closing: closing}, r)
	})
}

// drainWriter sets Connection: close on its answer's header when it is
// written during the drain.
type drainWriter struct {
	http.ResponseWriter
	closing *atomic.Bool
	wrote   bool
}

func (d *drainWriter) WriteHeader(code int) {
	if !d.wrote {
		d.wrote = true
		if d.closing.Load() {
			d.Header().Set("Connection", "close")
		}
	}
	d.ResponseWriter.WriteHeader(code)
}

func (d *drainWriter) Write(b []byte) (int, error) {
	if !d.wrote {
		d.WriteHeader(http.StatusOK)
	}
	return d.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (d *drainWriter) Unwrap() http.ResponseWriter { return d.ResponseWriter }

// drainingService is the service that reports not ready once draining is
// set, so /readyz answers 503 while the server drains.
type drainingService struct {
	api.Service
	draining atomic.Bool
}

// Ready reports false while draining, else the service's readiness.
func (d *drainingService) Ready() bool {
	return !d.draining.Load() && d.Service.Ready()
}
