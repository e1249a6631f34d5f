#!/bin/sh
# bench/locks.sh - C tests that take spinlocks around every access, with
# 2 to 5 threads: bpfmm vs herd7 running the kernel's linux-kernel.cfg
# (inside the extracted tools/memory-model, as bench/lkmm.sh).
#
#   sh bench/locks.sh
#
# Two families, written to a temporary directory:
#   ring-N   thread i: lock(l_i) a_i = 1 unlock(l_i); lock(l_i+1)
#            r0 = a_i+1 unlock(l_i+1)   (N locks, each taken twice;
#            exists every r0 = 0: Never)
#   one-N    thread i: lock(l) r0 = x; x = i + 1 unlock(l)   (one lock
#            taken N times; exists 0:r0=0 /\ 1:r0=0: Never), N = 2..4
#            (one-5 takes bpfmm about 40 s of CPU and herd7 more than
#            120 s: docs/benchmarks.md)
# Each test runs once in each tool, one process per test; herd7 gets
# HERD_LIMIT seconds (default 120) of wall time. Prints both CPU times
# (user + system, GNU time; wall time without it), the
# ratio bpfmm/herd7 and whether the States and the Observation kind are
# the same; ends with "N passed, N failed" (a failure: different results,
# no answer from bpfmm, or bpfmm slower than herd7).
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
HERD_LIMIT=${HERD_LIMIT:-120}
cache=${BPFMM_LKMM_CACHE:-$HOME/.cache/bpfmm-lkmm}
dir=${LKMM_DIR:-}
if [ -z "$dir" ]; then
	dir=$(BPFMM_LKMM_CACHE=$cache sh "$root/scripts/lkmm-tree.sh")   # extracts if needed
fi
[ -n "$dir" ] && [ -f "$dir/linux-kernel.cfg" ] || { echo "SKIP: no kernel tools/memory-model"; exit 0; }
[ -x "$BPFMM" ] || { echo "locks.sh: no $BPFMM (run make)" >&2; exit 2; }
herd_ok=1
[ -x "$HERD7" ] || { echo "note: no herd7 at $HERD7, bpfmm alone"; herd_ok=0; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# ring N FILE
ring() {
	awk -v n="$1" -v name="$(basename "$2" .litmus)" 'BEGIN {
		printf "C %s\n\n{}\n\n", name
		for (i = 0; i < n; i++) {
			j = (i + 1) % n
			printf "P%d(spinlock_t *l%d, spinlock_t *l%d, int *a%d, int *a%d)\n{\n\tint r0;\n\n", i, i, j, i, j
			printf "\tspin_lock(l%d);\n\tWRITE_ONCE(*a%d, 1);\n\tspin_unlock(l%d);\n", i, i, i
			printf "\tspin_lock(l%d);\n\tr0 = READ_ONCE(*a%d);\n\tspin_unlock(l%d);\n}\n\n", j, j, j
		}
		printf "exists ("
		for (i = 0; i < n; i++) printf "%s%d:r0=0", i ? " /\\ " : "", i
		printf ")\n"
	}' >"$2"
}

# one N FILE
one() {
	awk -v n="$1" -v name="$(basename "$2" .litmus)" 'BEGIN {
		printf "C %s\n\n{}\n\n", name
		for (i = 0; i < n; i++) {
			printf "P%d(spinlock_t *l, int *x)\n{\n\tint r0;\n\n", i
			printf "\tspin_lock(l);\n\tr0 = READ_ONCE(*x);\n\tWRITE_ONCE(*x, %d);\n\tspin_unlock(l);\n}\n\n", i + 1
		}
		printf "exists (0:r0=0 /\\ 1:r0=0)\n"
	}' >"$2"
}

# CPU seconds (user + system) with GNU time, else wall seconds
if find_gnu_time >/dev/null; then col=2 unit="CPU seconds (user + system)"; else col=1 unit="wall seconds"; fi

cd "$dir" || exit 2
pass=0 fail=0
printf '%-8s %8s %8s %10s  %s\n' test bpfmm herd7 bpfmm/herd7 result
for case in ring-2 ring-3 ring-4 ring-5 one-2 one-3 one-4; do
	fam=${case%-*} n=${case#*-}
	{
		f=$tmp/$fam-$n.litmus
		$fam "$n" "$f"
		: >"$tmp/bt"; : >"$tmp/ht"
		measure "$tmp/bt" "$tmp/b.out" timeout 300 "$BPFMM" -conf linux-kernel.cfg "$f"
		bt=$(awk -v c="$col" '{ print $c }' "$tmp/bt")
		ht=- same=
		if [ "$herd_ok" = 1 ]; then
			if measure "$tmp/ht" "$tmp/h.out" timeout "$HERD_LIMIT" "$HERD7" -conf linux-kernel.cfg "$f"; then
				ht=$(awk -v c="$col" '{ print $c }' "$tmp/ht")
				awk -f "$root/tests/diff/summarise.awk" "$tmp/h.out" | cut -f2,3,7 >"$tmp/h.sum"
				awk -f "$root/tests/diff/summarise.awk" "$tmp/b.out" | cut -f2,3,7 >"$tmp/b.sum"
				if [ -s "$tmp/h.sum" ] && cmp -s "$tmp/h.sum" "$tmp/b.sum"; then same=same; else same=DIFFERENT; fi
			else
				ht=timeout same="herd7 gave no answer in ${HERD_LIMIT}s"
			fi
		fi
		r=$(awk -v b="$bt" -v h="$ht" 'BEGIN { if (h !~ /^[0-9.]+$/ || h + 0 == 0) print "-"; else printf "%.3f", b / h }')
		ok=1
		grep -q '^Observation' "$tmp/b.out" || ok=0
		[ "$same" = DIFFERENT ] && ok=0
		awk -v b="$bt" -v h="$ht" 'BEGIN { exit !(h ~ /^[0-9.]+$/ && b > h) }' && ok=0
		if [ "$ok" = 1 ]; then pass=$((pass + 1)); st=ok; else fail=$((fail + 1)); st=FAIL; fi
		printf '%-8s %8s %8s %10s  %s %s\n' "$fam-$n" "$bt" "$ht" "$r" "$st" "$same"
	}
done
echo "$unit, one process per test, measured in this run (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) CPUs)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
