#!/usr/bin/env bash
# scaling-device.sh: the scaling measurements of issue 23 on a many-core
# machine, in one run of about 6 minutes on 16 cores (defaults; a running
# deadline, DEADLINE, keeps it under 7 by skipping what no longer fits).
#
# Build here (a machine with Go), static and stripped, gzipped, with the
# two data files it reads, under bin/ (ignored by git), from the
# repository root:
#
#   mkdir -p bin/scal/bin bin/scal/data && for c in sudoku sudokud sudokuload; do
#     CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o bin/scal/bin/$c ./cmd/$c; done
#   gzip -9f bin/scal/bin/*
#   cp ../shared/data/tdoku_magictour_top1465.txt ../shared/data/calib_krazydad.tsv bin/scal/data/
#
# (Before and after side by side: build another sudoku as
# bin/scal/bin/sudoku-main and pass OLD_SUDOKU=bin/scal/bin/sudoku-main.gz;
# it costs about 30 s more.)
#
# Run on the device from the repository root, carrying bin/scal (no Go, no
# network needed; util-linux taskset used when there; binaries named
# NAME.gz are unpacked into a temporary folder):
#
#   BIN=bin/scal/bin SUDOKU_DATA=bin/scal/data OUT=$OUT bash tools/scaling-device.sh
#
# Test on a small machine (two cores, short rows, about two minutes):
#
#   BIN=bin/scal/bin SUDOKU_DATA=bin/scal/data OUT=/tmp/scal-out WORKERS=1,2 PROCS=2 AGAIN=1,2 \
#     ROW_TIME=0.3s LOAD_PROCS="1 2" LOAD_D=1s LOAD_WARM=0.5s bash tools/scaling-device.sh
#
# Environment (all optional but BIN):
#   BIN         folder of the sudoku, sudokud and sudokuload binaries (or
#               sudoku.gz, ...)
#   SUDOKU_DATA the data folder (default: the binaries' ../shared/data rule)
#   OUT         folder for the tables (default: ./scaling-out)
#   WORKERS     worker counts of sudoku bench -scaling (default 1,2,4,...
#               up to the cores, and the cores)
#   ROW_TIME    CPU time of each worker of a bench row (default 2s)
#   WORKS       bench works, as sudoku bench -works (default: all)
#   PROCS       worker counts of the machine baseline: the same work as
#               that many separate one-worker processes (default 2,CORES)
#   AGAIN       worker counts measured a second time after the baseline
#               rows, in process and (where in PROCS) as separate processes:
#               the run-to-run variation (default 1,CORES)
#   DIAG        1 (default): after the bench, "generate -level medium" and
#               the same generation without the pipeline ("direct") on 1
#               and CORES workers, each twice, with a CPU profile of every
#               row under $OUT/profiles (what medium pays with company,
#               and where); 0: skip
#   LOAD_PROCS  GOMAXPROCS values of the service sweep (default 1 2 4 8 16,
#               those up to the cores)
#   LOAD_D      measured seconds of each sweep scenario (default 3s)
#   LOAD_WARM   unmeasured warm-up of each sweep scenario (default 1s)
#   OLD_SUDOKU  another sudoku binary (main's before some change): its bench
#               -scaling of each of OLD_WORKS on workers 1, 2 and the cores,
#               on the items of our one-worker row, runs right after ours
#   OLD_WORKS   (default "solve,rate,generate -level medium")
#   SKIP_BENCH  1: only the service sweep (and machine.txt)
#   DEADLINE    seconds the whole run may take (default 400): the bench is
#               stopped, keeping its rows so far, when only the sweep's
#               time is left, and the diagnostic, the old binary's rows and
#               sweep scenarios that no longer fit are skipped (noted in
#               the files)
#   BENCH_LIMIT, OLD_LIMIT, DIAG_LIMIT  seconds after which the bench, one
#               work of the old bench or the diagnostic is stopped (default
#               300, 25, 45); expected on 16 cores: about 210 s, 30 s, 25 s,
#               and 100 s for the sweep
#
# Files written under $OUT (and printed):
#   machine.txt     CPU, cores, kernel, date, binaries, settings
#   scaling.txt     sudoku bench -scaling -procs -again: every work on each
#                   worker count after a warm-up, the machine baseline rows,
#                   then the rows again
#   summary.txt     from scaling.txt, one line per work: speed-up and CPU vs
#                   1 worker at the cores, in process and as separate
#                   processes, both runs, and the repeated one-worker row
#                   (the BENCHMARKS.md "Scaling" table)
#   diag.txt        the DIAG rows; profiles/*.pprof their CPU profiles,
#                   symbolized (go tool pprof -top -cum profiles/NAME.pprof;
#                   read cumulative times: on these VMs many leaf samples
#                   land in runtime.asyncPreempt, docs/scaling.md)
#   pool-sweep.txt  sudokud at each GOMAXPROCS, its default workers (half
#                   the cores) and one worker per core, each with twice as
#                   many fresh=true clients as workers: fresh medium and
#                   evil per second, per worker, per worker over the
#                   command line's one-worker rate (the bench's pool fresh
#                   rows: the issue's "within 10%") and over its rate per
#                   worker with as many workers (both sides paying the
#                   machine's charge for company), p99, the server's CPU
#                   per puzzle and the pool's busy share per worker
#   scaling-old.txt OLD_SUDOKU's scaling rows (with OLD_SUDOKU only)
#   sweep-raw.txt   sudokuload's own tables and progress, for the record
#
# The server is pinned to cores 0..P-1 and sudokuload to the others with
# taskset when P is below the core count (at P = cores both share them all:
# a fresh request costs sudokuload 30-70 µs against the server's 0.6-4 ms).
set -euo pipefail

: "${BIN:?set BIN to the folder of the sudoku, sudokud and sudokuload binaries}"
t0=$SECONDS
OUT=${OUT:-./scaling-out}
ROW_TIME=${ROW_TIME:-2s}
WORKS=${WORKS:-}
LOAD_D=${LOAD_D:-3s}
LOAD_WARM=${LOAD_WARM:-1s}
DEADLINE=${DEADLINE:-400}
BENCH_LIMIT=${BENCH_LIMIT:-300}
OLD_LIMIT=${OLD_LIMIT:-25}
DIAG_LIMIT=${DIAG_LIMIT:-45}
DIAG=${DIAG:-1}
cores=$(nproc)
if [[ -z "${WORKERS:-}" ]]; then
	WORKERS=""
	for ((w = 1; w < cores; w *= 2)); do WORKERS+="$w,"; done
	WORKERS+="$cores"
fi
PROCS=${PROCS:-$(printf '%s\n' 2 "$cores" | sort -nu | paste -sd,)}
AGAIN=${AGAIN:-1,$cores}
if [[ -z "${LOAD_PROCS:-}" ]]; then
	LOAD_PROCS=""
	for p in 1 2 4 8 16; do ((p <= cores)) && LOAD_PROCS+="$p "; done
fi
BIN=$(cd "$BIN" && pwd)
[[ -n "${SUDOKU_DATA:-}" ]] && export SUDOKU_DATA=$(cd "$SUDOKU_DATA" && pwd)
mkdir -p "$OUT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# unpack BIN/NAME.gz (or a FILE.gz) into $tmp when that is what there is.
unpack() {
	local gz=$1
	if [[ "$gz" != *.gz ]]; then
		[[ -f "$gz" || ! -f "$gz.gz" ]] && { echo "$gz"; return; }
		gz=$gz.gz
	fi
	local out
	out=$tmp/bin/$(basename "${gz%.gz}")
	mkdir -p "$tmp/bin"
	gzip -dc "$gz" >"$out" && chmod +x "$out" && echo "$out"
}
sudoku=$(unpack "$BIN/sudoku")
sudokud=$(unpack "$BIN/sudokud")
sudokuload=$(unpack "$BIN/sudokuload")
[[ -n "${OLD_SUDOKU:-}" ]] && OLD_SUDOKU=$(unpack "$OLD_SUDOKU")
have_taskset=0
command -v taskset >/dev/null && have_taskset=1

# secs D is a duration such as 3s, 500ms or 0.5s in whole seconds, rounded up.
secs() { awk -v d="$1" 'BEGIN { m = d ~ /ms$/ ? 0.001 : 1; sub(/m?s$/, "", d); s = d * m; printf "%d\n", s == int(s) ? s : int(s) + 1 }'; }
# The sweep's scenarios ((P, workers) pairs) and the time they need: two
# scenarios each (medium, evil), warm-up and measurement, about 3 s to
# start and stop the server.
sweep_runs=0
for p in $LOAD_PROCS; do
	def=$((p / 2 > 0 ? p / 2 : 1))
	sweep_runs=$((sweep_runs + $(printf '%s\n' "$def" "$p" | sort -u | wc -l)))
done
per_sweep=$((2 * ($(secs "$LOAD_D") + $(secs "$LOAD_WARM")) + 3))
sweep_need=$((sweep_runs * per_sweep))
# left is the seconds left before DEADLINE after keeping $1 seconds.
left() { echo $((DEADLINE - (SECONDS - t0) - ${1:-0})); }

# onerow WORK COLUMN prints a column of the one-worker row of the first work
# of scaling.txt whose name starts with WORK (4: items, 6: items/s).
onerow() { rowat "$1" 1 "$2"; }

# rowat WORK WORKERS COLUMN prints column COLUMN of WORK's first
# WORKERS-worker row in scaling.txt (nothing when there is none).
rowat() {
	[[ -f "$OUT/scaling.txt" ]] || return 0
	awk -F'|' -v w="$1" -v n="$2" -v c="$3" '{gsub(/^ +| +$/, "", $2); gsub(/ /, "", $3)} index($2, w) == 1 && $3 == n {gsub(/ /, "", $c); print $c; exit}' "$OUT/scaling.txt"
}

# 1. The machine.
{
	echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "cpu: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $cores cores (nproc)"
	if command -v lscpu >/dev/null; then
		lscpu | grep -E '^(Thread|Core|Socket|L2|L3|NUMA node0|Hypervisor|CPU max MHz)' || true
	fi
	echo "kernel: $(uname -r)"
	echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "binaries: $(ls -l "$sudoku" "$sudokud" "$sudokuload" ${OLD_SUDOKU:+"$OLD_SUDOKU"} | awk '{print $NF, $5}' | tr '\n' ' ')"
	echo "settings: WORKERS=$WORKERS ROW_TIME=$ROW_TIME PROCS=$PROCS AGAIN=$AGAIN DIAG=$DIAG LOAD_PROCS=$LOAD_PROCS LOAD_D=$LOAD_D LOAD_WARM=$LOAD_WARM WORKS=$WORKS DEADLINE=$DEADLINE (sweep needs about $sweep_need s)"
} >"$OUT/machine.txt"
cat "$OUT/machine.txt"

# 2. The scaling table, the machine baseline and the rows again.
if [[ "${SKIP_BENCH:-}" != 1 ]]; then
	start=$SECONDS
	limit=$(left "$sweep_need")
	((limit > BENCH_LIMIT)) && limit=$BENCH_LIMIT
	((limit < 10)) && limit=10
	args=(bench -scaling -workers "$WORKERS" -row-time "$ROW_TIME" -procs "$PROCS" -again "$AGAIN")
	[[ -n "$WORKS" ]] && args+=(-works "$WORKS")
	echo "# sudoku ${args[*]}" | tee "$OUT/scaling.txt"
	timeout "$limit" "$sudoku" "${args[@]}" | tee -a "$OUT/scaling.txt" ||
		echo "# sudoku bench stopped or failed (limit $limit s)" | tee -a "$OUT/scaling.txt"
	echo "# $((SECONDS - start)) s" | tee -a "$OUT/scaling.txt"

	# 2a. One line per work, the BENCHMARKS.md table: at the most workers
	# (the cores), speed-up and CPU vs 1 worker in process, as separate
	# processes, and both again; the one-worker row again (its CPU vs the
	# first: the baseline's own variation).
	awk -F'|' -v n="${AGAIN##*,}" '
		function t(s) { gsub(/^ +| +$/, "", s); return s }
		NF < 12 || t($3) !~ /^[0-9]+$/ { next }
		{
			w = t($2); k = ""
			if (sub(/, separate processes/, "", w)) k = "sep"
			if (sub(/, again$/, "", w)) k = k "again"
			if (!(w in seen)) { seen[w] = 1; order[++nw] = w }
			if (k == "" && t($3) == 1) cpu1[w] = t($8)
			if (t($3) == n) v[w, k] = t($7) ", " t($9)
			if (t($3) == 1 && k == "again") a1[w] = t($9)
		}
		END {
			printf "| work | CPU ms/item, 1 worker | 1 worker again: CPU vs 1 | %s in process: speed-up, CPU vs 1 | again | %s separate processes | again |\n", n, n
			print "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"
			for (i = 1; i <= nw; i++) {
				w = order[i]
				printf "| %s | %s | %s | %s | %s | %s | %s |\n", w, cpu1[w], (w in a1 ? a1[w] : "-"),
					((w, "") in v ? v[w, ""] : "-"), ((w, "again") in v ? v[w, "again"] : "-"),
					((w, "sep") in v ? v[w, "sep"] : "-"), ((w, "sepagain") in v ? v[w, "sepagain"] : "-")
			}
		}' "$OUT/scaling.txt" >"$OUT/summary.txt"
	cat "$OUT/summary.txt"

	# 2b. What medium generation pays with company, and where: the command
	# line's pipeline against the same generation without it, on 1 and
	# the cores' workers, twice, each row profiled.
	if [[ "$DIAG" == 1 ]]; then
		limit=$(left "$sweep_need")
		((limit > DIAG_LIMIT)) && limit=$DIAG_LIMIT
		diag=(bench -scaling -workers "1,$cores" -again "1,$cores" -row-time "$ROW_TIME" -works "generate -level medium,direct generate -level medium" -profile "$OUT/profiles")
		echo "# sudoku ${diag[*]}" | tee "$OUT/diag.txt"
		if ((limit >= 10)); then
			start=$SECONDS
			timeout "$limit" "$sudoku" "${diag[@]}" | tee -a "$OUT/diag.txt" ||
				echo "# stopped or failed (limit $limit s)" | tee -a "$OUT/diag.txt"
			echo "# $((SECONDS - start)) s" | tee -a "$OUT/diag.txt"
		else
			echo "# skipped: $limit s left before the sweep" | tee -a "$OUT/diag.txt"
		fi
	fi

	# 2c. Before and after, side by side: OLD_SUDOKU's bench on the same
	# items as our one-worker rows (-items fixes its rows).
	if [[ -n "${OLD_SUDOKU:-}" ]]; then
		start=$SECONDS
		oldw=$(printf '%s\n' 1 2 "$cores" | sort -nu | paste -sd,)
		: >"$OUT/scaling-old.txt"
		IFS=, read -ra oldworks <<<"${OLD_WORKS:-solve,rate,generate -level medium}"
		for wk in "${oldworks[@]}"; do
			items=$(onerow "$wk" 4)
			old=(bench -scaling -workers "$oldw" -works "$wk" -items "${items:-0}" -row-time "$ROW_TIME")
			echo "# $OLD_SUDOKU ${old[*]}" | tee -a "$OUT/scaling-old.txt"
			if (($(left "$sweep_need") < OLD_LIMIT)); then
				echo "# skipped: no time left before the sweep" | tee -a "$OUT/scaling-old.txt"
				continue
			fi
			timeout "$OLD_LIMIT" "$OLD_SUDOKU" "${old[@]}" | tee -a "$OUT/scaling-old.txt" ||
				echo "# stopped or failed (limit $OLD_LIMIT s)" | tee -a "$OUT/scaling-old.txt"
		done
		echo "# $((SECONDS - start)) s" | tee -a "$OUT/scaling-old.txt"
	fi
fi

# 3. The pool sweep through HTTP.
start=$SECONDS
: >"$OUT/sweep-raw.txt"
# The command line's per-core rate: the pool's one-worker rows of the bench.
cli_m=$(onerow "pool fresh medium" 6)
cli_e=$(onerow "pool fresh evil" 6)
{
	echo "# sudokud at GOMAXPROCS P (server pinned to cores 0..P-1 when P < $cores), sudokuload -fresh-c 2×workers, $LOAD_D per scenario after $LOAD_WARM of warm-up"
	echo "# vs CLI: per worker over the bench's one-worker pool fresh rate (medium ${cli_m:-?}/s, evil ${cli_e:-?}/s)"
	echo "# vs CLI at W: per worker over the bench's per-worker pool fresh rate with as many workers (the machine's charge for company on both sides)"
	echo "| GOMAXPROCS | workers | clients | fresh medium/s | per worker | vs CLI | vs CLI at W | p99 | server CPU/puzzle | busy/worker | fresh evil/s | per worker | vs CLI | vs CLI at W | p99 | server CPU/puzzle | busy/worker | errors |"
	echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
} >"$OUT/pool-sweep.txt"
cat "$OUT/pool-sweep.txt"
for p in $LOAD_PROCS; do
	def=$((p / 2 > 0 ? p / 2 : 1))
	for w in $(printf '%s\n' "$def" "$p" | sort -nu); do
		if (($(left) < per_sweep)); then
			echo "| $p | $w | skipped: past DEADLINE |" | tee -a "$OUT/pool-sweep.txt"
			continue
		fi
		c=$((2 * w))
		server="$sudokud"
		load=()
		if ((have_taskset && p < cores)); then
			printf '#!/bin/sh\nexec taskset -c 0-%d "%s" "$@"\n' $((p - 1)) "$sudokud" >"$tmp/sudokud-$p"
			chmod +x "$tmp/sudokud-$p"
			server="$tmp/sudokud-$p"
			load=(taskset -c "$p-$((cores - 1))")
		fi
		echo "## GOMAXPROCS=$p workers=$w clients=$c" >>"$OUT/sweep-raw.txt"
		"${load[@]}" "$sudokuload" -server "$server" -server-env "GOMAXPROCS=$p" -server-args "-workers $w" \
			-scenarios generate-fresh-medium,generate-fresh-evil -fresh-c "$c" -d "$LOAD_D" -warmup "$LOAD_WARM" \
			>"$tmp/load.txt" 2>>"$OUT/sweep-raw.txt" || echo "sudokuload failed (GOMAXPROCS=$p workers=$w)" | tee -a "$OUT/sweep-raw.txt"
		cat "$tmp/load.txt" >>"$OUT/sweep-raw.txt"
		# sudokuload's columns: scenario conns requests req/s ratio p50 p99
		# max errors serverCPU loadCPU engine poolPuzzles/s poolBusy%.
		# the bench's rate with w workers, per worker (0: no such row)
		wm=$(rowat "pool fresh medium" "$w" 6)
		we=$(rowat "pool fresh evil" "$w" 6)
		awk -F'|' -v p="$p" -v w="$w" -v c="$c" -v cm="${cli_m:-0}" -v ce="${cli_e:-0}" -v wm="${wm:-0}" -v we="${we:-0}" '
			function t(s) { gsub(/^ +| +$/, "", s); return s }
			function vs(r, cli) { return cli > 0 ? sprintf("%.2f", r / cli) : "-" }
			function row(cli, cliw) { return sprintf("%s | %.0f | %s | %s | %s | %s | %.0f%%", t($5), t($5) / w, vs(t($5) / w, cli), vs(t($5), cliw), t($8), t($11), t($15) / w) }
			t($2) == "generate-fresh-medium" { m = row(cm, wm); e += t($10) }
			t($2) == "generate-fresh-evil" { v = row(ce, we); e += t($10) }
			END { printf "| %s | %s | %s | %s | %s | %d |\n", p, w, c, m, v, e }' "$tmp/load.txt" | tee -a "$OUT/pool-sweep.txt"
	done
done
echo "# $((SECONDS - start)) s; load average after: $(cut -d' ' -f1-3 /proc/loadavg); whole run $((SECONDS - t0)) s" | tee -a "$OUT/pool-sweep.txt"
