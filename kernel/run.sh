#!/bin/bash
# kernel/run.sh --arch ARCH [--kernel IMAGE] JOB LOG: boot the Linux 6.12
# guest of ARCH (or the kernel IMAGE a user built: nothing is built then
# but the runner and the initramfs tool) with
# the bpfmm-run initramfs (static kernel/guest/bpfrun.c as /init, JOB as
# /job) and write its console to LOG.  Called by `bpfmm run --arch`; the
# judging is bpfmm's.  The kernel is the kernel-check one of the same
# variant (under $BPFMM_CACHE/kernel-check, with the BPF options of
# kernel/configs/bpf-run.config), built when missing or without BPF.
#
# A kernel built here leaves its build time (seconds) in
# $WORK/logs/run-build-VARIANT.seconds, which tests/run/suite.sh reports
# apart from the guest's time.
#
# Environment: BPFMM_CACHE, JOBS, RUN_TIMEOUT (QEMU timeout, default 900 s),
# BOOT_SILENCE (a guest silent that long before its init is booted once
# more, default 240 s, kernel/lib.sh qemu_boot),
# RUN_VARIANT (kernel variant to boot, default ARCH; e.g. a test-only
# broken-JIT build, see tests/run/, or mips64el-fixed: the MIPS JIT fix,
# kernel/jit-fixes/mips).
set -u
# bpfmm run's kernels are kernel-check's (same work directory, same
# configuration: kernel/configs/bpf-run.config is in every build); x86_64,
# mips64el, ppc64le, s390x and the patched variants are built here when
# missing.
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

arch= user_kernel=
while [ $# -gt 0 ]; do
	case "$1" in
	--arch) arch=$2; shift 2 ;;
	--kernel) user_kernel=$2; shift 2 ;;
	*) break ;;
	esac
done
[ -n "$arch" ] && [ $# -eq 2 ] || { echo "usage: kernel/run.sh --arch ARCH [--kernel IMAGE] JOB LOG" >&2; exit 2; }
job=$1
out=$2
variant=${RUN_VARIANT:-$arch}
case "$arch" in riscv64|arm64|x86_64|mips64el|ppc64le|s390x) ;; *) die "unknown arch $arch" ;; esac
[ "$(variant_arch "$variant")" = "$arch" ] || die "variant $variant is not for $arch"

mkdir -p "$WORK/logs"
build=$WORK/build-$variant
img=$build/$(image_path "$arch")

# ensure_built VARIANT: configure and build it when its image is missing or
# its .config lacks a line of the fragments (the BPF options, or one added
# since it was built).
ensure_built() {
	local v=$1 b=$WORK/build-$1 t0
	if [ ! -f "$b/$(image_path "$arch")" ] || [ -n "$(config_missing "$v")" ]; then
		ensure_packages
		log "=== $v: kernel missing or configured otherwise: building it once into $b (-j$JOBS; 6 to 9 minutes on 2 idle cores, docs/kernel.md; later runs reuse it)"
		t0=$(date +%s)
		prepare_tree "$(variant_tree "$v")" || exit 1
		configure "$v" || exit 1
		build_kernel "$v" || exit 1
		log "=== $v: built in $(($(date +%s) - t0))s"
		echo "$(($(date +%s) - t0))" > "$WORK/logs/run-build-$v.seconds"
	fi
}

if [ -n "$user_kernel" ]; then
	[ -r "$user_kernel" ] || die "--kernel $user_kernel: not readable"
	img=$(readlink -f "$user_kernel")
	variant=$arch-user
	log "=== $arch: the user's kernel $img (nothing built)"
	ensure_packages
else
case "$variant" in
*-brokenjit|*-fixed)
	base=$(variant_base "$variant")
	ensure_built "$base"
	baseimg=$WORK/build-$base/$(image_path "$arch")
	if [ ! -f "$img" ] || [ "$baseimg" -nt "$img" ] ||
		[ "$(cat "$build/.bpfmm-patches" 2>/dev/null)" != "$(patches_sum "$variant")" ]; then
		log "=== $variant: $base + $(variant_patches "$variant" | sed 's|.*/||' | tr '\n' ' ')incremental build"
		t0=$(date +%s)
		prepare_tree "$(variant_tree "$base")" || exit 1
		build_patched "$variant" || exit 1
		log "=== $variant: built in $(($(date +%s) - t0))s"
		echo "$(($(date +%s) - t0))" > "$WORK/logs/run-build-$variant.seconds"
	fi
	;;
*) ensure_built "$variant" ;;
esac
fi

# The runner, rebuilt when its source changes.
runner=$WORK/bpfrun-$arch
src=$KDIR/guest/bpfrun.c
if [ ! -x "$runner" ] || [ "$src" -nt "$runner" ]; then
	"$(cross "$arch")gcc" -static -O2 -Wall -Wextra -Werror -o "$runner" "$src" ||
		die "building the runner for $arch failed"
fi
if [ -n "$user_kernel" ]; then
	# the kernel's initramfs tool, a host program, built from the Debian
	# tarball's source (no kernel tree or build needed)
	gen=$WORK/tools/gen_init_cpio
	if [ ! -x "$gen" ]; then
		mkdir -p "$WORK/tools"
		tar -xJf "$TARBALL" -O linux-source-6.12/usr/gen_init_cpio.c > "$WORK/tools/gen_init_cpio.c" ||
			die "usr/gen_init_cpio.c not in $TARBALL"
		gcc -O2 -o "$gen" "$WORK/tools/gen_init_cpio.c" || die "building gen_init_cpio failed"
	fi
else
	gen=$build/usr/gen_init_cpio
	[ -x "$gen" ] || kmake "$variant" -s usr/gen_init_cpio >/dev/null 2>&1 || true
fi
[ -x "$gen" ] || die "usr/gen_init_cpio not built for $variant"
cpio=$(mktemp "${TMPDIR:-/tmp}/bpfmm-run-cpio.XXXXXX")
printf 'dir /dev 0755 0 0\nnod /dev/console 0600 0 0 c 5 1\nfile /init %s 0755 0 0\nfile /job %s 0644 0 0\n' \
	"$runner" "$(readlink -f "$job")" > "$cpio.list"
"$gen" "$cpio.list" > "$cpio" || die "gen_init_cpio failed"

log "=== $variant: boot (timeout ${RUN_TIMEOUT:-900}s)"
t0=$(date +%s)
boot_retry "$arch" "$img" "$cpio" "$out" "panic=-1 oops=panic kunit.enable=0 loglevel=4" \
	"${RUN_TIMEOUT:-900}" 'bpfmm-run: cpus'
log "=== $variant: boot to power-off in $(($(date +%s) - t0))s"
rm -f "$cpio" "$cpio.list"
grep -q 'bpfmm-run: all done' "$out" || { log "the guest did not finish (see $out)"; exit 1; }
exit 0
