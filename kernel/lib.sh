# lib.sh - shared by kernel/check.sh and kernel/insn-count.sh (sourced).
#
# Everything big lives under $BPFMM_CACHE (default ~/.cache/bpfmm), outside
# the repository:
#   $WORK/src-series   Debian tarball + every patch in kernel/patches
#   $WORK/src-base     Debian tarball + every patch that touches no file
#                      under arch/riscv/, i.e. riscv as 6.12 released it
#   $WORK/build-<variant>, $WORK/initramfs-<arch>.cpio, $WORK/logs/
# Nothing here loads anything into the running kernel: kernels only ever
# run inside QEMU.

KDIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=test-identity.sh
. "$KDIR/test-identity.sh"
BPFMM_CACHE=${BPFMM_CACHE:-$HOME/.cache/bpfmm}
WORK=${BPFMM_KERNEL_WORK:-$BPFMM_CACHE/kernel-check}
TARBALL=${BPFMM_KERNEL_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
JOBS=${JOBS:-$(nproc 2>/dev/null || echo 2)}
PATCHDIR=$KDIR/patches
CONFIGDIR=$KDIR/configs

# Debian 12 packages the whole flow needs.
KERNEL_PACKAGES="linux-source-6.12 gcc-riscv64-linux-gnu gcc-aarch64-linux-gnu
binutils-riscv64-linux-gnu binutils-aarch64-linux-gnu libc6-dev-riscv64-cross
libc6-dev-arm64-cross gcc-mips64el-linux-gnuabi64 binutils-mips64el-linux-gnuabi64
libc6-dev-mips64el-cross qemu-system-mips qemu-system-misc qemu-system-arm qemu-system-x86 make gcc
libc6-dev flex bison bc libssl-dev libelf-dev cpio ccache xz-utils perl python3 patch git"
# The guests only `make jit-check-all` and `make jit-check-fixture` boot
# (not make check): a script that boots them sets
# EXTRA_PACKAGES="$JIT_ALL_PACKAGES" before ensure_packages.
JIT_ALL_PACKAGES="gcc-powerpc64le-linux-gnu binutils-powerpc64le-linux-gnu libc6-dev-ppc64el-cross
gcc-s390x-linux-gnu binutils-s390x-linux-gnu libc6-dev-s390x-cross qemu-system-ppc"

log() { printf '%s [kernel] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# Print the packages of $KERNEL_PACKAGES (and $EXTRA_PACKAGES) that are
# not installed.
missing_packages() {
	local p
	for p in $KERNEL_PACKAGES ${EXTRA_PACKAGES:-}; do
		dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
			grep -q '^install ok installed$' || echo "$p"
	done
}

# Install what is missing when root, else say exactly what is missing.
ensure_packages() {
	local missing
	if ! command -v dpkg-query >/dev/null 2>&1; then
		log "no dpkg: cannot check packages; trying anyway"
		return 0
	fi
	missing=$(missing_packages | tr '\n' ' ')
	[ -z "${missing// /}" ] && return 0
	if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
		log "installing Debian packages (apt-get, a few minutes): $missing"
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -q >/dev/null || die "apt-get update failed"
		# shellcheck disable=SC2086
		apt-get install -y -q --no-install-recommends $missing >/dev/null ||
			die "apt-get install failed: $missing"
		missing=$(missing_packages | tr '\n' ' ')
		[ -z "${missing// /}" ] || die "still missing after install: $missing"
	else
		echo "missing Debian packages: $missing" >&2
		echo "install them with: sudo apt-get install -y $missing" >&2
		exit 1
	fi
}

# Variant table: variant -> tree, kernel ARCH, cross prefix, image, QEMU.
# A *-brokenjit variant is built from the series tree with the test-only
# patches of tests/run/patches applied for the time of its build, a
# *-fixed variant with the model series' JIT fix for its arch
# (kernel/jit-fixes; mips64el: the MIPS fix, the syncs around the LL/SC
# loops): build_patched, never left in the tree.
variant_tree() {
	case "$1" in
	riscv64-base) echo base ;;
	*) echo series ;;
	esac
}
variant_arch() { case "$1" in riscv64*) echo riscv64 ;; arm64*) echo arm64 ;; x86_64*) echo x86_64 ;; mips64el*) echo mips64el ;; ppc64le*) echo ppc64le ;; s390x*) echo s390x ;; *) die "unknown variant $1" ;; esac; }
karch() { case "$1" in riscv64) echo riscv ;; arm64) echo arm64 ;; x86_64) echo x86_64 ;; mips64el) echo mips ;; ppc64le) echo powerpc ;; s390x) echo s390 ;; esac; }
cross() { case "$1" in riscv64) echo riscv64-linux-gnu- ;; arm64) echo aarch64-linux-gnu- ;; x86_64) echo x86_64-linux-gnu- ;; mips64el) echo mips64el-linux-gnuabi64- ;; ppc64le) echo powerpc64le-linux-gnu- ;; s390x) echo s390x-linux-gnu- ;; esac; }
# mips64el and ppc64le: QEMU's malta and pseries load the ELF vmlinux
# themselves.
image_path() { case "$1" in riscv64) echo arch/riscv/boot/Image ;; arm64) echo arch/arm64/boot/Image ;; x86_64) echo arch/x86/boot/bzImage ;; mips64el|ppc64le) echo vmlinux ;; s390x) echo arch/s390/boot/bzImage ;; esac; }

# Patches of a tree, in order.  "base" leaves out the patches that touch
# arch/riscv/ (the Zalasr detection and the atomic.h change): the riscv
# code of 6.12 as released.
tree_patches() {
	local p
	for p in "$PATCHDIR"/*.patch; do
		[ -e "$p" ] || continue
		if [ "$1" = base ] && grep -q '^+++ b/arch/riscv/' "$p"; then
			continue
		fi
		echo "$p"
	done
}

# Extract the tarball and apply the tree's patches, unless the tree is
# already there for the same tarball and the same patch contents.
prepare_tree() {
	local tree=$1 dir=$WORK/src-$1 stamp want tmp p
	[ -r "$TARBALL" ] || die "kernel tarball $TARBALL not found (package linux-source-6.12)"
	mkdir -p "$WORK"
	# "tree 2": trees from before build_patched saved each file once could
	# keep the first of two test patches of one file (the riscv64
	# broken-JIT fetch-add) after a broken-JIT build: extract them again
	want=$( { echo "tree 2"; stat -c '%n %s %Y' "$TARBALL"; tree_patches "$tree" | xargs -r cat; } |
		sha256sum | cut -d' ' -f1)
	stamp=$dir/.bpfmm-stamp
	# a broken-JIT build interrupted with its test patch still applied
	# leaves this marker: the tree is not the series any more
	[ -e "$dir/.bpfmm-test-patched" ] && rm -f "$stamp"
	if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
		log "tree $tree: up to date ($dir)"
		return 0
	fi
	log "tree $tree: extracting $TARBALL"
	rm -rf "$dir" "$dir.tmp"
	mkdir -p "$dir.tmp"
	tar -xf "$TARBALL" -C "$dir.tmp" || die "extracting $TARBALL failed"
	tmp=$(find "$dir.tmp" -mindepth 1 -maxdepth 1 -type d | head -n 1)
	[ -f "$tmp/Makefile" ] || die "no kernel tree in $TARBALL"
	mv "$tmp" "$dir"
	rmdir "$dir.tmp"
	for p in $(tree_patches "$tree"); do
		log "tree $tree: applying ${p##*/}"
		patch -d "$dir" -p1 --batch --forward --quiet < "$p" ||
			die "patch ${p##*/} does not apply to $TARBALL"
	done
	echo "$want" > "$stamp"
}

# make for one variant.
kmake() {
	local variant=$1 arch tree
	shift
	arch=$(variant_arch "$variant")
	tree=$(variant_tree "$variant")
	CCACHE_BASEDIR=$WORK make -C "$WORK/src-$tree" O="$WORK/build-$variant" \
		ARCH="$(karch "$arch")" CROSS_COMPILE="$(cross "$arch")" \
		CC="ccache $(cross "$arch")gcc" "$@"
}

# config_fragments VARIANT: the fragment files of its configuration.
# bpf-run.config: the BPF options of `bpfmm run`, in every build so that
# kernel-check and bpfmm run share their kernels (one build per variant).
# BPFMM_EXTRA_CONFIG: more fragments.
config_fragments() {
	local arch
	arch=$(variant_arch "$1")
	echo "$CONFIGDIR/common.config $CONFIGDIR/$arch.config $CONFIGDIR/bpf-run.config ${BPFMM_EXTRA_CONFIG:-}"
}

# config_wanted VARIANT: the fragments' lines, one per symbol, a later
# fragment's line for a symbol replacing an earlier one (as merge_config
# does); "# CONFIG_X is not set" reads as CONFIG_X=n.
config_wanted() {
	# shellcheck disable=SC2046
	awk '
		/^CONFIG_[A-Za-z0-9_]+=/ { s = $0; sub(/=.*/, "", s); v = $0 }
		/^# CONFIG_[A-Za-z0-9_]+ is not set$/ { s = $2; v = s "=n" }
		s != "" { if (!(s in val)) ord[n++] = s; val[s] = v; s = "" }
		END { for (i = 0; i < n; i++) print val[ord[i]] }' $(config_fragments "$1")
}

# config_missing VARIANT: prints each fragment line its .config lacks
# (none: the build is configured as the fragments say).
config_missing() {
	local b=$WORK/build-$1 line sym val
	while IFS= read -r line; do
		case "$line" in CONFIG_*=*) ;; *) continue ;; esac
		sym=${line%%=*}
		val=${line#*=}
		if [ "$val" = n ]; then
			grep -q -x -e "# $sym is not set" "$b/.config" 2>/dev/null && continue
			[ -f "$b/.config" ] && ! grep -q "^$sym=" "$b/.config" && continue
		else
			grep -q -x -F "$line" "$b/.config" 2>/dev/null && continue
		fi
		echo "$line"
	done < <(config_wanted "$1")
}

# tinyconfig + kernel/configs fragments, then check every fragment line
# made it into .config (Kconfig drops what it cannot satisfy silently).
configure() {
	local variant=$1 arch b frags line
	arch=$(variant_arch "$variant")
	b=$WORK/build-$variant
	mkdir -p "$b"
	frags=$(config_fragments "$variant")
	kmake "$variant" -s tinyconfig >/dev/null || die "tinyconfig failed"
	# shellcheck disable=SC2086
	(cd "$WORK/src-$(variant_tree "$variant")" &&
		ARCH=$(karch "$arch") CROSS_COMPILE=$(cross "$arch") \
		./scripts/kconfig/merge_config.sh -m -O "$b" "$b/.config" $frags) \
		> "$b/merge_config.log" 2>&1 || die "merge_config failed, see $b/merge_config.log"
	kmake "$variant" -s olddefconfig >/dev/null || die "olddefconfig failed"
	line=$(config_missing "$variant")
	[ -z "$line" ] || { log "config $variant: did not stick: $(echo $line)"; die "config fragment for $variant not fully applied"; }
}

build_kernel() {
	local variant=$1
	kmake "$variant" -j"$JOBS" -s "$(basename "$(image_path "$(variant_arch "$variant")")")" \
		> "$WORK/logs/build-$variant.log" 2>&1 ||
		{ tail -n 30 "$WORK/logs/build-$variant.log" >&2; die "build of $variant failed"; }
	if grep -q -i 'warning:' "$WORK/logs/build-$variant.log"; then
		log "build $variant: compiler warnings (see $WORK/logs/build-$variant.log):"
		grep -i 'warning:' "$WORK/logs/build-$variant.log" | head -n 10 >&2
	fi
}

# variant_base VARIANT: the variant a patched one is built from ("" for
# one built from its tree alone); variant_patches VARIANT: its patches.
variant_base() {
	case "$1" in
	*-brokenjit) echo "${1%-brokenjit}" ;;
	*-fixed) echo "${1%-fixed}" ;;
	esac
}
variant_patches() {
	case "$1" in
	*-brokenjit) ls "$KDIR"/../tests/run/patches/*.patch ;;
	# the fix compiles to nothing on the Malta's CPU (no SMP, no
	# WEAK_REORDERING_BEYOND_LLSC): the test patch makes it emit what it
	# emits for an SMP Loongson-3
	mips64el-fixed) ls "$KDIR"/jit-fixes/mips/0001-mips-*.patch
		echo "$KDIR/../tests/jit-check/patches/mips64el-llsc-mb-always.patch" ;;
	*) die "no patches for variant $1" ;;
	esac
}

# build_patched ARCH-brokenjit|ARCH-fixed: the kernel of variant ARCH with
# variant_patches (the test-only patches of tests/run/patches, a JIT
# broken on purpose for `bpfmm run` to catch; or a JIT fix of the model
# series), built incrementally: the build directory of ARCH
# is copied, the patches are applied to the series tree, only what they
# touch is recompiled and linked, and the tree's files are put back with
# their old times, so ARCH's own build sees no change.  About a minute
# instead of a whole kernel.
build_patched() {
	local variant=$1 base tree b save p f rc
	base=$(variant_base "$variant")
	[ -n "$base" ] || die "build_patched: $variant is not a patched variant"
	tree=$WORK/src-$(variant_tree "$base")
	b=$WORK/build-$variant
	[ -f "$WORK/build-$base/$(image_path "$(variant_arch "$base")")" ] ||
		die "build_patched: $base is not built"
	rm -rf "$b"
	cp -a "$WORK/build-$base" "$b" || die "copying build-$base failed"
	save=$(mktemp -d "${TMPDIR:-/tmp}/bpfmm-brokenjit.XXXXXX") || die "mktemp failed"
	touch "$tree/.bpfmm-test-patched"
	for p in $(variant_patches "$variant"); do
		# the tree's own file, not an earlier patch's version of it
		for f in $(sed -n 's|^+++ b/||p' "$p"); do
			[ -e "$save/$f" ] && continue
			mkdir -p "$save/$(dirname "$f")"
			cp -p "$tree/$f" "$save/$f"
		done
		patch -d "$tree" -p1 --batch --forward --quiet --no-backup-if-mismatch \
			--reject-file=- < "$p" ||
			{ cp -a "$save"/. "$tree"/; rm -rf "$save" "$b"; rm -f "$tree/.bpfmm-test-patched"
			  die "patch ${p##*/} does not apply"; }
	done
	kmake "$variant" -j"$JOBS" -s "$(basename "$(image_path "$(variant_arch "$variant")")")" \
		> "$WORK/logs/build-$variant.log" 2>&1
	rc=$?
	cp -a "$save"/. "$tree"/    # the series files, with their old times
	rm -rf "$save"
	rm -f "$tree/.bpfmm-test-patched"
	[ $rc -eq 0 ] || { tail -n 30 "$WORK/logs/build-$variant.log" >&2; rm -rf "$b"; die "build of $variant failed"; }
	patches_sum "$variant" > "$b/.bpfmm-patches"
}

# patches_sum VARIANT: one line naming the contents of its patches; a
# patched build directory holds it in .bpfmm-patches once it is built.
patches_sum() {
	# shellcheck disable=SC2046
	cat $(variant_patches "$1") | sha256sum | cut -d' ' -f1
}

# Static /init for the arch, packed alone (plus /dev/console) into a cpio.
build_initramfs() {
	local arch=$1 variant=$2 init cpio list gen
	init=$WORK/init-$arch
	cpio=$WORK/initramfs-$arch.cpio
	list=$WORK/initramfs-$arch.list
	"$(cross "$arch")gcc" -static -O2 -Wall -Wextra -Werror -o "$init" \
		"$KDIR/guest/init.c" || die "building /init for $arch failed"
	printf 'dir /dev 0755 0 0\nnod /dev/console 0600 0 0 c 5 1\nfile /init %s 0755 0 0\n' \
		"$init" > "$list"
	gen=$WORK/build-$variant/usr/gen_init_cpio
	if [ ! -x "$gen" ]; then
		kmake "$variant" -s usr/gen_init_cpio >/dev/null 2>&1 || true
	fi
	[ -x "$gen" ] || die "usr/gen_init_cpio not built for $variant"
	"$gen" "$list" > "$cpio" || die "gen_init_cpio failed"
}

# qemu_boot ARCH IMAGE CPIO LOG APPEND TIMEOUT [READY]: boot under timeout
# (TCG, -smp 4); the console goes to LOG.  Never loads anything into this
# machine's kernel.
#
# READY (a grep pattern) is the line the guest's /init prints first.  Until
# it appears the console is watched: a guest that prints nothing for
# BOOT_SILENCE seconds (default 240) before READY is killed and the call
# returns 3.  It happens, rarely, under TCG: once in CI a riscv64 guest
# printed OpenSBI's banner and then nothing for 900 s, and the same image
# booted in 2 s at the next try.  Callers boot once more on 3 (boot_retry);
# a guest that stops after READY is left to TIMEOUT, since that is what a
# test must see.  Otherwise returns 0 (124 went to the log).
qemu_boot() {
	local arch=$1 img=$2 cpio=$3 out=$4 append=$5 tmo=$6 ready=${7:-} rc pid
	local silence=${BOOT_SILENCE:-240} quiet=0 size last=-1 hung=0
	local -a cmd
	case "$arch" in
	riscv64)
		cmd=(qemu-system-riscv64
			-machine virt -smp 4 -m 512M -nographic -no-reboot
			-accel tcg,thread=multi -kernel "$img" -initrd "$cpio"
			-append "console=ttyS0 $append") ;;
	arm64)
		cmd=(qemu-system-aarch64
			-machine virt -cpu max,pauth-impdef=on -smp 4 -m 512M
			-nographic -no-reboot -accel tcg,thread=multi
			-kernel "$img" -initrd "$cpio"
			-append "console=ttyAMA0 $append") ;;
	x86_64)
		cmd=(qemu-system-x86_64
			-machine q35 -cpu max -smp 4 -m 512M -nographic -no-reboot
			-accel tcg,thread=multi -kernel "$img" -initrd "$cpio"
			-append "console=ttyS0 $append") ;;
	mips64el)
		# Malta with a MIPS64R2 CPU has no SMP method under QEMU (no
		# MT ASE, no CPS): one CPU, whatever -smp says.
		cmd=(qemu-system-mips64el
			-machine malta -cpu MIPS64R2-generic -m 512M
			-nographic -no-reboot -accel tcg
			-kernel "$img" -initrd "$cpio"
			-append "console=ttyS0 $append") ;;
	ppc64le)
		# pseries (sPAPR), the default POWER CPU of QEMU's TCG; the
		# spectre/meltdown capabilities TCG cannot provide are declared
		# broken instead of warned about.  Console: the hypervisor's
		# virtual terminal (hvc0).
		cmd=(qemu-system-ppc64
			-machine pseries,cap-cfpc=broken,cap-sbbc=broken,cap-ibs=broken,cap-ccf-assist=off
			-smp 4 -m 512M -nographic -no-reboot -accel tcg,thread=multi
			-kernel "$img" -initrd "$cpio"
			-append "console=hvc0 $append") ;;
	s390x)
		# s390-ccw-virtio with QEMU's TCG CPU model (qemu: the
		# facilities TCG implements, z196's interlocked access among
		# them); console: the SCLP line-mode terminal.  QEMU loads
		# the bzImage itself.
		cmd=(qemu-system-s390x
			-machine s390-ccw-virtio -cpu qemu -smp 4 -m 512M
			-nographic -no-reboot -accel tcg,thread=multi
			-kernel "$img" -initrd "$cpio"
			-append "console=ttysclp0 $append") ;;
	*) die "qemu_boot: unknown arch $arch" ;;
	esac
	: > "$out"
	timeout -k 5 "$tmo" "${cmd[@]}" > "$out" 2>&1 < /dev/null &
	pid=$!
	if [ -n "$ready" ]; then
		while kill -0 "$pid" 2>/dev/null; do
			grep -q -e "$ready" "$out" && break
			size=$(stat -c %s "$out")
			if [ "$size" = "$last" ]; then
				quiet=$((quiet + 1))
			else
				last=$size
				quiet=0
			fi
			if [ "$quiet" -ge "$silence" ]; then
				hung=1
				kill "$pid" 2>/dev/null
				break
			fi
			sleep 1
		done
	fi
	wait "$pid"
	rc=$?
	if [ $hung -eq 1 ]; then
		log "boot $arch: no console output for ${silence}s before the guest's init: QEMU killed"
		return 3
	fi
	[ $rc -eq 124 ] && log "boot $arch: QEMU killed by timeout after ${tmo}s"
	return 0
}

# boot_retry ARGS...: qemu_boot ARGS, and once more when the guest hung
# before its init (status 3); the hung console is kept as LOG.hung.
boot_retry() {
	qemu_boot "$@" && return 0
	[ $? -eq 3 ] || return 0
	cp "$4" "$4.hung"
	log "boot $1: hung before init (console kept in $4.hung); booting once more"
	qemu_boot "$@"
	return 0
}

# Boot one variant in QEMU under timeout; the console goes to the log.
boot_kernel() {
	local variant=$1 arch
	arch=$(variant_arch "$variant")
	boot_retry "$arch" "$WORK/build-$variant/$(image_path "$arch")" \
		"$WORK/initramfs-$arch.cpio" "$WORK/logs/boot-$variant.log" \
		"earlycon panic=-1 oops=panic" \
		"${BOOT_TIMEOUT:-300}" 'bpfmm-init: started\|KTAP version'
	return 0
}
