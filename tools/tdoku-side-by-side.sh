#!/usr/bin/env bash
# tdoku-side-by-side.sh: this repository's `sudoku solve -j 1 -count` beside
# tdoku (t-dillon/tdoku, the fastest published Sudoku solver), whole process,
# on the six tdoku sets of ../shared/data.
#
#   TDOKU_DIR=/path/to/tdoku tools/tdoku-side-by-side.sh
#
# Environment:
#   TDOKU_DIR   a checkout of github.com/t-dillon/tdoku (required unless
#               TDOKU_BIN is set)
#   TDOKU_CXX   the C++ compilers to build tdoku with, each build timed in
#               its own column (default: g++ and the newest clang++ found;
#               tdoku's README names clang its most favourable compiler,
#               and here clang's build is the faster one); every ratio is
#               to the fastest tdoku build of the set ("best tdoku")
#   TDOKU_BIN   a tdoku-count already built (say with -static, for a machine
#               without a compiler), instead of TDOKU_CXX's builds;
#               CPURUN_BIN likewise for tools/cpurun.c
#   SUDOKU_BIN  the sudoku binary to time (default: built as the README
#               documents, CGO_ENABLED=0 go build -trimpath ./cmd/sudoku: a
#               static binary, which starts in about 2 ms of CPU against 3 ms
#               for a default build that links the C library for net and
#               os/user)
#   DATA        the data folder (default: ../shared/data)
#   CPU         the core both programs are pinned to (default: the last one)
#   ROUNDS      timings per program and set, alternated (default: 5)
#   SETS        file names to run (default: the six below)
#   ALSO        more sudoku binaries to time beside the first, as
#               LABEL=PATH pairs separated by spaces (say
#               "scalar=/tmp/sudoku-purego", a build with -tags purego):
#               each is checked for the same counts and gets a column and
#               its ratio to the best tdoku build
#   TDOKU_PGO   1: also time each build made with profile-guided
#               optimisation, trained on tdoku_17_clue.txt as tdoku's own
#               BENCH.sh trains its _pgo builds (clang needs llvm-profdata)
#   TDOKU_AVX2  1: also time tdoku built without AVX-512 (-mno-avx512f),
#               with each compiler, in columns of their own, with the ratio
#               of sudoku to the best of them. Like for like on a processor
#               with AVX-512 only with SUDOKU_BIN built with -tags asmavx2
#               (the assembly port's AVX2 body forced; a measurement
#               build): the header names each sudoku binary's solver path
#
# What it does, for each set:
#   1. builds tools/tdoku-count.cc against tdoku's solver with each
#      compiler (-O3 -march=native, tdoku's own default build) and
#      tools/cpurun.c;
#   2. checks that both programs give the same count (0, 1, 2+) for every
#      puzzle, the same solution for every puzzle with one solution, and, for
#      puzzles with several, that each program's solution holds the givens
#      and is a valid grid (sudoku solve -count of it is 1);
#   3. builds one input of the set repeated often enough that one process
#      over it takes at least one CPU-second for the faster program, so that
#      each timing is one whole process (start-up, reading, parsing, solving,
#      writing) of at least one CPU-second; cpurun reruns it if not;
#   4. times the programs ROUNDS times each, alternated, pinned with
#      taskset, in CPU time (user+system of the process, from wait4), and
#      prints the medians and the ratios to the best tdoku build as a
#      Markdown table.
# Start-up (one process on an empty input, in ms of CPU) is printed after
# the table, as that is what a one-puzzle process costs.
set -euo pipefail

: "${TDOKU_BIN:=}" "${CPURUN_BIN:=}"
[[ -n "$TDOKU_BIN" ]] || : "${TDOKU_DIR:?set TDOKU_DIR to a checkout of github.com/t-dillon/tdoku, or TDOKU_BIN}"
root=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tools/tdoku-lib.sh
. "$root/tools/tdoku-lib.sh"
DATA=${DATA:-$root/../shared/data}
CPU=${CPU:-$(($(nproc) - 1))}
ROUNDS=${ROUNDS:-5}
SETS=${SETS:-"tdoku_unbiased_first1000.txt tdoku_17_clue.txt tdoku_magictour_top1465.txt tdoku_forum_hardest_1905_11plus.txt tdoku_forum_hardest_1106.txt tdoku_serg_benchmark.txt"}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The tdoku builds: labels, binaries, and whether each is an AVX2-only one.
tlabel=() tbin=() tavx2=() tcc=()
if [[ -n "$TDOKU_BIN" ]]; then
	[[ "${TDOKU_AVX2:-}" != 1 ]] || { echo "TDOKU_AVX2=1 needs TDOKU_DIR, not TDOKU_BIN" >&2; exit 1; }
	cp "$TDOKU_BIN" "$work/tdoku-count"
	tlabel+=("tdoku") tbin+=("$work/tdoku-count") tavx2+=(0) tcc+=("prebuilt: $TDOKU_BIN")
else
	TDOKU_CXX=${TDOKU_CXX:-$(default_compilers)}
	# build CXX OUT FLAGS...: tdoku-count built by CXX with FLAGS.
	build() {
		local cxx=$1 out=$2
		shift 2
		"$cxx" "$@" -std=c++17 -I"$TDOKU_DIR/include" -I"$TDOKU_DIR/src" \
			"$root/tools/tdoku-count.cc" "$TDOKU_DIR/src/solver_dpll_triad_simd.cc" "$TDOKU_DIR/src/util.cc" \
			-o "$out"
	}
	for cxx in $TDOKU_CXX; do
		for avx2 in 0 ${TDOKU_AVX2:+1}; do
			[[ "$avx2" == 1 && "${TDOKU_AVX2:-}" != 1 ]] && continue
			name=${cxx##*/}
			out=$work/tdoku-$name-$avx2
			flags=(-O3 -march=native)
			[[ "$avx2" == 1 ]] && flags+=(-mno-avx512f)
			build "$cxx" "$out" "${flags[@]}"
			label="tdoku $name"
			[[ "$avx2" == 1 ]] && label="tdoku AVX2 $name"
			tlabel+=("$label") tbin+=("$out") tavx2+=("$avx2") tcc+=("$("$cxx" --version | head -1) ${flags[*]}")
			[[ "${TDOKU_PGO:-}" == 1 ]] || continue
			# profile-guided, trained as tdoku's BENCH.sh trains its _pgo
			# builds: on 17-clue puzzles
			prof=$work/pgo-$name-$avx2
			mkdir -p "$prof"
			pgo_train "$cxx" "$prof/tdoku-count" "$prof/tdoku-count" "$DATA/tdoku_17_clue.txt"
			build "$cxx" "$prof/tdoku-count" "${flags[@]}"
			mv "$prof/tdoku-count" "$out-pgo"
			tlabel+=("$label PGO") tbin+=("$out-pgo") tavx2+=("$avx2") tcc+=("$("$cxx" --version | head -1) ${flags[*]/$prof\//} (trained on tdoku_17_clue.txt)")
		done
	done
	[[ ${#tbin[@]} -gt 0 ]] || { echo "no C++ compiler: set TDOKU_CXX or TDOKU_BIN" >&2; exit 1; }
fi
if [[ -n "$CPURUN_BIN" ]]; then
	cp "$CPURUN_BIN" "$work/cpurun"
else
	gcc -O2 "$root/tools/cpurun.c" -o "$work/cpurun"
fi
sudoku_bin
tdoku=("${tbin[0]}")
ours=("$SUDOKU_BIN" solve -j 1 -count)
pin=(taskset -c "$CPU")

# cpu_of prints the CPU-seconds of one run of the command.
cpu_of() { "${pin[@]}" "$work/cpurun" 0 "$@" | awk '{print $2}'; }

# path_of prints the solver path (engine.SolverPath) of a sudoku binary.
path_of() { "$1" bench -solver fast -limit 1 -repeat 1 -files "$DATA/tdoku_17_clue.txt" 2>&1 >/dev/null | sed -n 's/^fast: the \(.*\) solver path.*/\1/p'; }

model=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
echo "CPU: $model ($(nproc) cores), pinned to core $CPU; $(go version 2>/dev/null || true)"
for i in "${!tbin[@]}"; do echo "${tlabel[i]}: ${tcc[i]}"; done
echo "sudoku: $built, run as: sudoku solve -j 1 -count; tdoku: $(git -C "${TDOKU_DIR:-.}" rev-parse --short HEAD 2>/dev/null || echo "${TDOKU_DIR:-$TDOKU_BIN}"), tools/tdoku-count.cc (limit 2, configuration 0); $ROUNDS rounds, medians; ratios to the best tdoku build (best AVX2 build: \"/ AVX2\")"
also=(${ALSO:-})
paths="sudoku $(path_of "$SUDOKU_BIN")"
for a in "${also[@]}"; do paths="$paths, ${a%%=*} $(path_of "${a#*=}")"; done
echo "solver paths: $paths"
echo
head="| set | puzzles per timing |"
rule="| --- | ---: |"
for i in "${!tbin[@]}"; do
	head="$head ${tlabel[i]} |"
	rule="$rule ---: |"
done
head="$head sudoku | sudoku / tdoku |"
rule="$rule ---: | ---: |"
for a in "${also[@]}"; do
	head="$head ${a%%=*} | ${a%%=*} / tdoku |"
	rule="$rule ---: | ---: |"
done
if [[ "${TDOKU_AVX2:-}" == 1 ]]; then
	head="$head sudoku / AVX2 |"
	rule="$rule ---: |"
	for a in "${also[@]}"; do
		head="$head ${a%%=*} / AVX2 |"
		rule="$rule ---: |"
	done
fi
echo "(puzzles per CPU-second)"
echo
echo "$head"
echo "$rule"
for set in $SETS; do
	file=$DATA/$set
	n=$(grep -cv '^\s*\(#\|$\)' "$file")

	# Same counts, same solutions.
	"${tdoku[@]}" "$file" >"$work/t.count"
	"${ours[@]}" "$file" >"$work/o.count"
	cmp -s "$work/t.count" "$work/o.count" || { echo "$set: solution counts differ" >&2; exit 1; }
	for b in "${tbin[@]:1}"; do
		"$b" "$file" | cmp -s "$work/t.count" - || { echo "$set: solution counts differ ($b)" >&2; exit 1; }
	done
	"${tdoku[@]}" -solve "$file" >"$work/t.sol"
	"$SUDOKU_BIN" solve -j 1 "$file" >"$work/o.sol"
	for a in "${also[@]}"; do
		"${a#*=}" solve -j 1 -count "$file" >"$work/a.count"
		cmp -s "$work/t.count" "$work/a.count" || { echo "$set: solution counts differ (${a%%=*})" >&2; exit 1; }
		"${a#*=}" solve -j 1 "$file" >"$work/a.sol"
		paste -d' ' "$work/t.count" "$work/o.sol" "$work/a.sol" | awk -v set="$set" -v a="${a%%=*}" \
			'$1 == "1" && $2 != $3 { print set ": line " NR ": the solutions differ (" a ")" > "/dev/stderr"; exit 1 }'
	done
	grep -v '^\s*\(#\|$\)' "$file" | awk '{print $1}' >"$work/p"
	paste -d' ' "$work/t.count" "$work/p" "$work/t.sol" "$work/o.sol" | awk -v set="$set" '
		$1 == "1" && $3 != $4 { print set ": line " NR ": the solutions differ" > "/dev/stderr"; bad = 1; exit 1 }
		$1 != "0" {
			for (i = 1; i <= 81; i++) {
				c = substr($2, i, 1)
				if (c ~ /[1-9]/ && (substr($3, i, 1) != c || substr($4, i, 1) != c)) {
					print set ": line " NR ": a solution drops a given" > "/dev/stderr"; bad = 1; exit 1
				}
			}
		}
		END { exit bad }'
	paste -d' ' "$work/t.count" "$work/t.sol" "$work/o.sol" | awk '$1 == "2+" {print $2; print $3}' >"$work/multi"
	if [[ -s "$work/multi" ]] && "$SUDOKU_BIN" solve -j 1 -count "$work/multi" | grep -qv '^1$'; then
		echo "$set: a solution of a puzzle with several is not a valid grid" >&2
		exit 1
	fi

	# One input of at least one CPU-second for the faster program.
	t1=$(cpu_of "${tdoku[@]}" "$file")
	t2=$(cpu_of "${ours[@]}" "$file")
	copies=$(awk -v a="$t1" -v b="$t2" 'BEGIN {m = a < b ? a : b; c = int(1.2 / m) + 1; print c}')
	: >"$work/in"
	for ((i = 0; i < copies; i++)); do cat "$file" >>"$work/in"; done
	total=$((n * copies))

	for i in "${!tbin[@]}"; do : >"$work/rt$i"; done
	: >"$work/ro"
	for i in "${!also[@]}"; do : >"$work/ra$i"; done
	for ((r = 0; r < ROUNDS; r++)); do
		for i in "${!tbin[@]}"; do
			"${pin[@]}" "$work/cpurun" 1 "${tbin[i]}" "$work/in" | awk -v n="$total" '{print $1 * n / $2}' >>"$work/rt$i"
		done
		"${pin[@]}" "$work/cpurun" 1 "${ours[@]}" "$work/in" | awk -v n="$total" '{print $1 * n / $2}' >>"$work/ro"
		for i in "${!also[@]}"; do
			"${pin[@]}" "$work/cpurun" 1 "${also[$i]#*=}" solve -j 1 -count "$work/in" | awk -v n="$total" '{print $1 * n / $2}' >>"$work/ra$i"
		done
	done
	row="| $set | $total |"
	best=0 bestv=0
	for i in "${!tbin[@]}"; do
		m=$(median <"$work/rt$i")
		row="$row $(awk -v m="$m" 'BEGIN {printf "%.0f", m}') |"
		if [[ "${tavx2[i]}" == 1 ]]; then
			bestv=$(awk -v a="$bestv" -v b="$m" 'BEGIN {print (b > a ? b : a)}')
		else
			best=$(awk -v a="$best" -v b="$m" 'BEGIN {print (b > a ? b : a)}')
		fi
	done
	mo=$(median <"$work/ro")
	row="$row $(awk -v t="$best" -v o="$mo" 'BEGIN {printf "%.0f | %.2f |", o, o / t}')"
	ma=()
	for i in "${!also[@]}"; do
		ma[i]=$(median <"$work/ra$i")
		row="$row $(awk -v t="$best" -v a="${ma[i]}" 'BEGIN {printf "%.0f | %.2f |", a, a / t}')"
	done
	if [[ "${TDOKU_AVX2:-}" == 1 ]]; then
		row="$row $(awk -v v="$bestv" -v o="$mo" 'BEGIN {printf "%.2f |", o / v}')"
		for i in "${!also[@]}"; do
			row="$row $(awk -v v="$bestv" -v a="${ma[i]}" 'BEGIN {printf "%.2f |", a / v}')"
		done
	fi
	echo "$row"
done

: >"$work/empty"
st=$("${pin[@]}" "$work/cpurun" 1 "${tdoku[@]}" "$work/empty" | awk '{printf "%.2f", 1000 * $2 / $1}')
so=$("${pin[@]}" "$work/cpurun" 1 "${ours[@]}" "$work/empty" | awk '{printf "%.2f", 1000 * $2 / $1}')
echo
echo "Start-up (one process, empty input): tdoku $st ms CPU, sudoku $so ms CPU."
