#!/bin/sh
# Differential test of our hardware models against the reference
# simulator's own models of the same architectures.
#
#   tests/diff/hw-diff.sh ARCH [COUNT [SEED]]      ARCH: aarch64 aarch64-zr aarch64-pick aarch64-mixed riscv ppc arm x86 x86-mixed mips
#
# Generates COUNT (default 100) tests with build/hwgen --arch ARCH --seed
# SEED (default 1) and runs them through herd7 with ITS model of ARCH
# (aarch64.cat, riscv.cat, ppc.cat, arm.cat, x86tso.cat from
# $SHARED/reference-models/herd-lib) and through bpfmm with OUR model
# (models/aarch64.cat, riscv.cat, ppc.cat, arm.cat, x86tso.cat). aarch64-mixed:
# sized accesses, both tools with -variant mixed (docs/mixed-size.md); x86-mixed:
# the same for X86_64, herd7 with its x86tso-mixed.cat, bpfmm with our
# x86tso.cat (whose `if "mixed"` part is the mixed-size one). aarch64-zr is
# AArch64 with hwgen's zero-destination-register class (atomics and
# exclusives into XZR / WZR behind branches and picks, read back;
# docs/aarch64-model.md); aarch64-pick its pick class (CSEL / CSINC
# feeding an address, a data operand or a store, around DMBs; issue 39). HWGEN_FLAGS: more hwgen options (e.g.
# --threads 2: two-thread shapes only, which herd7 answers within its
# limit more often). The comparison
# (set of final States, Ok/No, Observation kind), the batching of herd7,
# its time limit per test (a test herd7 does not finish is skipped, never
# a failure) and bpfmm's watchdog are those of tests/diff/herd-diff.sh,
# which this script calls. Prints "SKIP" and exits 0 without $SHARED.
#
# Power: our ppc.cat deliberately leaves out herd7's check `scXX` (reserved
# accesses in program order ordered with co; docs/ppc-model.md, "Store
# conditionals in program order"). A Power test on which the two differ
# only because of it (herd7 -skipchecks scXX gives bpfmm's results) is
# reported as EXPLAINED, not failed (EXPLAIN_ARGS of herd-diff.sh). Our
# own Power tests (tests/litmus/ppc, where 2+2W+lwarx-stwcx-pairs is such a
# test) are compared too, before the generated ones.
#
# ARM (ARMv7): the same for herd7's arm.cat, which has the same check
# scXX (on LDREX / STREX) our arm.cat leaves out (docs/arm-model.md); our
# own ARM tests (tests/litmus/arm, 2+2W+ldrex-strex-pairs explained) first.
# MIPS: three comparisons of the same generated tests (and of
# tests/litmus/mips), each reported, then summed in the last line:
#   same     herd7 and bpfmm both with OUR models/mips.cat: States,
#            Ok/No and kind must be identical (front-end and engine);
#   llsc-mb  the same with -variant llsc-mb (herd7 knows no such tag:
#            it gets a copy of mips.cat with that variant set by sed);
#   herd     herd7 with ITS mips.cat against bpfmm with ours, which is
#            weaker by design (docs/mips-model.md): a state herd7 allows
#            and bpfmm forbids is a failure; a state only bpfmm allows is
#            explained when one of our models between the two allows it
#            (EXPLAIN_CLASSES of herd-diff.sh, tests/diff/mips-mca*.cat):
#            R->W (a read passes a later write; multi-copy atomic),
#            R->R, R->R+R->W, else non-MCA (needs writes seen at
#            different times by different threads).
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$root/../shared}
arch=${1:-}
count=${2:-100}
seed=${3:-1}
cases='' cases_on=0 variant='' herd_model=''
case $arch in
aarch64|aarch64-zr|aarch64-pick) model=aarch64.cat ;;
aarch64-mixed) model=aarch64.cat variant='-variant mixed' ;;
riscv) model=riscv.cat ;;
ppc) model=ppc.cat cases=$root/tests/litmus/ppc cases_on=1
	EXPLAIN_ARGS=${EXPLAIN_ARGS--skipchecks scXX}
	EXPLAIN_WHY=${EXPLAIN_WHY-the scXX check our ppc.cat leaves out, docs/ppc-model.md} ;;
arm) model=arm.cat cases=$root/tests/litmus/arm cases_on=1
	EXPLAIN_ARGS=${EXPLAIN_ARGS--skipchecks scXX}
	EXPLAIN_WHY=${EXPLAIN_WHY-the scXX check our arm.cat leaves out, docs/arm-model.md} ;;
x86) model=x86tso.cat ;;
x86-mixed) model=x86tso.cat herd_model=x86tso-mixed.cat variant='-variant mixed' ;;
mips) model=mips.cat cases=$root/tests/litmus/mips cases_on=1 ;;
*) echo "usage: $0 aarch64|aarch64-zr|aarch64-pick|aarch64-mixed|riscv|ppc|arm|x86|x86-mixed|mips [COUNT [SEED]]" >&2; exit 2 ;;
esac
lib=$SHARED/reference-models/herd-lib
herd_model=${herd_model:-$model}
if [ ! -d "$SHARED" ]; then echo "SKIP: no shared directory at $SHARED"; exit 0; fi
if [ ! -f "$lib/$herd_model" ]; then echo "SKIP: no reference model $lib/$herd_model"; exit 0; fi
if [ "$arch" = mips ]; then
	# one herd-diff.sh run: mips_run PART BPFMM-MODEL-ARGS HERD7-MODEL-ARGS [VAR=VALUE...]
	mips_run() {
		part=$1 bargs=$2 hargs=$3; shift 3
		out=$(env "$@" SHARED="$SHARED" MODEL_ARGS="$bargs" HERD_MODEL_ARGS="$hargs" \
			GEN="${HWGEN:-$root/build/hwgen}" GEN_FLAGS="--arch mips${HWGEN_FLAGS:+ $HWGEN_FLAGS}" CATALOGUE=0 CASES=1 REJECT_SKIP=1 \
			CASES_DIR="$cases" BATCH="${BATCH:-10}" BPFMM_TOTAL="${BPFMM_TOTAL:-1200}" \
			FAILDIR="${FAILDIR:-$root/build/hw-diff-failures/mips}-$part" \
			sh "$root/tests/diff/herd-diff.sh" "$count" "$seed" 2>&1)
		echo "$out" | sed '$d' | sed "s/^\(FAIL\|EXPLAINED\) /\1 $part: /"
		line=$(echo "$out" | tail -n 1)
		echo "   $part: $line"
		p=$(echo "$line" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed.*/\1/p')
		f=$(echo "$line" | sed -nE 's/^([0-9]+) passed, ([0-9]+) failed.*/\2/p')
		e=$(echo "$line" | sed -nE 's/^[0-9]+ passed, [0-9]+ failed, ([0-9]+) explained.*/\1/p')
		[ -n "$p" ] || { p=0 f=1; echo "FAIL $part: no result: $line"; }
		tp=$((tp + p)) tf=$((tf + f)) te=$((te + ${e:-0}))
	}
	tmpd=$(mktemp -d) || exit 2
	trap 'rm -rf "$tmpd"' EXIT
	tp=0 tf=0 te=0
	ours=$root/models/mips.cat
	mips_run same "-model $ours" "-model $ours"
	# herd7 rejects -variant llsc-mb: the copy has the variant's test
	# replaced by a condition herd7 holds true (an empty relation is empty)
	sed 's/if "llsc-mb" then/if 0 = 0 then/' "$ours" >"$tmpd/mips-llsc-mb.cat"
	if cmp -s "$ours" "$tmpd/mips-llsc-mb.cat"; then
		echo "FAIL llsc-mb: models/mips.cat has no 'if \"llsc-mb\" then' to set"; tf=$((tf + 1))
	else
		mips_run llsc-mb "-model $ours -variant llsc-mb" "-I $root/models -model $tmpd/mips-llsc-mb.cat"
	fi
	printf 'R->W\t-I %s -model %s\n' "$root/models" "$root/tests/diff/mips-mca-rr.cat" >"$tmpd/classes"
	printf 'R->R\t-I %s -model %s\n' "$root/models" "$root/tests/diff/mips-mca-rw.cat" >>"$tmpd/classes"
	printf 'R->R+R->W\t-I %s -model %s\n' "$root/models" "$root/tests/diff/mips-mca.cat" >>"$tmpd/classes"
	printf 'non-MCA\t-model %s\n' "$ours" >>"$tmpd/classes"
	mips_run herd "-model $ours" "-I $lib -model $model" EXPLAIN_CLASSES="$tmpd/classes"
	if [ "$te" -gt 0 ]; then echo "$tp passed, $tf failed, $te explained"; else echo "$tp passed, $tf failed"; fi
	[ "$tf" -eq 0 ]
	exit
fi
EXPLAIN_ARGS=${EXPLAIN_ARGS:-} EXPLAIN_WHY=${EXPLAIN_WHY:-} SHARED=$SHARED MODEL=$root/models/$model \
	MODEL_ARGS="-model $root/models/$model${variant:+ $variant}" HERD_MODEL_ARGS="-I $lib -model $herd_model${variant:+ $variant}" \
	GEN=${HWGEN:-$root/build/hwgen} GEN_FLAGS="--arch $arch${HWGEN_FLAGS:+ $HWGEN_FLAGS}" \
	CATALOGUE=0 CASES=$cases_on CASES_DIR=${cases:-none} BATCH=${BATCH:-10} BPFMM_TOTAL=${BPFMM_TOTAL:-1200} FAILDIR=${FAILDIR:-$root/build/hw-diff-failures/$arch} \
	exec sh "$root/tests/diff/herd-diff.sh" "$count" "$seed"
