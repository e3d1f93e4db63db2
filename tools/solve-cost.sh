#!/usr/bin/env bash
# solve-cost.sh: what the solver costs the service (issue 22, item 5).
# For each sudokud binary in SERVERS (the default build, whose solver is
# the assembly port on a processor with AVX-512, and the -tags purego one,
# the band words, say) and each puzzle file in SETS, ROUNDS times alternated:
# sudokud pinned to core 0 with GOMAXPROCS=1, sudokuload on the other
# cores driving /solve with C connections for D, and prints sudokuload's
# server CPU per request, the engine's time per request (the service's
# sudoku_solve_duration_seconds) and its share, then the medians.
#
#   mkdir -p bin/solve && go build -o bin/solve/sudokuload ./cmd/sudokuload &&
#     go build -o bin/solve/sudokud ./cmd/sudokud &&
#     go build -tags purego -o bin/solve/sudokud-purego ./cmd/sudokud
#   bash tools/solve-cost.sh
#
# Environment: BIN (bin/solve), SERVERS ("sudokud sudokud-purego"), SETS
# (tdoku_unbiased_first1000.txt tdoku_magictour_top1465.txt), ROUNDS (3),
# C (4), D (4s). Run from the repository root (../shared/data).
set -euo pipefail

BIN=${BIN:-bin/solve}
SERVERS=${SERVERS:-sudokud sudokud-purego}
SETS=${SETS:-tdoku_unbiased_first1000.txt tdoku_magictour_top1465.txt}
ROUNDS=${ROUNDS:-3}
C=${C:-4}
D=${D:-4s}
cores=$(nproc)
BIN=$(cd "$BIN" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
load=()
((cores > 1)) && load=(taskset -c "1-$((cores - 1))")

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $cores cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# sudokud on core 0 (GOMAXPROCS 1), sudokuload -scenarios solve -c $C -d $D on the others; µs per request"
# path S: the solver path sudokud S says it runs (engine.SolverPath, in
# its "starting" log line).
declare -A path
for s in $SERVERS; do
	path[$s]=$( (timeout 3 "$BIN/$s" -addr 127.0.0.1:0 -admin-addr 127.0.0.1:0 -workers 1 2>/dev/null || true) |
		grep -m1 -o '"solver":"[a-z0-9]*"' | cut -d'"' -f4)
done
for r in $(seq "$ROUNDS"); do
	for s in $SERVERS; do
		printf '#!/bin/sh\nexec taskset -c 0 "%s" "$@"\n' "$BIN/$s" >"$tmp/server"
		chmod +x "$tmp/server"
		for set in $SETS; do
			"${load[@]}" "$BIN/sudokuload" -server "$tmp/server" -server-env GOMAXPROCS=1 -scenarios solve \
				-puzzles "$set" -c "$C" -d "$D" >"$tmp/load.txt" 2>"$tmp/log.txt"
			# columns: scenario conns requests req/s ratio p50 p99 max errors serverCPU loadCPU engine ...
			awk -F'|' -v s="$s" -v set="$set" -v path="${path[$s]}" -v r="$r" '
				function us(x) { gsub(/ /, "", x); if (x ~ /ms$/) return x * 1000; if (x ~ /µs$/) return x + 0; if (x ~ /ns$/) return x / 1000; return x * 1e6 }
				$2 ~ /solve/ { gsub(/ /, "", $5); gsub(/ /, "", $10)
					printf "round %d %s (%s) %s: %s req/s, server CPU %.1f µs/req, engine %.2f µs/req, share %.1f%%, errors %s\n", r, s, path, set, $5, us($11), us($13), 100 * us($13) / us($11), $10
					printf "%s|%s|%s %.2f %.2f\n", s, path, set, us($11), us($13) > "/dev/stderr" }' "$tmp/load.txt" 2>>"$tmp/all.txt"
		done
	done
done
echo
echo "| server (solver path) | set | server CPU/req | engine/req | engine share |"
echo "| --- | --- | ---: | ---: | ---: |"
cut -d' ' -f1 "$tmp/all.txt" | awk '!seen[$0]++' | while read -r key; do
	cpu=$(grep -F "$key " "$tmp/all.txt" | cut -d' ' -f2 | median)
	eng=$(grep -F "$key " "$tmp/all.txt" | cut -d' ' -f3 | median)
	IFS='|' read -r s path set <<<"$key"
	awk -v s="$s" -v p="$path" -v set="$set" -v c="$cpu" -v e="$eng" 'BEGIN { printf "| %s (%s) | %s | %.1f µs | %.2f µs | %.1f%% |\n", s, p, set, c, e, 100 * e / c }'
done
echo "# medians of $ROUNDS rounds; load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
