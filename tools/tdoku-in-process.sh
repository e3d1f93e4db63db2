#!/usr/bin/env bash
# tdoku-in-process.sh: this repository's `sudoku bench` beside tdoku's own
# benchmark harness (t-dillon/tdoku's src/run_benchmark.cc, unmodified),
# in process, on the six tdoku sets of ../shared/data: the solvers alone,
# without the start-up, reading, parsing and output that
# tools/tdoku-side-by-side.sh's whole-process timings include.
#
#   TDOKU_DIR=/path/to/tdoku tools/tdoku-in-process.sh
#
# Environment:
#   TDOKU_DIR   a checkout of github.com/t-dillon/tdoku (required)
#   TDOKU_CXX   the C++ compilers to build run_benchmark with, each build
#               timed in its own column (default: g++ and the newest
#               clang++ found); every ratio is to the fastest tdoku build
#               of the set ("best tdoku")
#   TDOKU_PGO   1: also time each compiler's build made with profile-guided
#               optimisation, trained as tdoku's own BENCH.sh trains its
#               _pgo builds (run_benchmark on 17-clue puzzles, here
#               tdoku_17_clue.txt for -w 1 -t 2 instead of 15 and 15;
#               clang needs llvm-profdata)
#   SUDOKU_BIN  the sudoku binary to time (default: built as the README
#               documents, CGO_ENABLED=0 go build -trimpath ./cmd/sudoku)
#   DATA        the data folder (default: ../shared/data)
#   CPU         the core both programs are pinned to (default: the last one)
#   ROUNDS      timings per program and set, alternated (default: 3)
#   SETS        file names to run (default: the six below)
#   WARMUP      run_benchmark's warm-up, seconds (-w; default 1)
#   TEST        run_benchmark's timed run, seconds (-t; default 2)
#   PASS        the least seconds one pass of `sudoku bench` over the input
#               should take (default 1; see 2.)
#   REPEAT      `sudoku bench`'s passes per timing, median kept (default 3)
#
# What it does:
#   1. builds tdoku's run_benchmark from its unmodified sources with each
#      compiler, as tdoku's CMakeLists.txt builds it with no solver option:
#      src/run_benchmark.cc, src/util.cc, src/solver_dpll_triad_simd.cc
#      and other/other_solvers.cc (empty without the other solvers'
#      defines; left out where a checkout lacks other/), so all_solvers.h
#      lists one solver, "tdoku" (configuration 0, its fastest);
#      -std=gnu++14 (CMake's CXX_STANDARD 14), -O3 -march=native (its
#      default OPT and ARCH); build_info.h made from build_info.h.in as
#      CMake makes it, in a copy of src/ (the checkout is left as it is);
#   2. for each set, writes one input, the set repeated k times, k such
#      that one `sudoku bench` pass over it takes PASS seconds or more
#      (sudoku bench times single passes over its file; run_benchmark
#      loops over its data set for TEST seconds), and gives the same file
#      to both harnesses: both time the same puzzles, as given, in the
#      same order;
#   3. times, ROUNDS times each, alternated, pinned with taskset to CPU:
#        run_benchmark -s tdoku -w WARMUP -t TEST -r0 -v0 -n N -c1 FILE
#      (-r, -v and -c take their value attached, as ketopt reads optional
#      arguments. N is the number of puzzles in FILE: with -r0 and -n
#      equal to the file's size its data set is exactly the file's puzzles
#      in order, none replaced by a random isomorph (-r1, its default), none
#      sampled (a larger -n fills the rest by sampling with replacement, a
#      smaller one samples the file). -v0: no validation in the warm-up;
#      none is done in the timed loop anyway. The timed loop solves with
#      limit 2, as -f is not given, in whole passes over the data set until
#      TEST seconds have passed, and reports puzzles per WALL second, from
#      steady_clock.) and
#        sudoku bench -solver fast -repeat REPEAT -files FILE
#      (solver "fast" on one goroutine locked to its thread, limit 2 as
#      `sudoku solve -count`; the median pass by CPU time, its puzzles per
#      wall second and per CPU second). Both read and parse the whole file
#      before their timed loops;
#   4. checks that sudoku bench solved every puzzle (run_benchmark stops on
#      one without a solution) and that every timing of both reports the
#      same guesses per puzzle (the assembly port counts guesses as tdoku
#      does: equal counts say the same puzzles were solved with the same
#      limit; the script stops otherwise), and prints the medians as a
#      Markdown table: sudoku's wall rate beside tdoku's (like for like:
#      run_benchmark reports wall time; pinned to a quiet core the two
#      agree), sudoku's CPU rate beside it, and the ratio of sudoku's wall
#      rate to the fastest tdoku build's.
set -euo pipefail

: "${TDOKU_DIR:?set TDOKU_DIR to a checkout of github.com/t-dillon/tdoku}"
root=$(cd "$(dirname "$0")/.." && pwd)
DATA=${DATA:-$root/../shared/data}
CPU=${CPU:-$(($(nproc) - 1))}
ROUNDS=${ROUNDS:-3}
SETS=${SETS:-"tdoku_unbiased_first1000.txt tdoku_17_clue.txt tdoku_magictour_top1465.txt tdoku_forum_hardest_1905_11plus.txt tdoku_forum_hardest_1106.txt tdoku_serg_benchmark.txt"}
WARMUP=${WARMUP:-1}
TEST=${TEST:-2}
PASS=${PASS:-1}
REPEAT=${REPEAT:-3}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# run_benchmark formats its numbers for the locale (LC_NUMERIC).
export LC_ALL=C

# shellcheck source=tools/tdoku-lib.sh
. "$root/tools/tdoku-lib.sh"
TDOKU_CXX=${TDOKU_CXX:-$(default_compilers)}

# A copy of tdoku's src/ (unmodified) beside which build_info.h is made:
# run_benchmark.cc includes "build_info.h", found first in its own folder.
cp -R "$TDOKU_DIR/src" "$work/src"

# build CXX OUT FLAGS...: run_benchmark built by CXX with FLAGS.
build() {
	local cxx=$1 out=$2 id=GNU
	shift 2
	"$cxx" --version | head -1 | grep -qi clang && id=Clang
	sed -e "s|\${CMAKE_CXX_COMPILER_ID}|$id|; s|\${CMAKE_CXX_COMPILER_VERSION}|$("$cxx" -dumpversion)|" \
		-e "s|\${CMAKE_CXX_FLAGS}| $*|; s|\${CMAKE_[A-Z_]*}||" \
		"$TDOKU_DIR/src/build_info.h.in" >"$work/src/build_info.h"
	"$cxx" "$@" -std=gnu++14 -I"$work/src" \
		"$work/src/run_benchmark.cc" "$work/src/util.cc" "$work/src/solver_dpll_triad_simd.cc" \
		"${other[@]}" -o "$out"
}
other=()
if [[ -f "$TDOKU_DIR/other/other_solvers.cc" ]]; then other=("$TDOKU_DIR/other/other_solvers.cc"); fi

# The tdoku builds: labels, binaries, compilers and flags.
tlabel=() tbin=() tcc=()
for cxx in $TDOKU_CXX; do
	name=${cxx##*/}
	out=$work/rb-$name
	flags=(-O3 -march=native)
	build "$cxx" "$out" "${flags[@]}"
	tlabel+=("tdoku $name") tbin+=("$out") tcc+=("$("$cxx" --version | head -1) -std=gnu++14 ${flags[*]}")
	[[ "${TDOKU_PGO:-}" == 1 ]] || continue
	# profile-guided, trained as tdoku's BENCH.sh trains its _pgo builds:
	# run_benchmark on 17-clue puzzles (its default data set: 100,000
	# puzzles sampled and permuted), here for 1 + 2 seconds
	prof=$work/pgo-$name
	mkdir -p "$prof"
	pgo_train "$cxx" "$prof/run_benchmark" taskset -c "$CPU" "$prof/run_benchmark" -s tdoku -w 1 -t 2 "$DATA/tdoku_17_clue.txt"
	build "$cxx" "$prof/run_benchmark" "${flags[@]}"
	mv "$prof/run_benchmark" "$out-pgo"
	tlabel+=("tdoku $name PGO") tbin+=("$out-pgo") tcc+=("$("$cxx" --version | head -1) -std=gnu++14 ${flags[*]/$prof\//} (trained on tdoku_17_clue.txt)")
done
[[ ${#tbin[@]} -gt 0 ]] || { echo "no C++ compiler: set TDOKU_CXX" >&2; exit 1; }

sudoku_bin
pin=(taskset -c "$CPU")

# bench FILE: one `sudoku bench` timing of FILE, pinned; prints the row's
# puzzles, puzzles/CPU-s, puzzles/wall-s, guesses/puzzle and solved, and
# leaves its stderr (the solver path) in $work/bench.err.
bench() {
	"${pin[@]}" "$SUDOKU_BIN" bench -solver fast -repeat "$REPEAT" -files "$1" 2>"$work/bench.err" |
		awk -v f="${1##*/}" '$1 == f {print $2, $4, $6, $7, $9}'
}

model=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
echo "CPU: $model ($(nproc) cores), pinned to core $CPU; load average $(cut -d' ' -f1-3 /proc/loadavg); $(go version 2>/dev/null || true)"
for i in "${!tbin[@]}"; do echo "${tlabel[i]}: ${tcc[i]}"; done
bench "$DATA/tdoku_unbiased_first1000.txt" >/dev/null
path=$(sed -n 's/^fast: the \(.*\) solver path.*/\1/p' "$work/bench.err")
echo "sudoku: $built, solver path $path; tdoku: $(git -C "$TDOKU_DIR" rev-parse --short HEAD 2>/dev/null || echo "$TDOKU_DIR"), src/run_benchmark.cc unmodified"
echo "run as: run_benchmark -s tdoku -w $WARMUP -t $TEST -r0 -v0 -n N -c1 FILE; sudoku bench -solver fast -repeat $REPEAT -files FILE"
echo "(FILE: the set repeated until one sudoku bench pass takes ${PASS}s or more; N its puzzles); $ROUNDS rounds, medians; ratios to the best tdoku build"
echo
head="| set | puzzles per pass |"
rule="| --- | ---: |"
for i in "${!tbin[@]}"; do
	head="$head ${tlabel[i]} |"
	rule="$rule ---: |"
done
head="$head sudoku (wall) | sudoku / tdoku | sudoku (CPU) | guesses/puzzle |"
rule="$rule ---: | ---: | ---: | ---: |"
echo "(puzzles per second: tdoku's as run_benchmark reports them, wall; sudoku's puzzles/wall-s, and puzzles/CPU-s beside)"
echo
echo "$head"
echo "$rule"
for set in $SETS; do
	file=$DATA/$set
	n=$(grep -cv '^\s*\(#\|$\)' "$file")

	# One input of PASS seconds or more per sudoku bench pass, named as the
	# set so that sudoku bench's row is.
	read -r _ _ rate _ _ < <(bench "$file") || true
	[[ -n "${rate:-}" ]] || { cat "$work/bench.err" >&2; echo "$set: sudoku bench gave no rate" >&2; exit 1; }
	copies=$(awk -v r="$rate" -v n="$n" -v p="$PASS" 'BEGIN {print int(1.2 * p * r / n) + 1}')
	mkdir -p "$work/in"
	in=$work/in/$set
	for ((i = 0; i < copies; i++)); do cat "$file"; done >"$in"
	total=$((n * copies))

	for i in "${!tbin[@]}"; do : >"$work/rt$i"; done
	: >"$work/rw" && : >"$work/rc" && : >"$work/tg"
	for ((r = 0; r < ROUNDS; r++)); do
		for i in "${!tbin[@]}"; do
			# the CSV line: ...,FILE,tdoku,puzzles/s,µs/puzzle,%no_guess,guesses/puzzle
			"${pin[@]}" "${tbin[i]}" -s tdoku -w "$WARMUP" -t "$TEST" -r0 -v0 -n "$total" -c1 "$in" >"$work/t.out" ||
				{ cat "$work/t.out" >&2; echo "$set: run_benchmark (${tlabel[i]}) failed" >&2; exit 1; }
			awk -F, '$(NF-4) == "tdoku" {print $(NF-3), $NF}' "$work/t.out" >"$work/t.row"
			[[ -s "$work/t.row" ]] || { cat "$work/t.out" >&2; echo "$set: no rate from run_benchmark" >&2; exit 1; }
			read -r trate tguess <"$work/t.row"
			echo "$trate" >>"$work/rt$i"
			echo "$tguess" >>"$work/tg"
		done
		puzzles='' solved=''
		read -r puzzles cpu wall guess solved < <(bench "$in") || true
		[[ "$puzzles" == "$total" && "$solved" == "$total" ]] ||
			{ echo "$set: sudoku bench solved $solved of $puzzles puzzles, expected $total of $total" >&2; exit 1; }
		echo "$wall" >>"$work/rw"
		echo "$cpu" >>"$work/rc"
	done
	# every run_benchmark timing's guesses per puzzle, as sudoku bench
	# rounds them, against sudoku bench's
	tg=$(awk '{printf "%.2f\n", $1}' "$work/tg" | sort -u | tr '\n' ' ')
	[[ "$tg" == "$guess " ]] ||
		{ echo "$set: guesses per puzzle differ (run_benchmark ${tg% }, sudoku bench $guess): not the same puzzles or limit (or run_benchmark timed a sample: keep PASS below TEST)" >&2; exit 1; }
	row="| $set | $total |"
	best=0
	for i in "${!tbin[@]}"; do
		m=$(median <"$work/rt$i")
		row="$row $(awk -v m="$m" 'BEGIN {printf "%.0f", m}') |"
		best=$(awk -v a="$best" -v b="$m" 'BEGIN {print (b > a ? b : a)}')
	done
	mw=$(median <"$work/rw")
	mc=$(median <"$work/rc")
	row="$row $(awk -v t="$best" -v w="$mw" -v c="$mc" -v g="$guess" 'BEGIN {printf "%.0f | %.2f | %.0f | %s |", w, w / t, c, g}')"
	echo "$row"
	rm -f "$in"
done
echo
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
