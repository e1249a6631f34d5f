#!/bin/sh
# Print a RISC-V litmus test whose second thread performs N memory
# events (default 300): MP with a fence on the writer side and, on the
# reader side, BEFORE reads of z, the flag read, AFTER more reads of z,
# then a read of the data through an address dependency on the flag read.
# Both the flag read and the dependent read are far past event 64, so the
# test checks that dependencies between late events are kept (Never when
# they are; Sometimes if the address dependency were lost).
#
#   tools/gen/long-thread.sh [N [BEFORE]]    (BEFORE: default N / 3)
set -eu
n=${1:-300}
before=${2:-$((n / 3))}
after=$((n - before - 2))
[ "$after" -ge 0 ] || { echo "long-thread.sh: N too small" >&2; exit 2; }
echo "RISCV MP+fence+addr-long-$n"
echo "\"P1 performs $n memory events; the address dependency joins events $before and $((n - 1))\""
echo "{"
echo "0:x5=x; 0:x6=y; 0:x1=1;"
echo "1:x6=y; 1:x9=x; 1:x11=z;"
echo "}"
row() { printf ' %-20s | %-20s ;\n' "$1" "$2"; }
row "P0" "P1"
i=0
while [ $i -lt "$before" ]; do
	case $i in
	0) row "sw x1,0(x5)" "lw x7,0(x11)" ;;
	1) row "fence w,w" "lw x7,0(x11)" ;;
	2) row "sw x1,0(x6)" "lw x7,0(x11)" ;;
	*) row "" "lw x7,0(x11)" ;;
	esac
	i=$((i + 1))
done
row "" "lw x5,0(x6)"
i=0
while [ $i -lt "$after" ]; do row "" "lw x7,0(x11)"; i=$((i + 1)); done
row "" "xor x13,x5,x5"
row "" "add x10,x9,x13"
row "" "lw x8,0(x10)"
echo "exists (1:x5=1 /\\ 1:x8=0)"
