#!/usr/bin/env bash
# rater-speed.sh measures the rater and the generator of two commits side
# by side: it builds `sudoku` from each commit (git archive into a temp
# dir), then, ROUNDS times, runs each workload with one binary and then
# the other (the order alternates every round), and reports puzzles per
# CPU-second (user+system time of the process, from /usr/bin/time) as the
# median over the rounds, with the ratio after/before.
#
#   tools/rater-speed.sh [BEFORE [AFTER [ROUNDS]]]
#
# BEFORE defaults to 2696600 (the rater before the chain family), AFTER
# to HEAD, ROUNDS to 3. AFTER may be "worktree" for uncommitted work.
# Workloads: `sudoku rate -j 1` on ../shared/data/calib_krazydad.tsv and
# ../shared/data/tdoku_magictour_top1465.txt; `sudoku generate -j 1
# -level L -n N -seed 1` for every level (N below).
set -euo pipefail
cd "$(dirname "$0")/.."
before=${1:-2696600}
after=${2:-HEAD}
rounds=${3:-3}
data=../shared/data
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rater-speed.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# build COMMIT NAME builds cmd/sudoku of COMMIT as $tmp/NAME.
build() {
  if [ "$1" = worktree ]; then
    go build -o "$tmp/$2" ./cmd/sudoku
    return
  fi
  mkdir "$tmp/src-$2"
  git archive "$1" | tar -x -C "$tmp/src-$2"
  (cd "$tmp/src-$2" && go build -o "$tmp/$2" ./cmd/sudoku)
}
build "$before" before
build "$after" after

# cpu CMD... prints the user+system CPU seconds of CMD.
cpu() {
  /usr/bin/time -f '%U %S' -o "$tmp/time" "$@" >/dev/null 2>&1
  awk '{printf "%.3f\n", $1 + $2}' "$tmp/time"
}

workloads=(
  "rate calib_krazydad.tsv|14000|rate -j 1 $data/calib_krazydad.tsv"
  "rate tdoku_magictour_top1465.txt|1465|rate -j 1 $data/tdoku_magictour_top1465.txt"
  "generate easy|2000|generate -j 1 -level easy -n 2000 -seed 1"
  "generate medium|2000|generate -j 1 -level medium -n 2000 -seed 1"
  "generate hard|800|generate -j 1 -level hard -n 800 -seed 1"
  "generate evil|300|generate -j 1 -level evil -n 300 -seed 1"
  "generate any|3000|generate -j 1 -level any -n 3000 -seed 1"
)

echo "# before $(git rev-parse --short "$before" 2>/dev/null || echo "$before"), after $(git rev-parse --short "$after" 2>/dev/null || echo "$after"), $rounds rounds, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "| workload | puzzles | before, puzzles/CPU-s: median (range) | after: median (range) | after/before |"
echo "| --- | ---: | ---: | ---: | ---: |"
for w in "${workloads[@]}"; do
  IFS='|' read -r name n args <<<"$w"
  : >"$tmp/b" ; : >"$tmp/a"
  for r in $(seq "$rounds"); do
    if [ $((r % 2)) = 1 ]; then order="before after"; else order="after before"; fi
    for which in $order; do
      # shellcheck disable=SC2086
      s=$(cpu "$tmp/$which" $args)
      echo "$n $s" | awk '{printf "%.0f\n", $1 / $2}' >>"$tmp/${which:0:1}"
    done
  done
  med() { sort -n "$1" | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
  range() { sort -n "$1" | awk 'NR==1{lo=$1} {hi=$1} END {print lo "-" hi}'; }
  b=$(med "$tmp/b"); a=$(med "$tmp/a")
  printf '| %s | %s | %s (%s) | %s (%s) | %.2fx |\n' "$name" "$n" "$b" "$(range "$tmp/b")" "$a" "$(range "$tmp/a")" "$(echo "$a $b" | awk '{print $1 / $2}')"
done
