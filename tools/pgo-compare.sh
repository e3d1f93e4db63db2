#!/usr/bin/env bash
# pgo-compare.sh: profile-guided builds against builds of the same commit
# with -pgo=off, both built as the README documents (CGO_ENABLED=0 go
# build -trimpath); docs/pgo.md. The profiles: PGO_SUDOKU and PGO_SUDOKUD,
# by default the committed cmd/sudoku/default.pgo and
# cmd/sudokud/default.pgo, which `go build` applies by itself (-pgo=auto);
# to judge new ones, make them elsewhere (OUT=/tmp/pgo bash
# tools/pgo-profiles.sh) and name them here.
# tools/tdoku-side-by-side.sh times `sudoku solve` beside tdoku
# (SUDOKU_BIN=one build, ALSO="pgo=the other"); this times, in parts:
#
#   cli      sudoku solve -j 1 -count on the six tdoku sets (each repeated
#            to about a CPU-second a process, the copies below), sudoku
#            generate -j 1 -n N -level L -seed 1 at easy, medium, hard and
#            evil, and sudoku rate -j 1 on RATE_FILE: each run checked to
#            print the same lines from both builds, then timed in CPU time
#            (tools/cpurun.c: whole processes, repeated to at least one
#            CPU-second) pinned to core CPU, ROUNDS rounds, the builds'
#            order swapped every round; medians and ranges
#   service  sudokud pinned to core CPU with GOMAXPROCS=1, started by
#            cmd/sudokuload (on the other cores) which drives SCENARIOS
#            with C connections for D each: server CPU per request
#            (tools/solve-cost.sh's method), ROUNDS rounds alternated
#   build    CPU time and wall time of `go build -a` (every package
#            rebuilt: what a cold cache costs) of ./cmd/sudokud and
#            ./cmd/sudoku with -pgo=off and with the profile, pinned to
#            core CPU, BUILD_ROUNDS rounds
#
#   bash tools/pgo-compare.sh             # from the repository root
#
# Environment: PARTS ("cli service build"), ROUNDS (3), BUILD_ROUNDS (2),
# CPU (0), DATA (../shared/data), RATE_FILE (calib_krazydad.tsv),
# SCENARIOS (solve,rate,generate-medium,generate-evil,generate-fresh-medium,generate-fresh-evil),
# C (4), D (4s), PGO_SUDOKU, PGO_SUDOKUD.
set -euo pipefail
cd "$(dirname "$0")/.."
PARTS=${PARTS:-cli service build}
ROUNDS=${ROUNDS:-3}
BUILD_ROUNDS=${BUILD_ROUNDS:-2}
CPU=${CPU:-0}
DATA=${DATA:-../shared/data}
RATE_FILE=${RATE_FILE:-calib_krazydad.tsv}
SCENARIOS=${SCENARIOS:-solve,rate,generate-medium,generate-evil,generate-fresh-medium,generate-fresh-evil}
C=${C:-4}
D=${D:-4s}
PGO_SUDOKU=$(realpath -m "${PGO_SUDOKU:-cmd/sudoku/default.pgo}")
PGO_SUDOKUD=$(realpath -m "${PGO_SUDOKUD:-cmd/sudokud/default.pgo}")
declare -A pgo=([sudoku]=$PGO_SUDOKU [sudokud]=$PGO_SUDOKUD)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pin=(taskset -c "$CPU")
others=$(seq 0 $(($(nproc) - 1)) | grep -vx "$CPU" | paste -sd, -)
load=()
[[ -z "$others" ]] || load=(taskset -c "$others")

median() { sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }
# order R: the two builds, swapped on odd rounds.
order() { if (($1 % 2)); then echo "pgo off"; else echo "off pgo"; fi; }

for b in sudoku sudokud; do
	if [[ ! -f "${pgo[$b]}" ]]; then
		[[ "$b" == sudokud && " $PARTS " != *" service "* && " $PARTS " != *" build "* ]] && continue
		echo "${pgo[$b]}: no such profile (PGO_${b^^})" >&2
		exit 1
	fi
	CGO_ENABLED=0 go build -trimpath -pgo=off -o "$work/$b-off" "./cmd/$b"
	CGO_ENABLED=0 go build -trimpath -pgo="${pgo[$b]}" -o "$work/$b-pgo" "./cmd/$b"
	go version -m "$work/$b-pgo" | grep -q -- '-pgo=' || { echo "$b: no profile in the build" >&2; exit 1; }
	echo "# $b's profile: ${pgo[$b]##*/cmd/} ($(wc -c <"${pgo[$b]}") bytes)"
done
CGO_ENABLED=0 go build -trimpath -pgo=off -o "$work/sudokuload" ./cmd/sudokuload
gcc -O2 tools/cpurun.c -o "$work/cpurun"

echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, pinned to core $CPU; $(go version); $(git describe --always --dirty); $(date -u '+%Y-%m-%d %H:%M UTC'); load average $(cut -d' ' -f1-3 /proc/loadavg)"

# ratio OFF PGO: off/pgo - 1 as a signed percentage (time: + is pgo faster).
ratio() { awk -v o="$1" -v p="$2" 'BEGIN { printf "%+.1f%%", 100 * (o / p - 1) }'; }
# spread FILE: min-max of the numbers in FILE.
spread() { sort -g "$1" | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%s-%s", lo, hi }'; }

if [[ " $PARTS " == *" cli "* ]]; then
	jobs=()
	for set in tdoku_unbiased_first1000.txt:200 tdoku_17_clue.txt:8 tdoku_magictour_top1465.txt:80 \
		tdoku_forum_hardest_1905_11plus.txt:1 tdoku_forum_hardest_1106.txt:50 tdoku_serg_benchmark.txt:100; do
		for ((i = 0; i < ${set#*:}; i++)); do grep -v '^\s*\(#\|$\)' "$DATA/${set%%:*}"; done >"$work/${set%%:*}"
		jobs+=("solve -j 1 -count $work/${set%%:*}")
	done
	jobs+=("generate -j 1 -n 300 -level easy -seed 1" "generate -j 1 -n 300 -level medium -seed 1"
		"generate -j 1 -n 200 -level hard -seed 1" "generate -j 1 -n 100 -level evil -seed 1"
		"rate -j 1 $DATA/$RATE_FILE")
	for i in "${!jobs[@]}"; do
		# shellcheck disable=SC2086
		"$work/sudoku-off" ${jobs[i]} >"$work/off.out"
		# shellcheck disable=SC2086
		"$work/sudoku-pgo" ${jobs[i]} >"$work/pgo.out"
		cmp -s "$work/off.out" "$work/pgo.out" || { echo "sudoku ${jobs[i]}: the builds' outputs differ" >&2; exit 1; }
		: >"$work/cli-$i-off" && : >"$work/cli-$i-pgo"
	done
	echo "# cli: every job printed the same lines from both builds"
	for ((r = 0; r < ROUNDS; r++)); do
		for i in "${!jobs[@]}"; do
			for v in $(order "$r"); do
				# shellcheck disable=SC2086
				"${pin[@]}" "$work/cpurun" 1 "$work/sudoku-$v" ${jobs[i]} | awk '{ printf "%.2f\n", 1000 * $2 / $1 }' >>"$work/cli-$i-$v"
			done
		done
	done
	echo
	echo "| sudoku (ms of CPU per process) | -pgo=off | profile | off / profile - 1 | off, $ROUNDS rounds | profile, $ROUNDS rounds |"
	echo "| --- | ---: | ---: | ---: | ---: | ---: |"
	for i in "${!jobs[@]}"; do
		o=$(median <"$work/cli-$i-off") p=$(median <"$work/cli-$i-pgo")
		j=${jobs[i]/$DATA\//}
		echo "| ${j/$work\//} | $o | $p | $(ratio "$o" "$p") | $(spread "$work/cli-$i-off") | $(spread "$work/cli-$i-pgo") |"
	done
fi

if [[ " $PARTS " == *" service "* ]]; then
	for ((r = 0; r < ROUNDS; r++)); do
		for v in $(order "$r"); do
			printf '#!/bin/sh\nexec taskset -c %s "%s" "$@"\n' "$CPU" "$work/sudokud-$v" >"$work/server"
			chmod +x "$work/server"
			"${load[@]}" "$work/sudokuload" -server "$work/server" -server-env GOMAXPROCS=1 -scenarios "$SCENARIOS" \
				-c "$C" -d "$D" >"$work/load.txt" 2>"$work/log.txt" || { cat "$work/log.txt" >&2; exit 1; }
			# columns: scenario conns requests req/s ratio p50 p99 max errors serverCPU ...
			awk -F'|' -v v="$v" '
				function us(x) { gsub(/ /, "", x); if (x ~ /ms$/) return x * 1000; if (x ~ /µs$/) return x + 0; if (x ~ /ns$/) return x / 1000; return x * 1e6 }
				NR > 2 && $2 !~ /scenario|---/ && NF > 10 { s = $2; gsub(/ /, "", s); gsub(/ /, "", $10)
					if ($10 != "0") { print "errors in " s > "/dev/stderr"; exit 1 }
					printf "%s %s %.2f\n", s, v, us($11) }' "$work/load.txt" >>"$work/service.txt"
		done
	done
	echo
	echo "| sudokud scenario (server CPU per request, µs; GOMAXPROCS 1, $C connections, $D) | -pgo=off | profile | off / profile - 1 | off, $ROUNDS rounds | profile, $ROUNDS rounds |"
	echo "| --- | ---: | ---: | ---: | ---: | ---: |"
	for s in ${SCENARIOS//,/ }; do
		for v in off pgo; do awk -v s="$s" -v v="$v" '$1 == s && $2 == v { print $3 }' "$work/service.txt" >"$work/s-$v"; done
		o=$(median <"$work/s-off") p=$(median <"$work/s-pgo")
		echo "| $s | $o | $p | $(ratio "$o" "$p") | $(spread "$work/s-off") | $(spread "$work/s-pgo") |"
	done
fi

if [[ " $PARTS " == *" build "* ]]; then
	echo
	echo "| go build -a -trimpath, one core | -pgo=off | profile | profile / off |"
	echo "| --- | ---: | ---: | ---: |"
	for b in sudokud sudoku; do
		: >"$work/b-off" && : >"$work/b-pgo"
		for ((r = 0; r < BUILD_ROUNDS; r++)); do
			for v in $(order "$r"); do
				flag=-pgo=off
				[[ "$v" == pgo ]] && flag=-pgo=${pgo[$b]}
				/usr/bin/time -f '%U %S %e' -o "$work/t" env CGO_ENABLED=0 "${pin[@]}" go build -a -trimpath "$flag" -o "$work/b" "./cmd/$b"
				awk '{ printf "%.1f %.1f\n", $1 + $2, $3 }' "$work/t" >>"$work/b-$v"
			done
		done
		for k in 1:CPU 2:wall; do
			o=$(cut -d' ' -f"${k%%:*}" "$work/b-off" | median) p=$(cut -d' ' -f"${k%%:*}" "$work/b-pgo" | median)
			awk -v b="$b" -v k="${k#*:}" -v o="$o" -v p="$p" 'BEGIN { printf "| ./cmd/%s, %s time (s) | %.1f | %.1f | %.2f |\n", b, k, o, p, p / o }'
		done
	done
fi
echo
echo "# medians; load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
