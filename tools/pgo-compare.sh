#!/usr/bin/env bash
# pgo-compare.sh: the profile-guided builds (cmd/*/default.pgo, -pgo=auto,
# what `go build` does by default) against builds of the same commit with
# -pgo=off, both built as the README documents (CGO_ENABLED=0 go build
# -trimpath); docs/pgo.md. tools/tdoku-side-by-side.sh times `sudoku solve`
# (SUDOKU_BIN=the one, ALSO="pgo=the other"); this times the rest:
#
#   cli      sudoku generate -j 1 -n N -level L -seed 1 at easy, medium,
#            hard and evil, and sudoku rate -j 1 on RATE_FILE: each run
#            checked to print the same lines from both builds, then timed
#            in CPU time (tools/cpurun.c: whole processes, repeated to at
#            least one CPU-second) pinned to core CPU, ROUNDS rounds, the
#            builds' order swapped every round; medians
#   service  sudokud pinned to core CPU with GOMAXPROCS=1, started by
#            cmd/sudokuload (on the other cores) which drives SCENARIOS
#            with C connections for D each: server CPU per request
#            (tools/solve-cost.sh's method), ROUNDS rounds alternated
#   build    CPU time and wall time of `go build -a ./cmd/sudokud` (every
#            package rebuilt: what a cold cache costs) with -pgo=off and
#            with the profile, pinned to core CPU, BUILD_ROUNDS rounds
#
#   bash tools/pgo-compare.sh             # from the repository root
#
# Environment: PARTS ("cli service build"), ROUNDS (3), BUILD_ROUNDS (2),
# CPU (0), DATA (../shared/data), RATE_FILE (calib_krazydad.tsv),
# SCENARIOS (solve,rate,generate-medium,generate-evil,generate-fresh-medium,generate-fresh-evil),
# C (4), D (4s).
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
	CGO_ENABLED=0 go build -trimpath -pgo=off -o "$work/$b-off" "./cmd/$b"
	CGO_ENABLED=0 go build -trimpath -o "$work/$b-pgo" "./cmd/$b"
	go version -m "$work/$b-pgo" | grep -q -- '-pgo=' || { echo "$b: no profile in the default build" >&2; exit 1; }
done
CGO_ENABLED=0 go build -trimpath -pgo=off -o "$work/sudokuload" ./cmd/sudokuload
gcc -O2 tools/cpurun.c -o "$work/cpurun"

echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, pinned to core $CPU; $(go version); $(git describe --always --dirty); $(date -u '+%Y-%m-%d %H:%M UTC'); load average $(cut -d' ' -f1-3 /proc/loadavg)"

# ratio OFF PGO: off/pgo - 1 as a signed percentage (time: + is pgo faster).
ratio() { awk -v o="$1" -v p="$2" 'BEGIN { printf "%+.1f%%", 100 * (o / p - 1) }'; }
# spread FILE: min-max of the numbers in FILE.
spread() { sort -g "$1" | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%s-%s", lo, hi }'; }

if [[ " $PARTS " == *" cli "* ]]; then
	jobs=("generate -j 1 -n 300 -level easy -seed 1" "generate -j 1 -n 300 -level medium -seed 1"
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
		echo "| ${jobs[i]/$DATA\//} | $o | $p | $(ratio "$o" "$p") | $(spread "$work/cli-$i-off") | $(spread "$work/cli-$i-pgo") |"
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
	: >"$work/b-off" && : >"$work/b-pgo"
	for ((r = 0; r < BUILD_ROUNDS; r++)); do
		for v in $(order "$r"); do
			flag=-pgo=off
			[[ "$v" == pgo ]] && flag=-pgo=auto
			/usr/bin/time -f '%U %S %e' -o "$work/t" env CGO_ENABLED=0 "${pin[@]}" go build -a -trimpath "$flag" -o "$work/b" ./cmd/sudokud
			awk '{ printf "%.1f %.1f\n", $1 + $2, $3 }' "$work/t" >>"$work/b-$v"
		done
	done
	echo
	echo "| go build -a -trimpath ./cmd/sudokud, one core | -pgo=off | profile | profile / off |"
	echo "| --- | ---: | ---: | ---: |"
	for k in 1:CPU 2:wall; do
		o=$(cut -d' ' -f"${k%%:*}" "$work/b-off" | median) p=$(cut -d' ' -f"${k%%:*}" "$work/b-pgo" | median)
		awk -v k="${k#*:}" -v o="$o" -v p="$p" 'BEGIN { printf "| %s time (s) | %.1f | %.1f | %.2f |\n", k, o, p, p / o }'
	done
fi
echo
echo "# medians; load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
