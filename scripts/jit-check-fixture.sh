#!/bin/bash
# scripts/jit-check-fixture.sh - `make jit-check-fixture`: the recorded
# dumps suite jit-check reads without guests (tests/jit-check/fixtures).
# Boots the riscv64, arm64 and x86_64 guests of `bpfmm run` (kernels of the
# kernel suite, under $BPFMM_CACHE) once each with the tests listed in
# tests/jit-check/fixtures/tests (16 instances: only the code matters), and
# the broken riscv64 JIT's kernel (tests/run/patches) with SB+xchg64+xchg64
# and lost-update; the mips64el guest (QEMU malta) and its kernel with
# kernel/jit-fixes/mips (mips64el-fixed) with the fixture's tests; keeps
# the runner's "layout" and "jit" lines of each console in
# tests/jit-check/fixtures/VARIANT.console; the ppc64le guest (QEMU
# pseries) and the s390x guest (QEMU s390-ccw-virtio) with the same tests
# as mips64el.  FIXTURE_VARIANTS: the variants to record (default all
# eight).
set -eu
cd "$(dirname "$0")/.."
source kernel/lib.sh
EXTRA_PACKAGES=$JIT_ALL_PACKAGES   # the ppc64le and s390x guests
make -s build/bpfmm
fix=tests/jit-check/fixtures
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# dump NAME ARCH TESTS...: run them on kernel variant NAME, keep the dump lines
dump() {
	local name=$1 arch=$2
	shift 2
	RUN_VARIANT=$name TMPDIR=$tmp build/bpfmm run --arch "$arch" --console "$tmp/$name.console" \
		--instances 16 --passes 1 "$@" > "$tmp/$name.txt" || true
	tr -d '\r' < "$tmp/$name.console" | grep -E '^bpfmm-run: (layout|ksym|jit) ' > "$fix/$name.console"
	echo "$fix/$name.console: $(grep -c ' jit ' "$fix/$name.console") thread images"
}
mapfile -t tests < "$fix/tests"
for v in ${FIXTURE_VARIANTS:-riscv64 arm64 x86_64 riscv64-brokenjit mips64el mips64el-fixed ppc64le s390x}; do
	case "$v" in
	riscv64-brokenjit)
		dump riscv64-brokenjit riscv64 \
			tests/litmus/bpf/SB+xchg64+xchg64.litmus tests/run/lost-update.litmus ;;
	# MIPS: and two tests with a BPF goto, which the MIPS JIT makes a
	# `j` to an absolute address (the runner's ksym line places it)
	mips64el*|ppc64le*|s390x*) dump "$v" "$(variant_arch "$v")" "${tests[@]}" tests/litmus/bpf/ctrl-both-directions.litmus \
		tests/litmus/bpf/LB+ctrl-taken+data.litmus ;;
	*) dump "$v" "$(variant_arch "$v")" "${tests[@]}" ;;
	esac
done
