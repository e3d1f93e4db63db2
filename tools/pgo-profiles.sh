#!/usr/bin/env bash
# pgo-profiles.sh: the CPU profiles behind the profile-guided builds
# (docs/pgo.md): OUT/X/default.pgo for each binary X in TARGETS. `go
# build` (-pgo=auto, the default) applies cmd/X/default.pgo to the main
# package cmd/X by itself, so the README's and the Dockerfile's builds
# are profile-guided. Measure a new profile (tools/pgo-compare.sh) before
# committing it.
#
#   bash tools/pgo-profiles.sh            # from the repository root
#   OUT=/tmp/pgo TARGETS=sudokud bash tools/pgo-profiles.sh   # elsewhere
#
# sudoku: the merged profiles of its heavy subcommands, each run as users
# run it, whole process, with SUDOKU_CPUPROFILE (cmd/sudoku/cpuprofile.go):
# solve -j 1 -count on the six tdoku sets, generate -j 1 at easy, medium,
# hard and evil (-seed 2), rate -j 1 on calib_sudokuexchange_diabolical.tsv,
# calib_coach.tsv and top1465, each run about a CPU-second (the sets
# repeated: the weights below), as tools/tdoku-side-by-side.sh times each
# set. The generator's seed and the rater's files are not those that
# tools/pgo-compare.sh times (-seed 1, calib_krazydad.tsv), so that its
# numbers are not of a profile trained on the very runs it times.
# sudokud: a CPU profile of PROFILE_S seconds (/debug/pprof/profile on its
# -debug-addr, on loopback) while cmd/sudokuload drives SCENARIOS in turn
# (/solve, /rate, /generate at the four levels, buffered and fresh=true),
# and a client asks for /daily at the four levels beside it.
#
# The binaries are built with -pgo=off, so that a profile never trains on
# a build that an earlier profile shaped. The profiles are pprof files,
# tens of KB.
# Environment: DATA (../shared/data), OUT (cmd), TARGETS (sudoku sudokud),
# PROFILE_S (28), SCENARIOS (the ten above), D (2s: each scenario's
# length; ten scenarios and their 1 s warm-ups span ~30 s), C (8
# connections).
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${DATA:-../shared/data}
OUT=${OUT:-cmd}
TARGETS=${TARGETS:-sudoku sudokud}
PROFILE_S=${PROFILE_S:-28}
SCENARIOS=${SCENARIOS:-solve,rate,generate-easy,generate-medium,generate-hard,generate-evil,generate-fresh-easy,generate-fresh-medium,generate-fresh-hard,generate-fresh-evil}
D=${D:-2s}
C=${C:-8}
work=$(mktemp -d)
server=
cleanup() {
	[[ -z "$server" ]] || { kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }
	rm -rf "$work"
}
trap cleanup EXIT

build=(env CGO_ENABLED=0 go build -trimpath -pgo=off)

# repeat FILE N: FILE's puzzles N times over, so that a run lasts about a
# second of CPU (a profile samples every 10 ms).
repeat() { for ((i = 0; i < $2; i++)); do grep -v '^\s*\(#\|$\)' "$1"; done; }

# profile_sudoku writes OUT/sudoku/default.pgo.
profile_sudoku() {
	"${build[@]}" -o "$work/sudoku" ./cmd/sudoku
	local k=0 set level
	prof() { # prof ARGS...: one profiled run of sudoku ARGS
		k=$((k + 1))
		SUDOKU_CPUPROFILE=$work/sudoku-$k.pprof "$work/sudoku" "$@" >/dev/null
	}
	for set in tdoku_unbiased_first1000.txt:200 tdoku_17_clue.txt:8 tdoku_magictour_top1465.txt:80 \
		tdoku_forum_hardest_1905_11plus.txt:1 tdoku_forum_hardest_1106.txt:50 tdoku_serg_benchmark.txt:100; do
		repeat "$DATA/${set%%:*}" "${set#*:}" >"$work/in.txt"
		prof solve -j 1 -count "$work/in.txt"
	done
	for level in easy:2000 medium:3000 hard:1000 evil:600; do
		prof generate -j 1 -n "${level#*:}" -level "${level%%:*}" -seed 2
	done
	for set in calib_sudokuexchange_diabolical.tsv:2 calib_coach.tsv:4 tdoku_magictour_top1465.txt:2; do
		repeat "$DATA/${set%%:*}" "${set#*:}" >"$work/in.txt"
		prof rate -j 1 "$work/in.txt"
	done
	mkdir -p "$OUT/sudoku"
	go tool pprof -proto "$work"/sudoku-*.pprof >"$OUT/sudoku/default.pgo" 2>/dev/null
}

# profile_sudokud writes OUT/sudokud/default.pgo.
profile_sudokud() {
	"${build[@]}" -o "$work/sudokud" ./cmd/sudokud
	"${build[@]}" -o "$work/sudokuload" ./cmd/sudokuload
	"$work/sudokud" -addr 127.0.0.1:0 -admin-addr 127.0.0.1:0 -debug-addr 127.0.0.1:0 \
		-rate-limit 0 -log-level info >"$work/server.log" 2>&1 &
	server=$!
	# addr MSG: the address the server logged with message MSG.
	addr() { grep -m1 "\"msg\":\"$1\"" "$work/server.log" | sed 's/.*"addr":"\([^"]*\)".*/\1/'; }
	local i base admin debug profiler daily
	for ((i = 0; i < 100; i++)); do
		[[ -n "$(addr listening)" ]] && break
		sleep 0.1
	done
	base=http://$(addr listening) admin=http://$(addr "admin listening") debug=http://$(addr "debug listening")
	[[ "$base" != http:// && "$debug" != http:// ]] || { cat "$work/server.log" >&2; exit 1; }
	curl -fsS -o "$work/sudokud.pprof" "$debug/debug/pprof/profile?seconds=$PROFILE_S" &
	profiler=$!
	(
		end=$((SECONDS + PROFILE_S))
		while ((SECONDS < end)); do
			for level in easy medium hard evil; do curl -fsS -o /dev/null "$base/daily?level=$level" || true; done
			sleep 0.05
		done
	) &
	daily=$!
	"$work/sudokuload" -url "$base" -admin-url "$admin" -c "$C" -d "$D" -scenarios "$SCENARIOS" \
		>"$work/load.txt" 2>&1 || { cat "$work/load.txt" >&2; exit 1; }
	wait "$profiler"
	wait "$daily"
	kill "$server"
	wait "$server" || true # ends by the signal
	server=
	mkdir -p "$OUT/sudokud"
	go tool pprof -proto "$work/sudokud.pprof" >"$OUT/sudokud/default.pgo" 2>/dev/null
}

for t in $TARGETS; do
	case $t in
	sudoku | sudokud) "profile_$t" ;;
	*) echo "TARGETS: $t is neither sudoku nor sudokud" >&2 && exit 2 ;;
	esac
	p=$OUT/$t/default.pgo
	printf '%s: %s bytes, %s\n' "$p" "$(wc -c <"$p")" "$(go tool pprof -top "$p" 2>/dev/null | grep -m1 'Duration')"
done
