package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// browserTestLimit bounds the whole browser test: starting Chromium,
// every scenario and the screenshots take well under a minute alone; the
// margin is for -race and the other packages' tests on 2 shared cores.
const browserTestLimit = 4 * time.Minute

// pollLimit bounds each action and each wait for the page to reach a
// state.
const pollLimit = 45 * time.Second

// chromiumFlags are the flags the browser test starts Chromium with: no
// sandbox (CI runs as root), and none of the background connections that
// a closed network refuses.
var chromiumFlags = []string{"headless", "no-sandbox", "disable-gpu", "disable-quic",
	"disable-background-networking", "disable-component-update", "disable-sync", "no-first-run"}

// browser drives one page in headless Chromium and collects what the page
// wrote to its console.
type browser struct {
	t        *testing.T
	ctx      context.Context
	shots    string // folder of the screenshots
	mu       sync.Mutex
	messages []chromedp.ConsoleMessage
}

// newBrowser starts Chromium (found on PATH as "chromium") with a fresh
// user-data dir, or skips the test outside CI when it is absent.
func newBrowser(t *testing.T) *browser {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("chromium is not installed (CI=true): .ci/run installs Debian's chromium package: %v", err)
		}
		t.Skipf("skipping the browser test: chromium is not on PATH (apt-get install chromium): %v", err)
	}
	opts := []chromedp.ExecAllocatorOption{chromedp.ExecPath(path), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 1000)}
	for _, f := range chromiumFlags {
		opts = append(opts, chromedp.Flag(f, true))
	}
	ctx, cancel := context.WithTimeout(context.Background(), browserTestLimit)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	bctx, cancelBrowser := chromedp.NewContext(allocCtx)
	b := &browser{t: t, ctx: bctx, shots: artifactsDir(t)}
	if err := chromedp.Do(bctx); err != nil { // starts the browser and its tab
		cancelBrowser()
		cancelAlloc()
		cancel()
		t.Fatalf("starting chromium: %v", err)
	}
	messages := chromedp.Console(bctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range messages {
			if err != nil {
				return
			}
			b.mu.Lock()
			b.messages = append(b.messages, m)
			b.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		cancelBrowser()
		cancelAlloc()
		cancel()
		<-done
	})
	return b
}

// artifactsDir is where screenshots go: $ARTIFACTS_DIR when set, else a
// new temporary folder kept after the test; either way it is logged.
func artifactsDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("ARTIFACTS_DIR")
	var err error
	if dir == "" {
		dir, err = os.MkdirTemp("", "sudoku-browser-")
	} else {
		err = os.MkdirAll(dir, 0o755)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("browser test screenshots in %s", dir)
	return dir
}

// do runs actions, failing the test with what at the first error.
func (b *browser) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, pollLimit)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// waitFor polls a JavaScript condition until it holds.
func (b *browser) waitFor(what, cond string) {
	b.t.Helper()
	if _, err := chromedp.Run(b.ctx, chromedp.Poll[bool](cond, chromedp.WithPollingTimeout(pollLimit))); err != nil {
		msg := eval[string](b, `document.getElementById("message").textContent`)
		b.t.Fatalf("waiting for %s (%s): %v; the page says %q", what, cond, err, msg)
	}
}

// screenshot saves the viewport as name.png among the artifacts.
func (b *browser) screenshot(name string) {
	b.t.Helper()
	png, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatalf("screenshot %s: %v", name, err)
	}
	path := filepath.Join(b.shots, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot %s", path)
}

// consoleErrors returns the console errors and uncaught exceptions so far.
func (b *browser) consoleErrors() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	var errs []string
	for _, m := range b.messages {
		if m.Type == chromedp.ConsoleError || m.IsException() {
			errs = append(errs, fmt.Sprintf("%s (%s:%d)", m, m.URL, m.Line+1))
		}
	}
	return errs
}

// contrastJS evaluates to the text elements of the page whose contrast
// with their background is below WCAG AA: 4.5:1, or 3:1 for large text
// (24 px, or 18.66 px bold). The background is the first opaque one up
// the tree, blended with the translucent ones above it.
const contrastJS = `(() => {
  const parse = (c) => { const m = c.match(/[\d.]+/g).map(Number); return [m[0], m[1], m[2], m.length > 3 ? m[3] : 1]; };
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); }; return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b); };
  const blend = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) layers.push(c);
      if (c[3] >= 1) break;
    }
    let bg = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) bg = blend(layers[i], bg);
    return bg;
  };
  const bad = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== "");
    if (!own || el.closest("[hidden]") || el.getClientRects().length === 0) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === "hidden" || el.closest("button:disabled")) continue; // disabled controls are exempt
    const bg = background(el);
    const fg = blend(parse(cs.color).map((v, i) => i === 3 ? v * Number(cs.opacity) : v), bg);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(cs.fontSize), bold = Number(cs.fontWeight) >= 700;
    const need = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < need) bad.push((el.id || el.className || el.tagName) + " " + JSON.stringify(el.textContent.trim().slice(0, 20)) + ": " + ratio.toFixed(2) + " < " + need);
  }
  return bad;
})()`

// checkContrast fails the test for every text below WCAG AA contrast.
func (b *browser) checkContrast(when string) {
	b.t.Helper()
	for _, bad := range eval[[]string](b, contrastJS) {
		b.t.Errorf("contrast %s: %s", when, bad)
	}
}

// cellSel is the CSS selector of cell i (0 to 80) of the page's grid.
func cellSel(i int) chromedp.CSS {
	return chromedp.CSS(fmt.Sprintf("#cell-r%dc%d", i/9+1, i%9+1))
}

// cellValue is the digit the page shows in cell i, "" when empty.
func (b *browser) cellValue(i int) string {
	b.t.Helper()
	return eval[string](b, fmt.Sprintf(`document.querySelector("%s .value").textContent`, cellSel(i)))
}

// hasClass reports whether cell i has a CSS class.
func (b *browser) hasClass(i int, class string) bool {
	b.t.Helper()
	return eval[bool](b, fmt.Sprintf(`document.querySelector("%s").classList.contains(%q)`, cellSel(i), class))
}

// updateDocs makes the browser test copy its screenshots of the page, in
// both themes at desktop and phone width, into docs/ (page-*.png).
var updateDocs = flag.Bool("update-docs", false, "copy the browser test's page screenshots into docs/")

// keep copies the screenshot shot to docs/name.png under -update-docs.
func (b *browser) keep(shot, name string) {
	b.t.Helper()
	if !*updateDocs {
		return
	}
	png, err := os.ReadFile(filepath.Join(b.shots, shot+".png"))
	if err == nil {
		err = os.WriteFile(filepath.Join("..", "..", "docs", name+".png"), png, 0o644)
	}
	if err != nil {
		b.t.Fatalf("keeping screenshot %s: %v", shot, err)
	}
}

// label is cell i's aria-label.
func (b *browser) label(i int) string {
	b.t.Helper()
	return eval[string](b, fmt.Sprintf(`document.querySelector("%s").getAttribute("aria-label")`, cellSel(i)))
}

// luminanceJS evaluates to the relative luminance of the background
// colour of the element expr.
func luminanceJS(expr string) string {
	return `(() => {
  const m = getComputedStyle(` + expr + `).backgroundColor.match(/[\d.]+/g).map(Number);
  const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
  return 0.2126 * f(m[0]) + 0.7152 * f(m[1]) + 0.0722 * f(m[2]);
})()`
}

// emulateColorScheme makes the page's prefers-color-scheme the scheme
// given (light or dark), as a system setting would.
func emulateColorScheme(scheme string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
		})
		return err
	})
}

// chooseTheme picks a theme in the page's Theme menu, as a player's
// choice does (the change event included).
func (b *browser) chooseTheme(theme string) {
	b.t.Helper()
	eval[bool](b, fmt.Sprintf(`(() => { const s = document.getElementById("theme"); s.value = %q; s.dispatchEvent(new Event("change")); return true; })()`, theme))
}
