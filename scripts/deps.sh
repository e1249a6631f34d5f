#!/bin/sh
# Make sure the Debian packages a target needs are installed.
#
#   scripts/deps.sh core      compiler and tools to build and test bpfmm
#   scripts/deps.sh kernel    cross compilers, QEMU, the kernel source
#   scripts/deps.sh fuzz      clang and its libFuzzer runtime (`make fuzz`)
#   scripts/deps.sh clang-versions  every clang Debian 12 ships (13, 14,
#                             15, 16, 19) and llvm-19: `make clang2bpf-versions`
#   scripts/deps.sh clang     clang-19 and llvm-19 (llvm-objdump-19): the
#                             BPF compiler of `bpfmm clang2bpf` (suite clang2bpf),
#                             the disassembler of `bpfmm jit-check`
#   scripts/deps.sh web       emscripten (the engine as WebAssembly, `make
#                             web`), chromium (headless: `make web-check`,
#                             suite web), nodejs and npm (the test's driver,
#                             @viz-js/viz)
#
# As root, missing packages are installed with apt-get. Otherwise the
# script names exactly what is missing and exits 1.
set -u
core="gcc make libc6-dev xz-utils linux-source-6.12 man-db"
kernel="linux-source-6.12 gcc-riscv64-linux-gnu gcc-aarch64-linux-gnu gcc-mips64el-linux-gnuabi64 binutils-riscv64-linux-gnu binutils-aarch64-linux-gnu binutils-mips64el-linux-gnuabi64 libc6-dev-mips64el-cross qemu-system-misc qemu-system-arm qemu-system-mips flex bison bc libssl-dev libelf-dev cpio ccache xz-utils perl"
fuzz="clang-14 libclang-rt-14-dev"
clang="clang-19 llvm-19"
clang_versions="clang-13 clang-14 clang-15 clang-16 clang-19 llvm-19"
web="emscripten chromium nodejs python3 linux-source-6.12 xz-utils"
case ${1:-core} in
core) want=$core ;;
kernel) want=$kernel ;;
fuzz) want=$fuzz ;;
clang) want=$clang ;;
clang-versions) want=$clang_versions ;;
web) want=$web
	# Debian's npm, unless an npm is there already (a nodejs from
	# elsewhere that provides one conflicts with Debian's).
	command -v npm >/dev/null 2>&1 || want="$want npm" ;;
*) echo "usage: $0 core|kernel|fuzz|clang|clang-versions|web" >&2; exit 2 ;;
esac
missing=""
for p in $want; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
	echo "deps: installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	{ apt-get update -qq && apt-get install -y -qq --no-install-recommends $missing; } >/tmp/bpfmm-apt.log 2>&1 || {
		echo "deps: apt-get failed; see /tmp/bpfmm-apt.log" >&2; tail -5 /tmp/bpfmm-apt.log >&2; exit 1; }
	exit 0
fi
echo "deps: missing Debian packages:$missing" >&2
echo "deps: run as root: apt-get install$missing" >&2
exit 1
