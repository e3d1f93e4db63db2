package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
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

// dailyJSON fetches the puzzle of the day, as the page gets it.
func dailyJSON(t *testing.T, base, level string) (puzzle, solution string) {
	t.Helper()
	resp, err := http.Get(base + "/daily?level=" + level)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var p struct{ Puzzle, Solution string }
	if err := json.NewDecoder(resp.Body).Decode(&p); err != nil || len(p.Puzzle) != 81 {
		t.Fatalf("GET /daily: %v (%+v)", err, p)
	}
	return p.Puzzle, p.Solution
}

// TestBrowser plays the page at / in headless Chromium against sudokud on
// loopback, with sudokud's default limits: a puzzle at every level and the
// daily, digits by keyboard and by click, a hint drawn on the grid, a wrong
// entry flagged, undo and redo, the solve, a pasted puzzle rated and
// explained, and the layout at phone width with touch. Any console error
// or uncaught exception fails it.
func TestBrowser(t *testing.T) {
	b := newBrowser(t)
	s := startServer(t, nil)

	b.do("opening the page", chromedp.EmulateViewport(1280, 1100), chromedp.Navigate(s.base+"/"))
	b.waitFor("the first puzzle", `document.querySelectorAll("#board [role=row] [role=gridcell]").length === 81 && document.getElementById("game-title").textContent.startsWith("Medium")`)
	if got := eval[string](b, `document.querySelector("#cell-r1c1").getAttribute("aria-label")`); !strings.HasPrefix(got, "row 1 column 1, ") {
		t.Errorf(`r1c1's aria-label = %q, want it to start "row 1 column 1, "`, got)
	}

	// Keyboard only: Tab reaches the grid, and the focus is visible.
	for range 12 {
		if eval[string](b, `document.activeElement.getAttribute("role") || ""`) == "gridcell" {
			break
		}
		b.do("pressing Tab", chromedp.KeyEvent(kb.Tab))
	}
	if got := eval[string](b, `document.activeElement.getAttribute("role") || ""`); got != "gridcell" {
		t.Fatalf("12 Tabs from the top did not reach the grid (focus on a %q)", got)
	}
	if got := eval[string](b, `getComputedStyle(document.activeElement).outlineStyle + " " + getComputedStyle(document.activeElement).outlineWidth`); got != "solid 3px" {
		t.Errorf("the focused cell's outline is %q, want a visible one (solid 3px)", got)
	}
	b.checkContrast("at the start")

	for _, level := range []string{"easy", "medium", "hard", "evil"} {
		title := strings.ToUpper(level[:1]) + level[1:] + " · Puzzle "
		b.do("asking for "+level, chromedp.SetValue(chromedp.CSS("#level"), level), chromedp.Click(chromedp.CSS("#btn-new")))
		b.waitFor("a "+level+" puzzle", fmt.Sprintf(`document.getElementById("game-title").textContent.startsWith(%q)`, title))
	}

	// The daily is the same puzzle the API gives, so the test knows its
	// solution.
	b.do("choosing easy", chromedp.SetValue(chromedp.CSS("#level"), "easy"))
	b.do("asking for the daily", chromedp.Click(chromedp.CSS("#btn-daily")))
	b.waitFor("the daily", `document.getElementById("game-title").textContent.startsWith("Easy · Daily ")`)
	puzzle, solution := dailyJSON(t, s.base, "easy")
	var empty []int
	for i := range 81 {
		got := b.cellValue(i)
		if puzzle[i] == '.' {
			empty = append(empty, i)
			if got != "" {
				t.Fatalf("cell %d shows %q, want it empty as in the daily %s", i, got, puzzle)
			}
		} else if got != puzzle[i:i+1] {
			t.Fatalf("cell %d shows %q, want the given %c of the daily %s", i, got, puzzle[i], puzzle)
		}
	}

	// A digit by keyboard: click the cell (it takes the focus), type.
	first := empty[0]
	b.do("typing a digit", chromedp.Click(cellSel(first)), chromedp.KeyEvent(solution[first:first+1]))
	if got := b.cellValue(first); got != solution[first:first+1] {
		t.Errorf("after typing %c in cell %d it shows %q", solution[first], first, got)
	}
	// Keyboard only: the arrow moves the focus, and a digit lands there.
	b.do("moving right", chromedp.KeyEvent(kb.ArrowRight))
	if got := eval[string](b, `document.activeElement.id`); got != string(cellSel(first + 1))[1:] {
		t.Errorf("after ArrowRight from cell %d the focus is on %q, want %s", first, got, cellSel(first+1))
	}
	// A digit by click on the pad.
	second := empty[1]
	b.do("clicking a digit", chromedp.Click(cellSel(second)), chromedp.Click(chromedp.CSS(`.pad button[data-digit="`+solution[second:second+1]+`"]`)))
	if got := b.cellValue(second); got != solution[second:second+1] {
		t.Errorf("after clicking %c for cell %d it shows %q", solution[second], second, got)
	}

	// A reload comes back to the game as it was.
	b.do("reloading", chromedp.Navigate(s.base+"/"))
	b.waitFor("the saved game", `document.getElementById("message").textContent.startsWith("Welcome back")`)
	if got := eval[string](b, `document.getElementById("game-title").textContent`); !strings.HasPrefix(got, "Easy · Daily ") {
		t.Errorf("after a reload the title is %q, want the daily's", got)
	}
	for _, i := range []int{first, second} {
		if got := b.cellValue(i); got != solution[i:i+1] {
			t.Errorf("after a reload cell %d shows %q, want the %c entered", i, got, solution[i])
		}
	}

	// A hint, drawn on the grid.
	b.do("asking for a hint", chromedp.Click(chromedp.CSS("#btn-hint")))
	b.waitFor("the hint", `!document.getElementById("hint").hidden && document.querySelectorAll("#board .hint-cell, #board .hint-place").length > 0`)
	technique := eval[string](b, `document.getElementById("hint-technique").textContent`)
	deduction := eval[string](b, `document.getElementById("hint-text").textContent`)
	if technique == "" || deduction == "" {
		t.Errorf("hint shows technique %q and text %q, want both", technique, deduction)
	}
	t.Logf("hint: %s: %s", technique, deduction)
	b.screenshot("desktop-hint")
	b.checkContrast("with a hint drawn")
	b.do("applying the hint", chromedp.Click(chromedp.CSS("#btn-apply")))

	// A wrong entry (a digit the solution does not have there but that
	// conflicts with nothing, when there is one) is flagged by Check.
	wrongCell, wrongDigit := wrongEntry(b, puzzle, solution, empty[2:])
	b.do("typing a wrong digit", chromedp.Click(cellSel(wrongCell)), chromedp.KeyEvent(wrongDigit))
	b.do("checking", chromedp.Click(chromedp.CSS("#btn-check")))
	b.waitFor("the wrong cell flagged", fmt.Sprintf(`document.querySelector("%s").classList.contains("wrong")`, cellSel(wrongCell)))
	if got := eval[string](b, fmt.Sprintf(`document.querySelector("%s").getAttribute("aria-invalid")`, cellSel(wrongCell))); got != "true" {
		t.Errorf("the wrong cell's aria-invalid = %q, want true", got)
	}
	b.screenshot("desktop-wrong")
	b.checkContrast("with a wrong cell flagged")

	// Undo by keyboard, redo and undo again by the buttons.
	b.do("undoing", chromedp.Click(cellSel(wrongCell)), chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	if got := b.cellValue(wrongCell); got != "" {
		t.Errorf("after Ctrl+Z cell %d shows %q, want it empty", wrongCell, got)
	}
	b.do("redoing", chromedp.Click(chromedp.CSS("#btn-redo")))
	if got := b.cellValue(wrongCell); got != wrongDigit {
		t.Errorf("after Redo cell %d shows %q, want %s", wrongCell, got, wrongDigit)
	}
	b.do("undoing by button", chromedp.Click(chromedp.CSS("#btn-undo")))
	if got := b.cellValue(wrongCell); got != "" {
		t.Errorf("after Undo cell %d shows %q, want it empty", wrongCell, got)
	}

	// A conflict is highlighted as soon as it is typed.
	conflictCell, conflictDigit := conflictEntry(b, puzzle, empty[2:])
	b.do("typing a conflicting digit", chromedp.Click(cellSel(conflictCell)), chromedp.KeyEvent(conflictDigit))
	if !b.hasClass(conflictCell, "conflict") {
		t.Errorf("cell %d with %s is not marked as a conflict", conflictCell, conflictDigit)
	}
	b.do("erasing it", chromedp.KeyEvent(kb.Backspace))

	// Pencil marks: Shift+digit writes a note, not a value.
	b.do("pencilling a note", chromedp.Click(cellSel(conflictCell)), chromedp.Click(chromedp.CSS("#btn-pencil")),
		chromedp.Focus(cellSel(conflictCell)), chromedp.KeyEvent(solution[conflictCell:conflictCell+1]), chromedp.Click(chromedp.CSS("#btn-pencil")))
	if !strings.Contains(eval[string](b, fmt.Sprintf(`document.querySelector("%s").getAttribute("aria-label")`, cellSel(conflictCell))), "notes "+solution[conflictCell:conflictCell+1]) {
		t.Errorf("cell %d does not show the note %c", conflictCell, solution[conflictCell])
	}

	// Solve: type every remaining cell.
	for _, i := range empty {
		if b.cellValue(i) == solution[i:i+1] {
			continue
		}
		b.do(fmt.Sprintf("filling cell %d", i), chromedp.Click(cellSel(i)), chromedp.KeyEvent(solution[i:i+1]))
	}
	b.waitFor("the solved message", `document.getElementById("board").classList.contains("solved") && document.getElementById("message").textContent.startsWith("Solved in ")`)
	b.screenshot("desktop-solved")
	b.checkContrast("solved")

	// Rate a pasted puzzle and read the explanation.
	const pasted = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	b.do("pasting a puzzle", chromedp.SetValue(chromedp.CSS("#rate-input"), pasted), chromedp.Click(chromedp.CSS("#btn-rate")))
	b.waitFor("the explanation", `document.querySelectorAll("#rate-result .steps li").length > 0`)
	steps := eval[int](b, `document.querySelectorAll("#rate-result .steps li").length`)
	rating := eval[string](b, `document.querySelector("#rate-result .rating").textContent`)
	firstStep := eval[string](b, `document.querySelector("#rate-result .steps li").textContent`)
	if !strings.Contains(rating, "score") || !strings.Contains(firstStep, "r") {
		t.Errorf("rating %q, first step %q: want a score and a step naming cells", rating, firstStep)
	}
	t.Logf("rated: %s; %d steps, the first: %s", rating, steps, firstStep)
	b.do("scrolling to the rating", chromedp.ScrollIntoView(chromedp.CSS("#rate-title")))
	b.screenshot("desktop-rate")
	b.checkContrast("with a rating")

	// The print view shows the service's SVG of the puzzle.
	b.do("a new puzzle to print", chromedp.Click(chromedp.CSS("#btn-daily")))
	b.waitFor("the daily again", `!document.getElementById("board").classList.contains("solved") && document.getElementById("game-title").textContent.startsWith("Easy · Daily ")`)
	b.do("opening the print view", chromedp.Click(chromedp.CSS("#btn-print")))
	b.waitFor("the SVG", `!document.getElementById("print").hidden && document.getElementById("print-img").complete && document.getElementById("print-img").naturalWidth > 0`)
	b.do("closing the print view", chromedp.Click(chromedp.CSS("#btn-print-close")))

	// The whole page at desktop width: a hint on the grid, the rating beside.
	b.do("asking for another hint", chromedp.Click(chromedp.CSS("#btn-hint")))
	b.waitFor("the hint", `!document.getElementById("hint").hidden`)
	eval[bool](b, `window.scrollTo(0, 0), true`)
	b.screenshot("desktop")

	// Reveal fills in the solution.
	b.do("revealing", chromedp.Click(chromedp.CSS("#btn-reveal")))
	b.waitFor("the solution", `document.getElementById("message").textContent === "The solution is revealed."`)
	if got := eval[string](b, `[...document.querySelectorAll("#board .value")].map((v) => v.textContent).join("")`); got != solution {
		t.Errorf("revealed grid %s, want the solution %s", got, solution)
	}

	// Phone width, with touch: nothing wider than the screen, and a tap
	// on a cell and a digit plays.
	b.do("emulating a phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile, chromedp.EmulateTouch),
		chromedp.Navigate(s.base+"/?level=easy&daily=1"))
	b.waitFor("the daily on a phone", `document.getElementById("game-title").textContent.startsWith("Easy · Daily ")`)
	if over := eval[int](b, `document.documentElement.scrollWidth - window.innerWidth`); over > 0 {
		t.Errorf("at 390 px the page is %d px wider than the screen", over)
	}
	if right := eval[float64](b, `document.getElementById("board").getBoundingClientRect().right`); right > 390 {
		t.Errorf("at 390 px the grid ends at %.0f px", right)
	}
	b.do("tapping a cell and a digit", chromedp.Tap(cellSel(empty[0])), chromedp.Tap(chromedp.CSS(`.pad button[data-digit="`+solution[empty[0]:empty[0]+1]+`"]`)))
	if got := b.cellValue(empty[0]); got != solution[empty[0]:empty[0]+1] {
		t.Errorf("after tapping %c for cell %d it shows %q", solution[empty[0]], empty[0], got)
	}
	b.screenshot("phone")

	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("the page wrote %d console errors:\n%s", len(errs), strings.Join(errs, "\n"))
	}
}

// wrongEntry picks an empty cell and a digit that is not its solution
// and, where possible, conflicts with no given of its units, so only
// Check (not the conflict highlight) can tell it is wrong.
func wrongEntry(b *browser, puzzle, solution string, cells []int) (int, string) {
	for _, i := range cells {
		for d := byte('1'); d <= '9'; d++ {
			if d != solution[i] && !seesDigit(puzzle, i, d) {
				return i, string(d)
			}
		}
	}
	b.t.Fatal("no cell of the daily takes a wrong digit without a conflict")
	return 0, ""
}

// conflictEntry picks an empty cell and a given digit of its row.
func conflictEntry(b *browser, puzzle string, cells []int) (int, string) {
	for _, i := range cells {
		for c := range 9 {
			if g := puzzle[i/9*9+c]; g != '.' {
				return i, string(g)
			}
		}
	}
	b.t.Fatal("no empty cell with a given in its row")
	return 0, ""
}

// seesDigit reports whether a given of cell i's row, column or box is d.
func seesDigit(puzzle string, i int, d byte) bool {
	r, c := i/9, i%9
	for j := range 81 {
		jr, jc := j/9, j%9
		same := jr == r || jc == c || (jr/3 == r/3 && jc/3 == c/3)
		if same && puzzle[j] == d {
			return true
		}
	}
	return false
}
