#!/bin/sh
# kernel/herdtools7/acqrel-states.sh [COUNT [SEED]] - models/bpf.cat against
# herdtools7's own bpf.cat on every test with load_acquire / store_release:
# the catalogue's, our corpus's (tests/litmus/bpf) and those of COUNT
# (default 300) random tests of seed SEED (default 2) written by build/bpfgen
# with acquire / release (docs/bpf-memory-model.md, section 9).
#
# The reference model runs under the reference herd7 (../shared; SKIP
# without them), ours under bpfmm. For every test the sets of final States
# are compared. A test whose States differ passes only if herdtools7's
# model with our one-line fix (0001-bpf.cat-amo-in-the-coherence-check.patch:
# the read and write of one RMW joined in the coherence check) gives
# exactly our States: the only difference section 9 documents. Prints one
# line per differing test and ends with "N passed, N failed".
# Takes a few minutes (herd7 on the ~370 tests).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$root/../shared}
H=${HERD7:-$SHARED/tools/herd7/herd7}
ref=$SHARED/reference-models/herdtools7-bpf.cat
catalogue=$SHARED/conformance/bpf-catalogue/tests
patch=$root/kernel/herdtools7/0001-bpf.cat-amo-in-the-coherence-check.patch
bpfmm=${BPFMM:-$root/build/bpfmm}
bpfgen=${BPFGEN:-$root/build/bpfgen}
count=${1:-300}
seed=${2:-2}
[ -x "$H" ] && [ -f "$ref" ] || { echo "SKIP: no herd7 or reference bpf.cat under $SHARED"; exit 0; }
[ -x "$bpfgen" ] || (cd "$root" && make -s build/bpfgen) || exit 2
w=$(mktemp -d) || exit 2
trap 'rm -rf "$w"' EXIT
pass=0 fail=0

mkdir -p "$w/gen" "$w/p/herd/libdir"
"$bpfgen" --seed "$seed" --count "$count" --outdir "$w/gen" >/dev/null || exit 2
cp "$ref" "$w/p/herd/libdir/bpf.cat"
(cd "$w/p" && patch -s -p1 <"$patch") || { echo "FAIL: the patch does not apply"; exit 1; }
{
	[ -d "$catalogue" ] && ls "$catalogue"/*.litmus
	ls "$root"/tests/litmus/bpf/*.litmus "$w"/gen/*.litmus
} | xargs grep -l 'load_acquire\|store_release' >"$w/files"
echo "$(wc -l <"$w/files") tests with load_acquire / store_release"

# herd7 / bpfmm output -> "NAME STATE|STATE|..." (states sorted), by name
states() {
	awk '
	function flush(  i, j, v, s) {
		if (name == "") return
		for (i = 2; i <= ns; i++) { v = st[i]; j = i - 1
			while (j >= 1 && st[j] > v) { st[j + 1] = st[j]; j-- }; st[j + 1] = v }
		s = ""; for (i = 1; i <= ns; i++) s = s (i > 1 ? "|" : "") st[i]
		print name, s; name = ""; ns = 0
	}
	/^Test / { flush(); name = $2; left = 0; ns = 0; next }
	/^States / { left = $2 + 0; next }
	left > 0 { l = $0; gsub(/[ \t]+/, "", l); st[++ns] = l; left--; next }
	END { flush() }' | sort
}
# shellcheck disable=SC2046
"$H" -model "$ref" $(cat "$w/files") 2>/dev/null | states >"$w/ref"
# shellcheck disable=SC2046
"$bpfmm" -notime $(cat "$w/files") 2>/dev/null | states >"$w/ours"
n=$(wc -l <"$w/files")
for f in ref ours; do
	[ "$(wc -l <"$w/$f")" -eq "$n" ] || { echo "FAIL: $f: $(wc -l <"$w/$f") results for $n tests"; fail=$((fail + 1)); }
done
join "$w/ref" "$w/ours" | awk '$2 != $3 { print $1 }' >"$w/differ"
same=$(join "$w/ref" "$w/ours" | awk '$2 == $3' | wc -l)
pass=$((pass + same))
if [ -s "$w/differ" ]; then
	for t in $(cat "$w/differ"); do
		f=$(grep -l "^BPF $t\$" $(cat "$w/files") | head -1)
		"$H" -model "$w/p/herd/libdir/bpf.cat" "$f" 2>/dev/null | states >"$w/one"
		if [ "$(cut -d' ' -f2 "$w/one")" = "$(awk -v t="$t" '$1 == t { print $2 }' "$w/ours")" ]; then
			echo "differs: $t (with the amo coherence fix herdtools7's bpf.cat gives our States)"
			pass=$((pass + 1))
		else
			echo "FAIL: $t: States differ, and not only by the amo coherence fix"
			fail=$((fail + 1))
		fi
	done
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
