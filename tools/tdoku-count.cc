// tdoku-count mirrors `sudoku solve -j 1 -count` (and, with -solve, `sudoku
// solve -j 1`) around tdoku's solver, for tools/tdoku-side-by-side.sh: it
// reads one puzzle per line (the first whitespace-separated field; blank and
// '#' lines skipped; '0' read as '.'), solves each with a limit of 2 and
// writes one line per puzzle: 0, 1 or 2+ (-count, the default), or the
// solution (-solve; "error: puzzle has no solution" when there is none, as sudoku solve
// writes it). The whole input is read at once and the output is written
// through one buffer, so that the process does no more I/O work than needed.
//
// Build (tools/tdoku-side-by-side.sh does this):
//   g++ -O3 -march=native -std=c++17 -I$TDOKU_DIR/include -I$TDOKU_DIR/src \
//       tools/tdoku-count.cc $TDOKU_DIR/src/solver_dpll_triad_simd.cc \
//       $TDOKU_DIR/src/util.cc -o tdoku-count
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "tdoku.h"

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
    std::vector<char> data;
    char chunk[1 << 16];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, in)) > 0) data.insert(data.end(), chunk, chunk + n);
    data.push_back('\n');
    std::string out;
    out.reserve(data.size());
    char puzzle[82], solution[82];
    size_t pos = 0;
    while (pos < data.size()) {
        size_t end = pos;
        while (end < data.size() && data[end] != '\n') end++;
        size_t a = pos, b = end;
        pos = end + 1;
        while (a < b && (data[a] == ' ' || data[a] == '\t' || data[a] == '\r')) a++;
        if (a == b || data[a] == '#') continue;
        size_t f = a;
        while (f < b && data[f] != ' ' && data[f] != '\t' && data[f] != '\r') f++;
        if (f - a != 81) {
            out += "error: not 81 cells\n";
            continue;
        }
        for (int i = 0; i < 81; i++) {
            char c = data[a + i];
            puzzle[i] = (c == '0') ? '.' : c;
        }
        puzzle[81] = 0;
        size_t guesses = 0;
        // Configuration 0 is tdoku's fastest: it counts only. tdoku returns
        // a solution only with a limit of 1 (with a limit of 2 it keeps the
        // second), so -solve asks again for the first one.
        size_t count = TdokuSolverDpllTriadSimd(puzzle, 2, 0, solution, &guesses);
        if (solve && count > 0) TdokuSolverDpllTriadSimd(puzzle, 1, 0, solution, &guesses);
        if (!solve) {
            out += count == 0 ? "0\n" : count == 1 ? "1\n" : "2+\n";
        } else if (count == 0) {
            out += "error: puzzle has no solution\n";
        } else {
            out.append(solution, 81);
            out += '\n';
        }
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
