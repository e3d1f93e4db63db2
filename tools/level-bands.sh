#!/usr/bin/env bash
# level-bands.sh prints, for every level, what N puzzles of
# `sudoku generate -j 1 -level L -n N -seed 1` need, rated by this
# worktree's `sudoku rate`: the levels the rater gives them, their hardest
# tiers, how many need singles only by the rater's path (tier 1, column
# level1) and by the singles-only solver, independent of the rater (column
# singles_stall false), and their scores. It is the table of
# docs/rating.md ("What each level requires").
#
#   tools/level-bands.sh [N [COMMIT]]
#
# N defaults to 1000. COMMIT (default: the worktree) is the commit whose
# generator makes the puzzles (git archive into a temp dir), so the table
# of a commit before the technique-true levels is made the same way.
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-1000}
commit=${2:-worktree}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/level-bands.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/rate" ./cmd/sudoku
if [ "$commit" = worktree ]; then
  cp "$tmp/rate" "$tmp/gen"
else
  mkdir "$tmp/src"
  git archive "$commit" | tar -x -C "$tmp/src"
  (cd "$tmp/src" && go build -o "$tmp/gen" ./cmd/sudoku)
fi
echo "| requested | puzzles | rated easy / medium / hard / evil | hardest tier 1 / 2 / 3 / 4 / 5 / 6–8 | singles only: rater's path | singles only: singles solver | score min – max |"
echo "| --- | ---: | --- | --- | ---: | ---: | --- |"
for l in easy medium hard evil; do
  "$tmp/gen" generate -j 1 -quiet -level "$l" -n "$n" -seed 1 | cut -f1 | "$tmp/rate" rate -j 1 -quiet |
    awk -F'\t' -v l="$l" '
      NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
      {
        n++; lv[$col["level"]]++
        t = $col["tier"] + 0; if (t > 6) t = 6; tier[t]++
        if ($col["level1"] == "true") path++
        if ($col["singles_stall"] == "false") solver++
        s = $col["score"] + 0
        if (n == 1 || s < lo) lo = s
        if (n == 1 || s > hi) hi = s
      }
      END {
        printf "| %s | %d | %d / %d / %d / %d | %d / %d / %d / %d / %d / %d | %d | %d | %.3f – %.3f |\n",
          l, n, lv["easy"], lv["medium"], lv["hard"], lv["evil"],
          tier[1], tier[2], tier[3], tier[4], tier[5], tier[6], path, solver, lo, hi
      }'
done
