// generateStream against a fake fetch (no server needed): lines split
// across chunks, the end line, an error line and a cut stream.
import { test } from "node:test";
import assert from "node:assert/strict";
import { SudokuClient, SudokuError } from "../src/client.js";

const puzzle = {
  kind: "puzzle",
  puzzle: "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
  level: "easy",
  score: 1.8,
  seed: "7",
  fresh: true,
  givens: 32,
};

/**
 * A fetch answering with the given chunks of NDJSON, and the requests it saw.
 * @param {string[]} chunks
 */
function fakeFetch(chunks) {
  /** @type {{url: string, init: RequestInit | undefined}[]} */
  const seen = [];
  /** @type {typeof fetch} */
  const f = async (url, init) => {
    seen.push({ url: String(url), init });
    const body = new ReadableStream({
      start(c) {
        for (const ch of chunks) c.enqueue(new TextEncoder().encode(ch));
        c.close();
      },
    });
    return new Response(body, { status: 200, headers: { "Content-Type": "application/x-ndjson" } });
  };
  return { f, seen };
}

test("generateStream yields every puzzle, lines split across chunks", async () => {
  const text = [puzzle, { ...puzzle, seed: "8" }, { kind: "end", count: 2, next_seed: "9" }].map((l) => JSON.stringify(l) + "\n").join("");
  const { f, seen } = fakeFetch([text.slice(0, 50), text.slice(50, 230), text.slice(230)]);
  const client = new SudokuClient("http://x", { fetch: f, apiKey: "sudoku_k" });
  const seeds = [];
  for await (const p of client.generateStream({ level: "easy", count: 2, seed: "7" })) seeds.push(p.seed);
  assert.deepEqual(seeds, ["7", "8"]);
  assert.equal(seen[0].url, "http://x/generate?level=easy&count=2&seed=7");
  assert.deepEqual(seen[0].init?.headers, { Accept: "application/x-ndjson", Authorization: "Bearer sudoku_k" });
});

test("generateStream throws the problem of an error line, and on a cut stream", async () => {
  const problem = { type: "t", title: "No puzzle", status: 422, code: "generation-failed" };
  const failing = fakeFetch([JSON.stringify(puzzle) + "\n" + JSON.stringify({ kind: "error", count: 1, problem }) + "\n"]);
  const got = [];
  await assert.rejects(async () => {
    for await (const p of new SudokuClient("http://x", { fetch: failing.f }).generateStream({ level: "easy", count: 5 })) got.push(p);
  }, (err) => err instanceof SudokuError && err.status === 422 && err.problem.code === "generation-failed");
  assert.equal(got.length, 1);

  const cut = fakeFetch([JSON.stringify(puzzle) + "\n"]);
  await assert.rejects(async () => {
    for await (const _ of new SudokuClient("http://x", { fetch: cut.f }).generateStream({ level: "easy", count: 5 }));
  }, /cut before its end line/);
});
