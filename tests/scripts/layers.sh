#!/bin/sh
# Layering of src/ (src/README.md): every `#include "stage/name.h"` of a
# file in src/STAGE must name STAGE itself or a stage below it:
#
#   cmd -> jit, kit, arch, exec, cat, litmus, base
#   jit -> kit, arch, exec, cat, litmus, base
#   kit -> arch, exec, cat, litmus, base
#   arch -> litmus, base      exec -> cat, litmus, base
#   cat -> litmus, base       litmus -> base        base -> (none)
#
# Also: every include of a project header is stage-qualified and names a
# file that exists, and no .c/.h file sits directly in src/.
# Usage: tests/scripts/layers.sh [SRC_DIR]   Ends with "N passed, N failed".
set -u
src=${1:-$(dirname "$0")/../../src}
pass=0 fail=0

allowed() {
	case $1 in
	base) echo "" ;;
	litmus) echo "base" ;;
	cat) echo "litmus base" ;;
	arch) echo "litmus base" ;;
	exec) echo "cat litmus base" ;;
	kit) echo "arch exec cat litmus base" ;;
	jit) echo "kit arch exec cat litmus base" ;;
	cmd) echo "jit kit arch exec cat litmus base" ;;
	*) echo "?" ;;
	esac
}

loose=$(find "$src" -maxdepth 1 -name '*.[ch]' | sed "s|^$src/||")
if [ -n "$loose" ]; then
	echo "FAIL: files directly in src/ (put them in a stage directory): $loose"
	fail=$((fail + 1))
else
	pass=$((pass + 1))
fi

for dir in "$src"/*/; do
	stage=$(basename "$dir")
	ok=$(allowed "$stage")
	if [ "$ok" = "?" ]; then
		echo "FAIL: src/$stage is not a known stage (add it to src/README.md and this script)"
		fail=$((fail + 1))
		continue
	fi
	for f in "$dir"*.[ch]; do
		[ -f "$f" ] || continue
		bad=0
		# Project includes only ("..."); system headers use <...>.
		for inc in $(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f"); do
			case $inc in
			*/*) ;;
			*)
				echo "FAIL: src/$stage/$(basename "$f"): include \"$inc\" is not stage-qualified"
				bad=1
				continue ;;
			esac
			to=${inc%%/*}
			if [ ! -f "$src/$inc" ]; then
				echo "FAIL: src/$stage/$(basename "$f"): include \"$inc\": no such file"
				bad=1
			elif [ "$to" != "$stage" ] && ! echo " $ok " | grep -q " $to "; then
				echo "FAIL: src/$stage/$(basename "$f") includes $inc: $stage may use only: ${ok:-nothing}"
				bad=1
			fi
		done
		if [ $bad -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
	done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
