#!/bin/sh
# shellcheck disable=SC2046 # word splitting of $(stats ...) is wanted
# Benchmark: bpfmm against herd7 (both running OUR model) on the BPF
# catalogue of $SHARED.
#
#   bench/catalogue.sh
#
# Measures, in this run:
#   1. the whole catalogue in ONE bpfmm process, REPS times (default 5):
#      best and median wall and CPU time, time per test;
#   2. the same files in ONE herd7 process, HERD_REPS times (default 3);
#   3. one process per test for both tools (PROC_REPS times, default 1);
#   4. the 10 slowest tests by bpfmm's own "Time NAME secs" lines, next
#      to herd7's own time for the same test;
# and prints the herd7/bpfmm ratios computed from these runs (nothing is
# hard-coded). Both tools must answer every test for a ratio to be shown.
#
# Environment: SHARED (default <repo>/../shared), HERD7, BPFMM, MODEL,
# REPS, HERD_REPS, PROC_REPS.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
REPS=${REPS:-5}
HERD_REPS=${HERD_REPS:-3}
PROC_REPS=${PROC_REPS:-1}
dir=$SHARED/conformance/bpf-catalogue/tests

if [ ! -d "$dir" ]; then echo "SKIP: no BPF catalogue at $dir"; exit 0; fi
[ -x "$BPFMM" ] || { echo "bench: $BPFMM not built (run make)" >&2; exit 2; }
have_herd=1
[ -x "$HERD7" ] || { have_herd=0; echo "note: herd7 not found at $HERD7; measuring bpfmm only"; }
find_gnu_time || echo "note: wall time only (no CPU time, no RSS)"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
ls "$dir"/*.litmus >"$tmp/files"
n=$(wc -l <"$tmp/files")

echo "bench/catalogue.sh, $(date -u '+%Y-%m-%d %H:%M UTC'): $n tests from $dir"
echo "machine: $(nproc) CPUs, $(uname -m), load average before the run: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "bpfmm: $BPFMM (git $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?'))   model: $MODEL"
echo "times in seconds; CPU = user + system"

# repeat K LOG OUT CMD... : measure CMD K times
repeat() {
	_k=$1; shift
	: >"$1"
	_i=0 _st=0
	while [ $_i -lt "$_k" ]; do
		measure "$@" || _st=$?
		_i=$((_i + 1))
	done
	return $_st
}

# ---- 1. bpfmm, one process --------------------------------------------
repeat "$REPS" "$tmp/b1" "$tmp/bpfmm.out" "$BPFMM" -model "$MODEL" "$dir"/*.litmus
brc=$?
set -- $(stats "$tmp/b1" 1) $(stats "$tmp/b1" 2)
b1w_best=$1 b1w=$2 b1c_best=$3 b1c=$4
b_done=$(grep -c '^Observation ' "$tmp/bpfmm.out")
echo
echo "1. ONE bpfmm process for all $n tests, $REPS runs (exit status $brc, $b_done tests answered):"
echo "   wall: best $b1w_best, median $b1w   CPU: best $b1c_best, median $b1c   per test (median wall): $(per_ms "$b1w" "$n") ms"
[ "$b_done" -eq "$n" ] || { echo "   WARNING: bpfmm answered $b_done of $n tests:"; head -3 "$tmp/bpfmm.out.err" | sed 's/^/   /'; }

# ---- 2. herd7, one process --------------------------------------------
if [ $have_herd = 1 ]; then
	repeat "$HERD_REPS" "$tmp/h1" "$tmp/herd.out" "$HERD7" -model "$MODEL" "$dir"/*.litmus
	set -- $(stats "$tmp/h1" 1) $(stats "$tmp/h1" 2)
	h1w_best=$1 h1w=$2 h1c_best=$3 h1c=$4
	h_done=$(grep -c '^Observation ' "$tmp/herd.out")
	echo
	echo "2. ONE herd7 process for all $n tests, $HERD_REPS runs ($h_done tests answered):"
	echo "   wall: best $h1w_best, median $h1w   CPU: best $h1c_best, median $h1c   per test (median wall): $(per_ms "$h1w" "$n") ms"
	echo "   => one process: bpfmm $b1w s, herd7 $h1w s, ratio $(ratio "$h1w" "$b1w") (median wall; best/best $(ratio "$h1w_best" "$b1w_best"); median CPU $(ratio "$h1c" "$b1c"))"
fi

# ---- 3. one process per test ------------------------------------------
cat >"$tmp/each.sh" <<'EOF'
# each.sh FILES TOOL ARGS... : one process per file, outputs discarded
files=$1; shift
while read -r f; do "$@" "$f" >/dev/null 2>&1; done <"$files"
EOF
repeat "$PROC_REPS" "$tmp/b3" "$tmp/each.out" sh "$tmp/each.sh" "$tmp/files" "$BPFMM" -model "$MODEL" -notime
set -- $(stats "$tmp/b3" 1) $(stats "$tmp/b3" 2); b3w=$1 b3c=$3
echo
echo "3. one process PER TEST ($n processes), best of $PROC_REPS:"
echo "   bpfmm: wall $b3w, CPU $b3c ($(per_ms "$b3w" "$n") ms per test)"
if [ $have_herd = 1 ]; then
	repeat "$PROC_REPS" "$tmp/h3" "$tmp/each.out" sh "$tmp/each.sh" "$tmp/files" "$HERD7" -model "$MODEL"
	set -- $(stats "$tmp/h3" 1) $(stats "$tmp/h3" 2); h3w=$1 h3c=$3
	echo "   herd7: wall $h3w, CPU $h3c ($(per_ms "$h3w" "$n") ms per test)"
	echo "   => one process per test: bpfmm $b3w s, herd7 $h3w s, ratio $(ratio "$h3w" "$b3w") (wall; CPU $(ratio "$h3c" "$b3c"))"
fi

# ---- 4. slowest tests by bpfmm's own Time lines ------------------------
echo
echo "4. the 10 slowest tests for bpfmm (its own 'Time NAME secs' lines, last run of 1.):"
awk '$1 == "Time" { print $3, $2 }' "$tmp/bpfmm.out" | sort -k1,1nr -k2,2 | head -10 >"$tmp/slow"
: >"$tmp/htimes"
[ $have_herd = 1 ] && awk '$1 == "Time" { print $2, $3 }' "$tmp/herd.out" >"$tmp/htimes"
awk -v htimes="$tmp/htimes" '
BEGIN { while ((getline l < htimes) > 0) { split(l, f, " "); h[f[1]] = f[2] }
        printf "   %-52s %8s %8s\n", "test", "bpfmm", "herd7" }
{ printf "   %-52s %8s %8s\n", $2, $1, ($2 in h) ? h[$2] : "-" }' "$tmp/slow"
bsum=$(awk '$1 == "Time" { s += $3 } END { printf "%.2f", s }' "$tmp/bpfmm.out")
printf '   sum of the per-test times: bpfmm %s s' "$bsum"
if [ $have_herd = 1 ]; then
	hsum=$(awk '$1 == "Time" { s += $3 } END { printf "%.2f", s }' "$tmp/herd.out")
	printf ', herd7 %s s' "$hsum"
fi
echo " (the rest of the wall time is start-up, parsing and output)"
