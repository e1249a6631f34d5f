#!/bin/sh
# parallel: -j N and --shard K/N give the output of one sequential run.
#
#   tests/scripts/parallel.sh [BPFMM]
#
# On the BPF catalogue and the RISC-V conformance suite (../shared, or
# $SHARED; skipped when absent) and on our own tests: stdout, stderr, and
# both into one file, byte-identical for -j 1, -j 2, -j 3 and -j 0 (-json
# at -j 2, its "seconds" removed); map, c2bpf and lkmm-map the same way,
# also their --json records (error records of unreadable tests in place);
# the shards 1/N..N/N of a run, concatenated in order, equal the run (N = 1,
# 2, 3, 7, and more shards than tests on short lists), also with -j 2
# inside each shard;
# one test with -j 2 (and -j 3 for every fourth; its enumeration split
# over threads) gives the output of -j 1, the -dot witness included, also
# with -speedcheck true and past a -budget (outcome mode), and in
# mixed-size mode (also with -speedcheck true);
# malformed -j / --shard values are usage errors (exit 2).
# Ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bpfmm=${1:-$root/build/bpfmm}
case $bpfmm in /*) ;; *) bpfmm=$(pwd)/$bpfmm ;; esac
SHARED=${SHARED:-$root/../shared}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
ko() { echo "FAIL: $*"; fail=$((fail + 1)); }

# same NAME LISTFILE ARGS... : every -j gives the bytes of -j 1
same() {
	name=$1 list=$2; shift 2
	# shellcheck disable=SC2046
	"$bpfmm" "$@" -j 1 $(cat "$list") >"$tmp/ref.out" 2>"$tmp/ref.err"
	rc1=$?
	"$bpfmm" "$@" -j 1 $(cat "$list") >"$tmp/ref.both" 2>&1
	for j in 2 3 0; do
		# shellcheck disable=SC2046
		"$bpfmm" "$@" -j $j $(cat "$list") >"$tmp/j.out" 2>"$tmp/j.err"
		rc=$?
		# shellcheck disable=SC2046
		"$bpfmm" "$@" -j $j $(cat "$list") >"$tmp/j.both" 2>&1
		if cmp -s "$tmp/ref.out" "$tmp/j.out" && cmp -s "$tmp/ref.err" "$tmp/j.err" &&
		   cmp -s "$tmp/ref.both" "$tmp/j.both" && [ "$rc" -eq "$rc1" ]; then ok
		else ko "$name: -j $j differs from -j 1 (rc $rc vs $rc1)"; fi
	done
	[ -s "$tmp/ref.out" ] && ok || ko "$name: no output at all"
}

# json NAME LISTFILE: -json records (and stderr, in place) the same at -j 2
# but for the measured "seconds"
json() {
	# shellcheck disable=SC2046
	"$bpfmm" -json $(cat "$2") 2>&1 | sed 's/"seconds":[0-9.e+-]*//' >"$tmp/json1"
	# shellcheck disable=SC2046
	"$bpfmm" -json -j 2 $(cat "$2") 2>&1 | sed 's/"seconds":[0-9.e+-]*//' >"$tmp/json2"
	cmp -s "$tmp/json1" "$tmp/json2" && ok || ko "$1: -json -j 2 differs from -json"
}

# shards NAME LISTFILE ARGS... : shards concatenated = one run
shards() {
	name=$1 list=$2; shift 2
	# shellcheck disable=SC2046
	"$bpfmm" "$@" $(cat "$list") >"$tmp/ref.out" 2>"$tmp/ref.err"
	count=$(wc -l <"$list")
	more=; [ "$count" -le 80 ] && more=$((count + 2))   # more shards than tests
	# a shard of several has no summary line (map, c2bpf, lkmm-map): the
	# shards concatenated are the run but for it
	grep -v -E '^(map [^ ]*|c2bpf|lkmm-map): [0-9]+ tests, [0-9]+ verdicts: ' "$tmp/ref.out" >"$tmp/ref.nosum"
	for n in 1 2 3 7 $more; do
		want=$tmp/ref.out; [ "$n" -gt 1 ] && want=$tmp/ref.nosum
		: >"$tmp/cat.out"; : >"$tmp/cat.err"
		k=1
		while [ "$k" -le "$n" ]; do
			# shellcheck disable=SC2046
			"$bpfmm" "$@" -j 2 --shard "$k/$n" $(cat "$list") >>"$tmp/cat.out" 2>>"$tmp/cat.err"
			k=$((k + 1))
		done
		cmp -s "$want" "$tmp/cat.out" && cmp -s "$tmp/ref.err" "$tmp/cat.err" && ok ||
			ko "$name: $n shards concatenated differ from one run"
	done
}

# our own tests, with a missing file and a malformed test in the middle
# (errors on stderr, and -json error records, stay in place)
ls "$root"/tests/litmus/bpf/*.litmus | sed -n '1,30p' >"$tmp/own"
echo "$tmp/missing.litmus" >>"$tmp/own"
ls "$root"/tests/bad/*.litmus 2>/dev/null | head -3 >>"$tmp/own"
ls "$root"/tests/litmus/bpf/*.litmus | sed -n '31,60p' >>"$tmp/own"
ls "$root"/tests/litmus/engine/*.litmus 2>/dev/null | head -10 >>"$tmp/own"
same own "$tmp/own" -notime
json own "$tmp/own"
shards own "$tmp/own" -notime
same map-json-own "$tmp/own" map --arch arm64 --json

cat="$SHARED/conformance/bpf-catalogue/tests"
if [ -d "$cat" ]; then
	ls "$cat"/*.litmus >"$tmp/cat"
	same catalogue "$tmp/cat" -notime
	shards catalogue "$tmp/cat" -notime
	json catalogue "$tmp/cat"
	ls "$cat"/*.litmus | sed -n '1,60p' >"$tmp/cat60"
	same map-riscv64 "$tmp/cat60" map --arch riscv64 --classes
	same map-loongarch64 "$tmp/cat60" map --arch loongarch64
	same map-json-riscv64 "$tmp/cat60" map --arch riscv64 --json
	shards map-riscv64 "$tmp/cat60" map --arch riscv64
else
	echo "SKIP: no BPF catalogue at $cat"
fi

rv="$SHARED/conformance/riscv/tests"
if [ -d "$rv" ]; then
	find "$rv" -name '*.litmus' | LC_ALL=C sort >"$tmp/rv"
	same riscv "$tmp/rv" -notime -model "$root/models/riscv.cat"
	shards riscv "$tmp/rv" -notime -model "$root/models/riscv.cat"
else
	echo "SKIP: no RISC-V suite at $rv"
fi

# c2bpf and lkmm-map need the kernel's model: skipped without it
if "$bpfmm" c2bpf "$root/tests/litmus/c/$(ls "$root/tests/litmus/c" | grep litmus | head -1)" >/dev/null 2>&1; then
	ls "$root"/tests/litmus/c/*.litmus >"$tmp/c"
	same c2bpf "$tmp/c" c2bpf -v
	same lkmm-map "$tmp/c" lkmm-map -v --mapping all
	ls "$root"/tests/litmus/c/*.litmus | sed -n '1,20p' >"$tmp/c20"
	shards c2bpf "$tmp/c20" c2bpf
	# --json, with a missing file and a BPF test (error records) inside
	{ sed -n '1,10p' "$tmp/c20"; echo "$tmp/missing.litmus"; echo "$root/tests/litmus/bpf/MP+rel+acq.litmus"
	  sed -n '11,20p' "$tmp/c20"; } >"$tmp/cj"
	same c2bpf-json "$tmp/cj" c2bpf --json
	same lkmm-map-json "$tmp/cj" lkmm-map --json --mapping all
else
	echo "SKIP: c2bpf / lkmm-map (no linux-kernel.cat: scripts/lkmm-tree.sh)"
fi

# the README's example with GNU parallel (Debian package parallel), if there
if [ -d "$cat" ] && command -v parallel >/dev/null; then
	# shellcheck disable=SC2046
	"$bpfmm" -notime $(cat "$tmp/cat") >"$tmp/all.out" 2>/dev/null
	# shellcheck disable=SC2046
	parallel -k "$bpfmm" --shard {}/4 -notime $(cat "$tmp/cat") ::: 1 2 3 4 >"$tmp/sharded.out" 2>/dev/null
	cmp -s "$tmp/all.out" "$tmp/sharded.out" && ok || ko "GNU parallel over 4 shards differs from one run"
fi

# One test at a time: -j N splits the test's enumeration over N threads
# (check.c, check_parallel); stdout and stderr, and the -dot graph of the
# witness, must be those of -j 1. Every own test of every dialect, a
# slice of the RISC-V suite, and the kernel's C tests with its model
# (data-race flags, whose order the merge must keep).
one() { # DIR ARGS... < list of files
	dir=$1; shift
	i=0
	while read -r f; do
		(cd "$dir" && "$bpfmm" "$@" -notime -j 1 "$f") >"$tmp/s1.out" 2>"$tmp/s1.err"
		rc1=$?
		i=$((i + 1))
		js=2; [ $((i % 4)) -eq 1 ] && js="2 3"   # -j 3 on every fourth
		for j in $js; do
			(cd "$dir" && "$bpfmm" "$@" -notime -j $j "$f") >"$tmp/sj.out" 2>"$tmp/sj.err"
			rc=$?
			if cmp -s "$tmp/s1.out" "$tmp/sj.out" && cmp -s "$tmp/s1.err" "$tmp/sj.err" &&
			   [ "$rc" -eq "$rc1" ]; then ok
			else ko "one test -j $j differs from -j 1: $f (rc $rc vs $rc1)"; fi
		done
	done
}
ls "$root"/tests/litmus/*/*.litmus | grep -v '/c/' >"$tmp/one"
one "$root" <"$tmp/one"
# -speedcheck true drops the same combinations in every slice
ls "$root"/tests/litmus/bpf/*.litmus | awk 'NR % 3 == 0' >"$tmp/onesc"
one "$root" -speedcheck true <"$tmp/onesc"
# past -budget the slices share the budget and start again in outcome mode
ls "$root"/tests/litmus/bpf/*.litmus | awk 'NR % 3 == 1' >"$tmp/onebu"
one "$root" -budget 2 <"$tmp/onebu"
# mixed-size mode (-variant mixed, docs/mixed-size.md): the own mixed-size
# tests of every dialect, also with -speedcheck true
ls "$root"/tests/litmus/*-mixed/*.litmus >"$tmp/onemx"
one "$root" -variant mixed <"$tmp/onemx"
awk 'NR % 2 == 0' "$tmp/onemx" >"$tmp/onemxsc"
one "$root" -variant mixed -speedcheck true <"$tmp/onemxsc"
# -timeout on the process's clock when no test runs out of it
ls "$root"/tests/litmus/bpf/*.litmus | awk 'NR % 3 == 2' >"$tmp/oneti"
one "$root" -timeout 100 <"$tmp/oneti"
# the witness: graphs of -j 2 and -j 1
mkdir -p "$tmp/dot1" "$tmp/dot2"
ls "$root"/tests/litmus/bpf/*.litmus | sed -n '1,40p' >"$tmp/dotl"
# shellcheck disable=SC2046
"$bpfmm" -notime -dot "$tmp/dot1" $(cat "$tmp/dotl") >/dev/null 2>&1
while read -r f; do "$bpfmm" -notime -j 2 -dot "$tmp/dot2" "$f" >/dev/null 2>&1; done <"$tmp/dotl"
diff -r "$tmp/dot1" "$tmp/dot2" >/dev/null && [ -n "$(ls "$tmp/dot1")" ] && ok ||
	ko "one test -j 2: a -dot witness differs from -j 1"
if [ -d "$rv" ]; then
	find "$rv" -name '*.litmus' | LC_ALL=C sort | awk 'NR % 10 == 1' >"$tmp/rv10"
	one "$root" -model "$root/models/riscv.cat" <"$tmp/rv10"
fi
if lkmm=$(sh "$root/scripts/lkmm-tree.sh" 2>/dev/null); then
	ls "$root"/tests/litmus/c/*.litmus >"$tmp/onec"
	one "$lkmm" -conf linux-kernel.cfg <"$tmp/onec"
else
	echo "SKIP: one C test over threads (no linux-kernel.cat: scripts/lkmm-tree.sh)"
fi

# usage errors
for bad in "-j" "-j x" "-j -1" "--shard 0/2" "--shard 3/2" "--shard 1" "--shard 1/0" "--shard a/b"; do
	# shellcheck disable=SC2086
	"$bpfmm" $bad "$root/tests/litmus/bpf/MP+rel+acq.litmus" >/dev/null 2>&1
	[ $? -eq 2 ] && ok || ko "'bpfmm $bad' is not a usage error"
done
"$bpfmm" map --arch riscv64 -j x "$root/tests/litmus/bpf/MP+rel+acq.litmus" >/dev/null 2>&1
[ $? -eq 2 ] && ok || ko "'bpfmm map -j x' is not a usage error"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
