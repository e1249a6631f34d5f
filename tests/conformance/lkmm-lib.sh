# Where the kernel's tools/memory-model is, for lkmm.sh, checklitmus.sh and
# c2bpf.sh; sourced with  . "$(dirname "$0")/lkmm-lib.sh"  (POSIX sh).
#
# Sets tarball ($LINUX_SOURCE_TARBALL, default
# /usr/src/linux-source-6.12.tar.xz) and cache ($BPFMM_LKMM_CACHE, default
# ~/.cache/bpfmm-lkmm, outside the repository).
tarball=${LINUX_SOURCE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
cache=${BPFMM_LKMM_CACHE:-$HOME/.cache/bpfmm-lkmm}

# lkmm_dir FILE: set dir to tools/memory-model: $LKMM_DIR if set, else the
# complete tree in $cache (scripts/lkmm-tree.sh extracts it from $tarball
# the first time, atomically: a suite never sees a partial tree).
# Prints "SKIP: ..." and exits 0 without the tarball; exits 2 if the
# extraction fails or dir has no FILE.
lkmm_dir() {
	me=$(basename "$0")
	if [ -n "${LKMM_DIR:-}" ]; then
		dir=$LKMM_DIR
	else
		dir=$(LINUX_SOURCE_TARBALL=$tarball BPFMM_LKMM_CACHE=$cache \
			sh "$(dirname "$0")/../../scripts/lkmm-tree.sh")
		case $? in
		0) ;;
		3) echo "SKIP: no kernel sources ($tarball not found; set LKMM_DIR or LINUX_SOURCE_TARBALL)"
		   exit 0 ;;
		*) echo "$me: cannot get tools/memory-model from $tarball" >&2; exit 2 ;;
		esac
	fi
	[ -f "$dir/$1" ] || { echo "$me: no $1 in $dir" >&2; exit 2; }
}

# c_tests FILE: list into FILE every C test c2bpf.sh and lkmm-map.sh run:
# the kernel's litmus-tests and Documentation/litmus-tests of the tree in
# $dir (the latter extracted on demand), tests/litmus/c and
# tests/conformance/c2bpf. Call after lkmm_dir; needs $root.
c_tests() {
	docs=$(cd "$dir/../.." && pwd)/Documentation/litmus-tests
	ls "$dir"/litmus-tests/*.litmus "$root"/tests/litmus/c/*.litmus \
	   "$root"/tests/conformance/c2bpf/*.litmus >"$1" 2>/dev/null
	[ -d "$docs" ] && ls "$docs"/*/*.litmus >>"$1" 2>/dev/null
	return 0
}
