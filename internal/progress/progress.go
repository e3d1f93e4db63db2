// Package progress draws a one-line progress bar with rate and ETA on a
// terminal, for the command line's long runs (sudoku generate, rate,
// calibrate). It writes to standard error only, and only when standard
// error is a terminal (Terminal): piped or redirected output never sees
// it.
//
// A nil *Bar is a valid, silent bar: callers make one with New when the
// bar is wanted and nil otherwise, and call its methods unconditionally.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mattn/go-isatty"
)

// Terminal reports whether w is a terminal, so that a bar drawn on it is
// seen by a person and not written into a file or a pipe. A writer that
// has an IsTerminal() bool method decides for itself (tests simulate a
// terminal this way); an *os.File is a terminal when the system says so
// (isatty); anything else is not.
func Terminal(w io.Writer) bool {
	switch t := w.(type) {
	case interface{ IsTerminal() bool }:
		return t.IsTerminal()
	case *os.File:
		return isatty.IsTerminal(t.Fd()) || isatty.IsCygwinTerminal(t.Fd())
	}
	return false
}

// redrawEvery is the least time between two redraws: often enough to look
// live, rarely enough that drawing costs nothing next to the work (one
// short write five times a second).
const redrawEvery = 200 * time.Millisecond

// barWidth is the number of cells of the bar itself.
const barWidth = 24

// Bar is a progress bar over a known or unknown number of items. Add is
// safe for concurrent use and cheap (an atomic add, and a redraw at most
// every redrawEvery).
type Bar struct {
	w     io.Writer
	label string
	total atomic.Int64 // 0: unknown
	done  atomic.Int64
	now   func() time.Time
	start time.Time

	mu       sync.Mutex
	last     time.Time // last redraw
	finished bool
}

// New returns a bar labelled label over total items (0: unknown, the bar
// then shows the count and rate only), drawn on w. It draws nothing yet.
func New(w io.Writer, label string, total int64) *Bar {
	return newBar(w, label, total, time.Now)
}

// newBar is New with a clock, for tests.
func newBar(w io.Writer, label string, total int64, now func() time.Time) *Bar {
	b := &Bar{w: w, label: label, now: now, start: now()}
	b.total.Store(total)
	return b
}

// SetTotal sets the number of items, when it becomes known after New.
func (b *Bar) SetTotal(total int64) {
	if b != nil {
		b.total.Store(total)
	}
}

// Add counts n more items done and redraws when the last redraw is older
// than redrawEvery.
func (b *Bar) Add(n int64) {
	if b == nil {
		return
	}
	b.done.Add(n)
	t := b.now()
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.finished || t.Sub(b.last) < redrawEvery {
		return
	}
	b.last = t
	b.draw(t)
}

// Finish draws the bar a last time and ends its line, so that what is
// written next starts on a line of its own. Later calls do nothing.
func (b *Bar) Finish() {
	if b == nil {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.finished {
		return
	}
	b.finished = true
	b.draw(b.now())
	fmt.Fprint(b.w, "\n")
}

// draw writes the bar's line, from the start of the line (carriage
// return) and clearing what a longer earlier line left (erase to end of
// line). b.mu is held.
func (b *Bar) draw(t time.Time) {
	fmt.Fprint(b.w, "\r"+b.line(t)+"\x1b[K")
}

// line is the text of the bar at time t: label, bar, count, percentage,
// rate and ETA (count and rate only when the total is unknown).
func (b *Bar) line(t time.Time) string {
	done, total := b.done.Load(), b.total.Load()
	elapsed := t.Sub(b.start)
	rate := 0.0
	if elapsed > 0 {
		rate = float64(done) / elapsed.Seconds()
	}
	var sb strings.Builder
	sb.WriteString(b.label)
	if total <= 0 {
		fmt.Fprintf(&sb, " %d done, %s/s, %s", done, rateText(rate), clock(elapsed))
		return sb.String()
	}
	frac := min(float64(done)/float64(total), 1)
	full := int(frac * barWidth)
	sb.WriteString(" [")
	sb.WriteString(strings.Repeat("=", full))
	if full < barWidth {
		sb.WriteString(">")
		sb.WriteString(strings.Repeat(" ", barWidth-full-1))
	}
	fmt.Fprintf(&sb, "] %d/%d %3.0f%% %s/s", done, total, 100*frac, rateText(rate))
	switch {
	case done >= total:
		fmt.Fprintf(&sb, " in %s", clock(elapsed))
	case rate > 0:
		eta := time.Duration(float64(total-done) / rate * float64(time.Second))
		fmt.Fprintf(&sb, " ETA %s", clock(eta))
	default:
		sb.WriteString(" ETA --:--")
	}
	return sb.String()
}

// rateText writes a rate with a precision that suits its size.
func rateText(r float64) string {
	switch {
	case r >= 100:
		return fmt.Sprintf("%.0f", r)
	case r >= 10:
		return fmt.Sprintf("%.1f", r)
	}
	return fmt.Sprintf("%.2f", r)
}

// clock writes d as m:ss, or h:mm:ss from an hour on (a million-puzzle
// bank runs overnight).
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
