#!/bin/sh
# bpfmm diy and bpfmm diff-models (make check: diy).
#
# Always (no ../shared needed):
#   - determinism: the same options give the same files twice, and the
#     order of -edges does not change the names or the order of tests;
#   - naming: DIR/@all lists exactly the files written, each file is
#     NAME.litmus with header "BPF NAME" and the cycle in its comment,
#     NAME = the edges joined by '+';
#   - every generated test (size <= 4) has an `exists` and runs under
#     bpf.cat; named cycles of classic shapes get the verdicts of the
#     corpus tests of the same shape (tests/litmus/bpf/kinds.txt, which
#     come from herd7);
#   - errors: unknown edge and bad numbers exit 2, an invalid -cycle
#     exits 1 with the reason, -o onto a file exits 2;
#   - diff-models: the same model twice exits 0, a copy of bpf.cat
#     without ctrl-dep differs (exit 1) on a diy test and the minimised
#     test still differs; bad usage exits 2.
# With ../shared (SKIP line otherwise):
#   - a fixed sample of generated tests gives the same States under
#     herd7 and bpfmm, with models/bpf.cat and with herdtools7's bpf.cat;
#   - diff-models finds the cmpxchg difference with herdtools7's bpf.cat.
# Ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$root/../shared}
B=${BPFMM:-$root/build/bpfmm}
H=${HERD7:-$SHARED/tools/herd7/herd7}
REF=$SHARED/reference-models/herdtools7-bpf.cat
here=$root/tests/diy
w=$(mktemp -d) || exit 2
trap 'rm -rf "$w"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
check() { if eval "$2"; then ok; else bad "$1"; fi; }

# ---- determinism and naming ----
"$B" diy -q -size 4 -o "$w/a" && "$B" diy -q -size 4 -o "$w/b"
check "same options, same tests" 'diff -r "$w/a" "$w/b" >/dev/null'
rev=$("$B" diy -show-edges | tr ' ' '\n' | awk '{ l[NR] = $0 } END { for (i = NR; i; i--) printf "%s ", l[i] }')
"$B" diy -q -size 4 -edges "$rev" -o "$w/c"
check "edge order does not matter" 'diff -r "$w/a" "$w/c" >/dev/null'
n=$(wc -l <"$w/a/@all")
nf=$(ls "$w/a" | grep -c '\.litmus$')
check "@all lists every file ($n, $nf)" '[ "$n" = "$nf" ] && [ "$n" -gt 500 ]'
sum=$("$B" diy -size 4 -o "$w/d" 2>&1 >/dev/null)
check "summary counts the tests ($sum)" 'echo "$sum" | grep -q "^bpfmm diy: $n tests"'
badname=0
while read -r f; do
	name=${f%.litmus}
	h=$(head -1 "$w/a/$f")
	cyc=$(sed -n '2s/^(\* bpfmm diy cycle: \(.*\) \*)$/\1/p' "$w/a/$f" | tr ' ' +)
	if [ "$h" != "BPF $name" ] || [ "$cyc" != "$name" ] || ! grep -q '^exists (' "$w/a/$f"; then
		badname=$((badname + 1))
		[ $badname -le 3 ] && echo "  bad name/header/exists: $f"
	fi
done <"$w/a/@all"
check "names, headers and exists" '[ $badname = 0 ]'
# one name for a cycle whatever its rotation
r1=$("$B" diy -q -list -cycle "PodWW Rfe PodRR Fre")
r2=$("$B" diy -q -list -cycle "PodRR Fre PodWW Rfe")
check "rotations share a name ($r1)" '[ "$r1" = "$r2" ] && grep -qxF "$r1.litmus" "$w/a/@all"'

# ---- every test runs under bpf.cat ----
(cd "$w/a" && "$B" -notime $(cat @all)) >"$w/run.out" 2>"$w/run.err"
check "all size-4 tests run under bpf.cat (exit $?)" '[ ! -s "$w/run.err" ] && [ "$(grep -c ^Observation "$w/run.out")" = "$n" ]'

# ---- verdicts of classic shapes = the corpus tests of the same shape ----
while read -r test cycle; do
	case $test in '#'*|'') continue ;; esac
	want=$(awk -v t="$test" '$1 == t { print $2 }' "$root/tests/litmus/bpf/kinds.txt")
	"$B" diy -q -cycle "$cycle" >"$w/t.litmus"
	got=$("$B" -notime "$w/t.litmus" | awk '/^Observation/ { print $3 }')
	case $want in Forbidden) want=Never ;; Allowed) want=Sometimes ;; esac
	check "$cycle like $test: $got, corpus $want" '[ "$got" = "$want" ]'
done <<'EOF'
MP+plain        PodWW Rfe PodRR Fre
MP+rel+acq      PodWWPL RfeLA PodRRAP Fre
MP+rel+plain    PodWWPL RfeLP PodRR Fre
MP+plain+acq    PodWW RfePA PodRRAP Fre
SB+plain        PodWR Fre PodWR Fre
SB+fetchadd+fetchadd FencedWR Fre FencedWR Fre
SB+xchg64+xchg64 FenceXchgdWR Fre FenceXchgdWR Fre
SB+cmpxchg64+cmpxchg64 FenceCasdWR Fre FenceCasdWR Fre
LB+plain        PodRW Rfe PodRW Rfe
LB+addr+addr    DpAddrdW Rfe DpAddrdW Rfe
LB+data+data    DpDatadW Rfe DpDatadW Rfe
LB+ctrlcvg+data DpCtrldW Rfe DpDatadW Rfe
LB+addrpo+data  DpAddrdR PodRW Rfe DpDatadW Rfe
LB+datapo+data  DpDatadW PodWW Rfe DpDatadW Rfe
LB+acq+rel      PodRWAL RfeLA PodRWAL RfeLA
MP+fence+ctrl   FencedWW Rfe DpCtrldR Fre
S+rel+data      PodWWPL RfeLP DpDatadW Coe
R+fetchadd+fetchadd FencedWW Coe FencedWR Fre
2+2W+plain      PodWW Coe PodWW Coe
2+2W+fetchadd+fetchadd FencedWW Coe FencedWW Coe
WRC+rel+acq     Rfe PodRWPL RfeLA PodRRAP Fre
IRIW+fetchadd+fetchadd Rfe FencedRR Fre Rfe FencedRR Fre
MP+relseq-lockor PodWWPL RfeLP RmwAdd RfePA PodRRAP Fre
CoRR            Rfe PosRR Fre
cmpxchg-cycle   RmwCas Rfe RmwCas Rfe
EOF

# ---- errors ----
"$B" diy -cycle "PodWW Nope" >/dev/null 2>"$w/e"; st=$?
check "unknown edge: exit 2 ($st)" '[ $st = 2 ] && grep -q "unknown edge .Nope." "$w/e"'
"$B" diy -cycle "PodWW PodWR" >/dev/null 2>"$w/e"; st=$?
check "invalid cycle: exit 1 with the reason ($st)" '[ $st = 1 ] && grep -q "does not match" "$w/e"'
"$B" diy -cycle "PodWR Fre" >/dev/null 2>"$w/e"; st=$?
check "one external edge: exit 1 ($st)" '[ $st = 1 ] && grep -q "two external edges" "$w/e"'
"$B" diy -size 99 >/dev/null 2>"$w/e"; st=$?
check "bad -size: exit 2 ($st)" '[ $st = 2 ] && grep -q "from 2 to 12" "$w/e"'
: >"$w/file"
"$B" diy -size 2 -o "$w/file" >/dev/null 2>"$w/e"; st=$?
check "-o onto a file: exit 2 ($st)" '[ $st = 2 ] && [ -s "$w/e" ]'
"$B" diy -size 3 -o "$w/new/sub" 2>/dev/null; st=$?
check "-o creates the folder ($st)" '[ $st = 0 ] && [ -s "$w/new/sub/@all" ]'
check "diy --help" '"$B" diy --help | grep -q "^Edges"'
check "bpfmm --help names diy and diff-models" '"$B" --help | grep -q "bpfmm diy" && "$B" --help | grep -q "bpfmm diff-models"'

# ---- diff-models ----
M=$root/models/bpf.cat
"$B" diff-models "$M" "$M" --diy "-size 3" >"$w/o" 2>&1; st=$?
check "same model: exit 0 ($st)" '[ $st = 0 ] && grep -q "^diff-models: [0-9]* tests, 0 differ, 0 errors" "$w/o"'
mkdir -p "$w/m"
sed 's/| data-dep | ctrl-dep |/| data-dep |/' "$M" >"$w/m/noctrl.cat"
check "weakened copy differs from bpf.cat" '! cmp -s "$M" "$w/m/noctrl.cat"'
"$B" diy -q -cycle "DpCtrldW Rfe DpCtrldW Rfe" >"$w/lbctrl.litmus"
"$B" diff-models "$M" "$w/m/noctrl.cat" "$w/lbctrl.litmus" --emit "$w/min" >"$w/o" 2>&1; st=$?
check "no ctrl-dep: LB+ctrl differs, exit 1 ($st)" '[ $st = 1 ] && grep -q "^DIFF .*: 0 states only in A, 1 only in B" "$w/o"'
check "no ctrl-dep: minimised test still differs" '[ -f "$w/min/lbctrl.litmus" ] && ! "$B" diff-models "$M" "$w/m/noctrl.cat" "$w/min/lbctrl.litmus" --no-minimise >/dev/null 2>&1'
"$B" diff-models "$M" "$w/m/noctrl.cat" --diy "-size 4 -edges \"DpCtrldW Rfe DpDatadW PodRW\"" --first >"$w/o" 2>&1; st=$?
check "no ctrl-dep: --diy --first stops at the first ($st)" '[ $st = 1 ] && [ "$(grep -c ^DIFF "$w/o")" = 1 ] && grep -q "^DIFF DpCtrldW" "$w/o"'
"$B" diff-models "$M" >/dev/null 2>&1; st=$?
check "one model: exit 2 ($st)" '[ $st = 2 ]'
"$B" diff-models "$M" "$M" >/dev/null 2>&1; st=$?
check "no tests: exit 2 ($st)" '[ $st = 2 ]'
"$B" diff-models "$M" "$w/none.cat" "$w/lbctrl.litmus" >/dev/null 2>"$w/e"; st=$?
check "missing model: exit 2 ($st)" '[ $st = 2 ] && [ -s "$w/e" ]'
"$B" diff-models "$M" "$M" --random 3 >/dev/null 2>&1; st=$?
check "--random without --seed: exit 2 ($st)" '[ $st = 2 ]'
if [ -x "$root/build/bpfgen" ]; then
	"$B" diff-models "$M" "$w/m/noctrl.cat" --random 20 --seed 1 --no-minimise >"$w/o" 2>&1; st=$?
	check "--random 20 runs bpfgen's tests ($st)" '[ $st -le 1 ] && grep -q "^diff-models: 20 tests" "$w/o"'
else
	echo "SKIP: no build/bpfgen (make build/bpfgen) for --random"
fi
check "diff-models --help" '"$B" diff-models --help | grep -q "^Exit status"'
# from an installed bpfmm: the bundled model, bpfgen from libexec/bpfmm
if [ "$B" = "$root/build/bpfmm" ] && make -s -C "$root" install PREFIX="$w/inst" >"$w/inst.log" 2>&1; then
	I=$w/inst/bin/bpfmm
	(unset BPFGEN; cd "$w" && "$I" diff-models "$w/inst/share/bpfmm/models/bpf.cat" "$w/m/noctrl.cat" --random 5 --seed 1 --no-minimise) >"$w/o" 2>&1; st=$?
	check "installed: diff-models --random finds libexec/bpfmm/bpfgen ($st)" '[ $st -le 1 ] && grep -q "^diff-models: 5 tests" "$w/o"'
	(cd "$w" && "$I" diy -q -cycle "PodWW Rfe PodRR Fre" | "$I" -notime /dev/stdin) >"$w/o" 2>&1
	check "installed: diy test runs with the bundled model" 'grep -q "^Observation PodRR+Fre+PodWW+Rfe Sometimes" "$w/o"'
else
	echo "SKIP: make install into a temporary folder (custom BPFMM or install failed)"
fi

# ---- against herd7 (../shared) ----
if [ -x "$H" ] && [ -f "$REF" ]; then
	# every 12th size-4 test, and every size-5/6 cycle of the corpus check
	awk 'NR % 12 == 1' "$w/a/@all" | sed "s|^|$w/a/|" >"$w/sample"
	for c in "Rfe DpDatadW Rfi DpAddrdR Fre FencedWW" "PodWWPL RfeLP RmwFA RfePA PodRRAP Fre" \
		 "Rfe PodRW Rfe PodRR Fre" "DpAddrdR PodRW Rfe DpAddrdW Rfe" "Rfe PodRWPL RfeLA PodRRAP Fre" \
		 "Fri Rfe DpAddrdR Fre FencedWW Rfe" "PodWWPN RfeNP PodRR Fre" "PodWRLA FreAL PodWRLA FreAL"; do
		f=$w/$(echo "$c" | tr ' ' +).litmus
		"$B" diy -q -cycle "$c" >"$f" && echo "$f" >>"$w/sample"
	done
	ns=$(wc -l <"$w/sample")
	for model in "$M" "$REF"; do
		"$H" -model "$model" $(cat "$w/sample") >"$w/h.out" 2>"$w/h.err"
		"$B" -model "$model" -notime $(cat "$w/sample") >"$w/b.out" 2>"$w/b.err"
		awk -f "$root/tests/diff/summarise.awk" "$w/h.out" | cut -f1,2,3,6,7 | sort >"$w/h.sum"
		awk -f "$root/tests/diff/summarise.awk" "$w/b.out" | cut -f1,2,3,6,7 | sort >"$w/b.sum"
		check "herd7 = bpfmm on $ns diy tests with $(basename "$model")" \
			'[ "$(wc -l <"$w/h.sum")" = "$ns" ] && cmp -s "$w/h.sum" "$w/b.sum"'
		cmp -s "$w/h.sum" "$w/b.sum" || diff "$w/h.sum" "$w/b.sum" | head -5
	done
	"$B" diff-models "$M" "$REF" --diy "-size 4" --first >"$w/o" 2>&1; st=$?
	check "diff-models finds the cmpxchg difference with herdtools7's bpf.cat ($st)" \
		'[ $st = 1 ] && grep -q "^DIFF .*RmwCas" "$w/o" && grep -q "only B" "$w/o"'
else
	echo "SKIP: no herd7 or herdtools7 bpf.cat under $SHARED (herd7 comparison)"
fi
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
