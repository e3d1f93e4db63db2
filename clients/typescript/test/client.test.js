// The client against a live sudokud at $SUDOKU_URL (client_test.go starts
// one from the repository on a free port and runs this suite).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { SudokuClient, SudokuError, RateLimitedError, AuthError, TimeoutError, OPERATIONS, verifyReceiptOffline } from "../src/client.js";

const base = process.env.SUDOKU_URL;
if (!base) throw new Error("set SUDOKU_URL to a running sudokud, such as http://127.0.0.1:8080");
const client = new SudokuClient(base);
// The admin listener (probes and /metrics; client_test.go sets it).
const admin = new SudokuClient(process.env.SUDOKU_ADMIN_URL ?? base);
// A key with scopes publish and daily:ahead (client_test.go makes one);
// the publishing tests need it.
const key = process.env.SUDOKU_KEY;
// The server's receipt secret (client_test.go sets both), for the offline
// check.
const secret = process.env.SUDOKU_RECEIPT_SECRET;

/** @type {import("../src/client.js").Level[]} */
const levels = ["easy", "medium", "hard", "evil"];

/** @param {string} puzzle @param {string} solution */
function assertSolves(puzzle, solution) {
  assert.match(solution, /^[1-9]{81}$/);
  for (let i = 0; i < 81; i++) {
    if (puzzle[i] !== ".") assert.equal(solution[i], puzzle[i], `cell ${i} keeps its given`);
  }
}

test("generate gives a puzzle of each level, and its seed string gives it again", async () => {
  for (const level of levels) {
    const p = await client.generate({ level, fresh: true });
    assert.equal(p.kind, "puzzle");
    assert.equal(p.level, level);
    assert.match(p.puzzle, /^[1-9.]{81}$/);
    assertSolves(p.puzzle, p.solution ?? ""); // present unless solution=false
    assert.equal(typeof p.seed, "string");
    // The seed is past 2^53 most of the time: as a string it loses nothing.
    const again = await client.generate({ level, seed: p.seed });
    assert.equal(again.puzzle, p.puzzle, `seed ${p.seed} gives the same ${level} puzzle`);
    assert.equal(again.seed, p.seed);
  }
});

test("generate by technique or score window reports the level; an impossible one is 422", async () => {
  const p = await client.generate({ technique: "xy-wing", seed: "3" });
  assert.equal(p.hardest, "xy-wing");
  assert.ok(levels.includes(p.level));
  const w = await client.generate({ level: "hard", min_score: 2.5, max_score: 3.5, seed: "5" });
  assert.equal(w.level, "hard");
  assert.ok(w.score >= 2.5 && w.score <= 3.5, `score ${w.score} in [2.5, 3.5]`);
  await assert.rejects(client.generate({ level: "easy", technique: "x-wing" }), (err) => {
    assert.ok(err instanceof SudokuError);
    assert.equal(err.status, 422);
    assert.equal(err.problem.parameter, "technique");
    return true;
  });
});

test("the largest uint64 seed is a valid seed", async () => {
  const p = await client.generate({ level: "easy", seed: "18446744073709551615" });
  assert.equal(p.seed, "18446744073709551615");
});

test("generateBatch tells a batch by its kind", async () => {
  const b = await client.generateBatch({ level: "medium", count: 3, seed: "7" });
  assert.equal(b.kind, "batch");
  assert.equal(b.puzzles.length, 3);
  assert.deepEqual(b.puzzles.map((p) => p.seed), ["7", "8", "9"]);
});

test("daily is the same puzzle twice, for today and for a date", async () => {
  const a = await client.daily({ level: "hard" });
  const b = await client.daily({ level: "hard", date: a.date });
  assert.equal(a.kind, "puzzle");
  assert.equal(a.level, "hard");
  assert.match(a.date ?? "", /^\d{4}-\d{2}-\d{2}$/);
  assert.equal(b.puzzle, a.puzzle);
});

test("solve finds the unique solution, as text and as rows", async () => {
  const p = await client.generate({ level: "evil" });
  const s = await client.solve(p.puzzle);
  assert.equal(s.solution, p.solution);
  assert.equal(s.unique, true);
  /** @type {number[][]} */
  const rows = [];
  for (let r = 0; r < 9; r++) rows.push([...p.puzzle.slice(9 * r, 9 * r + 9)].map((c) => (c === "." ? 0 : Number(c))));
  const t = await client.solve(rows, { algorithm: "propagate" });
  assert.equal(t.solution, p.solution);
  assert.equal(t.algorithm, "propagate");
});

test("rate explains the path with techniques of the enum", async () => {
  const p = await client.generate({ level: "hard", seed: "42" });
  const r = await client.rate(p.puzzle, { explain: true });
  assert.equal(r.level, "hard");
  assert.ok(r.score > 0);
  assert.ok(r.path && r.path.length > 0);
  for (const step of r.path ?? []) {
    assert.ok(step.text.length > 0);
    assert.ok(Object.hasOwn(r.counts, step.technique), `${step.technique} is counted`);
  }
});

test("hint gives a step, then a mistake, then solved", async () => {
  const p = await client.generate({ level: "easy" });
  const solution = p.solution ?? ""; // present unless solution=false
  const step = await client.hint(p.puzzle, p.puzzle);
  assert.equal(step.solved, false);
  assert.equal(step.mistake, false);
  assert.ok(step.step && step.step.placements.length + step.step.eliminations.length > 0);
  const empty = p.puzzle.indexOf(".");
  const wrong = String((Number(solution[empty]) % 9) + 1);
  const withMistake = p.puzzle.slice(0, empty) + wrong + p.puzzle.slice(empty + 1);
  const mistake = await client.hint(p.puzzle, withMistake);
  assert.equal(mistake.mistake, true);
  assert.equal(mistake.cell_index, empty);
  const solved = await client.hint(p.puzzle, solution);
  assert.equal(solved.solved, true);
});

test("a bad puzzle is a SudokuError with the problem's code", async () => {
  await assert.rejects(client.rate("12"), (err) => {
    assert.ok(err instanceof SudokuError);
    assert.equal(err.status, 422);
    assert.equal(err.problem.code, "cell-count");
    return true;
  });
});

test("every operation of openapi.yaml has a method", () => {
  const spec = readFileSync(new URL("../../../openapi.yaml", import.meta.url), "utf8");
  const ids = [...spec.matchAll(/^\s+operationId:\s*(\w+)\s*$/gm)].map((m) => m[1]);
  assert.ok(ids.length >= 16, `found ${ids.length} operations`);
  for (const id of ids) {
    const method = /** @type {Record<string, string>} */ (OPERATIONS)[id];
    assert.ok(method, `operation ${id} of openapi.yaml has no entry in OPERATIONS`);
    assert.equal(typeof (/** @type {any} */ (client))[method], "function", `OPERATIONS.${id} names the method ${method}`);
  }
  assert.deepEqual(Object.keys(OPERATIONS).sort(), [...ids].sort(), "OPERATIONS lists exactly the contract's operations");
});

test("check with the token: a verdict, then a receipt the service verifies", async () => {
  const p = await client.generate({ level: "easy", solution: false });
  assert.equal(p.solution, undefined);
  assert.match(p.token ?? "", /^st1\./);
  const { solution } = await client.solve(p.puzzle); // what a game's backend would know
  const empty = p.puzzle.indexOf(".");
  const wrong = p.puzzle.slice(0, empty) + String((Number(solution[empty]) % 9) + 1) + p.puzzle.slice(empty + 1);
  const verdict = await client.check(p.puzzle, wrong, { token: p.token });
  assert.equal(verdict.correct, false);
  assert.equal(verdict.receipt, undefined);
  const done = await client.check(p.puzzle, solution, { token: p.token });
  assert.equal(done.solved, true);
  assert.match(done.receipt ?? "", /^sr1\./);
  const v = await client.verifyReceipt(done.receipt ?? "", { puzzle: p.puzzle });
  assert.equal(v.valid, true);
  assert.equal(v.puzzle, p.puzzle);
  assert.equal(v.level, "easy");
  assert.equal(v.source, "generate");
  assert.equal(v.solution_served, false);
  assert.ok((v.seconds ?? -1) >= 0);
  const other = await client.generate({ level: "easy", fresh: true });
  const replay = await client.verifyReceipt(done.receipt ?? "", { puzzle: other.puzzle });
  assert.equal(replay.valid, false);
  assert.equal(replay.reason, "other-puzzle");
  await assert.rejects(client.check(other.puzzle, other.solution ?? "", { token: p.token }), (err) => {
    assert.ok(err instanceof SudokuError);
    assert.equal(err.status, 400);
    assert.equal(err.problem.parameter, "token");
    return true;
  });
});

test("an aborted signal and a short timeout end the call", async () => {
  const c = new AbortController();
  c.abort();
  await assert.rejects(client.healthz({ signal: c.signal }), (err) => /** @type {Error} */ (err).name === "AbortError");
  // A slow answer: the naive solver on a hard puzzle takes far longer than 1 ms.
  const hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  await assert.rejects(client.solve(hard, { algorithm: "naive", timeoutMs: 1 }), (err) => {
    assert.ok(err instanceof TimeoutError);
    assert.equal(err.timeoutMs, 1);
    return true;
  });
  // The server admits one slow solve at a time and may still be running the
  // one abandoned above: a 503 (RateLimitedError) means "wait and retry".
  const slowClient = new SudokuClient(base, { timeoutMs: 1 });
  for (let tries = 0; ; tries++) {
    try {
      await slowClient.solve(hard, { algorithm: "naive" });
      assert.fail("a 1 ms client timeout let a naive solve finish");
    } catch (err) {
      if (err instanceof RateLimitedError && tries < 50) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      assert.ok(err instanceof TimeoutError, `want a TimeoutError, got ${err}`);
      break;
    }
  }
});

test("the probes, the contract, the metrics, the page and the SVGs", async () => {
  assert.equal((await client.healthz()).status, "ok");
  assert.equal((await client.readyz()).status, "ready");
  assert.match(await client.openapi(), /operationId: verifyReceipt/);
  assert.match(await admin.metrics(), /sudoku_/);
  assert.equal((await admin.healthz()).status, "ok");
  assert.match(await client.page(), /<html/i);
  assert.match(await client.pageAsset("app.js"), /\S/);
  assert.match(await client.generateSVG({ level: "easy" }), /<svg/);
  assert.match(await client.dailySVG({ level: "easy" }), /<svg/);
  await assert.rejects(client.pageAsset("nothing.js"), (err) => err instanceof SudokuError && err.status === 404);
  const pdf = (/** @type {Uint8Array} */ b) => new TextDecoder().decode(b.slice(0, 5));
  assert.equal(pdf(await client.generatePDF({ level: "easy", page: "a5" })), "%PDF-");
  assert.equal(pdf(await client.dailyPDF({ level: "easy", date: "2026-01-01", solution: true })), "%PDF-");
  assert.equal(pdf(await client.dailyPack({ from: "2026-01-01", to: "2026-01-02", levels: "easy,hard" })), "%PDF-");
});

test("API keys: the publishing calls with a key, as Bearer and as X-API-Key", { skip: !key && "SUDOKU_KEY is not set" }, async () => {
  await assert.rejects(client.dailyArchive({ from: "2030-01-01", to: "2030-01-02" }), AuthError);
  const wrong = new SudokuClient(base, { apiKey: "sudoku_" + "A".repeat(43) });
  await assert.rejects(wrong.healthz().then(() => wrong.dailyArchive({ from: "2030-01-01", to: "2030-01-02" })), AuthError);
  /** @type {("bearer" | "x-api-key")[]} */
  const headers = ["bearer", "x-api-key"];
  for (const apiKeyHeader of headers) {
    /** @type {SudokuClient} */
    const pub = new SudokuClient(base, { apiKey: key, apiKeyHeader });
    let sched = await pub.scheduleDaily({ from: "2030-01-01", to: "2030-01-02", levels: ["easy"] });
    for (let i = 0; !sched.complete && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 100));
      sched = await pub.scheduleDaily({ from: "2030-01-01", to: "2030-01-02", levels: ["easy"] });
    }
    assert.equal(sched.complete, true);
    assert.equal(sched.entries.length, 2);
    const archive = await pub.dailyArchive({ from: "2030-01-01", to: "2030-01-02" });
    assert.equal(archive.puzzles.length, 2);
    const put = await pub.putDaily("2030-01-03", "easy", { puzzle: archive.puzzles[0].puzzle, force: true });
    assert.equal(put.date, "2030-01-03");
    assert.equal(put.created, apiKeyHeader === "bearer"); // the second time replaces it
    const ahead = await pub.daily({ level: "easy", date: "2030-01-03" });
    assert.equal(ahead.puzzle, archive.puzzles[0].puzzle);
  }
});

test("a rate limit is a RateLimitedError with the advised wait", async () => {
  // A fake fetch stands in for a service past its limit.
  const limited = new SudokuClient("http://sudoku.invalid", {
    fetch: async () => new Response(JSON.stringify({ type: "x", title: "Too many requests", status: 429, code: "rate-limited", retry_after: 7 }),
      { status: 429, headers: { "Content-Type": "application/problem+json", "Retry-After": "7" } }),
  });
  await assert.rejects(limited.healthz(), (err) => {
    assert.ok(err instanceof RateLimitedError);
    assert.equal(err.retryAfter, 7);
    assert.equal(err.code, "rate-limited");
    return true;
  });
});

test("a receipt verifies offline with the server's secret, as the service says", { skip: !secret && "SUDOKU_RECEIPT_SECRET is not set" }, async () => {
  const s = secret ?? "";
  const p = await client.daily({ level: "medium", solution: false });
  const { solution } = await client.solve(p.puzzle);
  const { receipt } = await client.check(p.puzzle, solution, { token: p.token });
  const r = receipt ?? "";
  const online = await client.verifyReceipt(r);
  const offline = await verifyReceiptOffline(r, s, { puzzle: p.puzzle });
  assert.equal(offline.valid, true);
  assert.deepEqual(offline, online, "the offline check answers what the service answers");
  assert.equal(offline.source, "daily");
  assert.equal(offline.date, p.date);
  // Base64 of the same secret verifies too.
  const b64 = Buffer.from(s, "hex").toString("base64");
  assert.equal((await verifyReceiptOffline(r, b64)).valid, true);

  const [kind, payload, sig] = r.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  claims.sat -= 60000;
  claims.ms -= 60000;
  const faster = [kind, Buffer.from(JSON.stringify(claims)).toString("base64url"), sig].join(".");
  /** @type {[string, string, {puzzle?: string, now?: Date}, string][]} */
  const cases = [
    ["a tampered solve time", faster, {}, "signature"],
    ["another secret", r, {}, "signature"],
    ["past its expiry", r, { now: new Date(Date.parse(online.expires ?? "") + 1) }, "expired"],
    ["another puzzle", r, { puzzle: (p.puzzle[0] === "1" ? "2" : "1") + p.puzzle.slice(1) }, "other-puzzle"],
    ["a token", p.token ?? "", {}, "malformed"],
  ];
  for (const [name, text, opts, reason] of cases) {
    const key = name === "another secret" ? "ff".repeat(32) : s;
    const v = await verifyReceiptOffline(text, key, opts);
    assert.equal(v.valid, false, name);
    assert.equal(v.reason, reason, name);
  }
});

test("a stream without an API key is refused with the problem", async () => {
  await assert.rejects(async () => {
    for await (const _ of client.generateStream({ level: "easy", count: 3 }));
  }, (err) => err instanceof AuthError && err.status === 401 && err.problem.code === "unauthorized");
});
