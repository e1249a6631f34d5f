#!/bin/sh
# lock-shape.sh - write C-SB+emulated-lock+N: store buffering across N
# processes in a ring, each inside one critical section of a spinlock
# emulated with atomics (perfbook's "modeling vs. emulation"): the lock
# is taken by cmpxchg_acquire(sl, 0, 1), and `filter` keeps the
# executions where every process got it; released by
# smp_store_release(sl, 0).  Process i writes x<i> and reads x<i+1> (the
# last reads x0).  The condition asks for every read to miss the write
# before it, a cycle the lock forbids: Never.
#
# Usage: sh bench/lock-shape.sh DIR N...   Prints the names of the files.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/lib.sh"
[ $# -ge 2 ] || { echo "usage: sh bench/lock-shape.sh DIR N..." >&2; exit 2; }
dir=$1
shift
for n in "$@"; do
	shape_count lock-shape.sh process 2 "$n"
	f=$dir/C-SB+emulated-lock+$n.litmus
	{
		echo "C C-SB+emulated-lock+$n"
		echo
		echo "(* $n processes, a lock emulated with cmpxchg_acquire, written by bench/lock-shape.sh *)"
		echo
		echo "{}"
		i=0
		filt= cond=
		while [ "$i" -lt "$n" ]; do
			j=$(((i + 1) % n))
			printf '\nP%d(int *sl, int *x%d, int *x%d)\n{\n\tint r1;\n\tint r2;\n\n' "$i" "$i" "$j"
			printf '\tr2 = cmpxchg_acquire(sl, 0, 1);\n\tWRITE_ONCE(*x%d, 1);\n' "$i"
			printf '\tr1 = READ_ONCE(*x%d);\n\tsmp_store_release(sl, 0);\n}\n' "$j"
			filt="$filt${filt:+ /\\ }$i:r2=0"
			cond="$cond${cond:+ /\\ }$i:r1=0"
			i=$((i + 1))
		done
		echo
		echo "filter ($filt)"
		echo "exists ($cond)"
	} > "$f"
	echo "$f"
done
