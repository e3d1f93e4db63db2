#!/usr/bin/env bash
# rater-identical.sh checks that the rater's outputs did not change: it
# builds `sudoku` from a reference commit (default: the one before the
# rater's restructuring, issue 19) and from the working tree, runs
# `sudoku rate`, `sudoku rate -explain` on every calibration file, the
# SE-rated file and top1465, and `sudoku generate` for fixed seeds on
# every level (and the puzzle of the day for fixed dates), and cmp's
# each pair of outputs. Exit 0 means byte-identical.
#
#   tools/rater-identical.sh [REF_COMMIT]
#
# The reference outputs are cached in ${TMPDIR:-/tmp}/rater-ref-<commit>,
# so later runs rebuild and rerun only the working tree's side.
set -euo pipefail
cd "$(dirname "$0")/.."
ref=$(git rev-parse --short "${1:-f1fb356}")
data=../shared/data
tmp=${TMPDIR:-/tmp}
refdir=$tmp/rater-ref-$ref
newdir=$(mktemp -d "$tmp/rater-new.XXXXXX")
trap 'rm -rf "$newdir"' EXIT

# gen FILE ARGS... writes sudoku generate's output and exit status to FILE
# (a level may have no puzzle for some options: its error line is output
# too). Standard error, notes for the operator, is not compared.
gen() {
  local out=$1
  shift
  "$@" >"$out" 2>/dev/null || echo "exit $?" >>"$out"
}

# outputs BIN DIR writes every checked output of BIN into DIR.
outputs() {
  local bin=$1 dir=$2 f
  mkdir -p "$dir"
  for f in "$data"/calib_*.tsv "$data"/se_rated.tsv "$data"/tdoku_magictour_top1465.txt; do
    b=$(basename "$f")
    "$bin" rate -j 2 "$f" >"$dir/rate.$b"
    "$bin" rate -j 2 -explain "$f" >"$dir/explain.$b"
  done
  for level in easy medium hard evil any; do
    gen "$dir/gen.$level" "$bin" generate -j 2 -level "$level" -n 6 -seed 11
    gen "$dir/gen.$level.rot" "$bin" generate -j 2 -level "$level" -n 3 -seed 4242 -symmetry rotational
    gen "$dir/gen.$level.min" "$bin" generate -j 2 -level "$level" -n 3 -seed 77 -minimal
  done
  for level in easy medium hard evil; do
    for date in 2026-11-22 2027-01-01; do
      gen "$dir/daily.$level.$date" "$bin" generate -level "$level" -date "$date"
      gen "$dir/daily.$level.$date.salt" "$bin" generate -level "$level" -date "$date" -salt s1
    done
  done
}

if [ ! -f "$refdir/done" ]; then
  src=$(mktemp -d "$tmp/rater-src.XXXXXX")
  git archive "$ref" | tar -x -C "$src"
  (cd "$src" && go build -o "$refdir/sudoku" ./cmd/sudoku)
  rm -rf "$src"
  outputs "$refdir/sudoku" "$refdir/out"
  touch "$refdir/done"
fi
go build -o "$newdir/sudoku" ./cmd/sudoku
outputs "$newdir/sudoku" "$newdir/out"
status=0
n=0
for f in "$refdir"/out/*; do
  n=$((n + 1))
  cmp "$f" "$newdir/out/$(basename "$f")" || status=1
done
[ "$status" = 0 ] && echo "rater-identical: $n outputs byte-identical to $ref"
exit $status
