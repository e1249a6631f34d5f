# tests/diff/lib.sh - sourced by herd-diff.sh, minimize.sh and
# c-minimize.sh (all in tests/diff): the settings they share, and the
# greedy shrink loop of the two minimizers.
#
# Settings (each overridable from the environment): root (the repository),
# here (tests/diff), SHARED, HERD7, BPFMM.
root=$(cd "$(dirname "$0")/../.." && pwd)
here=$root/tests/diff
SHARED=${SHARED:-$root/../shared}
HERD7=${HERD7:-$SHARED/tools/herd7/herd7}
BPFMM=${BPFMM:-$root/build/bpfmm}

# shrink CUR WANT: edit the test CUR in place as long as it keeps the
# class WANT. The caller defines
#   classify FILE       prints the class of a test (differ, reject, ...)
#   candidates FILE     prints one edit per line, in the order to try
#   apply EDIT FILE     prints FILE with EDIT made
# An edit that keeps WANT is kept; the candidates are listed again until a
# whole pass keeps none (each edit must leave the other candidates of its
# pass valid). Adds the edits kept to $steps; uses $tmp.
shrink() {
	changed=1
	while [ "$changed" = 1 ]; do
		changed=0
		candidates "$1" >"$tmp/candidates"
		while IFS= read -r edit; do
			apply "$edit" "$1" >"$tmp/cand.litmus"
			if [ "$(classify "$tmp/cand.litmus")" = "$2" ]; then
				cp "$tmp/cand.litmus" "$1"; changed=1; steps=$((steps + 1))
			fi
		done <"$tmp/candidates"
	done
}

# show_result OUT: the test and both tools' last outputs ($tmp/h.out,
# $tmp/b.out, $tmp/b.err, as classify leaves them)
show_result() {
	echo "--- test"; cat "$1"
	echo "--- herd7"; cat "$tmp/h.out"
	echo "--- bpfmm"; cat "$tmp/b.out" "$tmp/b.err" 2>/dev/null
}
