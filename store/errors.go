package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"os"
	"strings"
	"syscall"

	"github.com/jackc/pgx/v5/pgconn"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/sudokuhq/sudoku/service"
)

// classify wraps err, a failure of a database call, with the cause the
// service reports (service.ErrStoreFull, service.ErrStoreUnreachable)
// when the driver's error tells it; other errors, ErrNoDaily and context
// errors pass unchanged.
func classify(err error) error {
	if err == nil || errors.Is(err, service.ErrNoDaily) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	var (
		pgErr   *pgconn.PgError
		connErr *pgconn.ConnectError
		liteErr *sqlite.Error
		netErr  net.Error
	)
	switch {
	case errors.Is(err, syscall.ENOSPC),
		errors.As(err, &liteErr) && liteErr.Code()&0xff == sqlite3.SQLITE_FULL,
		errors.As(err, &pgErr) && (pgErr.Code == "53100" || pgErr.Code == "53200"): // disk_full, out_of_memory
		return fmt.Errorf("%w: %w", service.ErrStoreFull, err)
	case errors.As(err, &pgErr) && (strings.HasPrefix(pgErr.Code, "08") || strings.HasPrefix(pgErr.Code, "57P")), // connection exception, operator intervention (shutdown)
		errors.As(err, &connErr), errors.As(err, &netErr),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET), errors.Is(err, driver.ErrBadConn):
		return fmt.Errorf("%w: %w", service.ErrStoreUnreachable, err)
	}
	return err
}

// fileCheck guards an SQLite store against its file being deleted or
// replaced while open: SQLite keeps writing to the unlinked inode, so
// every write after it is lost at the next start, while reads and pings
// still succeed.
type fileCheck struct {
	path string
	info os.FileInfo // the file opened; nil: nothing to check (PostgreSQL)
}

// check returns service.ErrStoreGone when path no longer names the file
// opened.
func (f fileCheck) check() error {
	if f.info == nil {
		return nil
	}
	now, err := os.Stat(f.path)
	if err != nil {
		return fmt.Errorf("%w: %s: %w", service.ErrStoreGone, f.path, err)
	}
	if !os.SameFile(now, f.info) {
		return fmt.Errorf("%w: %s is another file than the one opened", service.ErrStoreGone, f.path)
	}
	return nil
}
