#!/bin/sh
# tests/map/cites.sh - every section of every table in mappings/ cites the
# Linux 6.12 source it describes, and the citation is right.
#
# A section header must read  [CLASS] PATH:FIRST[-LAST] TEXT  (PATH relative
# to the kernel tree, docs/jit-mappings.md). With the kernel sources
# (LINUX_SOURCE_TARBALL, default /usr/src/linux-source-6.12.tar.xz), also:
# PATH exists, FIRST <= LAST <= its number of lines, and every `quoted`
# fragment of TEXT occurs in lines FIRST..LAST (blanks compared loosely).
# Without the sources only the form is checked (and a SKIP line says so).
# A section of an upstream table (docs/jit-mappings.md, "Upstream tables")
# may instead cite  @SOURCE:ID PATH TEXT  (SOURCE linux-next, git or patch,
# ID the commit of a linux-next mirror, the commit of another stored
# public kernel repository that the table's header names, or a git blob,
# 12 or more hex digits): the code was read from a
# stored copy of that commit or patch, not from the 6.12 tarball, so only
# the form is checked (PATH must name a file some other section of the same
# table cites in the 6.12 tree, so a typo in it still fails).
# The cited files are extracted from the tarball into $BPFMM_JIT_CACHE
# (default ~/.cache/bpfmm-jit, outside the repository) as scripts/
# lkmm-tree.sh does for the LKMM: into a temporary directory, a stamp file
# last, then renamed into place, so a run never reads a partial tree; a
# tree that lacks a file cited since is replaced.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/../.." || exit 2
tarball=${LINUX_SOURCE_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
cache=${BPFMM_JIT_CACHE:-$HOME/.cache/bpfmm-jit}
stamp=.bpfmm-complete
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# every "[CLASS] CITATION" line: TABLE<TAB>LINE<TAB>CLASS<TAB>CITATION
for f in mappings/*; do
	awk -v t="$f" '/^\[/ {
		c = $0; sub(/^\[/, "", c); cls = c; sub(/\].*/, "", cls); sub(/^[^]]*\] */, "", c)
		printf "%s\t%d\t%s\t%s\n", t, NR, cls, c }' "$f"
done >"$tmp/cites"

# the kernel tree: a complete one in the cache that has every cited file,
# else extracted (atomically) from the tarball
paths=$(awk -F'\t' '$4 ~ /^[A-Za-z0-9_\/.-]+:[0-9]/ { split($4, w, ":"); print w[1] }' "$tmp/cites" | sort -u)
has_all() {
	[ -f "$1/$stamp" ] || return 1
	for p in $paths; do [ -f "$1/$p" ] || return 1; done
}
src=
for d in "$cache"/*/; do
	d=${d%/}
	has_all "$d" && { src=$d; break; }
done
if [ -z "$src" ] && [ -f "$tarball" ]; then
	mkdir -p "$cache" || exit 2
	x=$(mktemp -d "$cache/.extract.XXXXXX") || exit 2
	pats=
	for p in $paths; do pats="$pats */$p"; done
	# shellcheck disable=SC2086
	if ! tar -xJf "$tarball" -C "$x" --wildcards $pats 2>"$tmp/tar.err"; then
		echo "cites.sh: cannot extract the cited files: $(head -2 "$tmp/tar.err")" >&2
		rm -rf "$x"
		exit 2
	fi
	top=$(ls "$x")
	: >"$x/$top/$stamp" || exit 2
	[ -d "$cache/$top" ] && ! has_all "$cache/$top" && rm -rf "$cache/$top"
	mv -T "$x/$top" "$cache/$top" 2>/dev/null || rm -rf "$x"
	rm -rf "$x"
	has_all "$cache/$top" && src=$cache/$top
	[ -n "$src" ] || { echo "cites.sh: no complete tree in $cache" >&2; exit 2; }
fi
[ -n "$src" ] || echo "SKIP: no kernel sources ($tarball): only the form of the citations is checked"

awk -F'\t' -v src="$src" '
function squash(s) { gsub(/[ \t]+/, " ", s); return s }
{
	where = $1 ":" $2 " [" $3 "]"
	if (substr($4, 1, 1) == "@") {
		if (match($4, /^@(linux-next|git|patch):[0-9a-f]+ [A-Za-z0-9_\/.-]+ /) == 0 || RLENGTH < 1) {
			print "FAIL: " where ": an upstream citation is @linux-next:COMMIT PATH, @git:COMMIT PATH or @patch:BLOB PATH: " $4; bad++; next
		}
		split($4, w, " "); id = w[1]; sub(/^@[a-z-]+:/, "", id)
		if (length(id) < 12) { print "FAIL: " where ": " w[1] ": 12 or more hex digits"; bad++; next }
		upath[$1] = upath[$1] " " w[2]
		good++; next
	}
	if (match($4, /^[A-Za-z0-9_\/.-]+:[0-9]/)) { split($4, w, ":"); cited[$1, w[1]] = 1 }
	if (match($4, /^[A-Za-z0-9_\/.-]+:[0-9]+(-[0-9]+)?( |$)/) == 0) {
		print "FAIL: " where ": the citation does not start with PATH:LINE[-LINE]: " $4; bad++; next
	}
	head = substr($4, 1, RLENGTH); sub(/ $/, "", head); text = substr($4, RLENGTH + 1)
	split(head, hp, ":"); path = hp[1]; n = split(hp[2], lr, "-")
	first = lr[1] + 0; last = (n == 2 ? lr[2] : lr[1]) + 0
	if (first > last) { print "FAIL: " where ": empty line range " head; bad++; next }
	if (src == "") { good++; next }
	file = src "/" path
	if (!(file in nlines)) {
		k = 0
		while ((getline l < file) > 0) { k++; line[file, k] = squash(l) }
		close(file); nlines[file] = k
	}
	if (nlines[file] == 0) { print "FAIL: " where ": no file " path " in the 6.12 tree"; bad++; next }
	if (last > nlines[file]) { print "FAIL: " where ": " head " is past the end (" nlines[file] " lines)"; bad++; next }
	body = ""
	for (i = first; i <= last; i++) body = body "\n" line[file, i]
	rest = text; ok = 1
	while (match(rest, /`[^`]+`/)) {
		frag = squash(substr(rest, RSTART + 1, RLENGTH - 2)); rest = substr(rest, RSTART + RLENGTH)
		if (index(body, frag) == 0) { print "FAIL: " where ": `" frag "` is not in " head; ok = 0 }
	}
	if (ok) good++; else bad++
}
END {
	for (t in upath) {
		n = split(upath[t], ps, " ")
		for (i = 1; i <= n; i++)
			if (!((t, ps[i]) in cited)) { print "FAIL: " t ": upstream citation of " ps[i] ", which no 6.12 section of the table cites"; bad++ }
	}
	print good + 0 " passed, " bad + 0 " failed"; exit bad > 0
}' "$tmp/cites"
