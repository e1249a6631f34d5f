#!/bin/sh
# bench/parallel.sh - the -j 2 / -j 1 wall-time ratio of one bpfmm process
# on the RISC-V conformance suite (../shared/conformance/riscv, ~990 tests),
# both measured in this run: REPS (default 7) alternating runs of each,
# the best and median wall time of each, and their ratios. Goal: >= 1.7x
# on two idle cores. CPU time (user + sys) is printed too: with -j 2 it
# should stay close to -j 1's (the same work, on two threads).
#
#   sh bench/parallel.sh            JOBS=4 sh bench/parallel.sh   (-j 4 vs -j 1)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
reps=${REPS:-7}
jobs=${JOBS:-2}
suite="$SHARED/conformance/riscv/tests"
if [ ! -d "$suite" ]; then
	echo "SKIP: no RISC-V suite at $suite"
	exit 0
fi
[ -x "$BPFMM" ] || { echo "bench: $BPFMM not built (make)"; exit 1; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
find "$suite" -name '*.litmus' | LC_ALL=C sort >"$tmp/list"
echo "bench/parallel: $(wc -l <"$tmp/list") RISC-V tests, models/riscv.cat, $(nproc) online CPUs, load: $(cut -d' ' -f1-3 /proc/loadavg)"

# one run: prints "WALL CPU". Wall time from bash's `time` keyword (1 ms
# steps, no extra process inside the timed region: GNU time's %e has 10 ms
# steps, too coarse for a ~0.1 s run); CPU (user + sys) from getrusage of
# the children, also through bash's `time`.
run() {
	# shellcheck disable=SC2016
	bash -c 'TIMEFORMAT="%3R %3U %3S"; j=$1; out=$2; shift 2
		{ time "$@" -j "$j" >"$out" 2>/dev/null; } 2>&1' sh "$1" "$tmp/out.$1" \
		"$BPFMM" -notime -model "$root/models/riscv.cat" $(cat "$tmp/list") |
		awk '{ printf "%s %.2f\n", $1, $2 + $3 }'
}

: >"$tmp/w1"; : >"$tmp/wj"; : >"$tmp/c1"; : >"$tmp/cj"
i=0
while [ "$i" -lt "$reps" ]; do
	set -- $(run 1); echo "$1" >>"$tmp/w1"; echo "$2" >>"$tmp/c1"
	set -- $(run "$jobs"); echo "$1" >>"$tmp/wj"; echo "$2" >>"$tmp/cj"
	i=$((i + 1))
done
cmp -s "$tmp/out.1" "$tmp/out.$jobs" || { echo "bench: -j $jobs output differs from -j 1"; exit 1; }
best() { sort -n "$1" | head -1; }
med() { sort -n "$1" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }
b1=$(best "$tmp/w1") bj=$(best "$tmp/wj") m1=$(med "$tmp/w1") mj=$(med "$tmp/wj")
printf '%-8s %-10s %-10s %s\n' "" "best wall" "median" "median CPU"
printf '%-8s %-10s %-10s %s\n' "-j 1" "$b1 s" "$m1 s" "$(med "$tmp/c1") s"
printf '%-8s %-10s %-10s %s\n' "-j $jobs" "$bj s" "$mj s" "$(med "$tmp/cj") s"
echo "ratio -j 1 / -j $jobs: best $(ratio "$b1" "$bj")x, median $(ratio "$m1" "$mj")x (goal >= 1.7x on 2 idle cores)"
