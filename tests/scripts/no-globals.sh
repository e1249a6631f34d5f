#!/bin/sh
# no-globals: list the file-scope (and function-static) mutable variables
# of src/ and fail on any that is not in the allow-list below.
#
#   tests/scripts/no-globals.sh [OBJDIR]     (default: build/obj)
#
# A mutable variable is an object symbol in a writable data section of an
# object file (objdump -t: .data, .bss, .data.rel, .data.rel.local, .tdata,
# .tbss, and their -fdata-sections forms); const tables live in .rodata or
# .data.rel.ro and are not listed. Prints one line per variable
# ("FILE SECTION NAME", function statics as NAME.N), then "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
objdir=${1:-$root/build/obj}

# FILE NAME (function statics without their .N suffix) and the reason
allow='
cat_parse kept_names   file names of parsed models, kept for the life of the process: instructions and error reports point to them after the tree is freed; pushed lock-free (atomic), so safe under -j
'

if ! command -v objdump >/dev/null; then
	echo "SKIP: objdump (binutils) not found"
	exit 0
fi
objs=$(find "$objdir" -name '*.o' | sort)
if [ -z "$objs" ]; then
	echo "no-globals: no objects in $objdir (run make first)"
	echo "0 passed, 1 failed"
	exit 1
fi
pass=0 fail=0
for o in $objs; do
	f=$(basename "$o" .o)   # src/ may have subdirectories: names stay unique
	objdump -t "$o" | awk -v f="$f" '
		$0 ~ / O / {
			sec = ""; name = $NF
			for (i = 1; i <= NF; i++) if ($i ~ /^\./) { sec = $i; break }
			if (sec ~ /^\.(data|bss|tdata|tbss)(\.|$)/ && sec !~ /rel\.ro/)
				print f, sec, name
		}'
done >"${TMPDIR:-/tmp}/no-globals.$$"
while read -r f sec name; do
	base=${name%%.[0-9]*}
	if printf '%s\n' "$allow" | grep -q "^$f $base "; then
		echo "allowed: $f $sec $name"
		pass=$((pass + 1))
	else
		echo "FAIL: $f $sec $name (file-scope mutable state; pass it in, or allow it here with a reason)"
		fail=$((fail + 1))
	fi
done <"${TMPDIR:-/tmp}/no-globals.$$"
rm -f "${TMPDIR:-/tmp}/no-globals.$$"
[ "$pass" -eq 0 ] && [ "$fail" -eq 0 ] && pass=1   # nothing found: one passing check
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
