#!/bin/sh
# Tests of scripts/lkmm-tree.sh, the one extractor of the LKMM cache, on a
# small fake kernel tarball: every user must see no tree or a whole one.
# Ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tree="$root/scripts/lkmm-tree.sh"
w=$(mktemp -d) || exit 2
trap 'rm -rf "$w"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# the fake tarball: tools/memory-model with two files, one doc test
src=$w/src/linux-source-6.12
mkdir -p "$src/tools/memory-model/litmus-tests" "$src/Documentation/litmus-tests/atomic" "$src/arch"
echo '"fake"' >"$src/tools/memory-model/linux-kernel.cat"
echo 'C t' >"$src/tools/memory-model/litmus-tests/t.litmus"
echo 'C d' >"$src/Documentation/litmus-tests/atomic/d.litmus"
echo 'not wanted' >"$src/arch/x"
tar -cJf "$w/k.tar.xz" -C "$w/src" linux-source-6.12 || exit 2
run() { LINUX_SOURCE_TARBALL=$1 BPFMM_LKMM_CACHE=$2 sh "$tree"; }

# 1. first use: the whole tree, stamped, nothing else of the tarball
d=$(run "$w/k.tar.xz" "$w/c1"); st=$?
[ $st -eq 0 ] && [ "$d" = "$w/c1/linux-source-6.12/tools/memory-model" ] && ok || bad "first use: exit $st, '$d'"
[ -f "$w/c1/linux-source-6.12/.bpfmm-complete" ] && ok || bad "no stamp"
[ -f "$d/litmus-tests/t.litmus" ] && [ -f "$d/../../Documentation/litmus-tests/atomic/d.litmus" ] && ok || bad "litmus tests missing"
[ ! -e "$w/c1/linux-source-6.12/arch" ] && ok || bad "extracted more than the model"
[ -z "$(ls -A "$w/c1" | grep -v '^linux-source-6.12$')" ] && ok || bad "temporary directory left: $(ls -A "$w/c1")"

# 2. a partial tree from an older bpfmm (no stamp) is replaced
mkdir -p "$w/c2/linux-source-6.12/tools/memory-model"
echo '"partial"' >"$w/c2/linux-source-6.12/tools/memory-model/linux-kernel.cat"
d=$(run "$w/k.tar.xz" "$w/c2"); st=$?
[ $st -eq 0 ] && [ -f "$d/litmus-tests/t.litmus" ] && grep -q fake "$d/linux-kernel.cat" && ok || bad "partial tree kept: exit $st"

# 3. a complete tree is used as it is, even without the tarball
d=$(run "$w/none.tar.xz" "$w/c1"); st=$?
[ $st -eq 0 ] && [ "$d" = "$w/c1/linux-source-6.12/tools/memory-model" ] && ok || bad "cached tree not reused: exit $st"

# 4. no tarball, no tree: exit 3, nothing printed, no cache left half made
d=$(run "$w/none.tar.xz" "$w/c3"); st=$?
[ $st -eq 3 ] && [ -z "$d" ] && ok || bad "no tarball: exit $st, '$d'"

# 5. a tarball without the model: exit 2, no tree left behind
mkdir -p "$w/src2/linux-source-6.12/arch" && echo x >"$w/src2/linux-source-6.12/arch/x"
tar -cJf "$w/nomodel.tar.xz" -C "$w/src2" linux-source-6.12
run "$w/nomodel.tar.xz" "$w/c4" >/dev/null 2>&1; st=$?
[ $st -eq 2 ] && [ -z "$(ls -A "$w/c4" 2>/dev/null)" ] && ok || bad "tarball without model: exit $st, left $(ls -A "$w/c4" 2>/dev/null)"

# 6. four users at once on an empty cache: each gets the whole tree
for i in 1 2 3 4; do
	( d=$(run "$w/k.tar.xz" "$w/c5") && [ -f "$d/litmus-tests/t.litmus" ] && echo ok >"$w/r$i" ) &
done
wait
n=$(cat "$w"/r[1-4] 2>/dev/null | grep -c ok)
[ "$n" -eq 4 ] && ok || bad "concurrent users: $n of 4 saw a whole tree"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
