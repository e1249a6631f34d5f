#!/bin/sh
# clang-nonfetch.sh - a stand-in for a clang whose BPF backend compiles a
# relaxed fetch-add whose result is used to a non-fetch add, the register
# then holding the addend, not the old value (LLVM issue 210280, clang 20
# and later, as reported; no such clang is in Debian 12).  It takes the
# arguments `bpfmm clang2bpf --clang` passes (`... -mcpu=vN ... -c - -o -`),
# compiles with clang-19 to assembly, rewrites each
#     rD = atomic_fetch_add((uN *)(rB + off), rD)
# as the non-fetch
#     lock *(uN *)(rB + off) += rD
# (w registers alike), and assembles that with llvm-mc-19: the object such
# a compiler hands over.  Every fetch-add is rewritten, so give it only
# tests whose fetch-adds are the relaxed ones of that report.
set -u
mcpu=v3
for a in "$@"; do
	case $a in -mcpu=*) mcpu=${a#-mcpu=} ;; esac
done
# the same arguments with -S for -c
n=$#
i=0
while [ $i -lt $n ]; do
	a=$1
	shift
	i=$((i + 1))
	[ "$a" = -c ] && a=-S
	set -- "$@" "$a"
done
clang-19 "$@" |
	sed -E 's/^([[:space:]]*)([rw][0-9]+) = atomic_fetch_add\(\((u(32|64)) \*\)\((r[0-9]+) ([+-]) ([0-9]+)\), \2\)/\1lock *(\3 *)(\5 \6 \7) += \2/' |
	llvm-mc-19 -triple=bpfel -mcpu="$mcpu" -filetype=obj -o - -
