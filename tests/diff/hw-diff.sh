#!/bin/sh
# Differential test of our hardware models against the reference
# simulator's own models of the same architectures.
#
#   tests/diff/hw-diff.sh ARCH [COUNT [SEED]]      ARCH: aarch64 riscv ppc arm x86
#
# Generates COUNT (default 100) tests with build/hwgen --arch ARCH --seed
# SEED (default 1) and runs them through herd7 with ITS model of ARCH
# (aarch64.cat, riscv.cat, ppc.cat, arm.cat, x86tso.cat from
# $SHARED/reference-models/herd-lib) and through bpfmm with OUR model
# (models/aarch64.cat, riscv.cat, ppc.cat, arm.cat, x86tso.cat). The comparison
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
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$root/../shared}
arch=${1:-}
count=${2:-100}
seed=${3:-1}
cases='' cases_on=0
case $arch in
aarch64) model=aarch64.cat ;;
riscv) model=riscv.cat ;;
ppc) model=ppc.cat cases=$root/tests/litmus/ppc cases_on=1
	EXPLAIN_ARGS=${EXPLAIN_ARGS--skipchecks scXX}
	EXPLAIN_WHY=${EXPLAIN_WHY-the scXX check our ppc.cat leaves out, docs/ppc-model.md} ;;
arm) model=arm.cat cases=$root/tests/litmus/arm cases_on=1
	EXPLAIN_ARGS=${EXPLAIN_ARGS--skipchecks scXX}
	EXPLAIN_WHY=${EXPLAIN_WHY-the scXX check our arm.cat leaves out, docs/arm-model.md} ;;
x86) model=x86tso.cat ;;
*) echo "usage: $0 aarch64|riscv|ppc|arm|x86 [COUNT [SEED]]" >&2; exit 2 ;;
esac
lib=$SHARED/reference-models/herd-lib
if [ ! -d "$SHARED" ]; then echo "SKIP: no shared directory at $SHARED"; exit 0; fi
if [ ! -f "$lib/$model" ]; then echo "SKIP: no reference model $lib/$model"; exit 0; fi
EXPLAIN_ARGS=${EXPLAIN_ARGS:-} EXPLAIN_WHY=${EXPLAIN_WHY:-} SHARED=$SHARED MODEL=$root/models/$model HERD_MODEL_ARGS="-I $lib -model $model" \
	GEN=${HWGEN:-$root/build/hwgen} GEN_FLAGS="--arch $arch" \
	CATALOGUE=0 CASES=$cases_on CASES_DIR=${cases:-none} BATCH=${BATCH:-10} BPFMM_TOTAL=${BPFMM_TOTAL:-1200} FAILDIR=${FAILDIR:-$root/build/hw-diff-failures/$arch} \
	exec sh "$root/tests/diff/herd-diff.sh" "$count" "$seed"
