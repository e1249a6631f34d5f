#!/bin/sh
# C -> clang -> BPF: `bpfmm clang2bpf` on every C test (docs/clang-to-bpf.md).
#
#   clang2bpf.sh [BPFMM]
#
# Tests: those of c2bpf.sh (the kernel's litmus-tests and
# Documentation/litmus-tests, tests/litmus/c, tests/conformance/c2bpf) and
# tests/conformance/clang2bpf. Each test must give, for -mcpu v3 and v4, a
# line per idiom group that is sound, sound-stronger, unsound with its
# state, or refused with a reason, and the lines must be those of
# tests/conformance/clang2bpf-expected.txt (a change of clang's output or
# of bpf.cat shows up there; regenerate with CLANG2BPF_REGEN=1 after
# reading the difference). Named checks: the unused-result fetch-add
# (sb-fetchadd-unused) unsound with its state and its fix
# (sb-fetchadd-used) sound; smp_mb() as a fetch-add with its result
# unused unsound on SB+fencembonceonces, used sound; --primitives names
# the unused-result fetch-add a difference from c2bpf's table; a clang
# that fails gives refusals, not errors.
# Needs clang-19 and llvm-19 (scripts/deps.sh clang: installed as root,
# else SKIP naming them); SKIP without the kernel sources.
# Prints "N passed, N failed".
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
bpfmm=${1:-$root/build/bpfmm}
expected=$root/tests/conformance/clang2bpf-expected.txt
. "$(dirname "$0")/lkmm-lib.sh"

if ! sh "$root/scripts/deps.sh" clang >/dev/null 2>"${TMPDIR:-/tmp}/clang2bpf-deps.$$"; then
	missing=$(sed -n 's/^deps: missing Debian packages: *//p' "${TMPDIR:-/tmp}/clang2bpf-deps.$$")
	rm -f "${TMPDIR:-/tmp}/clang2bpf-deps.$$"
	echo "SKIP: missing Debian packages: ${missing:-clang-19 llvm-19}"
	exit 0
fi
rm -f "${TMPDIR:-/tmp}/clang2bpf-deps.$$"
lkmm_dir linux-kernel.cat
[ -x "$bpfmm" ] || { echo "clang2bpf.sh: no executable $bpfmm (run make)" >&2; exit 2; }

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
c_tests "$tmp/files"
ls "$root"/tests/conformance/clang2bpf/*.litmus >>"$tmp/files"

# one process, every test's functions in one clang run per -mcpu
xargs "$bpfmm" clang2bpf -j 2 -I "$dir" <"$tmp/files" >"$tmp/out" 2>"$tmp/err"
rc=$?

pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL $*"; fail=$((fail + 1)); }

[ "$rc" -eq 0 ] && [ ! -s "$tmp/err" ] && ok || { bad "clang2bpf exit $rc"; head -3 "$tmp/err"; }

# every test: lines for both -mcpu values, each with a verdict (and its
# state or reason)
while read -r f; do
	name=$(sed -n '1s/^C[ \t]*\([^ \t]*\).*/\1/p' "$f")
	lines=$(awk -v n="$name" '$1 == "CLANG2BPF" && $2 == n' "$tmp/out")
	why=""
	for m in v3 v4; do
		echo "$lines" | grep -q " mcpu=$m " || why="no line for -mcpu=$m"
	done
	bad_line=$(echo "$lines" | awk '
		$7 == "sound" || $7 == "sound-stronger" { next }
		($7 == "unsound" || $7 == "refused") && $8 ~ /^\(/ && $NF ~ /\)$/ { next }
		{ print; exit }')
	[ -n "$bad_line" ] && why="bad line: $bad_line"
	if [ -n "$why" ]; then bad "$name: $why"; else ok; fi
done <"$tmp/files"

# the summary line (last) counts the lines above it
last=$(tail -1 "$tmp/out")
nlines=$(grep -c '^CLANG2BPF ' "$tmp/out")
echo "$last" | grep -q "^clang2bpf: [0-9]* tests, $nlines verdicts: " && ok || bad "summary line: $last ($nlines lines)"

# the lines recorded in the expected file
grep -v '^clang2bpf: ' "$tmp/out" | sort >"$tmp/got"
if [ "${CLANG2BPF_REGEN:-0}" = 1 ]; then
	{ echo "# bpfmm clang2bpf on the tests of tests/conformance/clang2bpf.sh (clang-19, llvm-19; sorted)"
	  cat "$tmp/got"; } >"$expected"
fi
grep -v '^#' "$expected" | sort >"$tmp/want"
if cmp -s "$tmp/got" "$tmp/want"; then
	ok
else
	bad "output differs from clang2bpf-expected.txt (< expected, > now):"
	diff "$tmp/want" "$tmp/got" | grep '^[<>]' | head -10
fi

# named checks
line() { awk -v n="$1" -v m="mcpu=$2" -v i="$3" '$2 == n && $3 == m && ("," substr($4, 8) ",") ~ ("," i ",")' "$tmp/out"; }
expect() {   # TEST MCPU IDIOMS VERDICT [STATE]
	l=$(line "$1" "$2" "$3")
	case "$l" in
	*" LKMM=Never BPF="*" $4${5:+ ($5)}") ok ;;
	*) bad "$1 -mcpu=$2 idioms $3: want $4${5:+ ($5)}, got: ${l:-no line}" ;;
	esac
}
for m in v3 v4; do
	expect sb-fetchadd-unused $m fetch-add unsound "0:r0=0; 1:r0=0;"
	expect sb-fetchadd-used $m fetch-add sound
	expect SB+fencembonceonces $m fetch-add unsound "0:r0=0; 1:r0=0;"
	expect SB+fencembonceonces $m fetch-add-used sound
	expect MP+pooncerelease+poacquireonce $m fetch-add-used sound
	expect MP+pooncerelease+poacquireonce $m barrier unsound "1:r0=1; 1:r1=0;"
done

# c2bpf's table against clang, one primitive at a time
"$bpfmm" clang2bpf --primitives >"$tmp/prims" 2>&1 || bad "--primitives failed"
prim() {   # MCPU NAME VERDICT CLANG
	got=$(awk -v h="PRIMITIVE mcpu=$1 $2" '$0 == h { on = 1; next } /^PRIMITIVE/ { on = 0 }
		on && /^  clang: / { c = substr($0, 10) } on && /^  (same|differs)$/ { print $1 "|" c; exit }' "$tmp/prims")
	[ "$got" = "$3|$4" ] && ok || bad "--primitives $1 $2: want $3|$4, got ${got:-nothing}"
}
for m in v3 v4; do
	prim $m "smp_mb (__sync_fetch_and_add(f, 0), result unused)" differs "lock|="
	prim $m "smp_mb (__sync_fetch_and_add(f, 0), result used)" differs "atomic_fetch_or"
	prim $m "atomic_fetch_add (result unused)" differs "lock+="
	prim $m "atomic_fetch_add (result used)" same atomic_fetch_add
done

# a compiler that turns a relaxed fetch-add whose result is used into a
# non-fetch add returning the addend (LLVM issue 210280, clang 20 on): the
# object tests/conformance/clang20/clang-nonfetch.sh makes of clang-19's
# output is unsound; clang-19's own is sound (named check above)
for m in v3 v4; do
	expect fetchadd-relaxed-used $m fetch-add sound
done
"$bpfmm" clang2bpf --clang "$root/tests/conformance/clang20/clang-nonfetch.sh" --idioms fetch-add -I "$dir" \
	"$root/tests/conformance/clang2bpf/fetchadd-relaxed-used.litmus" >"$tmp/nf" 2>&1
if [ "$(grep -c '^CLANG2BPF fetchadd-relaxed-used mcpu=v[34] idioms=fetch-add LKMM=Never BPF=Always unsound (0:r0=1; 1:r0=1;)$' "$tmp/nf")" = 2 ]; then
	ok
else
	bad "clang 20's non-fetch add (clang-nonfetch.sh): $(head -3 "$tmp/nf")"
fi

# a compiler that fails: every group refused with a reason, no error
printf '#!/bin/sh\necho "t.c:1:1: error: broken on purpose" >&2\nexit 1\n' >"$tmp/badclang"
chmod +x "$tmp/badclang"
"$bpfmm" clang2bpf --clang "$tmp/badclang" -I "$dir" "$root/tests/conformance/clang2bpf/sb-fetchadd-used.litmus" \
	>"$tmp/bc" 2>&1
# (two lines, then the summary line: 2 refused)
if [ "$(grep -c 'refused (clang: error: broken on purpose)' "$tmp/bc")" -eq 2 ] && [ "$(wc -l <"$tmp/bc")" -eq 3 ] &&
	tail -1 "$tmp/bc" | grep -q '^clang2bpf: 1 tests, 2 verdicts: 0 sound, 0 sound-stronger, 0 unsound, 2 refused, '; then
	ok
else
	bad "a failing clang: $(head -2 "$tmp/bc")"
fi

# --json: one record per line of the text run (c2bpf's fields, with mcpu
# and idioms), the same verdicts, no summary line; every key in --help; a
# test that cannot be read a record with the error
xargs "$bpfmm" clang2bpf --json -j 2 -I "$dir" <"$tmp/files" >"$tmp/json" 2>/dev/null
sed '$d' "$tmp/out" | grep '^CLANG2BPF ' | awk '{ print $2, $3, $4, $(NF > 7 ? 7 : NF) }' | sort >"$tmp/tv"
sed -n 's/^{"file":"[^"]*","test":"\([^"]*\)","mcpu":"\([^"]*\)","idioms":"\([^"]*\)","lkmm":"[^"]*","bpf":[^,]*,"verdict":"\([^"]*\)","state":.*,"reason":.*}$/\1 mcpu=\2 idioms=\3 \4/p' \
	"$tmp/json" | sort >"$tmp/jv"
[ -s "$tmp/jv" ] && [ "$(wc -l <"$tmp/jv")" -eq "$(wc -l <"$tmp/json")" ] && cmp -s "$tmp/tv" "$tmp/jv" && ok \
	|| bad "clang2bpf --json: records differ from the lines: $(diff "$tmp/tv" "$tmp/jv" | head -3)"
"$bpfmm" clang2bpf --help >"$tmp/help"
for key in $(sed 's/"\([a-z_]*\)":/\n\1:KEY\n/g' "$tmp/json" | sed -n 's/:KEY$//p' | sort -u); do
	grep -q "$key" "$tmp/help" && ok || bad "clang2bpf --help does not describe the JSON field $key"
done
"$bpfmm" clang2bpf --json -I "$dir" "$tmp/nonexistent.litmus" >"$tmp/jerr" 2>/dev/null
grep -q '^{"file":"[^"]*nonexistent.litmus","error":".*cannot open' "$tmp/jerr" && ok || bad "clang2bpf --json error record: $(cat "$tmp/jerr")"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
