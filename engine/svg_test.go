package engine

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestRenderSVG(t *testing.T) {
	p := MustParse(easyPuzzle)
	sol := MustParse(easySolution)
	tests := []struct {
		name       string
		opts       SVGOptions
		wantDigits int
		wantText   string
	}{
		{"bare", SVGOptions{}, p.Givens(), ""},
		{"title escaped", SVGOptions{Title: "Evil <2026-11-22> & co", CellSize: 30}, p.Givens(), "Evil &lt;2026-11-22&gt; &amp; co"},
		{"answer key", SVGOptions{Solution: sol}, 81, `fill="#888"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := RenderSVG(&buf, p, tt.opts); err != nil {
				t.Fatalf("RenderSVG = %v", err)
			}
			out := buf.String()
			// Well-formed XML.
			d := xml.NewDecoder(strings.NewReader(out))
			for {
				_, err := d.Token()
				if err != nil {
					if !errors.Is(err, io.EOF) {
						t.Fatalf("RenderSVG output is not XML: %v\n%s", err, out)
					}
					break
				}
			}
			digits := strings.Count(out, "<text")
			if tt.opts.Title != "" {
				digits-- // the title
			}
			if digits != tt.wantDigits {
				t.Errorf("RenderSVG drew %d digits, want %d", digits, tt.wantDigits)
			}
			// 16 inner lines, 4 of them thick, plus the border.
			if n := strings.Count(out, "<line"); n != 16 {
				t.Errorf("RenderSVG drew %d lines, want 16", n)
			}
			if tt.wantText != "" && !strings.Contains(out, tt.wantText) {
				t.Errorf("RenderSVG output lacks %q", tt.wantText)
			}
			var again bytes.Buffer
			RenderSVG(&again, p, tt.opts)
			if again.String() != out {
				t.Errorf("RenderSVG is not deterministic")
			}
		})
	}
}

type failWriter struct{}

var errWrite = errors.New("disk full")

func (failWriter) Write([]byte) (int, error) { return 0, errWrite }

func TestRenderSVGWriteError(t *testing.T) {
	if err := RenderSVG(failWriter{}, MustParse(easyPuzzle), SVGOptions{}); !errors.Is(err, errWrite) {
		t.Errorf("RenderSVG(failing writer) = %v, want %v", err, errWrite)
	}
}
