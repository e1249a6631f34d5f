#!/bin/sh
# Scaling benchmark: "N threads, each K stores to x (distinct values),
# then one load of x", for N = 2, 3, 4 and K = 1, 2, 3.
#
#   bench/scaling.sh
#
# For every (N, K) the test is written to a temporary directory and run
#   - by bpfmm under GNU time -v (wall time, peak RSS), limit BPFMM_LIMIT
#     seconds (default 120);
#   - by herd7 with OUR model, limit HERD_LIMIT seconds of wall time
#     (default 60; "timeout" when exceeded) and HERD_MEM_MB of virtual
#     memory (default 8192; "out of memory" when exceeded).
# Checks (each PASS or FAIL, then "N passed, N failed"):
#   - bpfmm answers every case within its limit;
#   - project targets for N=4, K=3: bpfmm under 10 s and under 500 MB;
#   - where herd7 finished: same States, Ok/No and Observation as herd7.
# The size of each case: N*K writes to x, (N*K)! / (K!)^N coherence
# orders that respect program order.
#
# Environment: SHARED (default <repo>/../shared), HERD7, BPFMM, MODEL,
# BPFMM_LIMIT, HERD_LIMIT, HERD_MEM_MB, CASES (default
# "2:1 2:2 2:3 3:1 3:2 3:3 4:1 4:2 4:3"), NO_HERD=1 skips herd7.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
BPFMM_LIMIT=${BPFMM_LIMIT:-120}
HERD_LIMIT=${HERD_LIMIT:-60}
HERD_MEM_MB=${HERD_MEM_MB:-8192}
CASES=${CASES:-"2:1 2:2 2:3 3:1 3:2 3:3 4:1 4:2 4:3"}
TARGET_SECS=10
TARGET_MB=500

[ -x "$BPFMM" ] || { echo "bench: $BPFMM not built (run make)" >&2; exit 2; }
have_herd=1
if [ "${NO_HERD:-0}" = 1 ]; then have_herd=0
elif [ ! -x "$HERD7" ]; then have_herd=0; echo "SKIP: herd7 part (herd7 not found at $HERD7; SHARED=$SHARED): measuring bpfmm only"; fi
find_gnu_time || echo "note: no GNU time: wall time from date, peak RSS not measured"
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# gen N K FILE: the scaling test
gen() {
	awk -v n="$1" -v k="$2" 'BEGIN {
		printf "BPF scale-N%d-K%d\n", n, k
		printf "(* %d threads, each %d stores to x then one load of x *)\n{\n", n, k
		for (t = 0; t < n; t++) printf "%d:r1=x;\n", t
		printf "}\n"
		for (t = 0; t < n; t++) printf " P%-21d %s", t, (t < n - 1 ? "|" : ";\n")
		for (j = 1; j <= k; j++)
			for (t = 0; t < n; t++)
				printf " *(u32 *)(r1 + 0) = %-3d %s", t * k + j, (t < n - 1 ? "|" : ";\n")
		for (t = 0; t < n; t++) printf " r2 = *(u32 *)(r1 + 0)  %s", (t < n - 1 ? "|" : ";\n")
		printf "locations [x]\nexists ("
		# each thread reads the last store of the next thread
		for (t = 0; t < n; t++) printf "%s%d:r2=%d", (t ? " /\\ " : ""), t, ((t + 1) % n) * k + k
		printf ")\n"
	}' >"$3"
}

# hms "h:mm:ss" or "m:ss.ss" -> seconds
hms() { echo "$1" | awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.2f", s }'; }

# run_timed LIMIT OUT CMD... -> sets WALL, CPU (user + system), RSS_MB, RC
run_timed() {
	_lim=$1 _out=$2; shift 2
	if [ -n "$TIMECMD" ]; then
		: >"$_out.time"
		timeout "$_lim" "$TIMECMD" -v -o "$_out.time" "$@" >"$_out" 2>"$_out.err"
		RC=$?
		WALL=$(hms "$(sed -n 's/.*Elapsed (wall clock) time[^:]*: *//p' "$_out.time")")
		RSS_MB=$(awk -F: '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$_out.time")
		CPU=$(awk -F: '/User time|System time/ { c += $2; n++ } END { if (n) printf "%.2f", c }' "$_out.time")
		[ -n "$RSS_MB" ] || { WALL=- RSS_MB=- CPU=-; }
	else
		_t0=$(now)
		timeout "$_lim" "$@" >"$_out" 2>"$_out.err"
		RC=$?
		WALL=$(awk -v a="$_t0" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')
		RSS_MB=- CPU=-
	fi
}

pass=0 fail=0
check() { # OK? MESSAGE
	if [ "$1" = 1 ]; then pass=$((pass + 1)); echo "   PASS $2"; else fail=$((fail + 1)); echo "   FAIL $2"; fi
}

echo "bench/scaling.sh, $(date -u '+%Y-%m-%d %H:%M UTC'); machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
echo "bpfmm: $BPFMM (git $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')); limits: bpfmm ${BPFMM_LIMIT}s, herd7 ${HERD_LIMIT}s and ${HERD_MEM_MB} MB"
echo "times in seconds (wall, and CPU = user + system); memory = peak RSS; ratio = herd7 wall / bpfmm wall"
printf '%-9s %9s %6s | %6s %6s %5s %7s | %8s %6s %5s | %s\n' case co-orders states "wall" "CPU" "MB" status "wall" "CPU" "MB" ratio
printf '%-9s %9s %6s | %-27s | %-22s |\n' "" "" "" "bpfmm" "herd7"
for c in $CASES; do
	n=${c%:*} k=${c#*:}
	f=$tmp/scale-N$n-K$k.litmus
	gen "$n" "$k" "$f"
	orders=$(awk -v n="$n" -v k="$k" 'BEGIN { r = 1; for (i = 2; i <= n * k; i++) r *= i
		for (t = 0; t < n; t++) for (i = 2; i <= k; i++) r /= i; printf "%d", r }')
	run_timed "$BPFMM_LIMIT" "$tmp/b.out" "$BPFMM" -model "$MODEL" "$f"
	b_wall=$WALL b_cpu=$CPU b_mb=$RSS_MB b_rc=$RC
	awk -f "$root/tests/diff/summarise.awk" "$tmp/b.out" >"$tmp/b.sum"
	case $b_rc in
	0) b_status=ok; [ -s "$tmp/b.sum" ] || b_status="no-result" ;;
	124) b_status=timeout ;;
	*) b_status="exit-$b_rc" ;;
	esac
	nstates=$(cut -f6 "$tmp/b.sum"); nstates=${nstates:--}
	h_wall=- h_cpu=- h_mb=- h_status=skipped
	if [ $have_herd = 1 ]; then
		# a subshell so that the memory limit applies to herd7 only
		# shellcheck disable=SC3045 # dash and bash have ulimit -v
		( ulimit -v $((HERD_MEM_MB * 1024)) 2>/dev/null
		  run_timed "$HERD_LIMIT" "$tmp/h.out" "$HERD7" -model "$MODEL" "$f"
		  echo "$RC $WALL $CPU $RSS_MB" >"$tmp/h.res" )
		read -r h_rc h_wall h_cpu h_mb <"$tmp/h.res"
		awk -f "$root/tests/diff/summarise.awk" "$tmp/h.out" >"$tmp/h.sum"
		if [ "$h_rc" = 124 ]; then h_status=timeout
		elif [ -s "$tmp/h.sum" ]; then h_status=ok
		elif grep -qi 'memory' "$tmp/h.out.err"; then h_status="out of memory"
		else h_status="exit-$h_rc"; fi
		[ "$h_status" = ok ] || h_wall="$h_status"
	fi
	if [ "$h_status" = ok ] && [ "$b_status" = ok ]; then r=$(ratio "$h_wall" "$b_wall")
	elif [ "$h_status" = timeout ] && [ "$b_status" = ok ]; then r=">$(ratio "$HERD_LIMIT" "$b_wall" | tr -d '>')"
	else r=-; fi
	printf '%-9s %9s %6s | %6s %6s %5s %7s | %8s %6s %5s | %s\n' "N=$n,K=$k" "$orders" "$nstates" "$b_wall" "$b_cpu" "$b_mb" "$b_status" "$h_wall" "$h_cpu" "$h_mb" "$r"
	check "$([ "$b_status" = ok ] && echo 1)" "bpfmm answers N=$n,K=$k ($b_status, ${b_wall}s)"
	if [ "$n" = 4 ] && [ "$k" = 3 ]; then
		check "$(awk -v w="$b_wall" -v t=$TARGET_SECS -v s="$b_status" 'BEGIN { if (s == "ok" && w + 0 < t) print 1 }')" \
			"target N=4,K=3 under $TARGET_SECS s: ${b_wall} s"
		if [ "$b_mb" = - ]; then echo "   (peak RSS not measured: no GNU time)"
		else check "$(awk -v m="$b_mb" -v t=$TARGET_MB -v s="$b_status" 'BEGIN { if (s == "ok" && m + 0 < t) print 1 }')" \
			"target N=4,K=3 under $TARGET_MB MB: ${b_mb} MB"; fi
	fi
	if [ "$h_status" = ok ] && [ "$b_status" = ok ]; then
		if [ "$(cut -f2,3,7 "$tmp/h.sum")" = "$(cut -f2,3,7 "$tmp/b.sum")" ]; then
			check 1 "N=$n,K=$k: same states and verdict as herd7"
		else
			check 0 "N=$n,K=$k: states or verdict differ from herd7"
			echo "      herd7: $(cut -f2,3,6 "$tmp/h.sum" | tr '\t' ' ') states"
			echo "      bpfmm: $(cut -f2,3,6 "$tmp/b.sum" | tr '\t' ' ') states"
		fi
	fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
