#!/bin/sh
# bench/lkmm.sh - the kernel's tools/memory-model/litmus-tests (35 tests)
# under linux-kernel.cat: bpfmm vs herd7, both run inside the extracted
# tools/memory-model with -conf linux-kernel.cfg.
#
#   sh bench/lkmm.sh [RUNS]
#
# Four timings, each the best of RUNS (default 5) wall-clock runs:
#   bpfmm, one process for the whole directory
#   bpfmm, one process per test
#   herd7, one process for the whole directory
#   herd7, one process per test
# and the ratios herd7 / bpfmm, all measured in this one run. The
# Observation lines of both tools are compared first (a mismatch is
# reported; the timings are still printed). The kernel's files are read
# where tests/conformance/lkmm.sh extracts them ($LKMM_DIR, else
# ~/.cache/bpfmm-lkmm); herd7 is $HERD7, else ../shared/tools/herd7/herd7.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${1:-5}
bpfmm=$root/build/bpfmm
herd=${HERD7:-$root/../shared/tools/herd7/herd7}
cache=${BPFMM_LKMM_CACHE:-$HOME/.cache/bpfmm-lkmm}

dir=${LKMM_DIR:-}
if [ -z "$dir" ]; then
	dir=$(BPFMM_LKMM_CACHE=$cache sh "$root/scripts/lkmm-tree.sh")   # extracts if needed
fi
[ -n "$dir" ] && [ -f "$dir/linux-kernel.cfg" ] || { echo "SKIP: no kernel tools/memory-model"; exit 0; }
[ -x "$bpfmm" ] || { echo "lkmm.sh: no $bpfmm (run make)" >&2; exit 2; }
[ -x "$herd" ] || { echo "SKIP: no herd7 at $herd"; exit 0; }
cd "$dir" || exit 2
ntests=$(ls litmus-tests/*.litmus | wc -l)

# "WALL CPU": mean wall-clock and CPU (user + sys, children included)
# seconds of one run of "$@", over $runs runs timed together
measure() {
	/usr/bin/time -f "%e %U %S" -o /tmp/lkmm-bench.$$.t sh -c '
		n=$1; shift; i=0
		while [ "$i" -lt "$n" ]; do "$@" >/dev/null 2>&1; i=$((i + 1)); done' sh "$runs" "$@"
	awk -v n="$runs" '{ printf "%.4f %.4f\n", $1 / n, ($2 + $3) / n }' /tmp/lkmm-bench.$$.t
	rm -f /tmp/lkmm-bench.$$.t
}

"$bpfmm" -conf linux-kernel.cfg litmus-tests/*.litmus 2>&1 | awk '/^Observation/ { print $2, $3 }' >/tmp/lkmm-bench.$$.b
"$herd" -conf linux-kernel.cfg litmus-tests/*.litmus 2>&1 | awk '/^Observation/ { print $2, $3 }' >/tmp/lkmm-bench.$$.h
if cmp -s /tmp/lkmm-bench.$$.b /tmp/lkmm-bench.$$.h; then
	echo "verdicts: bpfmm and herd7 agree on all $(wc -l </tmp/lkmm-bench.$$.h) tests"
else
	echo "verdicts: bpfmm and herd7 DIFFER:"; diff /tmp/lkmm-bench.$$.h /tmp/lkmm-bench.$$.b
fi
rm -f /tmp/lkmm-bench.$$.b /tmp/lkmm-bench.$$.h

[ -x /usr/bin/time ] || { echo "SKIP: needs /usr/bin/time"; exit 0; }
b1=$(measure "$bpfmm" -conf linux-kernel.cfg litmus-tests/*.litmus)
loop='for f in litmus-tests/*.litmus; do "$0" -conf linux-kernel.cfg "$f"; done'
bN=$(measure sh -c "$loop" "$bpfmm")
h1=$(measure "$herd" -conf linux-kernel.cfg litmus-tests/*.litmus)
hN=$(measure sh -c "$loop" "$herd")
echo "LKMM: $ntests tests of tools/memory-model/litmus-tests, mean of $runs runs, seconds" \
	"(load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) CPUs)"
echo "$b1 $bN $h1 $hN" | awk '{
	printf "%-28s %8s %8s\n", "", "wall", "cpu"
	printf "%-28s %8.4f %8.4f\n", "bpfmm, one process:", $1, $2
	printf "%-28s %8.4f %8.4f\n", "bpfmm, one process per test:", $3, $4
	printf "%-28s %8.4f %8.4f\n", "herd7, one process:", $5, $6
	printf "%-28s %8.4f %8.4f\n", "herd7, one process per test:", $7, $8
	printf "herd7/bpfmm, one process:            %5.1fx wall %5.1fx cpu\n", $5 / $1, $6 / $2
	printf "herd7/bpfmm, one process per test:   %5.1fx wall %5.1fx cpu\n", $7 / $3, $8 / $4
	printf "herd7 per test / bpfmm one process:  %5.1fx wall %5.1fx cpu\n", $7 / $1, $8 / $2
	printf "target bpfmm one process < 0.05 s: %s (wall), %s (cpu)\n", \
		$1 < 0.05 ? "met" : "NOT met", $2 < 0.05 ? "met" : "NOT met"
}'
