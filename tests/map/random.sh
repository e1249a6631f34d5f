#!/bin/sh
# tests/map/random.sh [COUNT [SEED]] - `bpfmm map` on random BPF tests.
#
# build/bpfgen --no-acqrel writes COUNT (default 300) random tests of seed
# SEED (default 2): loads, stores, fetch / lock atomics, xchg, cmpxchg,
# address / data / control dependencies, no load_acquire / store_release
# (no 6.12 JIT has them). Then:
#  - every table of tests/map/sound-mappings.txt must be sound or
#    sound-stronger on every test (a test too large to check is skipped),
#    or unsupported on a class listed after its name there (the JIT
#    refuses it);
#  - every historical table (mappings/*-before-*), loongarch64-linux-6.12
#    and loongarch64-967566ad325b (upstream, the same atomics) must be
#    unsound on at least one test: the random tests can see the
#    bugs the named tests of expect-unsound.txt show. The default seed is
#    one whose 300 tests reach riscv64-before-e59db0623f69's narrow bug (a
#    store or load before a successful cmpxchg overtaken by its sc's store:
#    seed 11 has no such test, seed 2 one).
#  - arm-linux-6.12 (no atomics: the JIT refuses them) under variant
#    same-address-w of arm.cat: sound on every test without an atomic.
#  - every upstream table of sound-mappings.txt (kernel upstream ...: they
#    have load_acquire / store_release) must also be sound or sound-stronger on COUNT more
#    random tests of the same seed generated with acquire / release
#    (bpfgen without --no-acqrel).
# Prints the verdict counts per table and ends with "N passed, N failed".
set -u
# map N tests at a time (map -j is byte-identical to -j 1: suite parallel)
jobs=${MAP_JOBS:-$(nproc 2>/dev/null || echo 2)}
cd "$(dirname "$0")/../.." || exit 2
count=${1:-300}
seed=${2:-2}
bpfmm=${BPFMM:-build/bpfmm}
bpfgen=${BPFGEN:-build/bpfgen}
[ -x "$bpfgen" ] || make -s "$bpfgen" >/dev/null || { echo "random.sh: cannot build $bpfgen" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
"$bpfgen" --seed "$seed" --count "$count" --no-acqrel --outdir "$tmp" >/dev/null || exit 2
ls "$tmp"/*.litmus >"$tmp/files"
mkdir "$tmp/acqrel" || exit 2
"$bpfgen" --seed "$seed" --count "$count" --outdir "$tmp/acqrel" >/dev/null || exit 2
ls "$tmp"/acqrel/*.litmus >"$tmp/files-acqrel"
grep -q 'load_acquire\|store_release' "$tmp"/acqrel/*.litmus || { echo "random.sh: bpfgen wrote no acquire / release" >&2; exit 2; }
pass=0 fail=0

verdicts() {   # MAPPING -> $tmp/out
	xargs "$bpfmm" map -j "$jobs" --mapping "$1" <"$tmp/files" >"$tmp/out" 2>"$tmp/err"
	summary=$(awk '$1 == "Map" { c[$5]++ } END { for (v in c) printf "%s %d  ", v, c[v] }' "$tmp/out")
	skipped=$(grep -c 'error:' "$tmp/err")
	echo "$1: $summary(too large: $skipped)"
}

# sound-mappings.txt: NAME, then the classes the JIT refuses (unsupported
# is accepted there)
grep -v '^#' tests/map/sound-mappings.txt | while read -r m refused; do
	[ -n "$m" ] || continue
	verdicts "$m"
	bad=$(awk -v refused="$refused" '$1 == "Map" && $5 != "sound" && $5 != "sound-stronger" &&
		!($5 == "unsupported" && index(" " refused " ", " " $6 " "))' "$tmp/out")
	if [ -z "$bad" ]; then
		echo "PASS $m" >>"$tmp/sound"
	else
		echo "FAIL $m" >>"$tmp/sound"
		echo "$bad" | sed "s/^/FAIL: /"
	fi
done
pass=$((pass + $(grep -c '^PASS' "$tmp/sound")))
fail=$((fail + $(grep -c '^FAIL' "$tmp/sound")))
# the upstream tables on the tests with acquire / release (those of
# sound-mappings.txt, and loongarch64-proposed, which has the upstream
# loongarch64 rows; an upstream table known unsound, loongarch64's, is
# checked with the 6.12 ones below)
for m in $(grep -l '^kernel upstream' mappings/* | sed 's|.*/||') loongarch64-proposed; do
	grep -q "^$m\( \|\$\)" tests/map/sound-mappings.txt || continue
	xargs "$bpfmm" map -j "$jobs" --mapping "$m" <"$tmp/files-acqrel" >"$tmp/out" 2>"$tmp/err"
	echo "$m (acquire / release): $(awk '$1 == "Map" { c[$5]++ } END { for (v in c) printf "%s %d  ", v, c[v] }' "$tmp/out")(too large: $(grep -c 'error:' "$tmp/err"))"
	bad=$(awk '$1 == "Map" && $5 != "sound" && $5 != "sound-stronger" && $5 != "refused"' "$tmp/out")
	if [ -z "$bad" ] && grep -q '^Map ' "$tmp/out"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "$bad" | sed "s/^/FAIL: /"
	fi
done
for path in mappings/*-before-* mappings/loongarch64-linux-6.12 mappings/loongarch64-967566ad325b; do
	m=$(basename "$path")
	verdicts "$m"
	if grep -q '^Map .* unsound ' "$tmp/out"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $m is unsound on no random test"
	fi
done
# arm (32-bit): no atomics (the JIT refuses them); under variant
# same-address-w of arm.cat sound on every other test
if "$bpfmm" map --mapping arm-linux-6.12 tests/litmus/bpf/CoWW.litmus >/dev/null 2>&1; then
	verdicts arm-linux-6.12
	xargs "$bpfmm" map -j "$jobs" --classes --mapping arm-linux-6.12 --variant same-address-w <"$tmp/files" >"$tmp/out" 2>"$tmp/err"
	bad=$(awk '$1 == "Map" {
		c = $NF; sub(/^classes=/, "", c)
		atomic = c ~ /(^|,)(lock|fetch|xchg|cmpxchg)(,|$)/
		if (!($5 == "sound" || $5 == "sound-stronger" || $5 == "refused" || ($5 == "unsupported" && atomic))) print
	}' "$tmp/out")
	echo "arm-linux-6.12 (variant same-address-w): $(awk '$1 == "Map" { c[$5]++ } END { for (v in c) printf "%s %d  ", v, c[v] }' "$tmp/out")"
	if [ -z "$bad" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "$bad" | sed "s/^/FAIL: /"
	fi
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
