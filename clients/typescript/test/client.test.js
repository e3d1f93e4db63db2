// The client against a live sudokud at $SUDOKU_URL (client_test.go starts
// one from the repository on a free port and runs this suite).
import { test } from "node:test";
import assert from "node:assert/strict";
import { SudokuClient, SudokuError } from "../src/client.js";

const base = process.env.SUDOKU_URL;
if (!base) throw new Error("set SUDOKU_URL to a running sudokud, such as http://127.0.0.1:8080");
const client = new SudokuClient(base);

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
    assertSolves(p.puzzle, p.solution);
    assert.equal(typeof p.seed, "string");
    // The seed is past 2^53 most of the time: as a string it loses nothing.
    const again = await client.generate({ level, seed: p.seed });
    assert.equal(again.puzzle, p.puzzle, `seed ${p.seed} gives the same ${level} puzzle`);
    assert.equal(again.seed, p.seed);
  }
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
  const step = await client.hint(p.puzzle, p.puzzle);
  assert.equal(step.solved, false);
  assert.equal(step.mistake, false);
  assert.ok(step.step && step.step.placements.length + step.step.eliminations.length > 0);
  const empty = p.puzzle.indexOf(".");
  const wrong = String((Number(p.solution[empty]) % 9) + 1);
  const withMistake = p.puzzle.slice(0, empty) + wrong + p.puzzle.slice(empty + 1);
  const mistake = await client.hint(p.puzzle, withMistake);
  assert.equal(mistake.mistake, true);
  assert.equal(mistake.cell_index, empty);
  const solved = await client.hint(p.puzzle, p.solution);
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
