#!/bin/sh
# Print the tools/memory-model directory of a COMPLETE copy of the kernel's
# memory-model files in the cache, extracting it first if needed.
#
#   sh scripts/lkmm-tree.sh
#
# Source: $LINUX_SOURCE_TARBALL (default /usr/src/linux-source-6.12.tar.xz).
# Cache:  $BPFMM_LKMM_CACHE (default ~/.cache/bpfmm-lkmm), outside the
# repository. The tree holds tools/memory-model and
# Documentation/litmus-tests of the tarball.
#
# Every user of the cache (the unit tests, the lkmm, checklitmus, c-corpus,
# c2bpf and lkmm-map suites, bench/lkmm.sh, `bpfmm c2bpf`) sees either no
# tree or a whole one: the files are extracted into a temporary directory
# inside the cache, a stamp file (.bpfmm-complete) is written last, and the
# directory is then renamed into place. A tree without the stamp (left by
# an interrupted run or an older bpfmm that extracted only some files) is
# replaced.
#
# Exit status: 0 with the directory on stdout; 3 when the tarball is
# absent (nothing printed); 2 when the extraction fails.
set -u
tarball=${LINUX_SOURCE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
cache=${BPFMM_LKMM_CACHE:-$HOME/.cache/bpfmm-lkmm}
stamp=.bpfmm-complete

# A complete tree already there?
for t in "$cache"/*/; do
	t=${t%/}
	if [ -f "$t/$stamp" ] && [ -f "$t/tools/memory-model/linux-kernel.cat" ]; then
		echo "$t/tools/memory-model"
		exit 0
	fi
done
[ -f "$tarball" ] || exit 3

mkdir -p "$cache" || exit 2
# a long step says what it does before it starts (stdout is the answer)
echo "lkmm-tree.sh: extracting the kernel's memory model (tools/memory-model, Documentation/litmus-tests) from $tarball into $cache, once; this reads the whole tarball (a minute or so)..." >&2
tmp=$(mktemp -d "$cache/.extract.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
if ! tar -xJf "$tarball" -C "$tmp" --wildcards \
	'*/tools/memory-model/*' '*/Documentation/litmus-tests/*'; then
	echo "lkmm-tree.sh: cannot extract tools/memory-model from $tarball" >&2
	exit 2
fi
top=$(ls "$tmp")
if [ "$(echo "$top" | wc -l)" -ne 1 ] || [ ! -f "$tmp/$top/tools/memory-model/linux-kernel.cat" ]; then
	echo "lkmm-tree.sh: no tools/memory-model/linux-kernel.cat in $tarball" >&2
	exit 2
fi
: >"$tmp/$top/$stamp" || exit 2
# Replace an incomplete tree of the same name (mv -T never moves into an
# existing directory); if another process renamed
# a complete one into place meanwhile, keep that one.
if [ -d "$cache/$top" ]; then
	if [ -f "$cache/$top/$stamp" ]; then
		echo "$cache/$top/tools/memory-model"
		exit 0
	fi
	rm -rf "$cache/$top" || exit 2
fi
if ! mv -T "$tmp/$top" "$cache/$top" 2>/dev/null; then
	# lost a race with another extraction: use the winner's if complete
	[ -f "$cache/$top/$stamp" ] || { echo "lkmm-tree.sh: cannot rename into $cache/$top" >&2; exit 2; }
fi
echo "$cache/$top/tools/memory-model"
