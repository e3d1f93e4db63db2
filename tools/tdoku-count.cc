// tdoku-count mirrors `sudoku solve -j 1 -count` (and, with -solve, `sudoku
// solve -j 1`) around tdoku's solver, for tools/tdoku-side-by-side.sh: it
// reads one puzzle per line (the first whitespace-separated field; blank and
// '#' lines skipped; '0' read as '.'), solves each with a limit of 2 and
// writes one line per puzzle: 0, 1 or 2+ (-count, the default), or the
// solution (-solve; "error: puzzle has no solution" when there is none, as
// sudoku solve writes it).
//
// Its input and output work the way `sudoku solve -j 1` does its own
// (cmd/sudoku/lines_seq.go), so that the whole process times the solver
// and not a heavier driver: the input is read through a 64 KiB buffer
// (no copy of the whole input in memory, whose page faults a process of a
// second pays), lines are found with memchr, the puzzle is copied out
// only to turn '0' into '.', and the output goes through a 64 KiB buffer.
//
// Build (tools/tdoku-side-by-side.sh does this):
//   g++ -O3 -march=native -std=c++17 -I$TDOKU_DIR/include -I$TDOKU_DIR/src \
//       tools/tdoku-count.cc $TDOKU_DIR/src/solver_dpll_triad_simd.cc \
//       $TDOKU_DIR/src/util.cc -o tdoku-count
#include <cstdio>
#include <cstring>

#include "tdoku.h"

namespace {

constexpr size_t kBuf = 1 << 16;

char obuf[kBuf];
size_t olen = 0;

void flush() {
    fwrite(obuf, 1, olen, stdout);
    olen = 0;
}

void emit(const char *s, size_t n) {
    if (olen + n > kBuf) flush();
    memcpy(obuf + olen, s, n);
    olen += n;
}

bool space(char c) { return c == ' ' || c == '\t' || c == '\r'; }

// line handles one input line [a, b) without its newline.
void line(const char *a, const char *b, bool solve) {
    while (a < b && space(*a)) a++;
    if (a == b || *a == '#') return;
    const char *f = a;
    while (f < b && !space(*f)) f++;
    if (f - a != 81) {
        emit("error: not 81 cells\n", 20);
        return;
    }
    char puzzle[82], solution[82];
    for (int i = 0; i < 81; i++) puzzle[i] = a[i] == '0' ? '.' : a[i];
    puzzle[81] = 0;
    size_t guesses = 0;
    // Configuration 0 is tdoku's fastest: it counts only. tdoku returns
    // a solution only with a limit of 1 (with a limit of 2 it keeps the
    // second), so -solve asks again for the first one.
    size_t count = TdokuSolverDpllTriadSimd(puzzle, 2, 0, solution, &guesses);
    if (solve && count > 0) TdokuSolverDpllTriadSimd(puzzle, 1, 0, solution, &guesses);
    if (!solve) {
        if (count == 0) emit("0\n", 2);
        else if (count == 1) emit("1\n", 2);
        else emit("2+\n", 3);
    } else if (count == 0) {
        emit("error: puzzle has no solution\n", 30);
    } else {
        solution[81] = '\n';
        emit(solution, 82);
    }
}

} // namespace

int main(int argc, char **argv) {
    bool solve = false;
    const char *path = nullptr;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-solve") == 0) {
            solve = true;
        } else if (strcmp(argv[i], "-count") == 0) {
            solve = false;
        } else {
            path = argv[i];
        }
    }
    FILE *in = path ? fopen(path, "rb") : stdin;
    if (!in) {
        perror(path);
        return 1;
    }
    // buf holds the tail of the last read (a line not yet ended) and the
    // next read after it; a line longer than the buffer is an error line.
    static char buf[kBuf];
    size_t have = 0;
    bool skipping = false; // inside a line too long for the buffer
    for (;;) {
        size_t n = fread(buf + have, 1, kBuf - have, in);
        bool eof = n == 0;
        have += n;
        char *p = buf, *end = buf + have;
        for (;;) {
            char *nl = static_cast<char *>(memchr(p, '\n', end - p));
            if (!nl) break;
            if (!skipping) line(p, nl, solve);
            skipping = false;
            p = nl + 1;
        }
        have = end - p;
        if (eof) {
            if (have > 0 && !skipping) line(p, end, solve);
            break;
        }
        if (have == kBuf) { // no newline in a whole buffer
            if (!skipping) emit("error: not 81 cells\n", 20);
            skipping = true;
            have = 0;
            continue;
        }
        memmove(buf, p, have);
    }
    flush();
    return 0;
}
