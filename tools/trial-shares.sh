#!/bin/sh
# trial-shares.sh: the share of puzzles whose path needs trial, and the
# histogram of the hardest technique, on every puzzle file of
# ../shared/data, from `sudoku rate`'s hardest column (a path uses trial
# exactly when trial is its hardest technique). The two files of ~49,000
# puzzles are sampled: every 100th puzzle (lines 1, 101, 201, ...).
#
#   tools/trial-shares.sh [SUDOKU_BIN] > shares.txt
#
# SUDOKU_BIN defaults to `go run ./cmd/sudoku`; -j is $J (default 2).
set -eu
BIN=${1:-"go run ./cmd/sudoku"}
J=${J:-2}
DATA=../shared/data
for f in calib_krazydad.tsv calib_coach.tsv calib_nyt.tsv calib_sudokuexchange_diabolical.tsv \
	se_rated.tsv qqwing_labeled.tsv qqwing_any5000_stats.tsv tdoku_unbiased_first1000.txt \
	norvig_top95.txt norvig_hardest.txt tdoku_magictour_top1465.txt tdoku_forum_hardest_1106.txt \
	tdoku_forum_hardest_1905_11plus.txt tdoku_17_clue.txt; do
	[ -f "$DATA/$f" ] || continue
	case $f in
	tdoku_forum_hardest_1905_11plus.txt | tdoku_17_clue.txt) sample='NR % 100 == 1' ;;
	*) sample=1 ;;
	esac
	# keep puzzle lines only (81 cells first), then the sample
	awk -F'\t' 'length($1) == 81 { print $1 }' "$DATA/$f" | awk "$sample" |
		$BIN rate -quiet -j "$J" |
		awk -F'\t' -v f="$f" 'NR > 1 && $2 !~ /^error/ { n++; h[$6]++ }
		END {
			printf "%s\t%d puzzles\ttrial %.1f%% (%d)\thardest:", f, n, 100 * h["trial"] / n, h["trial"]
			for (t in h) printf " %s=%d", t, h[t]
			printf "\n"
		}'
done
