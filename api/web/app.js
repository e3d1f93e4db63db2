// The Sudoku service's page: play a generated or daily puzzle, ask for
// hints, check, reveal, rate a pasted puzzle and print; candidates on
// demand, a light and a dark theme, and a local history of solved games
// whose solves the service signs (receipts, docs/receipts.md). Plain JavaScript,
// no build step; every request is an ordinary API request (openapi.yaml).
"use strict";

(function () {
  const LEVELS = ["easy", "medium", "hard", "evil"];
  const $ = (id) => document.getElementById(id);

  // game is the puzzle being played. values and notes are the player's:
  // values[i] is 0 or a digit, notes[i] a bit mask of pencilled digits.
  const game = {
    puzzle: "",        // 81 characters, "." for empty
    solution: "",      // 81 digits, or "" while unknown (the service keeps it: /check)
    token: "",         // the puzzle's signed token, for a receipt from /check
    source: null,      // {kind: "generate"|"daily"|"pasted", level, seed, fresh, date}
    values: new Array(81).fill(0),
    notes: new Array(81).fill(0),
    wrong: new Set(),  // cells flagged by Check or by a hint's mistake
    hint: null,        // the step shown on the grid
    undo: [],
    redo: [],
    selected: 0,
    digit: 0,          // the digit highlighted when the selected cell is empty (the last one used)
    pencil: false,
    candAll: false,    // show every empty cell's candidates
    candCells: new Set(), // cells whose candidates are shown one by one
    checking: false,   // a final /check is in flight
    started: 0,        // Date.now() when the clock started
    elapsed: 0,        // ms before started
    done: false,
  };
  let cells = [];      // the 81 gridcell elements
  let tick = 0;        // timer interval id

  // api calls the service and returns the parsed JSON answer; a problem
  // answer throws an Error carrying its detail.
  async function api(method, path, body) {
    const init = { method, headers: { Accept: "application/json" } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let resp;
    try {
      resp = await fetch(path, init);
    } catch (e) {
      throw new Error("The service could not be reached.");
    }
    const type = resp.headers.get("Content-Type") || "";
    const data = type.includes("json") ? await resp.json() : null;
    if (!resp.ok) {
      let msg = (data && (data.detail || data.title)) || "HTTP " + resp.status;
      if (resp.status === 429) {
        msg = "Too many requests: try again in " + (resp.headers.get("Retry-After") || "a few") + " seconds.";
      }
      const err = new Error(msg);
      err.problem = data;
      throw err;
    }
    return data;
  }

  function say(text, kind) {
    const m = $("message");
    m.textContent = text;
    m.className = "message" + (kind ? " " + kind : "");
  }

  const rowOf = (i) => Math.floor(i / 9);
  const colOf = (i) => i % 9;
  const boxOf = (i) => 3 * Math.floor(rowOf(i) / 3) + Math.floor(colOf(i) / 3);
  const name = (i) => "r" + (rowOf(i) + 1) + "c" + (colOf(i) + 1);
  const peers = (i, j) => i !== j && (rowOf(i) === rowOf(j) || colOf(i) === colOf(j) || boxOf(i) === boxOf(j));
  const given = (i) => game.puzzle !== "" && game.puzzle[i] !== ".";

  // ---- the grid -------------------------------------------------------

  function buildBoard() {
    const board = $("board");
    board.textContent = "";
    cells = [];
    for (let r = 0; r < 9; r++) {
      const row = document.createElement("div");
      row.setAttribute("role", "row");
      row.className = "row";
      row.setAttribute("aria-rowindex", String(r + 1));
      for (let c = 0; c < 9; c++) {
        const i = 9 * r + c;
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.setAttribute("aria-colindex", String(c + 1));
        cell.className = "cell";
        if (c % 3 === 2 && c < 8) cell.classList.add("edge-r");
        if (r % 3 === 2 && r < 8) cell.classList.add("edge-b");
        cell.dataset.cell = String(i);
        cell.id = "cell-" + name(i);
        cell.tabIndex = i === 0 ? 0 : -1;
        const value = document.createElement("span");
        value.className = "value";
        const notes = document.createElement("span");
        notes.className = "notes";
        notes.setAttribute("aria-hidden", "true");
        for (let d = 1; d <= 9; d++) {
          const n = document.createElement("span");
          n.className = "note";
          n.dataset.digit = String(d);
          notes.appendChild(n);
        }
        cell.append(value, notes);
        row.appendChild(cell);
        cells.push(cell);
      }
      board.appendChild(row);
    }
  }

  // unitName names the row, column or box that cells i and j share.
  function unitName(i, j) {
    if (rowOf(i) === rowOf(j)) return "row " + (rowOf(i) + 1);
    if (colOf(i) === colOf(j)) return "column " + (colOf(i) + 1);
    return "box " + (boxOf(i) + 1);
  }

  // conflicts maps each cell whose digit another cell of a unit holds to
  // the words that explain it ("r1c7 in row 1").
  function conflicts() {
    const out = new Map();
    const note = (a, b) => {
      if (!out.has(a)) out.set(a, []);
      out.get(a).push(name(b) + " in " + unitName(a, b));
    };
    for (let i = 0; i < 81; i++) {
      if (!game.values[i]) continue;
      for (let j = i + 1; j < 81; j++) {
        if (game.values[j] === game.values[i] && peers(i, j)) {
          note(i, j);
          note(j, i);
        }
      }
    }
    return out;
  }

  // candidates is the mask of the digits no peer of cell i holds.
  function candidates(i) {
    let mask = 0x3fe;
    for (let j = 0; j < 81; j++) {
      if (game.values[j] && peers(i, j)) mask &= ~(1 << game.values[j]);
    }
    return mask;
  }

  // shownNotes is what cell i's notes show: its candidates when they are
  // on (for every cell, or for this one), else the player's notes.
  function shownNotes(i) {
    if (game.values[i]) return 0;
    return game.candAll || game.candCells.has(i) ? candidates(i) : game.notes[i];
  }

  function render() {
    const bad = conflicts();
    const sel = game.selected;
    const selDigit = game.values[sel] || game.digit;
    const placedCount = new Array(10).fill(0);
    for (const v of game.values) placedCount[v]++;
    const h = game.hint;
    const hintCells = new Set(h ? h.cells : []);
    const hintPlace = new Map(h ? h.placements.map((p) => [p.cell, p.digit]) : []);
    const hintElim = new Map();
    if (h) {
      for (const e of h.eliminations) {
        hintElim.set(e.cell, (hintElim.get(e.cell) || 0) | (1 << e.digit));
      }
    }
    for (let i = 0; i < 81; i++) {
      const cell = cells[i];
      const v = game.values[i];
      const cl = cell.classList;
      cl.toggle("given", given(i));
      cl.toggle("selected", i === sel);
      cl.toggle("peer", i !== sel && peers(i, sel));
      cl.toggle("same", v !== 0 && v === selDigit && i !== sel);
      cl.toggle("conflict", bad.has(i));
      cl.toggle("wrong", game.wrong.has(i));
      cl.toggle("hint-cell", hintCells.has(i));
      cl.toggle("hint-place", hintPlace.has(i));
      cl.toggle("hint-elim", hintElim.has(i));
      cell.setAttribute("aria-selected", i === sel ? "true" : "false");
      cell.tabIndex = i === sel ? 0 : -1;
      if (given(i)) cell.setAttribute("aria-readonly", "true");
      else cell.removeAttribute("aria-readonly");
      if (bad.has(i) || game.wrong.has(i)) cell.setAttribute("aria-invalid", "true");
      else cell.removeAttribute("aria-invalid");
      const placed = hintPlace.get(i);
      cell.querySelector(".value").textContent = v ? String(v) : placed && !v ? String(placed) : "";
      cl.toggle("ghost", !v && placed !== undefined);
      const mask = shownNotes(i);
      const elim = hintElim.get(i) || 0;
      cl.toggle("auto-notes", !v && (game.candAll || game.candCells.has(i)));
      const showNotes = !v && (mask || elim);
      cl.toggle("has-notes", Boolean(showNotes && placed === undefined));
      const ns = cell.querySelectorAll(".note");
      for (let d = 1; d <= 9; d++) {
        const n = ns[d - 1];
        const on = (mask & (1 << d)) !== 0;
        const struck = (elim & (1 << d)) !== 0;
        n.textContent = on || struck ? String(d) : "";
        n.classList.toggle("struck", struck);
        n.classList.toggle("same-note", on && d === selDigit);
      }
      cell.setAttribute("aria-label", cellLabel(i, bad));
    }
    $("btn-undo").disabled = game.done || game.undo.length === 0;
    $("btn-redo").disabled = game.done || game.redo.length === 0;
    for (const b of document.querySelectorAll(".pad .digit")) {
      const d = Number(b.dataset.digit);
      b.classList.toggle("complete", placedCount[d] >= 9);
      b.classList.toggle("current", d === selDigit);
      b.setAttribute("aria-label", d + (placedCount[d] >= 9 ? ", all nine placed" : ", " + placedCount[d] + " of 9 placed"));
    }
    $("btn-cands").setAttribute("aria-pressed", String(game.candAll));
    $("btn-cell-cands").setAttribute("aria-pressed", String(game.candCells.has(sel)));
    save();
  }

  function cellLabel(i, bad) {
    let s = "row " + (rowOf(i) + 1) + " column " + (colOf(i) + 1) + ", ";
    const v = game.values[i];
    if (given(i)) s += "given " + v;
    else if (v) s += v;
    else if (shownNotes(i)) s += "empty, " + (game.candAll || game.candCells.has(i) ? "candidates " : "notes ") + digitsOf(shownNotes(i)).join(" ");
    else s += "empty";
    if (bad.has(i)) s += ", conflicts with " + bad.get(i).join(" and ");
    if (game.wrong.has(i)) s += ", wrong";
    if (game.hint && game.hint.cells.includes(i)) s += ", used by the hint";
    return s;
  }

  function digitsOf(mask) {
    const ds = [];
    for (let d = 1; d <= 9; d++) if (mask & (1 << d)) ds.push(d);
    return ds;
  }

  function select(i, focus) {
    game.selected = Math.max(0, Math.min(80, i));
    render();
    if (focus) cells[game.selected].focus();
  }

  // ---- moves, undo and redo --------------------------------------------

  // change sets a cell's value and notes as one undoable move. A digit
  // placed also leaves the notes of the cells it sees (the player's notes
  // stay true to the grid), in the same move.
  function change(i, value, notes) {
    if (game.puzzle === "" || given(i) || game.done) return;
    if (game.values[i] === value && game.notes[i] === notes) return;
    const edits = [{ cell: i, before: { value: game.values[i], notes: game.notes[i] }, after: { value, notes } }];
    if (value) {
      for (let j = 0; j < 81; j++) {
        if (peers(i, j) && !game.values[j] && game.notes[j] & (1 << value)) {
          edits.push({ cell: j, before: { value: 0, notes: game.notes[j] }, after: { value: 0, notes: game.notes[j] & ~(1 << value) } });
        }
      }
    }
    game.undo.push({ cell: i, edits });
    game.redo = [];
    apply(edits, "after");
  }

  // apply sets every cell of edits to its side ("before" or "after").
  function apply(edits, side) {
    let placed = false;
    for (const e of edits) {
      game.values[e.cell] = e[side].value;
      game.notes[e.cell] = e[side].notes;
      game.wrong.delete(e.cell);
      placed = placed || e[side].value !== 0;
    }
    game.hint = null;
    $("hint").hidden = true;
    render();
    if (placed) finishIfSolved();
  }

  // replay moves the last move of from to to, setting its cells to the
  // move's side ("before" to undo, "after" to redo).
  function replay(from, to, side, verb) {
    if (game.done) return;
    const m = from.pop();
    if (!m) return;
    to.push(m);
    apply(m.edits, side);
    select(m.cell, document.activeElement !== null && document.activeElement.classList.contains("cell"));
    say(verb + ": " + name(m.cell) + ".");
  }

  const undo = () => replay(game.undo, game.redo, "before", "Undone");
  const redo = () => replay(game.redo, game.undo, "after", "Redone");

  function enter(d, asNote) {
    const i = game.selected;
    if (game.puzzle === "") return say("Get a puzzle first.");
    game.digit = d;
    if (given(i)) {
      render(); // highlights d's cells
      return say(name(i) + " is a given.");
    }
    if (asNote || game.pencil) {
      if (game.values[i]) return say("Erase " + name(i) + " before pencilling notes.");
      if (game.candAll || game.candCells.has(i)) return say("Candidates are shown at " + name(i) + ": turn them off to write your own notes.");
      change(i, 0, game.notes[i] ^ (1 << d));
      return;
    }
    change(i, d, 0);
    const bad = conflicts().get(i);
    if (bad) say(d + " at " + name(i) + " conflicts with the " + d + " at " + bad.join(" and at ") + ".", "warn");
  }

  // toggleCandidates shows or hides the candidates of every cell (all) or
  // of the selected one.
  function toggleCandidates(all) {
    if (game.puzzle === "") return say("Get a puzzle first.");
    if (all) {
      game.candAll = !game.candAll;
      game.candCells.clear();
      say(game.candAll ? "Candidates shown in every empty cell, updated as you play." : "Candidates hidden: your own notes are back.");
    } else {
      const i = game.selected;
      if (game.values[i]) return say(name(i) + " is filled: it has no candidates.");
      if (game.candAll) return say("Every cell's candidates are shown already.");
      if (game.candCells.has(i)) game.candCells.delete(i);
      else game.candCells.add(i);
      say(game.candCells.has(i) ? "Candidates of " + name(i) + ": " + digitsOf(candidates(i)).join(" ") + "." : "Candidates of " + name(i) + " hidden.");
    }
    render();
  }

  function erase() {
    const i = game.selected;
    if (!given(i)) change(i, 0, 0);
  }

  function current() {
    let s = "";
    for (let i = 0; i < 81; i++) s += game.values[i] ? String(game.values[i]) : ".";
    return s;
  }

  // checkBody is the body of POST /check for the grid as it is: with the
  // puzzle's token, a solved grid gets a signed receipt.
  function checkBody() {
    const body = { puzzle: game.puzzle, current: current() };
    if (game.token) body.token = game.token;
    return body;
  }

  // finishIfSolved asks the service whether a full grid without conflicts
  // is the solution (the page does not know it); if so the game ends, and
  // its receipt is verified and kept in the history.
  async function finishIfSolved() {
    if (game.done || game.checking || game.values.some((v) => v === 0) || conflicts().size > 0) return;
    const grid = current();
    game.checking = true;
    let v;
    try {
      v = await api("POST", "/check", checkBody());
    } catch (e) {
      say(e.message, "error");
      return;
    } finally {
      game.checking = false;
    }
    if (current() !== grid || game.done) return; // the player moved on meanwhile
    if (!v.solved) {
      say("Every cell is filled, but some are wrong: Check shows which.", "warn");
      return;
    }
    game.done = true;
    stopClock();
    const time = clockText();
    $("board").classList.add("solved");
    render(); // the game is over: no undo, and saved as done
    say("Solved in " + time + ". Well done!", "ok");
    let verified = null;
    if (v.receipt) {
      try {
        const r = await api("POST", "/receipts/verify", { receipt: v.receipt, puzzle: game.puzzle });
        if (r.valid) verified = r;
      } catch (e) {
        // The solve stands; it is only not verified.
      }
    }
    record(v.receipt || "", verified);
    if (verified) say("Solved in " + time + ". Well done! Verified by the server: " + clockOf(verified.seconds * 1000) + " from the puzzle's issue.", "ok");
  }

  // ---- the clock -------------------------------------------------------

  function startClock() {
    stopClock();
    game.started = Date.now();
    game.elapsed = 0;
    tick = window.setInterval(showClock, 1000);
    showClock();
  }

  function stopClock() {
    if (tick) {
      window.clearInterval(tick);
      tick = 0;
      game.elapsed += Date.now() - game.started;
    }
    showClock();
  }

  function elapsedMs() {
    return game.elapsed + (tick ? Date.now() - game.started : 0);
  }

  function clockText() {
    return clockOf(elapsedMs());
  }

  // clockOf writes a duration in ms as m:ss, or h:mm:ss.
  function clockOf(ms) {
    const s = Math.floor(ms / 1000);
    const m = Math.floor(s / 60);
    return (m >= 60 ? Math.floor(m / 60) + ":" + String(m % 60).padStart(2, "0") : String(m)) + ":" + String(s % 60).padStart(2, "0");
  }

  function showClock() {
    $("timer").textContent = clockText();
  }

  // ---- saving the game across reloads ------------------------------------

  const SAVE_KEY = "sudoku.game.v1";

  // save keeps the game in this browser's storage, so a reload or a closed
  // tab comes back to it.
  function save() {
    if (game.puzzle === "") return;
    try {
      localStorage.setItem(SAVE_KEY, JSON.stringify({
        puzzle: game.puzzle, solution: game.solution, source: game.source, token: game.token,
        values: game.values, notes: game.notes, done: game.done,
        candAll: game.candAll, candCells: [...game.candCells],
        elapsed: elapsedMs(),
        title: $("game-title").textContent, meta: $("game-meta").textContent, seed: $("game-seed").textContent,
      }));
    } catch (e) {
      // Storage full or disabled: play on without saving.
    }
  }

  // restore loads the saved game, if there is a sound one.
  function restore() {
    let s;
    try {
      s = JSON.parse(localStorage.getItem(SAVE_KEY) || "null");
    } catch (e) {
      return false;
    }
    if (!s || !/^[1-9.]{81}$/.test(s.puzzle) || !Array.isArray(s.values) || s.values.length !== 81 ||
        !Array.isArray(s.notes) || s.notes.length !== 81 || !/^([1-9]{81})?$/.test(s.solution)) {
      return false;
    }
    if (s.source && LEVELS.includes(s.source.level)) $("level").value = s.source.level;
    load(s.puzzle, s.solution, s.source, String(s.title), String(s.meta), typeof s.token === "string" ? s.token : "", String(s.seed || ""));
    for (let i = 0; i < 81; i++) {
      if (given(i)) continue;
      game.values[i] = Number(s.values[i]) % 10 || 0;
      game.notes[i] = Number(s.notes[i]) & 0x3fe;
    }
    game.candAll = s.candAll === true;
    for (const c of Array.isArray(s.candCells) ? s.candCells : []) {
      if (Number.isInteger(c) && c >= 0 && c < 81) game.candCells.add(c);
    }
    game.elapsed = Number(s.elapsed) || 0;
    game.started = Date.now();
    if (s.done) {
      game.done = true;
      stopClock();
      $("board").classList.add("solved");
    }
    render();
    say("Welcome back: the game is as you left it.");
    return true;
  }

  // ---- the history of solved games ----------------------------------------

  const HISTORY_KEY = "sudoku.history.v1";
  const HISTORY_MAX = 200; // games kept; the oldest go first

  // localDay is the player's calendar day of time t (YYYY-MM-DD): streaks
  // count the player's days, not UTC's.
  function localDay(t) {
    const d = new Date(t);
    return d.getFullYear() + "-" + String(d.getMonth() + 1).padStart(2, "0") + "-" + String(d.getDate()).padStart(2, "0");
  }

  function loadHistory() {
    try {
      const h = JSON.parse(localStorage.getItem(HISTORY_KEY) || "[]");
      return Array.isArray(h) ? h.filter((g) => g && typeof g.puzzle === "string" && Number.isFinite(g.ms) && typeof g.day === "string") : [];
    } catch (e) {
      return [];
    }
  }

  // record keeps the game just solved in the history (once per puzzle),
  // with the receipt and what the service said of it.
  function record(receipt, verified) {
    const h = loadHistory();
    if (h.some((g) => g.puzzle === game.puzzle)) return renderHistory();
    h.push({
      puzzle: game.puzzle, title: $("game-title").textContent,
      level: game.source && game.source.level ? game.source.level : "",
      ms: elapsedMs(), at: Date.now(), day: localDay(Date.now()),
      receipt: receipt, verified: Boolean(verified), serverSeconds: verified ? verified.seconds : null,
    });
    try {
      localStorage.setItem(HISTORY_KEY, JSON.stringify(h.slice(-HISTORY_MAX)));
    } catch (e) {
      // Storage full or disabled: the history is not kept.
    }
    renderHistory();
  }

  // streak is the number of consecutive days, ending today or yesterday,
  // with at least one solved game.
  function streak(h) {
    const days = new Set(h.map((g) => g.day));
    let t = Date.now();
    if (!days.has(localDay(t))) t -= 86400000;
    let n = 0;
    while (days.has(localDay(t))) {
      n++;
      t -= 86400000;
    }
    return n;
  }

  function renderHistory() {
    const h = loadHistory();
    $("stat-solved").textContent = String(h.length);
    const n = streak(h);
    $("stat-streak").textContent = n + (n === 1 ? " day" : " days");
    const best = [];
    for (const l of LEVELS) {
      const times = h.filter((g) => g.level === l).map((g) => g.ms);
      if (times.length) best.push(levelTitle(l) + " " + clockOf(Math.min(...times)));
    }
    $("stat-best").textContent = best.length ? best.join(" · ") : "–";
    const list = $("history-list");
    list.textContent = "";
    for (const g of h.slice(-8).reverse()) {
      const li = document.createElement("li");
      const t = document.createElement("span");
      t.className = "history-title";
      t.textContent = g.title;
      const time = document.createElement("span");
      time.className = "history-time";
      time.textContent = clockOf(g.ms) + (g.verified ? " ✓" : "");
      if (g.verified) time.title = "Verified by the service's receipt";
      li.append(t, " ", time);
      if (g.verified) li.setAttribute("aria-label", g.title + ", solved in " + clockOf(g.ms) + ", verified");
      list.appendChild(li);
    }
    $("history-empty").hidden = h.length > 0;
  }

  // ---- the theme -------------------------------------------------------

  const THEME_KEY = "sudoku.theme";
  const darkQuery = window.matchMedia("(prefers-color-scheme: dark)");

  // applyTheme sets data-theme on the root (the stylesheet's one switch)
  // from the choice: light, dark, or system (the browser's setting, kept
  // up to date).
  function applyTheme() {
    let choice = "system";
    try {
      choice = localStorage.getItem(THEME_KEY) || "system";
    } catch (e) {
      // no storage: follow the system
    }
    if (!["system", "light", "dark"].includes(choice)) choice = "system";
    $("theme").value = choice;
    const dark = choice === "dark" || (choice === "system" && darkQuery.matches);
    document.documentElement.dataset.theme = dark ? "dark" : "light";
  }

  function chooseTheme() {
    try {
      localStorage.setItem(THEME_KEY, $("theme").value);
    } catch (e) {
      // the choice lasts for this page only
    }
    applyTheme();
  }

  // ---- loading puzzles -------------------------------------------------

  // fill sets every cell from an 81-character grid and starts the history
  // afresh; done ends the game.
  function fill(grid, done) {
    for (let i = 0; i < 81; i++) {
      game.values[i] = grid[i] === "." ? 0 : Number(grid[i]);
      game.notes[i] = 0;
    }
    game.wrong.clear();
    game.hint = null;
    game.undo = [];
    game.redo = [];
    game.done = done;
    $("hint").hidden = true;
  }

  function load(puzzle, solution, source, title, meta, token, seed) {
    game.puzzle = puzzle;
    game.solution = solution || "";
    game.source = source;
    game.token = token || "";
    game.candAll = false;
    game.candCells.clear();
    game.digit = 0;
    fill(puzzle, false);
    $("board").classList.remove("solved");
    $("print").hidden = true;
    $("game-title").textContent = title;
    $("day-nav").hidden = !(source && source.kind === "daily" && source.date);
    if (source && source.kind === "daily" && source.date) {
      // The service embargoes a day's puzzle from anonymous clients until
      // that day has begun somewhere (UTC+14, the earliest zone): no step
      // past it.
      $("btn-next-day").disabled = addDays(source.date, 1) > latestPublicDay();
    }
    $("game-meta").textContent = meta;
    $("game-seed").textContent = seed || "";
    $("game-title").dataset.date = source && source.kind === "daily" && source.date ? source.date : "";
    document.body.classList.add("playing");
    let first = 0;
    while (first < 80 && given(first)) first++;
    select(first, false);
    startClock();
  }

  function levelTitle(l) {
    return l.charAt(0).toUpperCase() + l.slice(1);
  }

  // dayName writes a daily's date (YYYY-MM-DD, a UTC day) for people:
  // "Thursday 26 November", with the year when it is not this one.
  function dayName(date) {
    const d = new Date(date + "T00:00:00Z");
    const opts = { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" };
    if (d.getUTCFullYear() !== new Date().getFullYear()) opts.year = "numeric";
    return d.toLocaleDateString("en-GB", opts);
  }

  // shortID names a generated puzzle by four letters and digits drawn
  // from its seed (the seed itself, 20 digits, stays in the details line):
  // easy to say and to find in the history.
  function shortID(seed) {
    const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"; // no 0/O, 1/I
    let n = BigInt(seed || "0") * 0x9e3779b97f4a7c15n % (1n << 64n);
    let id = "";
    for (let k = 0; k < 4; k++) {
      id += alphabet[Number(n % 32n)];
      n /= 32n;
    }
    return id;
  }

  function loadAnswer(p, source) {
    const kind = source.kind === "daily" ? "Daily · " + dayName(p.date) : "No. " + shortID(p.seed);
    load(p.puzzle, p.solution, Object.assign(source, { seed: p.seed, fresh: p.fresh, date: p.date }),
      levelTitle(p.level) + " · " + kind,
      "Score " + p.score.toFixed(2) + " · " + p.givens + " givens" + (p.hardest ? " · hardest: " + p.hardest : "") + " ·",
      p.token || "", "seed " + p.seed + (p.fresh ? "" : " (variant " + p.variant + ")"));
    say((source.kind === "daily" ? "The " + dayName(p.date) + " " : "New ") + p.level + " puzzle. Select a cell and type a digit.");
  }

  // newPuzzle asks for a puzzle of the chosen level: a generated one, or
  // the daily of date (today when date is empty).
  async function newPuzzle(daily, date) {
    const level = $("level").value;
    const btn = daily ? $("btn-daily") : $("btn-new");
    btn.disabled = true;
    say(daily ? "Fetching the " + (date || "today's") + " " + level + " puzzle…" : "Fetching a " + level + " puzzle…");
    try {
      // Without the solution: the service checks the grid (/check) and
      // signs the solve, so the receipt says no answer was handed out.
      let path = (daily ? "/daily" : "/generate") + "?level=" + encodeURIComponent(level) + (date ? "&date=" + date : "") + "&solution=false";
      // Today's daily is today where the player is: the browser's zone.
      const zone = browserZone();
      if (daily && !date && zone) path += "&tz=" + encodeURIComponent(zone);
      const p = await api("GET", path);
      loadAnswer(p, { kind: daily ? "daily" : "generate", level });
    } catch (e) {
      say(e.message, "error");
    } finally {
      btn.disabled = false;
    }
  }

  // browserZone is the browser's IANA time zone (Europe/Paris), or "" when
  // it does not say.
  function browserZone() {
    try {
      return Intl.DateTimeFormat().resolvedOptions().timeZone || "";
    } catch (e) {
      return "";
    }
  }

  // addDays returns the date (YYYY-MM-DD) n days after date.
  function addDays(date, n) {
    return new Date(Date.parse(date + "T00:00:00Z") + n * 86400000).toISOString().slice(0, 10);
  }

  // latestPublicDay is the last date whose daily anonymous clients may
  // read: today in UTC+14.
  function latestPublicDay() {
    return new Date(Date.now() + 14 * 3600000).toISOString().slice(0, 10);
  }

  // otherDay loads the daily of the day before (-1) or after (+1) the one
  // being played, at its level: an editor's way through the calendar.
  function otherDay(step) {
    const s = game.source;
    if (!s || s.kind !== "daily" || !s.date) return;
    if (LEVELS.includes(s.level)) $("level").value = s.level;
    newPuzzle(true, addDays(s.date, step));
  }

  // ---- hints, check, reveal --------------------------------------------

  async function hint() {
    if (game.puzzle === "" || game.done) return;
    const bad = conflicts();
    if (bad.size > 0) {
      say("Two cells conflict (marked in red): fix them before asking for a hint.", "warn");
      return;
    }
    say("Thinking…");
    try {
      const h = await api("POST", "/hint", { puzzle: game.puzzle, current: current() });
      if (h.solved) {
        finishIfSolved();
        return;
      }
      if (h.mistake) {
        game.wrong.add(h.cell_index);
        select(h.cell_index, false);
        say(h.text, "warn");
        return;
      }
      showHint(h.step);
    } catch (e) {
      say(e.message, "error");
    }
  }

  function showHint(step) {
    game.hint = step;
    $("hint-technique").textContent = step.technique;
    $("hint-text").textContent = step.text;
    $("hint").hidden = false;
    const focus = step.placements.length ? step.placements[0].cell : step.cells.length ? step.cells[0] : game.selected;
    game.selected = focus;
    render();
    say(""); // the hint panel, a live region, says it
  }

  function applyHint() {
    const step = game.hint;
    if (!step) return;
    for (const p of step.placements) change(p.cell, p.digit, 0);
    for (const e of step.eliminations) {
      if (!game.values[e.cell] && game.notes[e.cell] & (1 << e.digit)) {
        change(e.cell, 0, game.notes[e.cell] & ~(1 << e.digit));
      }
    }
    game.hint = null;
    $("hint").hidden = true;
    render();
  }

  async function ensureSolution() {
    if (game.solution) return game.solution;
    const s = await api("POST", "/solve", { puzzle: game.puzzle });
    game.solution = s.solution;
    return s.solution;
  }

  // check asks the service which entries are wrong (POST /check): the
  // page never holds the solution of a served puzzle.
  async function check() {
    if (game.puzzle === "") return;
    try {
      const v = await api("POST", "/check", checkBody());
      game.wrong.clear();
      for (const c of v.wrong) game.wrong.add(9 * (Number(c[1]) - 1) + Number(c[3]) - 1);
      // A grid with a clash is answered with its conflicts, not with which
      // entries are wrong (docs/publishing.md): they are marked already.
      const clashes = v.conflicts || [];
      let filled = 0;
      for (let i = 0; i < 81; i++) if (game.values[i] && !given(i)) filled++;
      render();
      if (v.solved) {
        finishIfSolved();
        return;
      }
      if (clashes.length > 0) {
        const names = clashes.map((c) => name(9 * (Number(c[1]) - 1) + Number(c[3]) - 1));
        say(clashes.length + " cells clash (" + names.join(", ") + "): the same digit twice in a row, column or box. Fix them, then check again.", "warn");
      } else if (game.wrong.size > 0) {
        const n = game.wrong.size;
        say(n + (n === 1 ? " cell is" : " cells are") + " wrong: " + [...game.wrong].map(name).join(", ") + ".", "warn");
      } else {
        say(filled === 0 ? "Nothing entered yet." : "All " + filled + " entries are right so far.", "ok");
      }
    } catch (e) {
      say(e.message, "error");
    }
  }

  async function reveal() {
    if (game.puzzle === "" || game.done) return;
    try {
      fill(await ensureSolution(), true);
      stopClock();
      render();
      say("The solution is revealed.");
    } catch (e) {
      say(e.message, "error");
    }
  }

  // ---- print -----------------------------------------------------------

  // svgURL is the service's printable grid of the puzzle: the daily by
  // date, a generated puzzle by its seed (a variant has none to ask by).
  function svgURL() {
    const s = game.source;
    if (!s) return "";
    if (s.kind === "daily") return "/daily?level=" + s.level + "&date=" + s.date + "&format=svg";
    if (s.kind === "generate" && s.fresh) return "/generate?level=" + s.level + "&seed=" + s.seed + "&format=svg";
    return "";
  }

  function printView() {
    if (game.puzzle === "") return say("Get a puzzle first.");
    const url = svgURL();
    if (!url) {
      window.print(); // the print stylesheet shows the grid alone
      return;
    }
    $("print-img").src = url;
    $("print-link").href = url;
    const pdf = url.replace("format=svg", "format=pdf");
    $("print-pdf").href = pdf;
    $("print-key").href = pdf + "&solution=true";
    $("print").hidden = false;
    $("btn-print-now").focus();
  }

  // ---- rating ----------------------------------------------------------

  async function rate(ev) {
    ev.preventDefault();
    const out = $("rate-result");
    out.textContent = "Rating…";
    try {
      const r = await api("POST", "/rate?explain=true", { puzzle: $("rate-input").value });
      out.textContent = "";
      const head = document.createElement("p");
      head.className = "rating";
      const lvl = document.createElement("strong");
      lvl.textContent = levelTitle(r.level);
      head.append(lvl, " · score " + r.score.toFixed(2) + " · " + r.givens + " givens" +
        (r.hardest ? " · hardest technique: " + r.hardest + " (tier " + r.hardest_tier + ")" : ""));
      out.appendChild(head);
      const counts = Object.entries(r.counts).sort((a, b) => b[1] - a[1]);
      if (counts.length) {
        const p = document.createElement("p");
        p.textContent = "Techniques: " + counts.map(([t, n]) => t + " ×" + n).join(", ");
        out.appendChild(p);
      }
      const path = r.path || [];
      const details = document.createElement("details");
      details.open = true;
      const sum = document.createElement("summary");
      sum.textContent = "Step by step (" + path.length + " steps)";
      details.appendChild(sum);
      const ol = document.createElement("ol");
      ol.className = "steps";
      for (const st of path) {
        const li = document.createElement("li");
        const t = document.createElement("span");
        t.className = "tech tier" + st.tier;
        t.textContent = st.technique;
        li.append(t, " " + st.text);
        ol.appendChild(li);
      }
      details.appendChild(ol);
      out.appendChild(details);
      $("btn-play-pasted").dataset.puzzle = r.puzzle;
    } catch (e) {
      out.textContent = "";
      const p = document.createElement("p");
      p.className = "error";
      p.textContent = e.message;
      out.appendChild(p);
    }
  }

  async function playPasted() {
    const text = $("rate-input").value;
    try {
      const s = await api("POST", "/solve", { puzzle: text });
      if (!s.unique) {
        say("That puzzle has more than one solution: it cannot be played fairly.", "warn");
        return;
      }
      load(s.puzzle, s.solution, { kind: "pasted" }, "Pasted puzzle", "Your own puzzle ·", "", "");
      say("Playing the pasted puzzle.");
      cells[game.selected].focus();
    } catch (e) {
      say(e.message, "error");
    }
  }

  // ---- input -----------------------------------------------------------

  function digitFromKey(ev) {
    const m = /^(?:Digit|Numpad)([1-9])$/.exec(ev.code || "");
    if (m) return Number(m[1]);
    if (/^[1-9]$/.test(ev.key)) return Number(ev.key);
    return 0;
  }

  function onBoardKey(ev) {
    const i = game.selected;
    const mod = ev.ctrlKey || ev.metaKey;
    if (mod && (ev.key === "z" || ev.key === "Z")) {
      ev.preventDefault();
      return ev.shiftKey ? redo() : undo();
    }
    if (mod && (ev.key === "y" || ev.key === "Y")) {
      ev.preventDefault();
      return redo();
    }
    if (mod || ev.altKey) return;
    const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
    if (ev.key in moves) {
      ev.preventDefault();
      let j = i + moves[ev.key];
      if (ev.key === "ArrowLeft" && colOf(i) === 0) j = i + 8;
      if (ev.key === "ArrowRight" && colOf(i) === 8) j = i - 8;
      if (j < 0) j += 81;
      if (j > 80) j -= 81;
      return select(j, true);
    }
    if (ev.key === "Home") { ev.preventDefault(); return select(i - colOf(i), true); }
    if (ev.key === "End") { ev.preventDefault(); return select(i - colOf(i) + 8, true); }
    const d = digitFromKey(ev);
    if (d) {
      ev.preventDefault();
      return enter(d, ev.shiftKey);
    }
    switch (ev.key) {
      case "Backspace": case "Delete": case "0": case ".":
        ev.preventDefault();
        return erase();
      case "p": case "P": case "n": case "N":
        ev.preventDefault();
        return togglePencil();
      case "h": case "H":
        ev.preventDefault();
        return hint();
      case "c": case "C":
        ev.preventDefault();
        return toggleCandidates(false);
      case "a": case "A":
        ev.preventDefault();
        return toggleCandidates(true);
    }
  }

  function togglePencil() {
    game.pencil = !game.pencil;
    $("btn-pencil").setAttribute("aria-pressed", String(game.pencil));
    $("board").classList.toggle("pencil", game.pencil);
    say(game.pencil ? "Pencil on: digits write notes." : "Pencil off: digits fill cells.");
  }

  function wire() {
    applyTheme();
    $("theme").addEventListener("change", chooseTheme);
    darkQuery.addEventListener("change", applyTheme);
    buildBoard();
    render();
    renderHistory();
    const board = $("board");
    board.addEventListener("click", (ev) => {
      const c = ev.target.closest(".cell");
      if (c) select(Number(c.dataset.cell), true);
    });
    board.addEventListener("keydown", onBoardKey);
    for (const b of document.querySelectorAll(".pad .digit")) {
      b.addEventListener("click", () => {
        enter(Number(b.dataset.digit), false);
        cells[game.selected].focus({ preventScroll: true });
      });
    }
    $("new-game").addEventListener("submit", (ev) => { ev.preventDefault(); newPuzzle(false); });
    $("btn-daily").addEventListener("click", () => newPuzzle(true, ""));
    $("btn-prev-day").addEventListener("click", () => otherDay(-1));
    $("btn-next-day").addEventListener("click", () => otherDay(1));
    $("btn-erase").addEventListener("click", erase);
    $("btn-pencil").addEventListener("click", togglePencil);
    $("btn-undo").addEventListener("click", undo);
    $("btn-redo").addEventListener("click", redo);
    $("btn-cands").addEventListener("click", () => toggleCandidates(true));
    $("btn-cell-cands").addEventListener("click", () => { toggleCandidates(false); cells[game.selected].focus({ preventScroll: true }); });
    $("btn-hint").addEventListener("click", hint);
    $("btn-apply").addEventListener("click", applyHint);
    $("btn-check").addEventListener("click", check);
    $("btn-reveal").addEventListener("click", reveal);
    $("btn-print").addEventListener("click", printView);
    $("btn-print-now").addEventListener("click", () => window.print());
    $("btn-print-close").addEventListener("click", () => { $("print").hidden = true; $("btn-print").focus(); });
    $("rate-form").addEventListener("submit", rate);
    $("btn-play-pasted").addEventListener("click", playPasted);
    const q = new URLSearchParams(window.location.search);
    if (LEVELS.includes(q.get("level"))) $("level").value = q.get("level");
    document.addEventListener("visibilitychange", save); // the clock's time
    // A grid ready to play: the saved game, unless the address asks for
    // a level or the daily.
    if (q.has("level") || q.has("daily") || !restore()) newPuzzle(q.get("daily") === "1", "");
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
