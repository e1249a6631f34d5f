#!/bin/sh
# The fixed-seed slice of the hardware differential test run by
# `make check` (suite hw-diff): COUNT (default 100; AArch64 tests are the
# slow ones in herd7) tests per architecture from build/hwgen --seed SEED
# (default 1), each compared with herd7 running herd7's own model of the
# architecture (tests/diff/hw-diff.sh). AArch64's COUNT is shared: a
# quarter (ZR_COUNT) goes to aarch64-zr, hwgen's zero-destination-register
# class, the rest to aarch64 (its tests 0.. as before); when the list of
# architectures has aarch64-zr without aarch64, aarch64-zr gets COUNT.
# ZR_FLAGS: more hwgen options for aarch64-zr (`make hw-diff-check`'s
# pick-class run: --threads 2). SEED may be a
# comma-separated list (`make hw-diff-check`: 3,4,5,6,7): COUNT tests of each seed. Ends with
# the summed "N passed, N failed" (", N explained" when a difference was
# an explained one, hw-diff.sh); prints "SKIP" without $SHARED. MIPS runs
# three comparisons per test (hw-diff.sh): MIPS_COUNT (default COUNT) sets
# its number of tests apart (make check's slice: 20); MIXED_COUNT (default
# COUNT) that of each mixed-size class, aarch64-mixed and x86-mixed
# (-variant mixed on both tools, docs/mixed-size.md; make check's slice: 40);
# PICK_COUNT (default COUNT) that of aarch64-pick, the AArch64 pick class
# (issue 39; make check's slice: 20; `make hw-diff-check` runs it apart,
# with PICK_COUNT=0 in its main run), PICK_FLAGS its hwgen options (both:
# --shapes LB,LB3,LB3W,MP,S). An architecture whose count is 0 is left out.
#
#   tests/diff/hw-slice.sh [COUNT [SEED[,SEED...] [ARCH...]]]
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$root/../shared}
count=${1:-100}
seed=${2:-1}
[ $# -ge 2 ] && shift 2 || set --
[ $# -gt 0 ] || set -- aarch64 aarch64-zr aarch64-pick aarch64-mixed riscv ppc x86 x86-mixed arm mips
zr_count=${ZR_COUNT:-$((count / 4))}
if [ ! -x "$SHARED/tools/herd7/herd7" ]; then echo "SKIP: herd7 not found under $SHARED"; exit 0; fi
case $seed in *[!0-9,]*|'') echo "usage: $0 [COUNT [SEED[,SEED...] [ARCH...]]]" >&2; exit 2 ;; esac
pass=0 fail=0 expl=0
for seed in $(echo "$seed" | tr ',' ' '); do
for arch in "$@"; do
	n=$count
	case " $* " in *" aarch64 "*" aarch64-zr "*|*" aarch64-zr "*" aarch64 "*)
		case $arch in aarch64) n=$((count - zr_count)) ;; aarch64-zr) n=$zr_count ;; esac ;;
	esac
	flags=
	[ "$arch" = aarch64-zr ] && flags=${ZR_FLAGS:-}
	[ "$arch" = aarch64-pick ] && flags=${PICK_FLAGS:-} n=${PICK_COUNT:-$count}
	[ "$arch" = mips ] && n=${MIPS_COUNT:-$count}
	case $arch in *-mixed) n=${MIXED_COUNT:-$count} ;; esac
	[ "$n" -gt 0 ] || continue
	out=$(SHARED=$SHARED HWGEN_FLAGS=$flags sh "$root/tests/diff/hw-diff.sh" "$arch" "$n" "$seed" 2>&1)
	echo "$out" | grep -E '^(FAIL|EXPLAINED|   |note|explained classes)' | sed "s/^/$arch: /"
	line=$(echo "$out" | tail -n 1)
	p=$(echo "$line" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed.*/\1/p')
	f=$(echo "$line" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed.*/\2/p')
	case $line in SKIP*) echo "$arch: $line"; continue ;; esac
	e=$(echo "$line" | sed -nE 's/^[0-9]+ passed, [0-9]+ failed, ([0-9]+) explained.*/\1/p')
	[ -n "$p" ] || { echo "$arch: no result: $line"; p=0 f=1; }
	echo "$arch: $p passed, $f failed${e:+, $e explained} ($n tests, seed $seed)"
	pass=$((pass + p)) fail=$((fail + f)) expl=$((expl + ${e:-0}))
done
done
if [ "$expl" -gt 0 ]; then echo "$pass passed, $fail failed, $expl explained"; else echo "$pass passed, $fail failed"; fi
[ "$fail" -eq 0 ]
