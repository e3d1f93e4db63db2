package store

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/sudokuhq/sudoku/service"
)

// Store is a service.DailyStore that holds resources until Close.
type Store interface {
	service.DailyStore
	io.Closer
}

// Open opens the store that spec names and brings its schema up to date:
//
//	memory                  in this process only (the default: "" too)
//	sqlite:PATH             an SQLite database file, created if missing
//	postgres://... (or postgresql://...)  a PostgreSQL connection URL
//
// The caller must Close it.
func Open(ctx context.Context, spec string) (Store, error) {
	switch {
	case spec == "" || spec == "memory":
		return NewMemory(), nil
	case strings.HasPrefix(spec, "sqlite:"):
		path := strings.TrimPrefix(spec, "sqlite:")
		if path == "" {
			return nil, fmt.Errorf("store %q: want sqlite:PATH", spec)
		}
		return openSQLite(ctx, path)
	case strings.HasPrefix(spec, "postgres://"), strings.HasPrefix(spec, "postgresql://"):
		return openPostgres(ctx, spec)
	}
	return nil, fmt.Errorf("store %q: want memory, sqlite:PATH or postgres://...", Redact(spec))
}

// Redact returns spec with any password of a connection URL replaced by
// "xxxxx", for logs and errors.
func Redact(spec string) string {
	scheme, rest, ok := strings.Cut(spec, "://")
	if !ok {
		return spec
	}
	at := strings.LastIndex(rest, "@")
	if slash := strings.Index(rest, "/"); at < 0 || (slash >= 0 && slash < at) {
		return spec
	}
	user, _, hasPass := strings.Cut(rest[:at], ":")
	if !hasPass {
		return spec
	}
	return scheme + "://" + user + ":xxxxx" + rest[at:]
}
