#!/bin/sh
# rrg-shape.sh - write C-RR-G+N: N RCU readers against one updater (P0
# writes x, waits for a grace period with synchronize_rcu(), writes y);
# reader i reads y then x inside one read-side critical section.  The
# condition asks whether some reader sees the new y and the old x, which
# RCU forbids (the grace period separates the two writes for every
# reader): Never, with 3^N final states (each reader sees 00, 01 or 11)
# out of 4^N combinations of values read.
#
# Usage: sh bench/rrg-shape.sh DIR N...   Prints the names of the files.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
[ $# -ge 2 ] || { echo "usage: sh bench/rrg-shape.sh DIR N..." >&2; exit 2; }
dir=$1
shift
for n in "$@"; do
	shape_count rrg-shape.sh reader 1 "$n"
	f=$dir/C-RR-G+$n.litmus
	{
		echo "C C-RR-G+$n"
		echo
		echo "(* $n RCU readers and one grace period, written by bench/rrg-shape.sh *)"
		echo
		echo "{}"
		echo
		printf 'P0(int *x, int *y)\n{\n\tWRITE_ONCE(*x, 1);\n\tsynchronize_rcu();\n\tWRITE_ONCE(*y, 1);\n}\n'
		i=1
		cond=
		while [ "$i" -le "$n" ]; do
			printf '\nP%d(int *x, int *y)\n{\n\tint r0;\n\tint r1;\n\n' "$i"
			printf '\trcu_read_lock();\n\tr0 = READ_ONCE(*y);\n\tr1 = READ_ONCE(*x);\n\trcu_read_unlock();\n}\n'
			cond="$cond${cond:+ \\/ }($i:r0=1 /\\ $i:r1=0)"
			i=$((i + 1))
		done
		echo
		echo "exists ($cond)"
	} > "$f"
	echo "$f"
done
