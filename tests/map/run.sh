#!/bin/sh
# tests/map/run.sh [BPFMM] - `bpfmm map` over the BPF corpus and catalogue.
#
#  - every table named in sound-mappings.txt must be sound (or
#    sound-stronger) on every test; `unsupported` is accepted only for
#    load_acquire / store_release (no 6.12 JIT has them) and for the
#    classes listed after the table's name there (what the JIT refuses). Every other
#    mappings/*-linux-6.12 (or *-proposed) table bpfmm reads must give a
#    result for every test (its verdicts are the report's business:
#    tests/map/report.sh, docs/jit-mappings.md); `unchecked` (the native
#    front-end does not model an instruction) is a SKIP, `refused` (the
#    6.12 verifier refuses the program) neither a pass nor a failure;
#  - every (mapping, test) of expect-unsound.txt is reported unsound, of
#    expect-sound.txt sound or sound-stronger, and of expect-refused.txt
#    refused (the 6.12 verifier refuses the BPF program);
#  - a few command-line checks (--emit, usage errors);
#  - every historical table is unsound only on tests using the classes its
#    fix changed (fixes.txt), and e59db0623f69's own example reaches its
#    state before the fix;
#  - every table section cites its 6.12 source lines (cites.sh).
# The catalogue is $SHARED/conformance/bpf-catalogue/tests (SHARED defaults
# to ../shared); it is SKIPped when absent. Prints "N passed, N failed".
set -u
# map N tests at a time (map -j is byte-identical to -j 1: suite parallel)
jobs=${MAP_JOBS:-$(nproc 2>/dev/null || echo 2)}
cd "$(dirname "$0")/../.." || exit 2
bpfmm=${1:-build/bpfmm}
shared=${SHARED:-../shared}
catalogue=$shared/conformance/bpf-catalogue/tests
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

ls tests/litmus/bpf/*.litmus tests/map/litmus/*.litmus >"$tmp/files"
if [ -d "$catalogue" ]; then
	ls "$catalogue"/*.litmus >>"$tmp/files"
else
	echo "SKIP: no $catalogue (corpus only)"
fi
nfiles=$(wc -l <"$tmp/files")

# run MAPPING -> $tmp/MAPPING.out (one Map line per test)
run() {
	[ -s "$tmp/$1.out" ] && return 0
	# shellcheck disable=SC2046
	xargs "$bpfmm" map -j "$jobs" --classes --mapping "$1" <"$tmp/files" >"$tmp/$1.out" 2>"$tmp/$1.err"
}

# FILE: FAIL lines, then "OK FAILED" counts: print the first, add the others
tally() {
	grep '^FAIL' "$1"
	set -- $(tail -1 "$1")
	pass=$((pass + $1))
	fail=$((fail + $2))
}

# a table whose native front-end or model is missing is skipped
usable() {
	"$bpfmm" map --mapping "$1" tests/litmus/bpf/CoWW.litmus >/dev/null 2>"$tmp/probe.err" && return 0
	echo "SKIP: $1 ($(head -1 "$tmp/probe.err"))"
	return 1
}

# the upstream tables (kernel upstream ...: docs/jit-mappings.md, "Upstream
# tables") are listed in sound-mappings.txt; they have load_acquire and
# store_release, so a test unsupported for those classes fails there
upstream=$(grep -l '^kernel upstream' mappings/* | sed 's|.*/||')
for path in mappings/*-linux-6.12 mappings/*-proposed $upstream; do
	m=$(basename "$path")
	acqrel=1
	case " $(echo $upstream) " in *" $m "*) acqrel=0 ;; esac
	usable "$m" || continue
	run "$m"
	st=$?
	n=$(grep -c '^Map ' "$tmp/$m.out")
	nun=$(grep -c '^Map .* unchecked ' "$tmp/$m.out")
	[ "$nun" -gt 0 ] && echo "SKIP: $m: $nun tests unchecked (native front-end)"
	if [ $st -eq 0 ] || [ "$(grep -c ': error: generated' "$tmp/$m.err")" -eq "$nun" ]; then
		ok
	else
		bad "$m: bpfmm map exited $st: $(grep -v unchecked "$tmp/$m.err" | head -3)"
	fi
	if [ "$n" -eq "$nfiles" ]; then ok; else bad "$m: $n results for $nfiles tests"; fi
	# sound-mappings.txt: NAME, then the classes the JIT refuses (a test
	# using one of them may be unsupported)
	refused=$(awk -v m="$m" '$1 == m { $1 = ""; print "x" $0 }' tests/map/sound-mappings.txt)
	if [ -z "$refused" ]; then
		echo "INFO: $m: $(awk '$1 == "Map" { c[$5]++ } END { for (v in c) printf "%s %d  ", v, c[v] }' "$tmp/$m.out")"
		continue
	fi
	awk -v m="$m" -v refused="${refused#x}" -v acqrel="$acqrel" '$1 == "Map" {
		if ($5 == "sound" || $5 == "sound-stronger") ok++
		else if (acqrel && $5 == "unsupported" && ($6 == "load_acquire" || $6 == "store_release")) ok++
		else if ($5 == "unsupported" && index(" " refused " ", " " $6 " ")) ok++
		else if ($5 == "unchecked" || $5 == "refused") next
		else { print "FAIL: " m ": " $0; f++ }
	} END { print ok + 0, f + 0 }' "$tmp/$m.out" >"$tmp/verdicts"
	tally "$tmp/verdicts"
done

# arm (32-bit): the JIT refuses every atomic (build_insn(), BPF_STX |
# BPF_ATOMIC: notyet), so the table is unsupported exactly on the tests
# that use an atomic class (or load_acquire / store_release, not in 6.12);
# on every other test it is sound under variant same-address-w of arm.cat
# (docs/arm-model.md), and under the default model unsound only on the
# tests of expect-unsound.txt (checked there)
arm_check() {   # OUTFILE LABEL
	awk -v lbl="$2" '$1 == "Map" {
		if ($5 == "refused" || $5 == "unchecked") next
		c = $NF; sub(/^classes=/, "", c)
		atomic = c ~ /(^|,)(lock|fetch|xchg|cmpxchg|load_acquire|store_release)(,|$)/
		if ($5 == "unsupported") { if (atomic) ok++; else { print "FAIL: " lbl ": " $2 " unsupported without an atomic"; f++ } }
		else if (atomic) { print "FAIL: " lbl ": " $2 " uses an atomic but is " $5; f++ }
		else if ($5 == "sound" || $5 == "sound-stronger") ok++
		else if (lbl !~ /same-address-w/ && $5 == "unsound") ok++
		else { print "FAIL: " lbl ": " $0; f++ }
	} END { print ok + 0, f + 0 }' "$1" >"$tmp/arm-verdicts"
	tally "$tmp/arm-verdicts"
}
if usable arm-linux-6.12; then
	run arm-linux-6.12
	arm_check "$tmp/arm-linux-6.12.out" arm-linux-6.12
	xargs "$bpfmm" map -j "$jobs" --classes --mapping arm-linux-6.12 --variant same-address-w <"$tmp/files" >"$tmp/arm-w.out" 2>"$tmp/arm-w.err"
	arm_check "$tmp/arm-w.out" "arm-linux-6.12 (variant same-address-w)"
fi

expect() {   # FILE WORDS...
	file=$1
	shift
	grep -v '^#' "$file" | while read -r m t; do
		[ -n "$m" ] || continue
		usable "$m" >/dev/null || { echo "SKIP $m $t"; continue; }
		run "$m"
		got=$(awk -v t="$t" '$1 == "Map" && $2 == t { print $5 }' "$tmp/$m.out")
		if [ -z "$got" ]; then
			echo "SKIP $m $t"
			continue
		fi
		hit=0
		for w in "$@"; do [ "$got" = "$w" ] && hit=1; done
		if [ $hit = 1 ]; then echo "PASS $m $t"; else echo "FAIL: $m on $t: $got, expected $*"; fi
	done
}
{ expect tests/map/expect-unsound.txt unsound
  expect tests/map/expect-sound.txt sound sound-stronger
  expect tests/map/expect-refused.txt refused; } >"$tmp/expect"
grep -v '^PASS' "$tmp/expect"
pass=$((pass + $(grep -c '^PASS' "$tmp/expect")))
fail=$((fail + $(grep -c '^FAIL' "$tmp/expect")))

# a historical table is unsound only on tests using the classes its fix
# changed (fixes.txt), and on at least one
grep -v '^#' tests/map/fixes.txt | while read -r m classes; do
	[ -n "$m" ] || continue
	usable "$m" >/dev/null || { echo "SKIP $m"; continue; }
	run "$m"
	awk -v m="$m" -v want="$classes" '$1 == "Map" && $5 == "unsound" {
		n++; c = $NF; sub(/^classes=/, "", c)
		k = split(c, used, ","); hit = 0
		for (i = 1; i <= k; i++) if (index("," want ",", "," used[i] ",")) hit = 1
		if (!hit) { print "FAIL: " m " unsound on " $2 ", which uses none of " want; bad++ }
	} END { if (n == 0) { print "FAIL: " m " unsound on no test"; bad++ }
		if (!bad) print "PASS " m }' "$tmp/$m.out"
done >"$tmp/fixes"
grep -v '^PASS' "$tmp/fixes"
pass=$((pass + $(grep -c '^PASS' "$tmp/fixes")))
fail=$((fail + $(grep -c '^FAIL' "$tmp/fixes")))

# the example of e59db0623f69's commit message reaches exactly its exists
# clause before the fix, and the native execution shows P0's sc.d store to
# y before the fence, P1 reading y=1 and then x=0
f=tests/map/litmus/MP+success_cmpxchg+fence.litmus
out=$("$bpfmm" map --mapping riscv64-before-e59db0623f69 "$f")
if echo "$out" | grep -q '^Map MP+success_cmpxchg+fence riscv64 riscv64-before-e59db0623f69 unsound .*1:r1=1; .*1:r6=0;' \
   && echo "$out" | grep -q '^    P0: W x=1; R y=0 from init; W y=1; F$' \
   && echo "$out" | grep -q '^    P1: R y=1 from P0 .*; R x=0 from init$' \
   && "$bpfmm" map --mapping riscv64-linux-6.12 "$f" | grep -q '^Map .* sound$'; then
	ok
else
	bad "e59db0623f69's example: $out"
fi

# --emit writes a native test that bpfmm reads back
if "$bpfmm" map --arch riscv64 --emit "$tmp/emit" tests/litmus/bpf/SB+cmpxchg64+cmpxchg64.litmus >/dev/null \
   && "$bpfmm" -notime "$tmp/emit/SB+cmpxchg64+cmpxchg64.litmus" | grep -q '^Observation SB+cmpxchg64+cmpxchg64 Never'; then
	ok
else
	bad "--emit: generated test missing or not Never"
fi
# an unsound test also shows a native execution reaching the state, and
# --dot draws it
mkdir "$tmp/dot"
out=$("$bpfmm" map --mapping riscv64-before-20a759df3bba --dot "$tmp/dot" tests/litmus/bpf/SB+fetchadd+fetchadd.litmus)
if echo "$out" | grep -q '^Map SB+fetchadd+fetchadd .* unsound ' \
   && echo "$out" | grep -q '^    P0: W x=1; RMW f0=0->1 from init; R y=0 from init$' \
   && grep -q '^digraph' "$tmp/dot/SB+fetchadd+fetchadd.riscv64-before-20a759df3bba.dot"; then
	ok
else
	bad "unsound execution / --dot: $out"
fi
# --variant reaches the native model: loongarch64's cmpxchg failure path is
# unsound unless same-address reads stay in order (same-address-rr)
f=tests/litmus/bpf/CoRR+cmpxchg64-fail.litmus
if "$bpfmm" map --mapping loongarch64-linux-6.12 "$f" | grep -q '^Map .* unsound ' \
   && "$bpfmm" map --mapping loongarch64-linux-6.12 --variant same-address-rr "$f" | grep -q '^Map .* sound$'; then
	ok
else
	bad "--variant same-address-rr on $f"
fi
# --variant llsc-mb: mips64 6.12's fetch-add is unsound on a CPU that
# reorders accesses beyond LL/SC (the default mips.cat), sound on one that
# does not; the proposed table (a sync around the loop) is sound either way
f=tests/litmus/bpf/SB+fetchadd+fetchadd.litmus
if "$bpfmm" map --arch mips64el "$f" | grep -q '^Map .* unsound ' \
   && "$bpfmm" map --arch mips64el --variant llsc-mb "$f" | grep -q '^Map .* sound$' \
   && "$bpfmm" map --mapping mips64-proposed "$f" | grep -q '^Map .* sound$'; then
	ok
else
	bad "--variant llsc-mb on $f"
fi
# powerpc32's fetch atomics are sound through their two syncs: the same
# table without them must be unsound on a 32-bit fetch_add SB (the check
# can fail, and the tests reach the fences)
sed '/^\[fetch.4\]/,/^\[xchg.4\]/{/^	sync$/d}; s/^name .*/name powerpc32-nosync/' \
	mappings/powerpc32-linux-6.12 >"$tmp/powerpc32-nosync"
f=tests/map/litmus/SB+fetchadd32+fetchadd32.litmus
if "$bpfmm" map --mapping "$tmp/powerpc32-nosync" "$f" | grep -q '^Map .* unsound ' \
   && "$bpfmm" map --mapping powerpc32-linux-6.12 "$f" | grep -q '^Map .* sound$'; then
	ok
else
	bad "powerpc32 without the fetch syncs should be unsound on $f"
fi
# the upstream tables' acquire / release rows are what make them sound: the
# arm64 table with store_release as a plain STR, or load_acquire as a plain
# LDR, and the riscv64 one without its fence r,rw, are unsound on message
# passing through a release / acquire pair
sed 's/^\(vars [48] .*\)STL=STLR/\1STL=STR/; s/^name .*/name arm64-str-release/' mappings/arm64-eb2269ec76f2 >"$tmp/arm64-str-release"
sed 's/^\(vars [48] .*\)LDA=LDAR/\1LDA=LDR/; s/^name .*/name arm64-ldr-acquire/' mappings/arm64-eb2269ec76f2 >"$tmp/arm64-ldr-acquire"
sed '/^\[load_acquire\]/,/^\[/{/^	fence r,rw$/d}; s/^name .*/name riscv64-no-acquire-fence/' mappings/riscv64-b71a9c88fb4f >"$tmp/riscv64-no-acquire-fence"
f=tests/litmus/bpf/MP+rel+acq.litmus
for broken in arm64-str-release arm64-ldr-acquire riscv64-no-acquire-fence; do
	if "$bpfmm" map --mapping "$tmp/$broken" "$f" | grep -q '^Map .* unsound '; then
		ok
	else
		bad "$broken should be unsound on $f"
	fi
done
for m in arm64-eb2269ec76f2 riscv64-b71a9c88fb4f; do
	if "$bpfmm" map --mapping "$m" "$f" | grep -q '^Map .* sound$'; then ok; else bad "$m should be sound on $f"; fi
done
# riscv64 with Zacas: the cmpxchg is one amocas.{w,d}.aqrl; with .aq alone
# or no annotation it is unsound on a store-buffering shape through two
# successful cmpxchgs (the earlier store passes the amocas's read)
rz=mappings/riscv64-zacas-967566ad325b
sed 's/amocas\.\([wd]\)\.aqrl/amocas.\1/; s/^name .*/name rz-plain/' $rz >"$tmp/rz-plain"
sed 's/amocas\.\([wd]\)\.aqrl/amocas.\1.aq/; s/^name .*/name rz-aq/' $rz >"$tmp/rz-aq"
t=tests/litmus/bpf/SB+cmpxchg64+cmpxchg64.litmus
for broken in rz-plain rz-aq; do
	if "$bpfmm" map --mapping "$tmp/$broken" "$t" | grep -q '^Map .* unsound '; then ok; else bad "$broken should be unsound on $t"; fi
done
if "$bpfmm" map --mapping riscv64-zacas-967566ad325b "$t" | grep -q '^Map .* sound$'; then ok; else bad "riscv64-zacas-967566ad325b should be sound on $t"; fi
# loongarch64 upstream: its dbar 0x14 after an acquire's load and dbar 0x12
# before a release's store are sound on MP+rel+acq, and each is needed:
# left out, or the acquire's hint made 0x16 (bit 1 set: earlier reads
# before later writes only, not before later reads), the table is unsound. Its fetch atomics are the
# unsound 6.12 ones (expect-unsound.txt); the proposed table, with the
# same acquire / release rows, is sound on both tests.
la=mappings/loongarch64-967566ad325b
sed '/^\[load_acquire\]/,/^\[/{/^	dbar 0x14$/d}; s/^name .*/name la-no-acquire-dbar/' $la >"$tmp/la-no-acquire-dbar"
sed '/^\[store_release\]/,/^\[/{/^	dbar 0x12$/d}; s/^name .*/name la-no-release-dbar/' $la >"$tmp/la-no-release-dbar"
sed '/^\[load_acquire\]/,/^\[/{s/^	dbar 0x14$/	dbar 0x16/}; s/^name .*/name la-acquire-dbar-0x16/' $la >"$tmp/la-acquire-dbar-0x16"
for broken in la-no-acquire-dbar la-no-release-dbar la-acquire-dbar-0x16; do
	if "$bpfmm" map --mapping "$tmp/$broken" "$f" | grep -q '^Map .* unsound '; then
		ok
	else
		bad "$broken should be unsound on $f"
	fi
done
for m in loongarch64-967566ad325b loongarch64-proposed; do
	for t in "$f" tests/litmus/bpf/SB+fetchadd+fetchadd.litmus; do
		case $m:$t in
		loongarch64-967566ad325b:*SB+fetchadd*) want=unsound ;;
		*) want=sound ;;
		esac
		if "$bpfmm" map --mapping "$m" "$t" | grep -q "^Map .* $want\( \|\$\)"; then ok; else bad "$m should be $want on $t"; fi
	done
done

# usage errors exit 2, an unknown architecture too
"$bpfmm" map tests/litmus/bpf/CoWW.litmus >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "map without --arch should exit 2"
"$bpfmm" map --arch nosucharch tests/litmus/bpf/CoWW.litmus >/dev/null 2>&1
[ $? -eq 2 ] && ok || bad "map with an unknown arch should exit 2 (a bad command line)"

# a malformed table is reported as FILE:LINE: error, exit 1
printf 'arch RISCV\nmodel riscv.cat\nbogus x\n' >"$tmp/bad-table"
"$bpfmm" map --mapping "$tmp/bad-table" tests/litmus/bpf/CoWW.litmus >/dev/null 2>"$tmp/bad.err"
if [ $? -eq 1 ] && grep -q "bad-table:3:1: error: unknown directive 'bogus'" "$tmp/bad.err"; then ok; else bad "malformed table: $(cat "$tmp/bad.err")"; fi
# a table without a class the test needs: unsupported, exit 0
printf 'arch RISCV\nmodel riscv.cat\n[load]\n\tld {dst}, {off}({base})\n' >"$tmp/small-table"
out=$("$bpfmm" map --mapping "$tmp/small-table" tests/litmus/bpf/CoWW.litmus 2>&1)
# (then the summary line, which counts it)
if [ $? -eq 0 ] && [ "$out" = "Map CoWW small-table small-table unsupported store
map small-table: 1 tests, 1 verdicts: 0 sound, 0 sound-stronger, 0 unsound, 0 refused, 1 unsupported, 0 unchecked; 0 errors" ]; then ok; else bad "small table: $out"; fi

# every section of every table cites the 6.12 source lines it describes,
# and the cited lines hold the fragments the citation quotes (cites.sh)
sh tests/map/cites.sh >"$tmp/cites" 2>&1
st=$?
grep -E '^(FAIL|SKIP)' "$tmp/cites"
if set -- $(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$tmp/cites"); then
	pass=$((pass + $1))
	fail=$((fail + $3))
fi
[ $st -le 1 ] || bad "cites.sh: $(tail -1 "$tmp/cites")"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
