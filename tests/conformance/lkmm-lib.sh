# Where the kernel's tools/memory-model is, for lkmm.sh, checklitmus.sh and
# c2bpf.sh; sourced with  . "$(dirname "$0")/lkmm-lib.sh"  (POSIX sh).
#
# Sets tarball ($LINUX_SOURCE_TARBALL, default
# /usr/src/linux-source-6.12.tar.xz) and cache ($BPFMM_LKMM_CACHE, default
# ~/.cache/bpfmm-lkmm, outside the repository).
tarball=${LINUX_SOURCE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
cache=${BPFMM_LKMM_CACHE:-$HOME/.cache/bpfmm-lkmm}

# cached_lkmm FILE: print the first $cache/*/tools/memory-model that has FILE.
cached_lkmm() {
	for d in "$cache"/*/tools/memory-model; do
		[ -f "$d/$1" ] && { echo "$d"; return 0; }
	done
	return 1
}

# lkmm_dir FILE: set dir to tools/memory-model: $LKMM_DIR if set, else the
# one in $cache that has FILE, extracted there from $tarball the first time.
# Prints "SKIP: ..." and exits 0 without the tarball; exits 2 if the
# extraction fails or dir has no FILE.
lkmm_dir() {
	me=$(basename "$0")
	if [ -n "${LKMM_DIR:-}" ]; then
		dir=$LKMM_DIR
	elif ! dir=$(cached_lkmm "$1"); then
		if [ ! -f "$tarball" ]; then
			echo "SKIP: no kernel sources ($tarball not found; set LKMM_DIR or LINUX_SOURCE_TARBALL)"
			exit 0
		fi
		mkdir -p "$cache" || exit 2
		tar -xJf "$tarball" -C "$cache" --wildcards '*/tools/memory-model/*' || {
			echo "$me: cannot extract tools/memory-model from $tarball" >&2; exit 2; }
		dir=$(cached_lkmm "$1") || { echo "$me: no tools/memory-model in $tarball" >&2; exit 2; }
	fi
	[ -f "$dir/$1" ] || { echo "$me: no $1 in $dir" >&2; exit 2; }
}
