package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"time"

	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/service"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

// migrations holds the versioned schema of each SQL dialect, applied in
// order by goose (its table goose_db_version records the version reached).
//
//go:embed migrations
var migrations embed.FS

// Connection pool sizes. SQLite writes one at a time whatever the pool;
// a few connections let reads proceed beside a write (WAL mode). A
// replica's queries are single-row look-ups and inserts of a few
// milliseconds, so 8 PostgreSQL connections serve hundreds of first
// requests a second while a dozen replicas stay far below PostgreSQL's
// default 100 connections.
const (
	sqliteMaxConns   = 4
	postgresMaxConns = 8
	// sqliteBusyTimeout is how long an SQLite statement waits for another
	// connection's write lock before failing.
	sqliteBusyTimeout = 5 * time.Second
)

// SQL is a daily store in an SQL database (SQLite or PostgreSQL). It is
// safe for concurrent use by many processes: an insert that loses the race
// for its (date, level) reads back the winner's record.
type SQL struct {
	db   *sql.DB
	file fileCheck // SQLite: the file opened
}

func openSQLite(ctx context.Context, path string) (*SQL, error) {
	dsn := "file:" + path + "?" + url.Values{"_pragma": {
		fmt.Sprintf("busy_timeout(%d)", sqliteBusyTimeout.Milliseconds()),
		"journal_mode(WAL)",
	}}.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	db.SetMaxOpenConns(sqliteMaxConns)
	s, err := migrate(ctx, db, goose.DialectSQLite3, "migrations/sqlite", nil)
	if err != nil {
		return nil, err
	}
	if s.file.info, err = os.Stat(path); err != nil {
		s.db.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	s.file.path = path
	return s, nil
}

func openPostgres(ctx context.Context, dsn string) (*SQL, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("open postgres %s: %w", Redact(dsn), err)
	}
	db.SetMaxOpenConns(postgresMaxConns)
	db.SetMaxIdleConns(postgresMaxConns)
	// Replicas starting together migrate one at a time: goose holds a
	// PostgreSQL advisory lock for the run. The others poll for it every
	// second (goose's default is every 5 s, so that the third of three
	// replicas started together waited 10 s, sudokud's whole open
	// timeout, and started without its store); ctx bounds the wait.
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockTimeout(1, 300))
	if err != nil {
		db.Close()
		return nil, err
	}
	return migrate(ctx, db, goose.DialectPostgres, "migrations/postgres", locker)
}

// migrate applies the pending migrations of dir and returns the store, or
// closes db on failure.
func migrate(ctx context.Context, db *sql.DB, dialect goose.Dialect, dir string, locker lock.SessionLocker) (*SQL, error) {
	fsys, err := fs.Sub(migrations, dir)
	if err != nil {
		db.Close()
		return nil, err
	}
	var opts []goose.ProviderOption
	if locker != nil {
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	p, err := goose.NewProvider(dialect, db, fsys, opts...)
	if err == nil {
		_, err = p.Up(ctx)
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("migrate %s store: %w", dialect, err)
	}
	return &SQL{db: db}, nil
}

// Close closes the database connections.
func (s *SQL) Close() error { return s.db.Close() }

// Ping reports whether the database answers.
// An SQLite store also fails when its file was deleted or replaced
// (service.ErrStoreGone), which SQLite itself does not notice.
func (s *SQL) Ping(ctx context.Context) error {
	if err := s.file.check(); err != nil {
		return err
	}
	return classify(s.db.PingContext(ctx))
}

const columns = `day, level, puzzle, solution, score, hardest, rated_level, seed, source, stored_at`

// levelRank orders the levels easiest first, as rating.Levels() does.
const levelRank = `CASE level WHEN 'easy' THEN 1 WHEN 'medium' THEN 2 WHEN 'hard' THEN 3 ELSE 4 END`

// Get returns the record of (date, level), or service.ErrNoDaily.
func (s *SQL) Get(ctx context.Context, date time.Time, level rating.Level) (service.DailyRecord, error) {
	row := s.db.QueryRowContext(ctx, `SELECT `+columns+` FROM dailies WHERE day = $1 AND level = $2`,
		date.Format(time.DateOnly), level.String())
	rec, err := scanRecord(row)
	if errors.Is(err, sql.ErrNoRows) {
		return rec, service.ErrNoDaily
	}
	return rec, classify(err)
}

// Insert stores rec unless its (date, level) has a record (INSERT ... ON
// CONFLICT DO NOTHING), then reads back the stored one.
func (s *SQL) Insert(ctx context.Context, rec service.DailyRecord) (service.DailyRecord, error) {
	if err := s.file.check(); err != nil {
		return service.DailyRecord{}, err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO dailies (`+columns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (day, level) DO NOTHING`, recordArgs(rec)...)
	if err != nil {
		return service.DailyRecord{}, classify(err)
	}
	return s.Get(ctx, rec.Date, rec.Level)
}

// Replace stores rec in place of any record of its (date, level).
func (s *SQL) Replace(ctx context.Context, rec service.DailyRecord) error {
	if err := s.file.check(); err != nil {
		return err
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO dailies (`+columns+`) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
		ON CONFLICT (day, level) DO UPDATE SET puzzle = excluded.puzzle, solution = excluded.solution,
		score = excluded.score, hardest = excluded.hardest, rated_level = excluded.rated_level,
		seed = excluded.seed, source = excluded.source, stored_at = excluded.stored_at`, recordArgs(rec)...)
	return classify(err)
}

// List returns the records q selects in (date, level) order, one indexed
// range scan of the primary key.
func (s *SQL) List(ctx context.Context, q service.ArchiveQuery) ([]service.DailyRecord, error) {
	level, afterDay, afterRank := "", "", 0
	if q.Level != 0 {
		level = q.Level.String()
	}
	if !q.After.Date.IsZero() {
		afterDay, afterRank = q.After.Date.Format(time.DateOnly), int(q.After.Level)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT `+columns+` FROM dailies
		WHERE day >= $1 AND day <= $2 AND ($3 = '' OR level = $3)
		AND (day > $4 OR (day = $4 AND `+levelRank+` > $5))
		ORDER BY day, `+levelRank+` LIMIT $6`,
		q.From.Format(time.DateOnly), q.To.Format(time.DateOnly), level, afterDay, afterRank, q.Limit)
	if err != nil {
		return nil, classify(err)
	}
	defer rows.Close()
	var out []service.DailyRecord
	for rows.Next() {
		rec, err := scanRecord(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, rec)
	}
	return out, rows.Err()
}

func recordArgs(rec service.DailyRecord) []any {
	return []any{rec.Date.Format(time.DateOnly), rec.Level.String(), rec.Puzzle.String(), rec.Solution.String(),
		rec.Score, rec.Hardest, rec.RatedLevel.String(), int64(rec.Seed), rec.Source, rec.StoredAt.UTC()}
}

// scanRecord reads one row of columns. A row that does not parse (edited
// by hand, say) is an error, never a wrong puzzle served.
func scanRecord(row interface{ Scan(...any) error }) (service.DailyRecord, error) {
	var (
		rec                                     service.DailyRecord
		day, level, puzzle, solution, ratedName string
		seed                                    int64
	)
	if err := row.Scan(&day, &level, &puzzle, &solution, &rec.Score, &rec.Hardest, &ratedName, &seed, &rec.Source, &rec.StoredAt); err != nil {
		return rec, err
	}
	var errs [5]error
	rec.Date, errs[0] = time.Parse(time.DateOnly, day)
	rec.Level, errs[1] = rating.ParseLevel(level)
	rec.Puzzle, errs[2] = engine.Parse(puzzle)
	rec.Solution, errs[3] = engine.Parse(solution)
	rec.RatedLevel, errs[4] = rating.ParseLevel(ratedName)
	rec.Seed = uint64(seed)
	if err := errors.Join(errs[:]...); err != nil {
		return service.DailyRecord{}, fmt.Errorf("stored daily %s %s: %w", day, level, err)
	}
	return rec, nil
}
