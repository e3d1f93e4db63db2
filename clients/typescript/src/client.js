// A small typed client of the Sudoku service. Plain JavaScript (no build
// step) whose JSDoc types come from schema.d.ts, which openapi-typescript
// writes from openapi.yaml (npm run generate); tsc checks both (npm run
// check).

/** @typedef {import("./schema.js").components["schemas"]} Schemas */
/** @typedef {import("./schema.js").operations} Operations */
/** @typedef {Schemas["Level"]} Level */
/** @typedef {Schemas["Puzzle"]} Puzzle */
/** @typedef {Schemas["PuzzleBatch"]} PuzzleBatch */
/** @typedef {Schemas["SolveResponse"]} SolveResponse */
/** @typedef {Schemas["RateResponse"]} RateResponse */
/** @typedef {Schemas["HintResponse"]} HintResponse */
/** @typedef {Schemas["Problem"]} Problem */
/** @typedef {Schemas["Algorithm"]} Algorithm */
/** @typedef {Schemas["Rows"]} Rows */
/** @typedef {NonNullable<Operations["generate"]["parameters"]["query"]>} GenerateQuery */
/** @typedef {NonNullable<Operations["daily"]["parameters"]["query"]>} DailyQuery */

/**
 * SudokuError is a problem answer (RFC 9457) of the service: `status` is
 * the HTTP status, `problem` the body with its stable `code`.
 */
export class SudokuError extends Error {
  /**
   * @param {number} status
   * @param {Problem} problem
   */
  constructor(status, problem) {
    super(problem.detail || problem.title);
    this.name = "SudokuError";
    this.status = status;
    this.problem = problem;
  }
}

/**
 * A puzzle given as text (81 cells, `.` or `0` empty) or as nine rows of
 * nine integers (0 empty).
 * @typedef {string | Rows} PuzzleInput
 */

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
 * a SudokuError.
 */
export class SudokuClient {
  /**
   * @param {string} baseURL the service's address, such as "http://localhost:8080"
   * @param {{fetch?: typeof fetch}} [options] a fetch to use instead of the global one
   */
  constructor(baseURL, options = {}) {
    this.baseURL = baseURL.replace(/\/+$/, "");
    this.fetch = options.fetch || globalThis.fetch.bind(globalThis);
  }

  /**
   * @param {"GET" | "POST"} method
   * @param {string} path with its query
   * @param {unknown} [body] sent as JSON
   * @returns {Promise<unknown>}
   */
  async request(method, path, body) {
    /** @type {RequestInit} */
    const init = { method, headers: { Accept: "application/json" } };
    if (body !== undefined) {
      init.headers = { Accept: "application/json", "Content-Type": "application/json" };
      init.body = JSON.stringify(body);
    }
    const resp = await this.fetch(this.baseURL + path, init);
    const text = await resp.text();
    if (!resp.ok) {
      /** @type {Problem} */
      let problem;
      try {
        problem = JSON.parse(text);
      } catch {
        problem = { type: "about:blank", title: resp.statusText, status: resp.status, code: "internal", detail: text };
      }
      throw new SudokuError(resp.status, problem);
    }
    return JSON.parse(text);
  }

  /**
   * One puzzle at a level. Without seed it comes from the ready buffer;
   * the seed of an answer (a decimal string) gives the same puzzle again.
   * @param {Omit<GenerateQuery, "count" | "format">} query
   * @returns {Promise<Puzzle>}
   */
  async generate(query) {
    const answer = /** @type {Puzzle | PuzzleBatch} */ (await this.request("GET", "/generate?" + search(query)));
    if (answer.kind !== "puzzle") throw new Error("generate: the service answered a " + answer.kind);
    return answer;
  }

  /**
   * A batch of count puzzles (1 to 100) at a level.
   * @param {Omit<GenerateQuery, "format"> & {count: number}} query
   * @returns {Promise<PuzzleBatch>}
   */
  async generateBatch(query) {
    const answer = /** @type {Puzzle | PuzzleBatch} */ (await this.request("GET", "/generate?" + search(query)));
    if (answer.kind !== "batch") throw new Error("generateBatch: the service answered a " + answer.kind);
    return answer;
  }

  /**
   * The puzzle of the day (today in UTC unless date, YYYY-MM-DD).
   * @param {Omit<DailyQuery, "format">} query
   * @returns {Promise<Puzzle>}
   */
  async daily(query) {
    return /** @type {Puzzle} */ (await this.request("GET", "/daily?" + search(query)));
  }

  /**
   * Solves a puzzle and tells whether its solution is unique.
   * @param {PuzzleInput} puzzle
   * @param {{algorithm?: Algorithm}} [options]
   * @returns {Promise<SolveResponse>}
   */
  async solve(puzzle, options = {}) {
    return /** @type {SolveResponse} */ (await this.request("POST", "/solve", { ...puzzleMember(puzzle), ...options }));
  }

  /**
   * Rates a puzzle as a human expert would; explain adds the solving path.
   * @param {PuzzleInput} puzzle
   * @param {{explain?: boolean}} [options]
   * @returns {Promise<RateResponse>}
   */
  async rate(puzzle, options = {}) {
    const q = options.explain ? "?explain=true" : "";
    return /** @type {RateResponse} */ (await this.request("POST", "/rate" + q, puzzleMember(puzzle)));
  }

  /**
   * The first mistake of the player's grid, else the next logical step.
   * @param {PuzzleInput} puzzle
   * @param {string} current the player's grid, 81 cells
   * @returns {Promise<HintResponse>}
   */
  async hint(puzzle, current) {
    return /** @type {HintResponse} */ (await this.request("POST", "/hint", { ...puzzleMember(puzzle), current }));
  }
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
