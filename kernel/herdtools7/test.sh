#!/bin/sh
# Check kernel/herdtools7/0001-*.patch against the reference herd7 and
# herdtools7's own bpf.cat (both in ../shared; SKIP without them):
#   1. the patch applies to the reference file;
#   2. unpatched, the model allows tests/litmus/bpf/cmpxchg-cycle;
#      patched, it forbids it, as models/bpf.cat does;
#   3. on every other test of our BPF corpus and of the catalogue, the
#      patched model gives the same Observation as the unpatched one and
#      as models/bpf.cat.
# Ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$root/../shared}
H=${HERD7:-$SHARED/tools/herd7/herd7}
ref=$SHARED/reference-models/herdtools7-bpf.cat
cat_dir=$SHARED/conformance/bpf-catalogue/tests
patch=$root/kernel/herdtools7/0001-bpf.cat-amo-in-the-coherence-check.patch
[ -x "$H" ] && [ -f "$ref" ] || { echo "SKIP: no herd7 or reference bpf.cat under $SHARED"; exit 0; }
w=$(mktemp -d) || exit 2
trap 'rm -rf "$w"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

mkdir -p "$w/a/herd/libdir" "$w/b/herd/libdir"
cp "$ref" "$w/a/herd/libdir/bpf.cat"
cp "$ref" "$w/b/herd/libdir/bpf.cat"
if (cd "$w/b" && patch -s -p1 <"$patch") >"$w/patch.log" 2>&1; then ok
else bad "patch does not apply: $(cat "$w/patch.log")"; fi

obs() { # MODEL FILES... -> "NAME KIND" lines, sorted
	m=$1; shift
	"$H" -model "$m" "$@" 2>/dev/null | awk '/^Observation/ { print $2, $3 }' | sort
}
t=$root/tests/litmus/bpf/cmpxchg-cycle.litmus
[ "$(obs "$w/a/herd/libdir/bpf.cat" "$t")" = "cmpxchg-cycle Sometimes" ] && ok || bad "unpatched model does not allow cmpxchg-cycle"
[ "$(obs "$w/b/herd/libdir/bpf.cat" "$t")" = "cmpxchg-cycle Never" ] && ok || bad "patched model does not forbid cmpxchg-cycle"
[ "$(obs "$root/models/bpf.cat" "$t")" = "cmpxchg-cycle Never" ] && ok || bad "models/bpf.cat does not forbid cmpxchg-cycle"

set -- "$root"/tests/litmus/bpf/*.litmus
[ -d "$cat_dir" ] && set -- "$@" "$cat_dir"/*.litmus
obs "$w/a/herd/libdir/bpf.cat" "$@" | grep -v '^cmpxchg-cycle ' >"$w/a.obs"
obs "$w/b/herd/libdir/bpf.cat" "$@" | grep -v '^cmpxchg-cycle ' >"$w/b.obs"
obs "$root/models/bpf.cat" "$@" | grep -v '^cmpxchg-cycle ' >"$w/ours.obs"
n=$(wc -l <"$w/b.obs")
[ "$n" -ge $(($# - 1)) ] && ok || bad "herd7 answered $n of $(($# - 1)) tests"
if cmp -s "$w/a.obs" "$w/b.obs"; then ok; else bad "patch changes other results:"; diff "$w/a.obs" "$w/b.obs"; fi
if cmp -s "$w/b.obs" "$w/ours.obs"; then ok; else bad "patched model and models/bpf.cat differ:"; diff "$w/b.obs" "$w/ours.obs"; fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
