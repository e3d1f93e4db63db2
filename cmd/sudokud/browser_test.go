package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// dailyJSON fetches the puzzle of the day (today in the zone tz when date
// is empty), as the page gets it.
func dailyJSON(t *testing.T, base, level, date, tz string) (puzzle, solution string) {
	t.Helper()
	q := "/daily?level=" + level
	if date != "" {
		q += "&date=" + date
	}
	if tz != "" {
		q += "&tz=" + url.QueryEscape(tz)
	}
	resp, err := http.Get(base + q)
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

	// A friendly name for every puzzle: the level and a short ID; the
	// seed (20 digits) only in the details line.
	for _, level := range []string{"easy", "medium", "hard", "evil"} {
		title := strings.ToUpper(level[:1]) + level[1:] + " · No. "
		b.do("asking for "+level, chromedp.SetValue(chromedp.CSS("#level"), level), chromedp.Click(chromedp.CSS("#btn-new")))
		b.waitFor("a "+level+" puzzle", fmt.Sprintf(`document.getElementById("game-title").textContent.startsWith(%q)`, title))
		got := eval[string](b, `document.getElementById("game-title").textContent`)
		if !regexp.MustCompile(`^\w+ · No\. [A-Z2-9]{4}$`).MatchString(got) {
			t.Errorf("the %s puzzle's title is %q, want the level and a four-character ID", level, got)
		}
		if seed := eval[string](b, `document.getElementById("game-seed").textContent`); !regexp.MustCompile(`^seed \d+`).MatchString(seed) {
			t.Errorf("the %s puzzle's seed line is %q, want the seed", level, seed)
		}
	}

	// The daily is the same puzzle the API gives, so the test knows its
	// solution.
	b.do("choosing easy", chromedp.SetValue(chromedp.CSS("#level"), "easy"))
	b.do("asking for the daily", chromedp.Click(chromedp.CSS("#btn-daily")))
	b.waitFor("the daily", `document.getElementById("game-title").textContent.startsWith("Easy · Daily · ")`)
	// Today's daily is today in the browser's zone.
	zone := eval[string](b, "Intl.DateTimeFormat().resolvedOptions().timeZone")
	puzzle, solution := dailyJSON(t, s.base, "easy", "", zone)
	if loc, err := time.LoadLocation(zone); err != nil {
		t.Errorf("the browser's zone %q: %v", zone, err)
	} else if got, want := eval[string](b, `document.getElementById("game-title").dataset.date`), time.Now().In(loc).Format(time.DateOnly); got != want {
		t.Errorf("the daily's date is %q, want today in %s, %s", got, zone, want)
	}
	if eval[bool](b, `JSON.parse(localStorage.getItem("sudoku.game.v1")).solution !== ""`) {
		t.Error("the page holds the daily's solution: it should ask /check (solution=false)")
	}
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
	if got := eval[string](b, `document.getElementById("game-title").textContent`); !strings.HasPrefix(got, "Easy · Daily · ") {
		t.Errorf("after a reload the title is %q, want the daily's", got)
	}
	for _, i := range []int{first, second} {
		if got := b.cellValue(i); got != solution[i:i+1] {
			t.Errorf("after a reload cell %d shows %q, want the %c entered", i, got, solution[i])
		}
	}

	// Same-digit highlighting: selecting a given lights every cell holding
	// its digit, and the digit's pad button.
	givenCell := strings.IndexFunc(puzzle, func(r rune) bool { return r != '.' })
	d := puzzle[givenCell : givenCell+1]
	b.do("selecting a given", chromedp.Click(cellSel(givenCell)))
	same := eval[int](b, `document.querySelectorAll("#board .cell.same").length`)
	holding := eval[int](b, fmt.Sprintf(`[...document.querySelectorAll("#board .value")].filter((v) => v.textContent === %q).length`, d))
	if same != holding-1 || same == 0 {
		t.Errorf("selecting a %s lights %d other cells, want the %d others holding it", d, same, holding-1)
	}
	if !eval[bool](b, fmt.Sprintf(`document.querySelector('.pad button[data-digit="%s"]').classList.contains("current")`, d)) {
		t.Errorf("the pad's %s is not marked as the highlighted digit", d)
	}

	// Candidates on demand: one cell's (C), then every cell's (A), kept
	// correct as digits are placed.
	grid := []byte(puzzle)
	grid[first], grid[second] = solution[first], solution[second]
	// candCell has a peer whose solution is one of candCell's candidates
	// (so placing it there changes them).
	candCell, peer, digit := -1, -1, byte(0)
	for _, i := range empty[2:] {
		for _, j := range empty[2:] {
			if sees(i, j) && strings.IndexByte(candidatesOf(string(grid), i), solution[j]) >= 0 {
				candCell, peer, digit = i, j, solution[j]
				break
			}
		}
		if candCell >= 0 {
			break
		}
	}
	if candCell < 0 {
		t.Fatal("no empty cell of the daily has a peer whose digit is one of its candidates")
	}
	b.do("showing one cell's candidates", chromedp.Click(cellSel(candCell)), chromedp.KeyEvent("c"))
	if got, want := b.label(candCell), "candidates "+candidatesOf(string(grid), candCell); !strings.Contains(got, want) {
		t.Errorf("cell %d's label is %q after C, want %q", candCell, got, want)
	}
	if n := eval[int](b, `document.querySelectorAll("#board .cell.auto-notes").length`); n != 1 {
		t.Errorf("C shows candidates in %d cells, want 1", n)
	}
	b.do("hiding them", chromedp.KeyEvent("c"))
	b.do("showing every cell's candidates", chromedp.Click(chromedp.CSS("#btn-cands")))
	if n, want := eval[int](b, `document.querySelectorAll("#board .cell.auto-notes").length`), strings.Count(string(grid), "."); n != want {
		t.Errorf("All candidates shows them in %d cells, want every empty one (%d)", n, want)
	}
	// A digit placed in a peer leaves candCell's candidates.
	if peer >= 0 {
		b.do("placing a digit its peer could hold", chromedp.Click(cellSel(peer)), chromedp.KeyEvent(string(digit)))
		grid[peer] = digit
		if got, want := b.label(candCell), "candidates "+candidatesOf(string(grid), candCell); !strings.Contains(got, want) {
			t.Errorf("after %c at cell %d, cell %d's label is %q, want %q", digit, peer, candCell, got, want)
		}
		b.screenshot("desktop-candidates")
		b.checkContrast("with every candidate shown")
		b.do("undoing it", chromedp.KeyEvent("z", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	}
	b.do("hiding the candidates", chromedp.Click(chromedp.CSS("#btn-cands")))

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
	// conflicts with nothing on the grid, givens and entries) is flagged
	// by Check: a grid with a clash gets its conflicts instead.
	wrongCell, wrongDigit := wrongEntry(b, boardText(b), solution, empty[2:])
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
	// Explained: the message and the label name the other cell and the unit.
	other := conflictCell / 9 * 9
	for puzzle[other:other+1] != conflictDigit {
		other++
	}
	otherName := fmt.Sprintf("r%dc%d", other/9+1, other%9+1)
	if msg := eval[string](b, `document.getElementById("message").textContent`); !strings.Contains(msg, "conflicts with the "+conflictDigit+" at "+otherName) {
		t.Errorf("after a conflict the message is %q, want it to name %s", msg, otherName)
	}
	if got, want := b.label(conflictCell), fmt.Sprintf("conflicts with %s in row %d", otherName, conflictCell/9+1); !strings.Contains(got, want) {
		t.Errorf("the conflicting cell's label is %q, want %q", got, want)
	}
	// Check answers a grid with a clash with its conflicts, not with
	// which entries are wrong (docs/publishing.md).
	b.do("checking the clash", chromedp.Click(chromedp.CSS("#btn-check")))
	b.waitFor("the clash reported", `document.getElementById("message").textContent.includes("clash")`)
	if msg := eval[string](b, `document.getElementById("message").textContent`); !strings.Contains(msg, cellName(conflictCell)) || !strings.Contains(msg, otherName) {
		t.Errorf("after checking a clash the message is %q, want it to name %s and %s", msg, cellName(conflictCell), otherName)
	}
	b.do("erasing it", chromedp.Click(cellSel(conflictCell)), chromedp.KeyEvent(kb.Backspace))

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
	// The service signed the solve; the page verified the receipt and kept
	// it in the history. A leaderboard's backend verifies it again.
	b.waitFor("the verified solve", `document.getElementById("message").textContent.includes("Verified by the server")`)
	receipt := eval[string](b, `JSON.parse(localStorage.getItem("sudoku.history.v1")).at(-1).receipt`)
	var verdict struct {
		Valid          bool
		Puzzle, Source string
		SolutionServed bool `json:"solution_served"`
		Seconds        float64
	}
	if code := postJSON(t, s.base+"/receipts/verify", map[string]string{"receipt": receipt, "puzzle": puzzle}, &verdict); code != 200 || !verdict.Valid ||
		verdict.Puzzle != puzzle || verdict.Source != "daily" || verdict.SolutionServed || verdict.Seconds <= 0 {
		t.Errorf("POST /receipts/verify of the page's receipt = %d %+v, want valid for the daily, no solution served", code, verdict)
	}
	if n := eval[int](b, `document.querySelectorAll("#history-list li").length`); n != 1 {
		t.Errorf("the history lists %d games after the first solve, want 1", n)
	}
	b.screenshot("desktop-solved")
	if !eval[bool](b, `document.getElementById("btn-undo").disabled`) {
		t.Error("Undo is enabled after the solve, want the game over")
	}
	b.checkContrast("solved")

	// The history survives a reload: one solved game, a streak of a day.
	b.do("reloading after the solve", chromedp.Navigate(s.base+"/"))
	b.waitFor("the history", `document.querySelectorAll("#history-list li").length === 1`)
	if got := eval[string](b, `document.getElementById("stat-solved").textContent + " / " + document.getElementById("stat-streak").textContent`); got != "1 / 1 day" {
		t.Errorf("after a reload the history says %q, want 1 solved / 1 day", got)
	}
	if got := eval[string](b, `document.querySelector("#history-list li").textContent`); !strings.Contains(got, "Easy · Daily · ") || !strings.Contains(got, "✓") {
		t.Errorf("the history's game reads %q, want the daily's name and a verified time", got)
	}

	// Rate a pasted puzzle and read the explanation.
	const pasted = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
	if eval[bool](b, `document.getElementById("rate-panel").open`) {
		t.Error("the rating panel is open at the start, want it secondary (collapsed)")
	}
	b.do("opening the rating panel", chromedp.Click(chromedp.CSS("#rate-title")))
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
	b.waitFor("the daily again", `!document.getElementById("board").classList.contains("solved") && document.getElementById("game-title").textContent.startsWith("Easy · Daily · ")`)
	// An editor steps to the previous day's daily, and prints that (the
	// next day's is embargoed for anonymous clients until it begins in
	// UTC+14, docs/publishing.md).
	today := eval[string](b, `document.getElementById("game-title").dataset.date`)
	day, err := time.Parse(time.DateOnly, today)
	if err != nil {
		t.Fatalf("the daily's title has no date: %v", err)
	}
	// The next day's button is off exactly when that day is embargoed.
	embargoed := day.AddDate(0, 0, 1).Format(time.DateOnly) > time.Now().UTC().Add(14*time.Hour).Format(time.DateOnly)
	if got := eval[bool](b, `document.getElementById("btn-next-day").disabled`); got != embargoed {
		t.Errorf("the next day's button disabled = %v, want %v (the day after %s embargoed: %v)", got, embargoed, today, embargoed)
	}
	next := day.AddDate(0, 0, -1).Format(time.DateOnly)
	b.do("stepping to the previous day", chromedp.Click(chromedp.CSS("#btn-prev-day")))
	b.waitFor("the previous day's daily", fmt.Sprintf(`document.getElementById("game-title").dataset.date === %q`, next))
	b.do("opening the print view", chromedp.Click(chromedp.CSS("#btn-print")))
	b.waitFor("the SVG", `!document.getElementById("print").hidden && document.getElementById("print-img").complete && document.getElementById("print-img").naturalWidth > 0`)
	if got := eval[string](b, `document.getElementById("print-img").getAttribute("src")`); got != "/daily?level=easy&date="+next+"&format=svg" {
		t.Errorf("the print view shows %q, want the SVG of the %s daily", got, next)
	}
	b.do("closing the print view", chromedp.Click(chromedp.CSS("#btn-print-close")))

	// The whole page at desktop width: a hint on the grid, the rating beside.
	b.do("asking for another hint", chromedp.Click(chromedp.CSS("#btn-hint")))
	b.waitFor("the hint", `!document.getElementById("hint").hidden`)
	b.do("folding the rating panel", chromedp.Click(chromedp.CSS("#rate-title")))
	eval[bool](b, `window.scrollTo(0, 0), true`)
	b.screenshot("desktop")
	b.keep("desktop", "page-desktop")

	// The dark theme: chosen by hand, and followed from the system's
	// setting; every text keeps AA contrast in it.
	b.chooseTheme("dark")
	b.waitFor("the dark theme", `document.documentElement.dataset.theme === "dark"`)
	if l := eval[float64](b, luminanceJS(`document.body`)); l > 0.1 {
		t.Errorf("the dark theme's background has luminance %.2f, want a dark one", l)
	}
	b.checkContrast("in the dark theme, with a hint")
	b.screenshot("desktop-dark")
	b.keep("desktop-dark", "page-desktop-dark")
	b.do("a system in light mode", emulateColorScheme("light"))
	b.chooseTheme("system")
	b.waitFor("the light theme", `document.documentElement.dataset.theme === "light"`)
	b.do("a system in dark mode", emulateColorScheme("dark"))
	b.waitFor("the dark theme from the system", `document.documentElement.dataset.theme === "dark"`)
	// The stylesheet alone follows the system (no light flash before the
	// script runs): without data-theme the page is still dark.
	eval[bool](b, `document.documentElement.removeAttribute("data-theme"), true`)
	if l := eval[float64](b, luminanceJS(`document.body`)); l > 0.1 {
		t.Errorf("a dark system without data-theme gets a background of luminance %.2f, want the dark one", l)
	}
	b.chooseTheme("system")
	b.do("reloading in dark mode", chromedp.Navigate(s.base+"/"))
	b.waitFor("the saved game in the dark", `document.getElementById("message").textContent.startsWith("Welcome back") && document.documentElement.dataset.theme === "dark"`)
	b.checkContrast("in the dark theme after a reload")
	b.do("a system in light mode", emulateColorScheme("light"))
	b.waitFor("the light theme again", `document.documentElement.dataset.theme === "light"`)

	// Reveal fills in the solution.
	b.do("revealing", chromedp.Click(chromedp.CSS("#btn-reveal")))
	b.waitFor("the solution", `document.getElementById("message").textContent === "The solution is revealed."`)
	_, nextSolution := dailyJSON(t, s.base, "easy", next, "")
	if got := eval[string](b, `[...document.querySelectorAll("#board .value")].map((v) => v.textContent).join("")`); got != nextSolution {
		t.Errorf("revealed grid %s, want the %s daily's solution %s", got, next, nextSolution)
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
	b.keep("phone", "page-phone")
	b.checkContrast("at phone width")
	b.do("a phone in dark mode", emulateColorScheme("dark"))
	b.waitFor("the dark theme on a phone", `document.documentElement.dataset.theme === "dark"`)
	b.checkContrast("at phone width in the dark theme")
	b.screenshot("phone-dark")
	b.keep("phone-dark", "page-phone-dark")

	if errs := b.consoleErrors(); len(errs) > 0 {
		t.Errorf("the page wrote %d console errors:\n%s", len(errs), strings.Join(errs, "\n"))
	}
}

// wrongEntry picks an empty cell and a digit that is not its solution
// and, where possible, conflicts with no given of its units, so only
// Check (not the conflict highlight) can tell it is wrong.
func wrongEntry(b *browser, grid, solution string, cells []int) (int, string) {
	for _, i := range cells {
		for d := byte('1'); d <= '9'; d++ {
			if grid[i] == '.' && d != solution[i] && !seesDigit(grid, i, d) {
				return i, string(d)
			}
		}
	}
	b.t.Fatal("no cell of the daily takes a wrong digit without a conflict")
	return 0, ""
}

// cellName is cell i's name, r1c1 to r9c9.
func cellName(i int) string { return fmt.Sprintf("r%dc%d", i/9+1, i%9+1) }

// boardText reads the grid the page shows, givens and entries, as 81
// characters ('.' empty).
func boardText(b *browser) string {
	b.t.Helper()
	return eval[string](b, `Array.from({length: 81}, (_, i) => document.querySelector("#cell-r" + (Math.floor(i / 9) + 1) + "c" + (i % 9 + 1) + " .value").textContent || ".").join("")`)
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

// sees reports whether cells i and j share a row, column or box.
func sees(i, j int) bool {
	return i != j && (i/9 == j/9 || i%9 == j%9 || (i/27 == j/27 && i%9/3 == j%9/3))
}

// candidatesOf lists the digits no peer of cell i holds in grid, as the
// page's labels write them ("1 4 7").
func candidatesOf(grid string, i int) string {
	var ds []string
	for d := byte('1'); d <= '9'; d++ {
		free := true
		for j := range 81 {
			if sees(i, j) && grid[j] == d {
				free = false
			}
		}
		if free {
			ds = append(ds, string(d))
		}
	}
	return strings.Join(ds, " ")
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
