package progress

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"time"
)

// fakeClock is a clock tests move by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

func TestBarLine(t *testing.T) {
	tests := []struct {
		name        string
		total, done int64
		elapsed     time.Duration
		want        []string
	}{
		{"start", 100, 0, 0, []string{"gen [>", "] 0/100   0%", "ETA --:--"}},
		{"quarter", 1000, 250, 10 * time.Second, []string{"[======>", "250/1000  25%", "25.0/s", "ETA 0:30"}},
		{"overnight", 1_000_000, 100_000, time.Hour, []string{"27.8/s", "ETA 9:00:00"}},
		{"done", 10, 10, 2 * time.Second, []string{"[========================]", "10/10 100%", "5.00/s", "in 0:02"}},
		{"unknown total", 0, 500, 5 * time.Second, []string{"gen 500 done, 100/s, 0:05"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &fakeClock{t: time.Unix(1000, 0)}
			b := newBar(&bytes.Buffer{}, "gen", tt.total, c.now)
			b.done.Store(tt.done)
			got := b.line(c.t.Add(tt.elapsed))
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("line = %q, want it to contain %q", got, w)
				}
			}
		})
	}
}

func TestBarRedrawsAtMostEveryInterval(t *testing.T) {
	var out bytes.Buffer
	c := &fakeClock{t: time.Unix(1000, 0)}
	b := newBar(&out, "rate", 10, c.now)
	for range 5 { // within one interval: one draw at most
		c.t = c.t.Add(redrawEvery / 10)
		b.Add(1)
	}
	if n := strings.Count(out.String(), "\r"); n != 1 {
		t.Errorf("after 5 adds within %v: %d draws, want 1 (%q)", redrawEvery, n, out.String())
	}
	c.t = c.t.Add(redrawEvery)
	b.Add(5)
	b.Finish()
	b.Finish()
	s := out.String()
	if n := strings.Count(s, "\r"); n != 3 {
		t.Errorf("draws = %d, want 3 (%q)", n, s)
	}
	if !strings.HasSuffix(s, "10/10 100% "+rateText(10/(redrawEvery*15/10).Seconds())+"/s in 0:00\x1b[K\n") {
		t.Errorf("last draw = %q, want the full bar and a newline", s[strings.LastIndex(s, "\r"):])
	}
}

func TestNilBarIsSilent(t *testing.T) {
	var b *Bar
	b.Add(1)
	b.SetTotal(3)
	b.Finish() // no panic
}

// tty is a writer that says it is a terminal.
type tty struct{ bytes.Buffer }

func (*tty) IsTerminal() bool { return true }

func TestTerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	tests := []struct {
		name string
		w    interface{ Write([]byte) (int, error) }
		want bool
	}{
		{"buffer", &bytes.Buffer{}, false},
		{"simulated terminal", &tty{}, true},
		{"regular file", f, false},
	}
	for _, tt := range tests {
		if got := Terminal(tt.w); got != tt.want {
			t.Errorf("Terminal(%s) = %v, want %v", tt.name, got, tt.want)
		}
	}
}
