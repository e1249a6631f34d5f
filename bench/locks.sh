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
#            taken N times; exists 0:r0=0 /\ 1:r0=0: Never)
# Each test runs once in each tool, one process per test; herd7 gets
# HERD_LIMIT seconds (default 120) of wall time. Prints both times, the
# ratio bpfmm/herd7 and whether the States and the Observation kind are
# the same; ends with "N passed, N failed" (a failure: different results,
# or bpfmm over 1 s or slower than herd7).
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

secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }

cd "$dir" || exit 2
pass=0 fail=0
printf '%-8s %8s %8s %10s  %s\n' test bpfmm herd7 bpfmm/herd7 result
for fam in ring one; do
	for n in 2 3 4 5; do
		f=$tmp/$fam-$n.litmus
		$fam "$n" "$f"
		t0=$(now)
		timeout 300 "$BPFMM" -conf linux-kernel.cfg "$f" >"$tmp/b.out" 2>&1
		bt=$(secs "$t0" "$(now)")
		ht=- same=
		if [ "$herd_ok" = 1 ]; then
			t0=$(now)
			if timeout "$HERD_LIMIT" "$HERD7" -conf linux-kernel.cfg "$f" >"$tmp/h.out" 2>&1; then
				ht=$(secs "$t0" "$(now)")
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
		awk -v b="$bt" -v h="$ht" 'BEGIN { exit !(b > 1 || (h ~ /^[0-9.]+$/ && b > h)) }' && ok=0
		if [ "$ok" = 1 ]; then pass=$((pass + 1)); st=ok; else fail=$((fail + 1)); st=FAIL; fi
		printf '%-8s %8s %8s %10s  %s %s\n' "$fam-$n" "$bt" "$ht" "$r" "$st" "$same"
	done
done
echo "wall seconds, one process per test, measured in this run (load average $(cut -d' ' -f1 /proc/loadavg) on $(nproc) CPUs)"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
