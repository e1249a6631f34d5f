#!/bin/bash
# kernel/run.sh --arch ARCH JOB LOG: boot the Linux 6.12 guest of ARCH with
# the bpfmm-run initramfs (static kernel/guest/bpfrun.c as /init, JOB as
# /job) and write its console to LOG.  Called by `bpfmm run --arch`; the
# judging is bpfmm's.  The kernel is built like the kernel-check one of the
# same variant plus kernel/configs/bpf-run.config (the BPF options), under
# $BPFMM_CACHE/kernel-run, when missing or configured without BPF.
#
# Environment: BPFMM_CACHE, JOBS, RUN_TIMEOUT (QEMU timeout, default 900 s),
# RUN_VARIANT (kernel variant to boot, default ARCH; e.g. a test-only
# broken-JIT build, see tests/run/).
set -u
# bpfmm run's kernels: their own work directory and the BPF options on top
# of the kernel-check configuration (kernel/configs/bpf-run.config).
export BPFMM_KERNEL_WORK=${BPFMM_KERNEL_WORK:-${BPFMM_CACHE:-$HOME/.cache/bpfmm}/kernel-run}
export BPFMM_EXTRA_CONFIG=${BPFMM_EXTRA_CONFIG:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/configs/bpf-run.config}
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

arch=
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) arch=$2; shift 2 ;;
	*) break ;;
	esac
done
[ -n "$arch" ] && [ $# -eq 2 ] || { echo "usage: kernel/run.sh --arch ARCH JOB LOG" >&2; exit 2; }
job=$1
out=$2
variant=${RUN_VARIANT:-$arch}
case "$arch" in riscv64|arm64|x86_64) ;; *) die "unknown arch $arch" ;; esac
[ "$(variant_arch "$variant")" = "$arch" ] || die "variant $variant is not for $arch"

mkdir -p "$WORK/logs"
build=$WORK/build-$variant
img=$build/$(image_path "$arch")
if [ ! -f "$img" ] || ! grep -q '^CONFIG_BPF_JIT_ALWAYS_ON=y' "$build/.config" 2>/dev/null; then
	ensure_packages
	log "=== $variant: kernel missing or without BPF: building (-j$JOBS)"
	t0=$(date +%s)
	prepare_tree "$(variant_tree "$variant")" || exit 1
	configure "$variant" || exit 1
	build_kernel "$variant" || exit 1
	log "=== $variant: built in $(($(date +%s) - t0))s"
fi

# The runner, rebuilt when its source changes.
runner=$WORK/bpfrun-$arch
src=$KDIR/guest/bpfrun.c
if [ ! -x "$runner" ] || [ "$src" -nt "$runner" ]; then
	"$(cross "$arch")gcc" -static -O2 -Wall -Wextra -Werror -o "$runner" "$src" ||
		die "building the runner for $arch failed"
fi
gen=$build/usr/gen_init_cpio
[ -x "$gen" ] || kmake "$variant" -s usr/gen_init_cpio >/dev/null 2>&1 || true
[ -x "$gen" ] || die "usr/gen_init_cpio not built for $variant"
cpio=$(mktemp "${TMPDIR:-/tmp}/bpfmm-run-cpio.XXXXXX")
printf 'dir /dev 0755 0 0\nnod /dev/console 0600 0 0 c 5 1\nfile /init %s 0755 0 0\nfile /job %s 0644 0 0\n' \
	"$runner" "$(readlink -f "$job")" > "$cpio.list"
"$gen" "$cpio.list" > "$cpio" || die "gen_init_cpio failed"

log "=== $variant: boot (timeout ${RUN_TIMEOUT:-900}s)"
t0=$(date +%s)
qemu_boot "$arch" "$img" "$cpio" "$out" "panic=-1 oops=panic kunit.enable=0 loglevel=4" "${RUN_TIMEOUT:-900}"
log "=== $variant: boot to power-off in $(($(date +%s) - t0))s"
rm -f "$cpio" "$cpio.list"
grep -q 'bpfmm-run: all done' "$out" || { log "the guest did not finish (see $out)"; exit 1; }
exit 0
