#!/usr/bin/env bash
# doc-check.sh - what Documentation/bpf/memory-model.rst cites, checked
# (step 3 of kernel/model-check.sh).
#
# usage: kernel/doc-check.sh DOC TREE
#   DOC   the document (memory-model.rst of the tree with the series)
#   TREE  the kernel tree with the series applied
#
# The series adds no formal model and no test files: the model is
# herdtools7's bpf.cat, the tests are the document's own examples or
# tests of herdtools7's BPF catalogue. So:
#   a. every ``PATH`` of the document (a literal with a '/') is a file or
#      directory of TREE, or a path of the herdtools7 repository
#      (herd/..., catalogue/...); nothing names tools/memory-model/bpf;
#   b. every test the document cites (a literal ``NAME`` that contains a
#      '+' or is the name of a test of tests/litmus/bpf or of the
#      catalogue) is one of its examples (a literal block whose first line
#      is "BPF NAME") or a row of its "Litmus tests" table;
#   c. each example is tests/litmus/bpf/NAME.litmus but for comment
#      lines, has a "(* Result: Never|Sometimes|Always" line, and bpfmm
#      (models/bpf.cat) gives that Result;
#   d. with ../shared (SKIP lines without it): each table row is a file
#      catalogue/bpf/tests/NAME.litmus of the catalogue
#      (../shared/conformance/bpf-catalogue), its Outcome is its kind in
#      kinds.txt, and bpfmm and herd7 with herdtools7's bpf.cat
#      (../shared/reference-models) give it (Never = Forbidden, Sometimes
#      = Allowed); herd7 with herdtools7's bpf.cat gives every example its
#      Result but the one the document says it allows ("it allows
#      ``NAME``"), and with kernel/herdtools7's fix applied every one.
# Prints PASS/FAIL/SKIP lines; exit 0 when no FAIL.
set -u
[ $# -eq 2 ] || { echo "usage: $0 DOC TREE" >&2; exit 2; }
DOC=$1 TREE=$2
KDIR=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$KDIR/.." && pwd)
SHARED=${SHARED:-$ROOT/../shared}
BPFMM=${BPFMM:-$ROOT/build/bpfmm}
H=$SHARED/tools/herd7/herd7
REF=$SHARED/reference-models/herdtools7-bpf.cat
CATA=$SHARED/conformance/bpf-catalogue
FIX=$KDIR/herdtools7/0001-bpf.cat-amo-in-the-coherence-check.patch
fails=0
pass() { echo "PASS $*"; }
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
[ -f "$DOC" ] || { fail "no $DOC"; exit 1; }
w=$(mktemp -d "${TMPDIR:-/tmp}/bpfmm-doc-check.XXXXXX") || exit 2
trap 'rm -rf "$w"' EXIT

# the ``literals`` of the document, one a line (bounded: the document)
grep -o '``[^`]*``' "$DOC" | sed 's/^``//; s/``$//' | sort -u >"$w/lit"
# examples: "  BPF NAME" opens a literal block; its lines up to "exists"
awk -v d="$w/ex" '
	/^  BPF [^ ]+$/ { n = $2; f = d "." n; inex = 1; print n > (d ".names") }
	inex { sub(/^  /, ""); print > f }
	inex && /^exists/ { inex = 0; close(f) }
' "$DOC"
touch "$w/ex.names"
# the Test column of the "Litmus tests" table: the "     - ``NAME``" line
# after each "   * - RULE" line
awk '/^Litmus tests$/ { t = 1 } t && /^   \* - / { r = 1; next }
	t && r && /^     - ``[^`]+``$/ { s = $0; sub(/^     - ``/, "", s); sub(/``$/, "", s); print s; r = 0 }' \
	"$DOC" >"$w/rows"

# a.
bad=
while IFS= read -r l; do
	case $l in */*) ;; *) continue ;; esac
	case $l in *' '*|*'('*|*'|'*|*'*'*) continue ;; esac # code, not a path
	case $l in herd/*|catalogue/*) continue ;; esac
	[ -e "$TREE/${l%/}" ] || bad="$bad $l"
done <"$w/lit"
grep -q 'tools/memory-model/bpf' "$DOC" && bad="$bad tools/memory-model/bpf"
[ -z "$bad" ] && pass "memory-model.rst: every path it names is in the tree or herdtools7's" ||
	fail "memory-model.rst names paths the series does not add:$bad"

# b.
known() { [ -f "$ROOT/tests/litmus/bpf/$1.litmus" ] || [ -f "$CATA/tests/$1.litmus" ]; }
bad= n=0
while IFS= read -r l; do
	case $l in *' '*|*/*|*'('*) continue ;; esac
	case $l in *+*) ;; *) known "$l" || continue ;; esac
	n=$((n + 1))
	grep -q -x -F "$l" "$w/ex.names" "$w/rows" || bad="$bad $l"
done <"$w/lit"
[ -z "$bad" ] && pass "memory-model.rst: $n tests cited, each an example ($(wc -l <"$w/ex.names")) or a catalogue row ($(wc -l <"$w/rows"))" ||
	fail "memory-model.rst cites tests it neither gives nor takes from the catalogue:$bad"

# c. (and the Result of each example, for d.)
verdict() { "$@" 2>/dev/null | awk '/^Observation/ { print $3; exit }'; }
: >"$w/results"
while IFS= read -r t; do
	e=$w/ex.$t
	r=$(sed -n 's/^(\* Result: \(Never\|Sometimes\|Always\).*/\1/p' "$e" | head -n 1)
	what=
	[ -n "$r" ] || what="$what no Result: line"
	if [ -f "$ROOT/tests/litmus/bpf/$t.litmus" ]; then
		cmp -s <(grep -v '^(\*' "$e") <(grep -v '^(\*' "$ROOT/tests/litmus/bpf/$t.litmus") ||
			what="$what differs from tests/litmus/bpf/$t.litmus"
	else
		what="$what not in tests/litmus/bpf"
	fi
	got=$(verdict "$BPFMM" -model "$ROOT/models/bpf.cat" "$e")
	[ -n "$r" ] && [ "$got" = "$r" ] || what="$what bpfmm: '$got'"
	echo "$t $r" >>"$w/results"
	[ -z "$what" ] && pass "example $t: Result: $r, bpfmm $got" || fail "example $t:$what"
done <"$w/ex.names"

# d.
if [ ! -x "$H" ] || [ ! -f "$REF" ] || [ ! -d "$CATA/tests" ]; then
	echo "SKIP catalogue rows and herd7: no herd7, reference bpf.cat or catalogue under $SHARED"
	[ $fails -eq 0 ]; exit
fi
kind_of() { case $1 in Never) echo Forbidden ;; Sometimes) echo Allowed ;; Always) echo Required ;; *) echo "?" ;; esac; }
while IFS= read -r t; do
	f=$CATA/tests/$t.litmus
	[ -f "$f" ] || { fail "table row $t: no catalogue/bpf/tests/$t.litmus"; continue; }
	# the row's Outcome: the line after its Test line
	want=$(awk -v t="     - \`\`$t\`\`" '$0 == t { getline; sub(/^     - /, ""); print; exit }' "$DOC")
	name=$(sed -n '1s/^BPF //p' "$f")
	kind=$(awk -v n="$name" '$1 == n { print $2; exit }' "$CATA/kinds.txt")
	b=$(kind_of "$(verdict "$BPFMM" -model "$ROOT/models/bpf.cat" "$f")")
	h=$(kind_of "$(verdict "$H" -model "$REF" "$f")")
	if [ "$want" = "$kind" ] && [ "$b" = "$want" ] && [ "$h" = "$want" ]; then
		pass "table row $t: $want (kinds.txt, bpfmm, herd7)"
	else
		fail "table row $t: document '$want', kinds.txt '$kind', bpfmm '$b', herd7 '$h'"
	fi
done <"$w/rows"
mkdir -p "$w/fix/herd/libdir"
cp "$REF" "$w/fix/herd/libdir/bpf.cat"
(cd "$w/fix" && patch -s -p1 <"$FIX") >/dev/null 2>&1 || fail "kernel/herdtools7's fix does not apply to $REF"
allowed=$(grep -o "it allows \`\`[^\`]*\`\`" "$DOC" | sed 's/.*``\(.*\)``/\1/' | sort -u)
ref_bad= fix_bad=
while read -r t r; do
	[ "$(verdict "$H" -model "$REF" "$w/ex.$t")" = "$r" ] || ref_bad="$ref_bad $t"
	[ "$(verdict "$H" -model "$w/fix/herd/libdir/bpf.cat" "$w/ex.$t")" = "$r" ] || fix_bad="$fix_bad $t"
done <"$w/results"
[ "$(echo $ref_bad)" = "$(echo $allowed)" ] &&
	pass "herd7, herdtools7's bpf.cat: every example's Result but$ref_bad, as the document says" ||
	fail "herd7, herdtools7's bpf.cat: Results differ on '$(echo $ref_bad)', the document says '$(echo $allowed)'"
[ -z "$fix_bad" ] && pass "herd7, bpf.cat with kernel/herdtools7's fix: every example's Result" ||
	fail "herd7, bpf.cat with kernel/herdtools7's fix: not the Result of$fix_bad"
[ $fails -eq 0 ]
