// A typed client of the Sudoku service. Plain JavaScript (no build step)
// whose JSDoc types come from schema.d.ts, which openapi-typescript writes
// from openapi.yaml (npm run generate); tsc checks both (npm run check)
// and writes the declarations the package ships (npm pack runs it).

/** @typedef {import("./schema.js").components["schemas"]} Schemas */
/** @typedef {import("./schema.js").operations} Operations */
/** @typedef {Schemas["Level"]} Level */
/** @typedef {Schemas["Puzzle"]} Puzzle */
/** @typedef {Schemas["PuzzleBatch"]} PuzzleBatch */
/** @typedef {Schemas["StreamLine"]} StreamLine */
/** @typedef {Schemas["SolveResponse"]} SolveResponse */
/** @typedef {Schemas["RateResponse"]} RateResponse */
/** @typedef {Schemas["HintResponse"]} HintResponse */
/** @typedef {Schemas["CheckResponse"]} CheckResponse */
/** @typedef {Schemas["VerifyReceiptResponse"]} VerifyReceiptResponse */
/** @typedef {Schemas["ScheduleRequest"]} ScheduleRequest */
/** @typedef {Schemas["ScheduleResponse"]} ScheduleResponse */
/** @typedef {Schemas["PutDailyRequest"]} PutDailyRequest */
/** @typedef {Schemas["DailyRecord"]} DailyRecord */
/** @typedef {Schemas["Archive"]} Archive */
/** @typedef {Schemas["Status"]} Status */
/** @typedef {Schemas["Problem"]} Problem */
/** @typedef {Schemas["Algorithm"]} Algorithm */
/** @typedef {Schemas["Rows"]} Rows */
/** @typedef {NonNullable<Operations["generate"]["parameters"]["query"]>} GenerateQuery */
/** @typedef {NonNullable<Operations["daily"]["parameters"]["query"]>} DailyQuery */
/** @typedef {NonNullable<Operations["dailyArchive"]["parameters"]["query"]>} ArchiveQuery */
/** @typedef {NonNullable<Operations["dailyPack"]["parameters"]["query"]>} PackQuery */

/**
 * SudokuError is a problem answer (RFC 9457) of the service: `status` is
 * the HTTP status, `problem` the body, `code` its stable machine-readable
 * name (`"cell-count"`, `"rate-limited"`...). Catch the subclasses to
 * handle the cases a game meets: RateLimitedError, AuthError.
 */
export class SudokuError extends Error {
  /**
   * @param {number} status
   * @param {Problem} problem
   */
  constructor(status, problem) {
    super(problem.detail || problem.title);
    this.name = "SudokuError";
    /** The HTTP status. */
    this.status = status;
    /** The problem+json body. */
    this.problem = problem;
    /** The problem's stable code. */
    this.code = problem.code;
    /** The request's X-Request-ID, to find it in the service's log. */
    this.requestId = problem.request_id;
  }
}

/**
 * RateLimitedError is a 429 (rate-limited) or a 503 (overloaded,
 * not-ready, store-unavailable): retry after `retryAfter` seconds.
 */
export class RateLimitedError extends SudokuError {
  /**
   * @param {number} status
   * @param {Problem} problem
   * @param {number} retryAfter seconds
   */
  constructor(status, problem, retryAfter) {
    super(status, problem);
    this.name = "RateLimitedError";
    /** Seconds to wait before retrying. */
    this.retryAfter = retryAfter;
  }
}

/** AuthError is a 401 (no or unknown API key) or 403 (the key lacks a scope). */
export class AuthError extends SudokuError {
  /**
   * @param {number} status
   * @param {Problem} problem
   */
  constructor(status, problem) {
    super(status, problem);
    this.name = "AuthError";
  }
}

/**
 * TimeoutError is a call that did not finish within its timeout (the
 * client's `timeoutMs`); the request was aborted.
 */
export class TimeoutError extends Error {
  /** @param {number} ms */
  constructor(ms) {
    super(`the service did not answer within ${ms} ms`);
    this.name = "TimeoutError";
    /** The timeout that ran out, in milliseconds. */
    this.timeoutMs = ms;
  }
}

/**
 * A puzzle given as text (81 cells, `.` or `0` empty) or as nine rows of
 * nine integers (0 empty).
 * @typedef {string | Rows} PuzzleInput
 */

/**
 * Options of every call: an AbortSignal that cancels it, and a timeout in
 * milliseconds (the client's by default; 0 for none).
 * @typedef {{signal?: AbortSignal, timeoutMs?: number}} CallOptions
 */

/**
 * Options of a SudokuClient.
 * @typedef {object} ClientOptions
 * @property {string} [apiKey] an API key (`sudoku_...`), sent with every request
 * @property {"bearer" | "x-api-key"} [apiKeyHeader] how: `Authorization: Bearer` (default) or `X-API-Key`
 * @property {number} [timeoutMs] each call's timeout in milliseconds (default 15000; 0 for none)
 * @property {typeof fetch} [fetch] a fetch to use instead of the global one
 */

/** The default timeout of a call: the service's own request deadline. */
export const DEFAULT_TIMEOUT_MS = 15000;

/**
 * @param {PuzzleInput} p
 * @returns {{puzzle: string} | {grid: Rows}}
 */
function puzzleMember(p) {
  return typeof p === "string" ? { puzzle: p } : { grid: p };
}

/**
 * SudokuClient calls the service at baseURL ("" for the page's own
 * origin in a browser). Every method returns the parsed answer or throws
 * a SudokuError (a problem answer), a TimeoutError, or the AbortError of
 * a signal.
 */
export class SudokuClient {
  /**
   * @param {string} baseURL the service's address, such as "http://localhost:8080"
   * @param {ClientOptions} [options]
   */
  constructor(baseURL, options = {}) {
    this.baseURL = baseURL.replace(/\/+$/, "");
    this.fetch = options.fetch || globalThis.fetch.bind(globalThis);
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    /** @type {Record<string, string>} */
    this.authHeaders = {};
    if (options.apiKey) {
      if (options.apiKeyHeader === "x-api-key") this.authHeaders["X-API-Key"] = options.apiKey;
      else this.authHeaders.Authorization = "Bearer " + options.apiKey;
    }
  }

  /**
   * request sends one call and returns what read makes of the answer, or
   * throws. Problem answers become SudokuErrors; the timeout covers the
   * whole exchange, the body included.
   * @template T
   * @param {"GET" | "POST" | "PUT"} method
   * @param {string} path with its query
   * @param {unknown} body sent as JSON unless undefined
   * @param {string} accept the media types accepted
   * @param {CallOptions | undefined} options
   * @param {(resp: Response) => Promise<T>} read
   * @returns {Promise<T>}
   */
  async request(method, path, body, accept, options, read) {
    options = options ?? {};
    /** @type {Record<string, string>} */
    const headers = { Accept: accept, ...this.authHeaders };
    /** @type {RequestInit} */
    const init = { method, headers };
    if (body !== undefined) {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    const ms = options.timeoutMs ?? this.timeoutMs;
    const timeout = ms > 0 ? new AbortController() : null;
    const timer = timeout ? setTimeout(() => timeout.abort(), ms) : null;
    const signals = [options.signal, timeout?.signal].filter((s) => s !== undefined);
    if (signals.length > 0) init.signal = signals.length === 1 ? signals[0] : anySignal(signals);
    try {
      const resp = await this.fetch(this.baseURL + path, init);
      if (!resp.ok) throw problemError(resp, await resp.text());
      return await read(resp);
    } catch (err) {
      if (timeout?.signal.aborted && !options.signal?.aborted) throw new TimeoutError(ms);
      throw err;
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  /**
   * @param {"GET" | "POST" | "PUT"} method
   * @param {string} path
   * @param {unknown} body
   * @param {CallOptions} [options]
   * @returns {Promise<unknown>}
   */
  async json(method, path, body, options) {
    return this.request(method, path, body, "application/json", options, async (r) => JSON.parse(await r.text()));
  }

  /**
   * @param {string} path
   * @param {string} accept
   * @param {CallOptions} [options]
   * @returns {Promise<string>}
   */
  async text(path, accept, options) {
    return this.request("GET", path, undefined, accept, options, (r) => r.text());
  }

  /**
   * @param {string} path
   * @param {string} accept
   * @param {CallOptions} [options]
   * @returns {Promise<Uint8Array>}
   */
  async bytes(path, accept, options) {
    return this.request("GET", path, undefined, accept, options, async (r) => new Uint8Array(await r.arrayBuffer()));
  }

  /**
   * One puzzle at a level, with its signed `token` (for a receipt from
   * check). Without seed it comes from the ready buffer; the seed of an
   * answer (a decimal string) gives the same puzzle again. Pass
   * `solution: false` to keep the answer on the server.
   * @param {Omit<GenerateQuery, "count" | "format">} query
   * @param {CallOptions} [options]
   * @returns {Promise<Puzzle>}
   */
  async generate(query, options) {
    const answer = /** @type {Puzzle | PuzzleBatch} */ (await this.json("GET", "/generate?" + search(query), undefined, options));
    if (answer.kind !== "puzzle") throw new Error("generate: the service answered a " + answer.kind);
    return answer;
  }

  /**
   * A batch of count puzzles (1 to 100) at a level.
   * @param {Omit<GenerateQuery, "format"> & {count: number}} query
   * @param {CallOptions} [options]
   * @returns {Promise<PuzzleBatch>}
   */
  async generateBatch(query, options) {
    const answer = /** @type {Puzzle | PuzzleBatch} */ (await this.json("GET", "/generate?" + search(query), undefined, options));
    if (answer.kind !== "batch") throw new Error("generateBatch: the service answered a " + answer.kind);
    return answer;
  }

  /**
   * One puzzle as a printable SVG image (the text of the SVG document).
   * @param {Omit<GenerateQuery, "count" | "format">} query
   * @param {CallOptions} [options]
   * @returns {Promise<string>}
   */
  async generateSVG(query, options) {
    return this.text("/generate?" + search({ ...query, format: "svg" }), "image/svg+xml", options);
  }

  /**
   * One puzzle as a PDF page (page, or width and height, set its size;
   * `solution: true` gives its answer key), as the file's bytes.
   * @param {Omit<GenerateQuery, "count" | "format">} query
   * @param {CallOptions} [options]
   * @returns {Promise<Uint8Array>}
   */
  async generatePDF(query, options) {
    return this.bytes("/generate?" + search({ ...query, format: "pdf" }), "application/pdf", options);
  }

  /**
   * A stream of count newly generated puzzles (1 to 1,000,000) at a level,
   * yielded one by one as the service makes them (application/x-ndjson):
   * needs an API key with scope generate:bulk. With seed, the i-th has
   * seed+i. Throws a SudokuError for a refused stream or one that failed
   * midway, and an Error when the stream was cut before its end line
   * (resume a seeded one at the seed after the last puzzle yielded).
   * Breaking out of the loop, or options.signal, hangs up, which stops the
   * generation. No timeout applies: a bank takes as long as it takes.
   * @param {Omit<GenerateQuery, "format"> & {count: number}} query
   * @param {{signal?: AbortSignal}} [options]
   * @returns {AsyncGenerator<Puzzle, void, void>}
   */
  async *generateStream(query, options = {}) {
    const ctl = new AbortController();
    const signal = options.signal ? anySignal([options.signal, ctl.signal]) : ctl.signal;
    const resp = await this.fetch(this.baseURL + "/generate?" + search(query), {
      headers: { Accept: "application/x-ndjson", ...this.authHeaders },
      signal,
    });
    if (!resp.ok || !resp.body) throw problemError(resp, await resp.text());
    const reader = resp.body.pipeThrough(new TextDecoderStream()).getReader();
    let rest = "";
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        rest += value;
        let nl;
        while ((nl = rest.indexOf("\n")) >= 0) {
          const line = /** @type {StreamLine} */ (JSON.parse(rest.slice(0, nl)));
          rest = rest.slice(nl + 1);
          if (line.kind === "puzzle") {
            yield line;
          } else if (line.kind === "error") {
            throw new SudokuError(line.problem.status, line.problem);
          } else {
            return; // the end line
          }
        }
      }
    } finally {
      ctl.abort(); // hang up if the caller stopped early
    }
    throw new Error("generateStream: the stream was cut before its end line");
  }

  /**
   * The puzzle of the day (today in UTC unless date, YYYY-MM-DD), with its
   * signed `token`. Dates not yet begun need a key with daily:ahead.
   * @param {Omit<DailyQuery, "format">} query
   * @param {CallOptions} [options]
   * @returns {Promise<Puzzle>}
   */
  async daily(query, options) {
    return /** @type {Puzzle} */ (await this.json("GET", "/daily?" + search(query), undefined, options));
  }

  /**
   * The puzzle of the day as a printable SVG image.
   * @param {Omit<DailyQuery, "format">} query
   * @param {CallOptions} [options]
   * @returns {Promise<string>}
   */
  async dailySVG(query, options) {
    return this.text("/daily?" + search({ ...query, format: "svg" }), "image/svg+xml", options);
  }

  /**
   * The puzzle of the day as a PDF page, as the file's bytes.
   * @param {Omit<DailyQuery, "format">} query
   * @param {CallOptions} [options]
   * @returns {Promise<Uint8Array>}
   */
  async dailyPDF(query, options) {
    return this.bytes("/daily?" + search({ ...query, format: "pdf" }), "application/pdf", options);
  }

  /**
   * A print pack: the puzzles of a range of days (a week by default) N a
   * page, then their answer keys, as the PDF's bytes. Days not yet begun
   * in UTC+14, or more than a week, need a key with daily:ahead.
   * @param {Omit<PackQuery, "format">} query
   * @param {CallOptions} [options]
   * @returns {Promise<Uint8Array>}
   */
  async dailyPack(query, options) {
    return this.bytes("/daily/pack?" + search(query), "application/pdf", options);
  }

  /**
   * Generates and stores the puzzles of a range of days ahead (scope
   * publish).
   * @param {ScheduleRequest} request
   * @param {CallOptions} [options]
   * @returns {Promise<ScheduleResponse>}
   */
  async scheduleDaily(request, options) {
    return /** @type {ScheduleResponse} */ (await this.json("POST", "/daily/schedule", request, options));
  }

  /**
   * Stores an editor's puzzle for a day and level, until that day begins
   * (scope publish). `created` tells a new day (201) from a replacement.
   * @param {string} date YYYY-MM-DD
   * @param {Level} level
   * @param {PutDailyRequest} request
   * @param {CallOptions} [options]
   * @returns {Promise<DailyRecord & {created: boolean}>}
   */
  async putDaily(date, level, request, options) {
    const path = "/daily/" + encodeURIComponent(date) + "/" + encodeURIComponent(level);
    return this.request("PUT", path, request, "application/json", options, async (r) => ({
      .../** @type {DailyRecord} */ (JSON.parse(await r.text())), created: r.status === 201,
    }));
  }

  /**
   * A page of the stored puzzles of a range of days, with their solutions
   * (scope publish); pass `next` as `after` for the next page.
   * @param {ArchiveQuery} query
   * @param {CallOptions} [options]
   * @returns {Promise<Archive>}
   */
  async dailyArchive(query, options) {
    return /** @type {Archive} */ (await this.json("GET", "/daily/archive?" + search(query), undefined, options));
  }

  /**
   * Solves a puzzle and tells whether its solution is unique.
   * @param {PuzzleInput} puzzle
   * @param {{algorithm?: Algorithm} & CallOptions} [options]
   * @returns {Promise<SolveResponse>}
   */
  async solve(puzzle, options = {}) {
    const { signal, timeoutMs, ...body } = options;
    return /** @type {SolveResponse} */ (await this.json("POST", "/solve", { ...puzzleMember(puzzle), ...body }, { signal, timeoutMs }));
  }

  /**
   * Rates a puzzle as a human expert would; explain adds the solving path.
   * @param {PuzzleInput} puzzle
   * @param {{explain?: boolean} & CallOptions} [options]
   * @returns {Promise<RateResponse>}
   */
  async rate(puzzle, options = {}) {
    const q = options.explain ? "?explain=true" : "";
    return /** @type {RateResponse} */ (await this.json("POST", "/rate" + q, puzzleMember(puzzle), options));
  }

  /**
   * The first mistake of the player's grid, else the next logical step.
   * @param {PuzzleInput} puzzle
   * @param {string} current the player's grid, 81 cells
   * @param {CallOptions} [options]
   * @returns {Promise<HintResponse>}
   */
  async hint(puzzle, current, options) {
    return /** @type {HintResponse} */ (await this.json("POST", "/hint", { ...puzzleMember(puzzle), current }, options));
  }

  /**
   * Checks the player's grid without revealing the solution: complete,
   * correct, solved and the wrong cells. With the puzzle's `token` (from
   * generate or daily), a solved grid also gets a signed `receipt` for a
   * leaderboard (verifyReceipt).
   * @param {PuzzleInput} puzzle
   * @param {string} current the player's grid, 81 cells
   * @param {{token?: string} & CallOptions} [options]
   * @returns {Promise<CheckResponse>}
   */
  async check(puzzle, current, options = {}) {
    const { signal, timeoutMs, token } = options;
    const body = token === undefined ? { ...puzzleMember(puzzle), current } : { ...puzzleMember(puzzle), current, token };
    return /** @type {CheckResponse} */ (await this.json("POST", "/check", body, { signal, timeoutMs }));
  }

  /**
   * Verifies a solve receipt: `valid`, and what it says (puzzle, level,
   * seconds from issue to solve, token_id), or why not (`reason`). Give
   * `puzzle` to require the receipt to be for it.
   * @param {string} receipt
   * @param {{puzzle?: PuzzleInput} & CallOptions} [options]
   * @returns {Promise<VerifyReceiptResponse>}
   */
  async verifyReceipt(receipt, options = {}) {
    const { signal, timeoutMs, puzzle } = options;
    const body = puzzle === undefined ? { receipt } : { receipt, ...puzzleMember(puzzle) };
    return /** @type {VerifyReceiptResponse} */ (await this.json("POST", "/receipts/verify", body, { signal, timeoutMs }));
  }

  /**
   * Liveness: resolves while the process serves HTTP.
   * @param {CallOptions} [options]
   * @returns {Promise<Status>}
   */
  async healthz(options) {
    return /** @type {Status} */ (await this.json("GET", "/healthz", undefined, options));
  }

  /**
   * Readiness: resolves when the service can take traffic; a 503 (a
   * RateLimitedError) while it warms up or drains.
   * @param {CallOptions} [options]
   * @returns {Promise<Status>}
   */
  async readyz(options) {
    return /** @type {Status} */ (await this.json("GET", "/readyz", undefined, options));
  }

  /**
   * The Prometheus metrics, in the text exposition format. They are served
   * on the admin listener only (sudokud -admin-addr, :8081 by default), so
   * call this on a client made with that listener's URL.
   * @param {CallOptions} [options]
   * @returns {Promise<string>}
   */
  async metrics(options) {
    return this.text("/metrics", "text/plain", options);
  }

  /**
   * The service's contract, openapi.yaml, as text.
   * @param {CallOptions} [options]
   * @returns {Promise<string>}
   */
  async openapi(options) {
    return this.text("/openapi.yaml", "application/yaml, */*", options);
  }

  /**
   * The web page's HTML.
   * @param {CallOptions} [options]
   * @returns {Promise<string>}
   */
  async page(options) {
    return this.text("/", "text/html", options);
  }

  /**
   * One of the web page's assets (app.js, app.css, icon.svg) as text.
   * @param {string} name
   * @param {CallOptions} [options]
   * @returns {Promise<string>}
   */
  async pageAsset(name, options) {
    return this.text("/assets/" + encodeURIComponent(name), "*/*", options);
  }
}

/**
 * OPERATIONS maps every operationId of openapi.yaml to the SudokuClient
 * method that calls it. Its type makes tsc fail when the contract gains
 * an operation the client lacks (the keys must be those of the generated
 * schema); the test suite checks the same at run time.
 * @type {{[K in keyof Operations]: keyof SudokuClient}}
 */
export const OPERATIONS = {
  generate: "generate",
  daily: "daily",
  dailyPack: "dailyPack",
  scheduleDaily: "scheduleDaily",
  putDaily: "putDaily",
  dailyArchive: "dailyArchive",
  solve: "solve",
  rate: "rate",
  hint: "hint",
  check: "check",
  verifyReceipt: "verifyReceipt",
  healthz: "healthz",
  readyz: "readyz",
  metrics: "metrics",
  openapi: "openapi",
  page: "page",
  pageAsset: "pageAsset",
};

/**
 * verifyReceiptOffline checks a solve receipt without calling the service,
 * with the servers' receipt secret (hex or base64, as given to sudokud's
 * -receipt-secret), as POST /receipts/verify does: the HMAC-SHA256 first
 * (Web Crypto, constant time), then the expiry at `now` (default the
 * current time) and, when `puzzle` is given (81 cells, `.` or `0` empty),
 * that the receipt is for it. It answers what verifyReceipt answers. For a
 * game's backend: keep the secret there, never in a browser.
 * @param {string} receipt
 * @param {string} secret
 * @param {{puzzle?: string, now?: Date}} [options]
 * @returns {Promise<VerifyReceiptResponse>}
 */
export async function verifyReceiptOffline(receipt, secret, options = {}) {
  const parts = receipt.split(".");
  const sig = parts.length === 3 ? fromBase64URL(parts[2]) : null;
  if (receipt.length > 1024 || parts[0] !== "sr1" || sig === null) {
    return { valid: false, reason: "malformed", detail: "not a well-formed receipt" };
  }
  const key = await globalThis.crypto.subtle.importKey("raw", secretBytes(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const signed = new TextEncoder().encode(parts[0] + "." + parts[1]);
  if (!(await globalThis.crypto.subtle.verify("HMAC", key, sig, signed))) {
    return { valid: false, reason: "signature", detail: "signature does not match" };
  }
  /** @type {{id: string, p: string, l: Level, src: "generate" | "daily", d?: string, sol?: boolean, iat: number, sat: number, ms: number, exp: number}} */
  let p;
  try {
    p = JSON.parse(new TextDecoder().decode(fromBase64URL(parts[1]) ?? new Uint8Array()));
  } catch {
    return { valid: false, reason: "malformed", detail: "payload is not JSON" };
  }
  if (p.ms !== p.sat - p.iat) return { valid: false, reason: "malformed", detail: "its elapsed time disagrees with its times" };
  if ((options.now ?? new Date()).getTime() >= p.exp) {
    return { valid: false, reason: "expired", detail: "receipt expired at " + new Date(p.exp).toISOString() };
  }
  if (options.puzzle !== undefined && options.puzzle.replace(/0/g, ".") !== p.p) {
    return { valid: false, reason: "other-puzzle", detail: "issued for another puzzle" };
  }
  /** @type {VerifyReceiptResponse} */
  const out = {
    valid: true, token_id: p.id, puzzle: p.p, level: p.l, source: p.src, solution_served: Boolean(p.sol),
    issued: new Date(p.iat).toISOString(), solved: new Date(p.sat).toISOString(), seconds: p.ms / 1000,
    expires: new Date(p.exp).toISOString(),
  };
  if (p.d) out.date = p.d;
  return out;
}

/**
 * secretBytes decodes a receipt secret as sudokud does: hexadecimal, else
 * base64 (either alphabet, padded or not).
 * @param {string} text
 * @returns {Uint8Array<ArrayBuffer>}
 */
function secretBytes(text) {
  text = text.trim();
  /** @type {Uint8Array<ArrayBuffer> | null} */
  let b = null;
  if (/^([0-9a-fA-F]{2})*$/.test(text)) b = Uint8Array.from(text.match(/../g) ?? [], (h) => parseInt(h, 16));
  else b = fromBase64URL(text.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, ""));
  if (b === null || b.length < 16) throw new Error("receipt secret: want at least 128 bits, hexadecimal or base64");
  return b;
}

/**
 * fromBase64URL decodes base64url without padding, or returns null.
 * @param {string} s
 * @returns {Uint8Array<ArrayBuffer> | null}
 */
function fromBase64URL(s) {
  if (!/^[A-Za-z0-9_-]*$/.test(s) || s.length % 4 === 1) return null;
  const bin = atob(s.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (s.length % 4)) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/**
 * problemError turns a failed answer into the SudokuError its status
 * calls for.
 * @param {Response} resp
 * @param {string} text its body
 * @returns {SudokuError}
 */
function problemError(resp, text) {
  /** @type {Problem} */
  let problem;
  try {
    problem = JSON.parse(text);
  } catch {
    problem = { type: "about:blank", title: resp.statusText, status: resp.status, code: "internal", detail: text };
  }
  if (resp.status === 429 || resp.status === 503) {
    const retry = problem.retry_after ?? Number(resp.headers.get("Retry-After") || 1);
    return new RateLimitedError(resp.status, problem, retry);
  }
  if (resp.status === 401 || resp.status === 403) return new AuthError(resp.status, problem);
  return new SudokuError(resp.status, problem);
}

/**
 * anySignal is AbortSignal.any where the runtime has it: a signal that
 * aborts when any of signals does.
 * @param {AbortSignal[]} signals
 * @returns {AbortSignal}
 */
function anySignal(signals) {
  if (typeof AbortSignal.any === "function") return AbortSignal.any(signals);
  const c = new AbortController();
  for (const s of signals) {
    if (s.aborted) {
      c.abort(s.reason);
      break;
    }
    s.addEventListener("abort", () => c.abort(s.reason), { once: true });
  }
  return c.signal;
}

/**
 * search writes a query string, leaving out undefined members.
 * @param {Record<string, string | number | boolean | undefined>} query
 */
function search(query) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined) q.set(k, String(v));
  }
  return q.toString();
}
