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
// SIGTERM it stops accepting connections, drains the requests in flight,
// then stops the generation pool. See docs/service.md.
package main

import (
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
	"syscall"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/api"
	"github.com/sudokuhq/sudoku/engine"
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
	log, stopLog, err := newLogger(cfg.logLevel, cfg.logFormat, stdout)
	if err != nil {
		return err
	}
	defer func() { _ = stopLog() }()
	defer log.Info("stopped") // runs after pool.Close

	reg := prometheus.NewRegistry()
	metrics := api.NewMetrics(reg)
	cfg.pool.Hooks = metrics
	pool := engine.NewPool(cfg.pool)
	defer pool.Close() // after the server has drained: no request uses it any more
	svc := service.New(cfg.service, service.Deps{Pool: pool, Hooks: metrics})
	handler := api.NewServer(log, metrics, svc, cfg.api)

	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: cfg.readHeaderTimeout,
		ReadTimeout:       cfg.readTimeout,
		WriteTimeout:      cfg.writeTimeout,
		IdleTimeout:       cfg.idleTimeout,
		MaxHeaderBytes:    maxHeaderBytes,
		ErrorLog:          zap.NewStdLog(log.Named("http")),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	log.Info("listening", zap.String("addr", ln.Addr().String()))
	_ = log.Sync() // tell whoever waits for the address at once
	if cfg.debugAddr != "" {
		stopDebug, err := serveDebug(cfg.debugAddr, log)
		if err != nil {
			return err
		}
		defer stopDebug()
	}

	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve(ln) }()

	select {
	case err := <-serveErr:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", zap.Duration("drain_timeout", cfg.shutdownTimeout))
	shutdownCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), cfg.shutdownTimeout)
	defer cancel()
	err = srv.Shutdown(shutdownCtx)
	<-serveErr // Serve returns ErrServerClosed as soon as Shutdown starts
	if err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("drained; stopping the pool")
	return nil
}
