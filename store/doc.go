// Package store implements service.DailyStore, the published puzzles of
// the day: in memory (one process, nothing to set up), in an SQLite file
// (one node, the pure-Go driver modernc.org/sqlite, so builds stay
// CGO_ENABLED=0) and in PostgreSQL (shared by every replica, through pgx).
// The SQL schemas are embedded goose migrations, applied by Open; see
// docs/publishing.md.
package store
