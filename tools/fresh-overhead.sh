#!/usr/bin/env bash
# fresh-overhead.sh: what a fresh puzzle costs sudokud beyond the puzzle
# itself (issue 23, item 2). Alternates, ROUNDS times:
#
#   cli     sudoku generate -level LEVEL -j 1 -n N, pinned to core 0 with
#           GOMAXPROCS=1: its user+system CPU over N (start-up included,
#           a few ms against seconds);
#   server  sudokud pinned to cores 0..P-1 with GOMAXPROCS=P and one pool
#           worker, driven by sudokuload (on the cores after P, or on all
#           cores when P is the core count) with CLIENTS fresh=true clients
#           for D: sudokuload's "server CPU/req" (from /proc/PID/stat).
#
# and prints every round, then the medians and the ratio server/cli. Both
# use the same binaries (build them first; BIN defaults to bin/fresh):
#
#   mkdir -p bin/fresh && for c in sudoku sudokud sudokuload; do
#     go build -o bin/fresh/$c ./cmd/$c; done
#   ROUNDS=5 PROCS="1 2" bash tools/fresh-overhead.sh
#
# Environment: BIN, LEVEL (medium), N (3000), D (6s), CLIENTS (2: one
# request waits while the worker generates, so the worker never idles),
# PROCS (the server's GOMAXPROCS values, "1"), ROUNDS (3), SERVER_ARGS
# (extra sudokud flags). Run from the repository root (sudokuload reads
# ../shared/data).
set -euo pipefail

BIN=${BIN:-bin/fresh}
LEVEL=${LEVEL:-medium}
N=${N:-3000}
D=${D:-6s}
CLIENTS=${CLIENTS:-2}
PROCS=${PROCS:-1}
ROUNDS=${ROUNDS:-3}
SERVER_ARGS=${SERVER_ARGS:-}
cores=$(nproc)
BIN=$(cd "$BIN" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# cli prints the CPU microseconds per puzzle of one sudoku generate run.
cli() {
	local t0 t1 me=$BASHPID
	t0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$me/stat)
	taskset -c 0 env GOMAXPROCS=1 "$BIN/sudoku" generate -level "$LEVEL" -j 1 -n "$N" -quiet >/dev/null 2>&1
	t1=$(awk '{print $14 + $15 + $16 + $17}' /proc/$me/stat)
	# fields 16 and 17: waited-for children's user and system ticks
	awk -v a="$t0" -v b="$t1" -v n="$N" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.0f\n", (b - a) / hz / n * 1e6 }'
}

# server P prints sudokuload's server CPU per request (µs) and the rate.
server() {
	local p=$1 load=()
	printf '#!/bin/sh\nexec taskset -c 0-%d "%s" "$@"\n' $((p - 1)) "$BIN/sudokud" >"$tmp/sudokud"
	chmod +x "$tmp/sudokud"
	((p < cores)) && load=(taskset -c "$p-$((cores - 1))")
	"${load[@]}" "$BIN/sudokuload" -server "$tmp/sudokud" -server-env "GOMAXPROCS=$p" \
		-server-args "-workers 1 $SERVER_ARGS" -scenarios "generate-fresh-$LEVEL" -fresh-c "$CLIENTS" \
		-d "$D" >"$tmp/load.txt" 2>/dev/null
	# columns: scenario conns requests req/s ratio p50 p99 max errors serverCPU ...
	awk -F'|' -v s="generate-fresh-$LEVEL" '
		function us(x) { gsub(/ /, "", x); if (x ~ /ms$/) return x * 1000; if (x ~ /µs$/) return x + 0; if (x ~ /ns$/) return x / 1000; return x * 1e6 }
		$2 ~ s { gsub(/ /, "", $5); gsub(/ /, "", $10); printf "%.0f %s %s\n", us($11), $5, $10 }' "$tmp/load.txt"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }'; }

echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $cores cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# $LEVEL, cli: sudoku generate -j 1 -n $N (GOMAXPROCS 1, core 0); server: sudokud -workers 1 $SERVER_ARGS, $CLIENTS fresh clients, $D"
for p in $PROCS; do
	: >"$tmp/cli.$p"
	: >"$tmp/srv.$p"
	for r in $(seq "$ROUNDS"); do
		c=$(cli)
		read -r s rps errs < <(server "$p")
		echo "$c" >>"$tmp/cli.$p"
		echo "$s" >>"$tmp/srv.$p"
		echo "GOMAXPROCS=$p round $r: cli ${c} µs/puzzle, server ${s} µs/request ($rps req/s, $errs errors)"
	done
	mc=$(median <"$tmp/cli.$p")
	ms=$(median <"$tmp/srv.$p")
	echo "GOMAXPROCS=$p median of $ROUNDS: cli $mc µs/puzzle, server $ms µs/request, server/cli $(awk -v a="$ms" -v b="$mc" 'BEGIN { printf "%.2f", a / b }')"
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
