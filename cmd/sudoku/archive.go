package main

import (
	"context"

	"github.com/sudokuhq/sudoku/service"
)

// eachArchived calls fn with every stored puzzle q selects, in (date,
// level) order, following the archive's pages (q.After) to the end: the
// one paging loop of the exports. It stops at the first error, of the
// archive or of fn, and returns it.
func eachArchived(ctx context.Context, svc *service.Service, q service.ArchiveQuery, fn func(service.DailyRecord) error) error {
	for {
		page, err := svc.Archive(ctx, q)
		if err != nil {
			return err
		}
		for _, r := range page.Records {
			if err := fn(r); err != nil {
				return err
			}
		}
		if page.Next.Date.IsZero() {
			return nil
		}
		q.After = page.Next
	}
}
