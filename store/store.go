package store

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"regexp"
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
	if err := Check(spec); err != nil {
		return nil, err
	}
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

// Check reports whether spec names a store Open knows, without opening
// it: a misspelt spec is a configuration error that should stop a start,
// while a database that does not answer yet can be retried.
func Check(spec string) error {
	switch {
	case spec == "" || spec == "memory":
		return nil
	case strings.HasPrefix(spec, "sqlite:"):
		if strings.TrimPrefix(spec, "sqlite:") == "" {
			return fmt.Errorf("store %q: want sqlite:PATH", spec)
		}
		return nil
	case strings.HasPrefix(spec, "postgres://"), strings.HasPrefix(spec, "postgresql://"):
		return nil
	}
	return fmt.Errorf("store %q: want memory, sqlite:PATH or postgres://...", Redact(spec))
}

// Redact returns spec with any password replaced by "xxxxx", for logs and
// errors: the password of a connection URL's user, a password parameter
// of its query (pgx reads one there too), or a password=VALUE of a
// key/value connection string. A URL that does not parse is cut to its
// scheme, for what it holds cannot be told apart.
func Redact(spec string) string {
	scheme, _, ok := strings.Cut(spec, "://")
	if !ok {
		return kvPassword.ReplaceAllString(spec, "${1}xxxxx")
	}
	u, err := url.Parse(spec)
	if err != nil {
		return scheme + "://…"
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// kvPassword matches the password of a key/value connection string
// ("host=h password=secret" or password='a secret').
var kvPassword = regexp.MustCompile(`(?i)(\bpassword\s*=\s*)('[^']*'|\S+)`)
