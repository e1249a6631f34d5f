#!/bin/sh
# Shrink a C litmus test on which bpfmm and herd7 disagree (both with the
# kernel's linux-kernel.cfg, as tests/diff/c-diff.sh runs them).
#
#   tests/diff/c-minimize.sh FILE.litmus [OUT.litmus]
#
# Greedily deletes one line of a thread body at a time (a statement, or a
# whole `if (...) {` ... `}` block with its else) and keeps the deletion
# when the test still shows the same kind of problem (differ: States,
# Ok/No or Observation kind differ; reject: bpfmm rejects what herd7
# accepts; crash). Unused declarations are left. Writes OUT (default
# FILE.min.litmus) and prints it with both outputs. Environment: SHARED,
# HERD7, BPFMM, LKMM_DIR, HERD_TIMEOUT (10).
set -u
. "$(dirname "$0")/lib.sh"
HERD_TIMEOUT=${HERD_TIMEOUT:-10}
[ $# -ge 1 ] || { echo "usage: $0 FILE.litmus [OUT.litmus]" >&2; exit 2; }
in=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
out=${2:-${1%.litmus}.min.litmus}
out=$(cd "$(dirname "$out")" && pwd)/$(basename "$out")   # classify runs in the LKMM directory
if [ ! -x "$HERD7" ]; then echo "SKIP: herd7 not found at $HERD7"; exit 0; fi
. "$root/tests/conformance/lkmm-lib.sh"
lkmm_dir linux-kernel.cfg
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

classify() {
	(cd "$dir" && timeout $((HERD_TIMEOUT + 5)) "$HERD7" -conf linux-kernel.cfg -timeout "$HERD_TIMEOUT" "$1") >"$tmp/h.out" 2>/dev/null
	awk -f "$here/summarise.awk" "$tmp/h.out" >"$tmp/h.sum"
	if [ ! -s "$tmp/h.sum" ]; then echo herd-fails; return; fi
	(cd "$dir" && timeout 60 "$BPFMM" -conf linux-kernel.cfg -notime "$1") >"$tmp/b.out" 2>"$tmp/b.err"
	rc=$?
	[ "$rc" = 1 ] && { echo reject; return; }
	[ "$rc" -gt 1 ] && { echo crash; return; }
	awk -f "$here/summarise.awk" "$tmp/b.out" >"$tmp/b.sum"
	if [ "$(cut -f2,3,7 "$tmp/h.sum")" != "$(cut -f2,3,7 "$tmp/b.sum")" ]; then echo differ; else echo same; fi
}

# drop LINE FILE: delete line LINE; when it opens a block ("{" at its
# end), delete up to the matching "}" (and an "} else {" block after it)
drop() {
	awk -v n="$1" '
	NR < n || skip == 0 && NR > n { if (!(NR > n && depth > 0)) { print; next } }
	NR == n { if ($0 ~ /\{[ \t]*$/) depth = 1; else next; next }
	depth > 0 {
		if ($0 ~ /^[ \t]*\}[ \t]*else[ \t]*\{[ \t]*$/ && depth == 1) next
		if ($0 ~ /\{[ \t]*$/) depth++
		if ($0 ~ /^[ \t]*\}/) depth--
		next
	}
	{ print }' "$2"
}

cp "$in" "$tmp/cur.litmus"
want=$(classify "$tmp/cur.litmus")
case $want in
same) echo "c-minimize: bpfmm and herd7 agree on $1"; exit 1 ;;
herd-fails) echo "c-minimize: herd7 gives no result for $1"; exit 1 ;;
esac
echo "c-minimize: $1 shows '$want'; shrinking"
# the lines of thread bodies (a statement, or a block with its else) from
# the last up, declarations kept: deleting one moves no line above it
candidates() {
	n=$(wc -l <"$1")
	while [ "$n" -ge 1 ]; do
		line=$(sed -n "${n}p" "$1")
		case $line in
		"	int "*|"	"*"} else {") ;;
		"	"*\;|"	"*\{) echo "$n" ;;
		esac
		n=$((n - 1))
	done
}
apply() { drop "$1" "$2"; }
steps=0
shrink "$tmp/cur.litmus" "$want"
cp "$tmp/cur.litmus" "$out"
echo "c-minimize: $steps deletions; class '$(classify "$out")'; written to $out"
show_result "$out"
