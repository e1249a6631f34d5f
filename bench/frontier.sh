#!/bin/sh
# bench/frontier.sh - the kernel documentation's big RCU tests
# (tools/memory-model/Documentation/litmus-tests.txt, "Performance": rings
# of 10, 16 and 19 processes, written by bench/rcu-shape.sh) and RCU
# readers against a grace period (C-RR-G+6 and +8, bench/rrg-shape.sh)
# and store buffering across 4 and 5 processes each in a critical section
# of a lock emulated with cmpxchg_acquire (bench/lock-shape.sh), under
# linux-kernel.cat: bpfmm and herd7, each with and without
# `-speedcheck true`, in one run.
#
#   sh bench/frontier.sh            LIMIT=20 (CPU seconds a run may take)
#                                   JOBS=2 (threads of the -j column)
#
# Every run is given LIMIT seconds of CPU with the tool's own -timeout
# (herd7's and ours both count CPU time and print nothing when it runs
# out): such a run shows ">LIMIT", and a ratio against it is a lower bound
# (">Nx"). 42 runs of at most LIMIT s each, most far shorter: under ten
# minutes at the default. For each test: the verdict of each run
# (Observation word and counts, so the four can be compared), wall and
# CPU seconds (GNU time), and the ratios herd7 / bpfmm in CPU time. The
# columns "-j N" are runs with the test's candidate executions shared
# among N threads (LIMIT is then the CPU time of all of them): their wall
# time is what a user with N cores waits.
# The kernel's model is read from the tree scripts/lkmm-tree.sh extracts;
# without herd7 ($HERD7, else ../shared/tools/herd7/herd7) only bpfmm runs.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
limit=${LIMIT:-20}
JOBS=${JOBS:-2}
lkmm=${LKMM_DIR:-$(sh "$root/scripts/lkmm-tree.sh" 2>/dev/null)}
[ -n "$lkmm" ] && [ -f "$lkmm/linux-kernel.cfg" ] || { echo "SKIP: no kernel tools/memory-model"; exit 0; }
[ -x "$BPFMM" ] || { echo "frontier.sh: no $BPFMM (run make)" >&2; exit 2; }
case $BPFMM in /*) ;; *) BPFMM=$(pwd)/$BPFMM ;; esac
[ -x "$HERD7" ] || { echo "SKIP (herd7 columns): no herd7 at $HERD7"; HERD7=; }
find_gnu_time || true
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
sh "$root/bench/rcu-shape.sh" "$tmp" 10 16 19 >"$tmp/files"
sh "$root/bench/rrg-shape.sh" "$tmp" 6 8 >>"$tmp/files"
sh "$root/bench/lock-shape.sh" "$tmp" 4 5 >>"$tmp/files"

echo "frontier: RCU rings under linux-kernel.cat, CPU limit ${limit} s a run; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), bpfmm $(git -C "$root" rev-parse --short HEAD 2>/dev/null)"

# run NAME TOOL ARGS... : one timed run in the LKMM tree; prints
# "WALL CPU VERDICT" (">LIMIT" and "timeout" when it ran out)
run() {
	_n=$1; shift
	rm -f "$tmp/$_n.log"
	(cd "$lkmm" && measure "$tmp/$_n.log" "$tmp/$_n.out" "$@")
	_v=$(awk '/^Observation/ { print $3, $4, $5 }' "$tmp/$_n.out")
	set -- $(cat "$tmp/$_n.log")
	if [ -z "$_v" ]; then echo ">$limit >$limit timeout"; else echo "$1 $2 $(echo "$_v" | tr ' ' _)"; fi
}

printf '%-8s %-28s %-28s %-28s %-28s %-28s %-28s %s\n' test "bpfmm full" "bpfmm full -j $JOBS" \
	"bpfmm -speedcheck" "bpfmm -speedcheck -j $JOBS" "herd7 full" "herd7 -speedcheck" \
	"herd7/bpfmm CPU (full, speedcheck)"
while read -r f; do
	case ${f##*/} in
	C-RR-G+*) n=${f##*/C-}; n=${n%.litmus} ;;
	C-SB+emulated-lock+*) n=${f##*+}; n=lock${n%.litmus} ;;
	*) n=ring$(grep -c '^P[0-9]*(' "$f") ;;
	esac
	set -- $(run bf "$BPFMM" -notime -conf linux-kernel.cfg -timeout "$limit" "$f"); bf_w=$1 bf_c=$2 bf_v=$3
	# the test's candidates shared among $JOBS threads
	set -- $(run bj "$BPFMM" -notime -conf linux-kernel.cfg -timeout "$limit" -j "$JOBS" "$f")
	bj_w=$1 bj_c=$2 bj_v=$3
	set -- $(run bs "$BPFMM" -notime -conf linux-kernel.cfg -timeout "$limit" -speedcheck true "$f"); bs_w=$1 bs_c=$2 bs_v=$3
	set -- $(run bsj "$BPFMM" -notime -conf linux-kernel.cfg -timeout "$limit" -speedcheck true -j "$JOBS" "$f")
	bsj_w=$1 bsj_c=$2 bsj_v=$3
	if [ -n "$HERD7" ]; then
		set -- $(run hf "$HERD7" -conf linux-kernel.cfg -timeout "$limit" "$f"); hf_w=$1 hf_c=$2 hf_v=$3
		set -- $(run hs "$HERD7" -conf linux-kernel.cfg -timeout "$limit" -speedcheck true "$f"); hs_w=$1 hs_c=$2 hs_v=$3
	else
		hf_w=- hf_c=- hf_v=- hs_w=- hs_c=- hs_v=-
	fi
	# a ratio with a timed-out side is a bound: ">" when only herd7 ran out
	rt() {
		case $1:$2 in
		\>*:\>*) echo "both>${limit}s" ;;
		\>*:*) echo ">$(ratio "$limit" "$2")" | sed 's/>>/>/' ;;
		*:\>*) echo "<$(ratio "$1" "$limit")" ;;
		*) ratio "$1" "$2" ;;
		esac
	}
	printf '%-8s %-28s %-28s %-28s %-28s %-28s %-28s %s, %s\n' "$n" \
		"${bf_w}s/${bf_c}cpu $bf_v" "${bj_w}s/${bj_c}cpu $bj_v" "${bs_w}s/${bs_c}cpu $bs_v" \
		"${bsj_w}s/${bsj_c}cpu $bsj_v" \
		"${hf_w}s/${hf_c}cpu $hf_v" "${hs_w}s/${hs_c}cpu $hs_v" \
		"$(rt "$hf_c" "$bf_c")" "$(rt "$hs_c" "$bs_c")"
done <"$tmp/files"
echo "(WALLs/CPUcpu Observation_word_positive_negative; full runs list every state,"
echo " -speedcheck runs only the executions that can satisfy the exists clause)"
