#!/bin/bash
# tests/golden/golden.sh - every command's output, byte for byte.
#
# Runs each invocation listed in tests/golden/commands.txt with the bpfmm
# binary and compares what it prints (standard output, standard error,
# the exit status, and a checksum of every file it writes under @TMP)
# with tests/golden/out/NAME.txt. A refactoring that changes no
# behaviour leaves every file equal; a change of output is a failure
# until the golden file is rewritten on purpose (--update) and the diff
# reviewed in the commit.
#
#   tests/golden/golden.sh [--update] [BPFMM]
#
# commands.txt: one invocation a line, "NAME: ARG ARG ...", words split
# on blanks and glob patterns expanded (the list is ours, not input);
# @TMP is a fresh empty directory, removed afterwards; @LKMM the kernel's
# tools/memory-model (tests/conformance/lkmm-lib.sh: $LKMM_DIR, or
# extracted from the linux-source-6.12 tarball into ~/.cache), and a
# line naming it is skipped, and said, where there is none. Both are
# written @TMP and @LKMM in the outputs, and a time in seconds ("0.23 s")
# as "#.## s". Lines starting
# with # and blank lines are skipped. NAME is [A-Za-z0-9._+-]+.
# Ends with "N passed, N failed"; exit 1 when any failed.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
update=0
if [ "${1:-}" = --update ]; then update=1; shift; fi
bpfmm=${1:-build/bpfmm}
[ -x "$bpfmm" ] || { echo "golden.sh: no executable $bpfmm (run make)" >&2; exit 2; }
command -v clang-19 >/dev/null 2>&1 || noclang=1
lkmm=$(. tests/conformance/lkmm-lib.sh && lkmm_dir linux-kernel.cat >/dev/null && echo "$dir") || lkmm=
out=tests/golden/out
mkdir -p "$out"
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT
pass=0 fail=0 skipped=0 n=0

while IFS= read -r line || [ -n "$line" ]; do
	case $line in '' | '#'*) continue ;; esac
	name=${line%%:*}
	rest=${line#*:}
	case $name in *[!A-Za-z0-9._+-]* | '') echo "FAIL: bad name in: $line"; fail=$((fail + 1)); continue ;; esac
	n=$((n + 1))
	case $rest in *clang2bpf*) if [ -n "${noclang:-}" ]; then skipped=$((skipped + 1)); continue; fi ;; esac
	case $rest in *@LKMM*) if [ -z "$lkmm" ]; then skipped=$((skipped + 1)); continue; fi ;; esac
	tmp=$work/t$n
	mkdir -p "$tmp"
	args=()
	read -ra words <<<"$rest"
	for w in "${words[@]}"; do
		w=${w//@TMP/$tmp}
		w=${w//@LKMM/$lkmm}
		case $w in
		*'*'* | *'?'*)
			shopt -s nullglob
			exp=($w)
			shopt -u nullglob
			[ ${#exp[@]} -gt 0 ] || { echo "FAIL: $name: $w matches nothing"; fail=$((fail + 1)); continue 2; }
			args+=("${exp[@]}") ;;
		*) args+=("$w") ;;
		esac
	done
	{
		echo "## $name: $rest"
		timeout 120 "$bpfmm" "${args[@]}" >"$work/o" 2>"$work/e"
		echo "## exit $?"
		# a temporary directory's name and the kernel tree's vary
		sed -E "s|$tmp|@TMP|g; s|${lkmm:-@LKMM}|@LKMM|g; s/\b[0-9]+\.[0-9]+ s\b/#.## s/g" "$work/o"
		echo "## stderr"
		sed "s|$tmp|@TMP|g; s|${lkmm:-@LKMM}|@LKMM|g" "$work/e"
		if [ -n "$(ls -A "$tmp")" ]; then
			echo "## files"
			(cd "$tmp" && find . -type f | LC_ALL=C sort | while IFS= read -r f; do
				printf '%s %s\n' "$(sed "s|$tmp|@TMP|g; s|${lkmm:-@LKMM}|@LKMM|g" "$f" | sha256sum | cut -c1-16)" "$f"
			done)
		fi
	} >"$work/got"
	rm -rf "$tmp"
	if [ $update = 1 ]; then
		cp "$work/got" "$out/$name.txt"
		pass=$((pass + 1))
	elif [ ! -f "$out/$name.txt" ]; then
		echo "FAIL: $name: no golden file $out/$name.txt (--update writes it)"
		fail=$((fail + 1))
	elif cmp -s "$work/got" "$out/$name.txt"; then
		pass=$((pass + 1))
	else
		echo "FAIL: $name: output differs from $out/$name.txt:"
		diff "$out/$name.txt" "$work/got" | head -20
		fail=$((fail + 1))
	fi
done <tests/golden/commands.txt
[ $skipped = 0 ] || echo "skipped $skipped (no clang-19, or no kernel sources for @LKMM)"
echo "$pass passed, $fail failed"
[ $fail = 0 ]
