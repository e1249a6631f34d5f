#!/bin/sh
# bench/modes.sh - bpfmm against herd7 in every mode of the engine, in one
# run: the speed table of docs/benchmarks.md ("Per mode").
#
#   sh bench/modes.sh [COUNT]
#
# Modes, each a set of tests both tools run with the same options:
#   plain      the BPF catalogue ($SHARED/conformance/bpf-catalogue, 177
#              tests), models/bpf.cat in both tools
#   mixed-a64  COUNT tests of `hwgen --arch aarch64-mixed --seed MIXED_SEED`,
#              -variant mixed; bpfmm models/aarch64.cat, herd7 its own
#              aarch64.cat ($SHARED/reference-models/herd-lib)
#   mixed-x86  COUNT tests of `hwgen --arch x86-mixed --seed MIXED_SEED`,
#              -variant mixed; bpfmm models/x86tso.cat, herd7 x86tso-mixed.cat
#   lkmm       the kernel's tools/memory-model/litmus-tests, both tools
#              inside the extracted tree with -conf linux-kernel.cfg
#   locks      bpfmm's C tests that take spinlocks (tests/litmus/c, and the
#              kernel's litmus tests with spin_lock), -conf linux-kernel.cfg
#   pick       COUNT tests of `hwgen --arch aarch64-zr --shapes MP,LB,SB,CoRR
#              --seed PICK_SEED` (CSEL picks, zero registers); bpfmm
#              models/aarch64.cat, herd7 its aarch64.cat
# COUNT defaults to 100. Each tool runs ONE process per mode over all its
# tests, with a CPU limit of LIMIT seconds a test (its own -timeout,
# default 10); a test a tool does not finish has no Time line and counts
# as "unanswered".
#
# Per mode it prints: tests, answered by both, same results (States,
# Ok/No, Observation kind; not the witness counts, which herd7 counts
# differently: tests/diff/summarise.awk), the CPU seconds of each
# process (GNU time, user + system; wall seconds without it) and their
# ratio herd7/bpfmm, the median of each tool's per-test Time lines, and
# the tests where bpfmm's Time is over 10x herd7's (only counted where
# bpfmm's is at least 0.05 s: the lines have a resolution of 0.01 s).
# Ends with "N passed, N failed": a mode fails when a test answered by
# both differs, bpfmm's median is above herd7's, a test is over 10x, or
# bpfmm leaves a test herd7 answers unanswered.
#
# Without herd7 ($SHARED/tools/herd7) it prints SKIP and exits 0; a mode
# whose tests are missing (no catalogue, no kernel tree) is skipped and
# said so.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
COUNT=${1:-${COUNT:-100}}
case $COUNT in ''|*[!0-9]*) echo "modes.sh: bad COUNT '$COUNT'" >&2; exit 2 ;; esac
LIMIT=${LIMIT:-10}
MIXED_SEED=${MIXED_SEED:-21}
PICK_SEED=${PICK_SEED:-43}
HWGEN=${HWGEN:-$root/build/hwgen}
lib=$SHARED/reference-models/herd-lib
[ -x "$HERD7" ] || { echo "SKIP: no herd7 at $HERD7"; exit 0; }
[ -x "$BPFMM" ] || { echo "modes.sh: no $BPFMM (run make)" >&2; exit 2; }
[ -x "$HWGEN" ] || { echo "modes.sh: no $HWGEN (run make build/hwgen)" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
if find_gnu_time >/dev/null; then col=2 unit="CPU s"; else col=1 unit="wall s"; fi

pass=0 fail=0
printf '%-10s %5s %5s %5s %9s %9s %7s %8s %8s %5s  %s\n' mode tests both same \
	"bpfmm $unit" "herd7 $unit" ratio "med bpfmm" "med herd7" ">10x" result

# times FILE: "NAME SECONDS" from the Time lines of a tool's output
time_lines() { awk '$1 == "Time" && NF >= 3 { print $2, $3 }' "$1" | LC_ALL=C sort; }

# median FILE: median of column 2
median() {
	cut -d' ' -f2 "$1" | LC_ALL=C sort -g | awk '{ v[NR] = $1 } END {
		if (NR == 0) { print "-"; exit }
		if (NR % 2) printf "%.3f\n", v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# mode NAME DIR LIST "BPFMM ARGS" "HERD7 ARGS": run both tools over the
# files named in LIST (relative to DIR, where both run) and print a row.
mode() {
	_n=$1 _dir=$2 _list=$3 _bargs=$4 _hargs=$5
	_tests=$(wc -l <"$_list")
	: >"$tmp/bt"; : >"$tmp/ht"
	# shellcheck disable=SC2086 # the ARGS are word lists on purpose
	(cd "$_dir" && measure "$tmp/bt" "$tmp/b.out" xargs -d '\n' -a "$_list" \
		"$BPFMM" -timeout "$LIMIT" $_bargs)
	# shellcheck disable=SC2086
	(cd "$_dir" && measure "$tmp/ht" "$tmp/h.out" xargs -d '\n' -a "$_list" \
		"$HERD7" -timeout "$LIMIT" $_hargs)
	_bc=$(awk -v c="$col" '{ print $c }' "$tmp/bt") _hc=$(awk -v c="$col" '{ print $c }' "$tmp/ht")
	time_lines "$tmp/b.out" >"$tmp/b.t"; time_lines "$tmp/h.out" >"$tmp/h.t"
	awk -f "$root/tests/diff/summarise.awk" "$tmp/b.out" | cut -f1,2,3,6,7 | LC_ALL=C sort >"$tmp/b.s"
	awk -f "$root/tests/diff/summarise.awk" "$tmp/h.out" | cut -f1,2,3,6,7 | LC_ALL=C sort >"$tmp/h.s"
	_both=$(join -t "$(printf '\t')" "$tmp/b.s" "$tmp/h.s" | wc -l)
	_same=$(LC_ALL=C comm -12 "$tmp/b.s" "$tmp/h.s" | wc -l)
	# herd7 answered, bpfmm did not
	cut -f1 "$tmp/b.s" | LC_ALL=C sort >"$tmp/b.n"
	cut -f1 "$tmp/h.s" | LC_ALL=C sort >"$tmp/h.n"
	_lost=$(LC_ALL=C comm -13 "$tmp/b.n" "$tmp/h.n" | wc -l)
	_over=$(join "$tmp/b.t" "$tmp/h.t" | awk '$2 >= 0.05 && $2 > 10 * $3 { n++; print $1, $2, $3 > "/dev/stderr" } END { print n + 0 }' 2>"$tmp/over")
	_mb=$(join "$tmp/b.t" "$tmp/h.t" | awk '{ print $1, $2 }' >"$tmp/bm"; median "$tmp/bm")
	_mh=$(join "$tmp/b.t" "$tmp/h.t" | awk '{ print $1, $3 }' >"$tmp/hm"; median "$tmp/hm")
	_ratio=$(awk -v b="$_bc" -v h="$_hc" 'BEGIN { if (b + 0 == 0) print ">" h / 0.01 "x"; else printf "%.1fx\n", h / b }')
	_ok=1
	[ "$_same" -eq "$_both" ] || _ok=0
	[ "$_over" -eq 0 ] || _ok=0
	[ "$_lost" -eq 0 ] || _ok=0
	awk -v b="$_mb" -v h="$_mh" 'BEGIN { exit !(b != "-" && h != "-" && b + 0 > h + 0) }' && _ok=0
	if [ "$_ok" = 1 ]; then pass=$((pass + 1)); _r=ok; else fail=$((fail + 1)); _r=FAIL; fi
	printf '%-10s %5s %5s %5s %9s %9s %7s %8s %8s %5s  %s\n' "$_n" "$_tests" "$_both" "$_same" \
		"$_bc" "$_hc" "$_ratio" "$_mb" "$_mh" "$_over" "$_r"
	[ "$_lost" -eq 0 ] || echo "  $_n: $_lost test(s) herd7 answered and bpfmm did not"
	[ "$_same" -eq "$_both" ] || LC_ALL=C comm -23 "$tmp/b.s" "$tmp/h.s" | cut -f1 | head -5 | sed "s/^/  $_n: different: /"
	sed "s/^/  $_n: over 10x (name bpfmm herd7): /" "$tmp/over" | head -5
}

# plain: the BPF catalogue
cat_dir=$SHARED/conformance/bpf-catalogue/tests
if [ -d "$cat_dir" ]; then
	(cd "$cat_dir" && ls | grep '\.litmus$' | LC_ALL=C sort) >"$tmp/plain.list"
	mode plain "$cat_dir" "$tmp/plain.list" "-model $root/models/bpf.cat" "-model $root/models/bpf.cat"
else
	echo "plain: skipped (no $cat_dir)"
fi

# generated sets: hwgen writes NAME.litmus files into a folder of its own
gen() {
	mkdir -p "$tmp/$1" && "$HWGEN" --arch "$2" --seed "$3" --count "$COUNT" --outdir "$tmp/$1" $4 >/dev/null 2>&1 &&
	(cd "$tmp/$1" && ls | grep '\.litmus$' | LC_ALL=C sort) >"$tmp/$1.list"
}
if [ -d "$lib" ]; then
	gen a64m aarch64-mixed "$MIXED_SEED" "" &&
	mode mixed-a64 "$tmp/a64m" "$tmp/a64m.list" "-model $root/models/aarch64.cat -variant mixed" \
		"-I $lib -model $lib/aarch64.cat -variant mixed"
	gen x86m x86-mixed "$MIXED_SEED" "" &&
	mode mixed-x86 "$tmp/x86m" "$tmp/x86m.list" "-model $root/models/x86tso.cat -variant mixed" \
		"-I $lib -model $lib/x86tso-mixed.cat -variant mixed"
	gen pick aarch64-zr "$PICK_SEED" "--shapes MP,LB,SB,CoRR" &&
	mode pick "$tmp/pick" "$tmp/pick.list" "-model $root/models/aarch64.cat" "-I $lib -model $lib/aarch64.cat"
else
	echo "mixed-a64, mixed-x86, pick: skipped (no $lib)"
fi

# lkmm and locks: inside the kernel's tools/memory-model
kdir=${LKMM_DIR:-}
[ -n "$kdir" ] || kdir=$(BPFMM_LKMM_CACHE=${BPFMM_LKMM_CACHE:-$HOME/.cache/bpfmm-lkmm} sh "$root/scripts/lkmm-tree.sh" 2>/dev/null)
if [ -n "$kdir" ] && [ -f "$kdir/linux-kernel.cfg" ]; then
	(cd "$kdir" && ls litmus-tests/*.litmus | LC_ALL=C sort) >"$tmp/lkmm.list"
	mode lkmm "$kdir" "$tmp/lkmm.list" "-conf linux-kernel.cfg" "-conf linux-kernel.cfg"
	{ (cd "$kdir" && grep -l 'spin_lock' litmus-tests/*.litmus)
	  grep -l 'spin_lock' "$root"/tests/litmus/c/*.litmus; } | LC_ALL=C sort >"$tmp/locks.list"
	mode locks "$kdir" "$tmp/locks.list" "-conf linux-kernel.cfg" "-conf linux-kernel.cfg"
else
	echo "lkmm, locks: skipped (no kernel tools/memory-model: apt-get install linux-source-6.12)"
fi

echo "one process per tool and mode, per-test limit ${LIMIT} s, COUNT=$COUNT, measured in this run (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) CPUs)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
