# tdoku-lib.sh: what tools/tdoku-side-by-side.sh and tools/tdoku-in-process.sh
# share: which compilers build tdoku, its profile-guided builds, the sudoku
# binary timed, and medians. Sourced by them, not run.
# shellcheck shell=bash

# default_compilers prints the compilers TDOKU_CXX defaults to: g++ and the
# newest clang++ found (tdoku's README names clang its most favourable).
default_compilers() {
	local cxx='' clang
	if command -v g++ >/dev/null; then cxx=g++; fi
	clang=$(compgen -c clang++ | grep -E '^clang\+\+(-[0-9]+)?$' | sort -t- -k2 -n | tail -1 || true)
	echo "$cxx${clang:+ $clang}"
}

# pgo_train CXX BIN TRAIN...: the profile-guided flags for CXX, appended to
# the caller's flags array, as tdoku's BENCH.sh makes its _pgo builds: BIN
# built (by the caller's build CXX OUT FLAGS...) with instrumentation, the
# command TRAIN (which runs BIN) run once, its profile merged beside BIN.
# Both compilers' profiles are named by that one path (g++ names its
# profile files after the output), so the caller builds the final binary
# at BIN too, then moves it.
pgo_train() {
	local cxx=$1 bin=$2 prof profdata
	prof=$(dirname "$bin")
	shift 2
	case ${cxx##*/} in
	clang*)
		profdata=$(compgen -c llvm-profdata | sort -t- -k2 -n | tail -1)
		build "$cxx" "$bin" "${flags[@]}" -fprofile-instr-generate
		LLVM_PROFILE_FILE=$prof/t.profraw "$@" >/dev/null
		"$profdata" merge -o "$prof/t.profdata" "$prof/t.profraw"
		flags+=(-fprofile-instr-use="$prof/t.profdata")
		;;
	*)
		build "$cxx" "$bin" "${flags[@]}" -fprofile-generate
		"$@" >/dev/null
		flags+=(-fprofile-use -Werror=missing-profile)
		;;
	esac
}

# sudoku_bin sets SUDOKU_BIN, when unset, to sudoku built as the README
# documents into $work, and built to what says how it was built (root,
# work: the caller's; built: for the caller).
# shellcheck disable=SC2154,SC2034
sudoku_bin() {
	if [[ -z "${SUDOKU_BIN:-}" ]]; then
		(cd "$root" && CGO_ENABLED=0 go build -trimpath -o "$work/sudoku" ./cmd/sudoku)
		SUDOKU_BIN=$work/sudoku
		built="CGO_ENABLED=0 go build -trimpath ./cmd/sudoku (as the README documents) at $(git -C "$root" describe --always --dirty 2>/dev/null || echo '?')"
	else
		built=$SUDOKU_BIN
	fi
}

# median of the numbers on stdin.
median() { sort -g | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
