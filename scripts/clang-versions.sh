#!/bin/sh
# scripts/clang-versions.sh - `make clang2bpf-versions`: bpfmm clang2bpf
# with every clang Debian 12 ships (13, 14, 15, 16, 19), on the tests of
# suite clang2bpf (the kernel's C litmus tests, ours, and
# tests/conformance/clang2bpf), disassembled by llvm-objdump-19 for all.
#
# Prints two Markdown tables (docs/clang-to-bpf.md, "clang versions"):
#   1. `--primitives`: what each version compiles each primitive of the
#      idiom sets to, for each -mcpu, where a version differs from another;
#   2. the verdicts (sound, sound-stronger, unsound, refused) of every test,
#      -mcpu and idiom group where a version differs from another,
# and how many rows agree.  With CHECK=1 the tables must equal the ones
# in docs/clang-to-bpf.md (between its "clang-versions" markers): exit 1
# and a diff otherwise.  The packages come from scripts/deps.sh
# clang-versions (installed as root, else named).  Outputs of each version
# are kept in build/clang-versions/.
set -u
cd "$(dirname "$0")/.." || exit 2
versions=${CLANG_VERSIONS:-13 14 15 16 19}
sh scripts/deps.sh clang-versions || exit 1
make -s build/bpfmm || exit 2
root=$(pwd)
LKMM_DIR=$(sh scripts/lkmm-tree.sh) || { echo "clang-versions: no tools/memory-model (package linux-source-6.12)" >&2; exit 2; }
export LKMM_DIR
. tests/conformance/lkmm-lib.sh
lkmm_dir linux-kernel.cat
out=build/clang-versions
mkdir -p "$out"
c_tests "$out/files"
ls tests/conformance/clang2bpf/*.litmus >>"$out/files"
for v in $versions; do
	echo "clang-$v: $(clang-$v --version | head -n 1)" >&2
	build/bpfmm clang2bpf --clang "clang-$v" --primitives >"$out/prims-$v.txt" 2>&1
	xargs build/bpfmm clang2bpf --clang "clang-$v" -j 2 -I "$dir" <"$out/files" >"$out/verdicts-$v.txt" 2>&1
done

# 1. the primitives: "MCPU|PRIMITIVE|clang's instruction" per version
for v in $versions; do
	awk -v v="$v" '/^PRIMITIVE / { m = $2; sub(/^PRIMITIVE mcpu=v[0-9] /, ""); p = $0; next }
		/^  clang: / { print m "|" p "|" v "|" substr($0, 10) }' "$out/prims-$v.txt"
done | sort -t '|' -k1,2 -k3n >"$out/prims.all"
# 2. the verdicts: "TEST|MCPU|IDIOMS|version|verdict" (the state or reason kept)
for v in $versions; do
	awk -v v="$v" '$1 == "CLANG2BPF" { t = $2; m = $3; g = $4; sub(/^idioms=/, "", g)
		s = $0; sub(/^[^ ]+ [^ ]+ [^ ]+ [^ ]+ [^ ]+ [^ ]+ /, "", s)
		# split idiom groups so that rows line up across versions
		n = split(g, gs, ",")
		for (i = 1; i <= n; i++) print t "|" m "|" gs[i] "|" v "|" s }' "$out/verdicts-$v.txt"
done | sort -t '|' -k1,3 -k4n >"$out/verdicts.all"

table() {   # FILE NKEYS HEADING...: a row per key whose cells differ
	awk -F '|' -v nk="$2" -v vs="$versions" -v head="$3" '
	BEGIN { nv = split(vs, V, " "); same = 0; diff = 0; nov4 = 0 }
	function flush(   i, c, d, row) {
		if (key == "") return
		d = 0
		for (i = 1; i <= nv; i++) { c = (V[i] in cell) ? cell[V[i]] : "-"; if (i > 1 && c != first) d = 1; if (i == 1) first = c }
		if (!d) { same++; delete cell; return }
		# -mcpu=v4 (clang 18 on): counted, not listed, when that is the
		# only difference
		v4 = 1
		for (i = 1; i <= nv; i++)
			if ((V[i] in cell) && cell[V[i]] !~ /unknown target CPU .v4./ && V[i] < 18) v4 = 0
		if (v4) { nov4++; delete cell; return }
		diff++
		row = "| " key
		for (i = 1; i <= nv; i++) row = row " | " ((V[i] in cell) ? cell[V[i]] : "-")
		rows[diff] = row " |"
		delete cell
	}
	{ k = $1; for (i = 2; i <= nk; i++) k = k " | " $i
	  if (k != key) { flush(); key = k }
	  cell[$(nk + 1)] = $(nk + 2) }
	END { flush()
		printf "%s", head; for (i = 1; i <= nv; i++) printf " | clang-%s", V[i]; print " |"
		printf "|"; for (i = 1; i <= nk + nv; i++) printf " --- |"; print ""
		for (i = 1; i <= diff; i++) print rows[i]
		print ""; print same " rows the same in every version, " diff " listed; " nov4 " rows of -mcpu=v4 differ only in that clang 13 to 16 do not know v4 (refused: \"unknown target CPU\")." }' "$1"
}
{
	echo "<!-- clang-versions: made by scripts/clang-versions.sh -->"
	echo
	echo "What clang compiles each primitive to (\`clang2bpf --primitives\`), where versions differ:"
	echo
	table "$out/prims.all" 2 "| mcpu | primitive"
	echo
	echo "Verdicts (suite clang2bpf's tests), where versions differ:"
	echo
	table "$out/verdicts.all" 3 "| test | mcpu | idioms"
	echo
	echo "<!-- /clang-versions -->"
} >"$out/tables.md"
if [ "${CHECK:-0}" = 1 ]; then
	sed -n '/^<!-- clang-versions: /,/^<!-- \/clang-versions -->$/p' docs/clang-to-bpf.md >"$out/doc.md"
	if cmp -s "$out/doc.md" "$out/tables.md"; then
		echo "clang-versions: docs/clang-to-bpf.md has this run's tables"
		echo "1 passed, 0 failed"
	else
		diff "$out/doc.md" "$out/tables.md" | head -20
		echo "0 passed, 1 failed"
		exit 1
	fi
else
	cat "$out/tables.md"
fi
