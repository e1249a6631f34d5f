#!/bin/sh
# Suite bpf-mixed: BPF mixed-size accesses (docs/bpf-memory-model.md,
# section 10; docs/jit-mappings.md, "Mixed-size BPF tests").
#
#   tests/scripts/bpf-mixed.sh [BPFMM]
#
# 1. tests/litmus/bpf-mixed with models/bpf.cat and -variant mixed: kinds
#    and States (tests/scripts/verdicts.sh);
# 2. the same with the model's single-copy-atomicity rules taken out
#    (rf-a, rfe-a, overwrite-a back to the per-byte rf, rfe, co | fr):
#    must fail, on exactly the tests the doc ties to those rules;
# 3. `bpfmm map --mixed` on those tests with every table of mappings/ but
#    the arm64-llsc-* tables (their LL/SC loops in mixed mode take minutes)
#    prints exactly tests/map/mixed-verdicts.txt;
# 4. a bpf.cat stronger than hardware (coherence between whole accesses,
#    a CPU's own forwarded store included) makes map find forward-partial
#    unsound on arm64: the check in 3 can fail;
# 5. models/loongarch.cat, s390x.cat and sparc.cat without their
#    `if "mixed"` rules fail exactly the own tests tied to them;
# 6. so do models/ppc.cat, mips.cat and arm.cat without each of their
#    three `if "mixed"` rules.
# Ends with "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bpfmm=${1:-$root/build/bpfmm}
case $bpfmm in /*) ;; *) bpfmm=$(pwd)/$bpfmm ;; esac
dir=tests/litmus/bpf-mixed
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok: $*"; }
ko() { fail=$((fail + 1)); echo "FAIL: $*"; }
cd "$root" || exit 2

# 1.
if sh tests/scripts/verdicts.sh "$dir" "$bpfmm" >"$tmp/v1" 2>&1; then
	ok "$(tail -1 "$tmp/v1") in $dir"
else
	sed 's/^/  /' "$tmp/v1" | head -20
	ko "$dir"
fi

# 2. a model copy whose lifted relations are the per-byte ones
mkdir -p "$tmp/weak" "$tmp/strong"
cp -r models/. "$tmp/weak/"
cp -r models/. "$tmp/strong/"
sed -e 's/^let rf-a = .*/let rf-a = rf/' -e 's/^let rfe-a = .*/let rfe-a = rfe/' \
    -e 's/^let overwrite-a = .*/let overwrite-a = co | fr/' models/bpf.cat >"$tmp/weak/bpf.cat"
if cmp -s models/bpf.cat "$tmp/weak/bpf.cat"; then
	ko "per-byte model: models/bpf.cat has no rf-a / rfe-a / overwrite-a to take out"
else
	sh tests/scripts/verdicts.sh "$dir" "$bpfmm" "$tmp/weak/bpf.cat" >"$tmp/v2" 2>&1
	got=$(sed -n 's/^FAIL \([^:]*\):.*/\1/p' "$tmp/v2" | LC_ALL=C sort | tr '\n' ' ')
	want="forward-partial forward-torn rmw-half-view torn-two-loads+fetchadds whole-read-mp "
	if [ "$got" = "$want" ]; then
		ok "per-byte model fails exactly: $got"
	else
		sed 's/^/  /' "$tmp/v2" | head -20
		ko "per-byte model: failing tests '$got', expected '$want'"
	fi
fi

# 3.
for m in $(ls mappings | LC_ALL=C sort); do
	case $m in arm64-llsc-*) continue ;; esac
	"$bpfmm" map --mixed --mapping "mappings/$m" "$dir"/*.litmus 2>>"$tmp/maperr"
done >"$tmp/map"
if diff -u tests/map/mixed-verdicts.txt "$tmp/map" >"$tmp/mapdiff"; then
	ok "map --mixed: $(wc -l <"$tmp/map") verdicts as in tests/map/mixed-verdicts.txt" \
	   "($(grep -c '^Map .* sound$' "$tmp/map") sound, $(grep -c '^Map .* unsound' "$tmp/map") unsound," \
	   "$(grep -c 'no mixed-size mode' "$tmp/map") unchecked for want of a mixed-size front-end)"
else
	head -30 "$tmp/mapdiff"
	ko "map --mixed verdicts differ from tests/map/mixed-verdicts.txt"
fi

# 4. whole-access coherence that also lifts a CPU's own forwarded store
awk '{ print } /^let overwrite-a = / {
	print "let whole-coherence = if \"mixed\" then si ; (po-loc | rf | co | fr | rmw) ; si else 0"
	print "acyclic whole-coherence as whole-access-coherence" }' models/bpf.cat >"$tmp/strong/bpf.cat"
out=$(BPFMM_MODELDIR="$tmp/strong" "$bpfmm" map --mixed --mapping mappings/arm64-linux-6.12 \
	"$dir/forward-partial.litmus" 2>&1)
case $out in
"Map forward-partial arm64 arm64-linux-6.12 unsound "*) ok "too strong a model: map finds forward-partial unsound on arm64" ;;
*) echo "$out" | head -5; ko "too strong a model: forward-partial not unsound on arm64" ;;
esac

# without_rule CAT DIR WHAT WANT: models/CAT.cat, as changed in
# $tmp/native/CAT.cat (WHAT: the rule taken out), must differ from it and
# fail exactly the own tests WANT ("a b ", sorted) of tests/litmus/DIR.
without_rule() {
	if cmp -s "models/$1.cat" "$tmp/native/$1.cat"; then
		ko "models/$1.cat: no mixed-size rule$3 to take out"
		return
	fi
	BPFMM_MODELDIR="$tmp/native" sh tests/scripts/verdicts.sh "tests/litmus/$2" "$bpfmm" >"$tmp/v5" 2>&1
	got=$(sed -n 's/^FAIL \([^:]*\):.*/\1/p' "$tmp/v5" | LC_ALL=C sort | tr '\n' ' ')
	if [ "$got" = "$4" ]; then
		ok "$1.cat without its mixed-size rule$3 fails exactly: $got"
	else
		sed 's/^/  /' "$tmp/v5" | head -20
		ko "$1.cat without its mixed-size rule$3: failing tests '$got', expected '$4'"
	fi
}

# 5. the native models' mixed-size rules (docs/mixed-size.md, LoongArch,
#    s390x, SPARC): taken out, exactly the own tests tied to them fail
mkdir -p "$tmp/native"
cp -r models/. "$tmp/native/"
sed 's/^acyclic (if "mixed" then ob ; si else ob) as external/acyclic ob as external/' \
    models/loongarch.cat >"$tmp/native/loongarch.cat"
for a in s390x sparc; do
	sed 's/^        | (if "mixed" then (rfe | fr | co) ; si? else rfe | fr | co)/        | rfe | fr | co/' \
	    models/$a.cat >"$tmp/native/$a.cat"
done
for spec in "loongarch-mixed:loongarch:amo-torn-dbar torn-read-dbar " \
	    "s390x-mixed:s390x:torn-two-loads " "sparc-mixed:sparc:torn-two-loads "; do
	d=${spec%%:*} rest=${spec#*:}
	without_rule "${rest%%:*}" "$d" "" "${rest#*:}"
done

# 6. the three mixed-size rules of models/ppc.cat, mips.cat and arm.cat
#    (docs/mixed-size.md, "Power, MIPS, ARMv7"), one at a time: taken
#    out, exactly the own tests tied to that rule fail
for a in ppc mips arm; do
	case $a in arm) bar=dmb ;; *) bar=sync ;; esac
	for rule in scat hb seen; do
		case $rule in
		scat) e='s/^acyclic (if "mixed" then si ; (rfe | fre | coe) ; si else 0)/acyclic 0/'
		      want="forward-partial forward-torn rmw-torn " ;;
		hb) e='s/(if "mixed" then si ; rfe ; si else rfe)/rfe/'
		    want="mp-$bar-bytes " ;;
		seen) e='s/^irreflexive (if "mixed" then fre ; si ; rfe ; si ; (ppo | [a-z]*)+ else 0)/irreflexive 0/'
		      want="$bar-two-loads " ;;
		esac
		sed "$e" models/$a.cat >"$tmp/native/$a.cat"
		without_rule "$a" "$a-mixed" " '$rule'" "$want"
	done
	cp models/$a.cat "$tmp/native/$a.cat"
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
