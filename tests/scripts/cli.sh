#!/bin/sh
# The command-line contract other tools script against: exit codes, --help,
# -json, -dot, model lookup, make install. Prints "N passed, N failed".
set -u
bpfmm=${1:-build/bpfmm}
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
ko() { echo "FAIL: $*"; fail=$((fail + 1)); }
expect_rc() {   # expect_rc RC DESCRIPTION CMD...
	want=$1 what=$2; shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
	[ "$rc" -eq "$want" ] && ok || ko "$what: exit $rc, want $want ($(head -c 200 "$tmp/err"))"
}
. "$root/tests/scripts/litmus-lib.sh"
sb=$root/tests/litmus/bpf/SB+plain.litmus
mp=$root/tests/litmus/bpf/MP+rel+acq.litmus

expect_rc 0 "--help" "$bpfmm" --help
grep -q "^Usage: bpfmm" "$tmp/out" && grep -q "Exit status" "$tmp/out" && ok || ko "--help text"
expect_rc 0 "--version" "$bpfmm" --version
expect_rc 2 "no arguments" "$bpfmm"
expect_rc 2 "unknown option" "$bpfmm" --frobnicate "$sb"
expect_rc 2 "-model without a file" "$bpfmm" -model
expect_rc 1 "missing file" "$bpfmm" "$tmp/nonexistent.litmus"
expect_rc 1 "missing model" "$bpfmm" -model "$tmp/none.cat" "$sb"
grep -q "model '.*none.cat' not found" "$tmp/err" && ok || ko "missing model message"
# a C test without the kernel's model (not bundled) says how to get it
printf 'C c-no-model\n{}\nP0(int *x) { WRITE_ONCE(*x, 1); }\nexists (x=1)\n' >"$tmp/c.litmus"
expect_rc 1 "C test without linux-kernel.cat" env BPFMM_MODELDIR="$root/models" "$bpfmm" "$tmp/c.litmus"
grep -q "linux-kernel.cat' not found.*-conf linux-kernel.cfg" "$tmp/err" && ok || ko "C model hint: $(cat "$tmp/err")"
printf '"broken"\nlet x = (po\n' >"$tmp/broken.cat"
expect_rc 1 "broken model" "$bpfmm" -model "$tmp/broken.cat" "$sb"
grep -q "broken.cat:3:1: error:" "$tmp/err" && ok || ko "model error position: $(cat "$tmp/err")"

# a test that fails does not stop the others
printf 'BPF bad\n{\n0:r1=x;\n}\n P0 ;\n r11 = 1 ;\nexists (0:r1=1)\n' >"$tmp/bad.litmus"
expect_rc 1 "one bad test among good ones" "$bpfmm" "$sb" "$tmp/bad.litmus" "$mp"
[ "$(grep -c '^Observation' "$tmp/out")" -eq 2 ] && ok || ko "good tests after a bad one"
grep -q "bad.litmus:6:2: error:" "$tmp/err" && ok || ko "FILE:LINE:COL on stderr"

# herd-style block
expect_rc 0 "herd output" "$bpfmm" -notime "$sb"
grep -q '^Observation SB+plain Sometimes 1 3$' "$tmp/out" && ok || ko "Observation line"
grep -q '^Time' "$tmp/out" && ko "-notime still prints Time" || ok

# JSON
expect_rc 0 "-json" "$bpfmm" -json "$sb" "$mp"
[ "$(wc -l <"$tmp/out")" -eq 2 ] && ok || ko "-json: one line per test"
grep -q '^{"file":"[^"]*/SB+plain.litmus","test":"SB+plain","states":\["0:r4=0; 1:r4=0;",' "$tmp/out" &&
grep -q '"observation":"Never"' "$tmp/out" && ok || ko "-json content: $(cat "$tmp/out")"

# -json: seconds only with time; errors taken apart (line, column, message)
"$bpfmm" -json -notime "$sb" >"$tmp/out" 2>/dev/null
grep -q '"seconds"' "$tmp/out" && ko "-json -notime still has seconds" || ok
"$bpfmm" -json "$sb" | grep -q '"seconds":[0-9.]*}$' && ok || ko "-json without -notime: no seconds"
"$bpfmm" -json "$tmp/bad.litmus" 2>/dev/null | grep -q '"error":"[^"]*bad.litmus:6:2: error: [^"]*","line":6,"column":2,"message":"' \
	&& ok || ko "-json error fields: $("$bpfmm" -json "$tmp/bad.litmus" 2>/dev/null)"
"$bpfmm" -json "$tmp/none.litmus" 2>/dev/null | grep -q '"line"' && ko "-json: line for a file error" || ok
# a one-letter location in the condition that no thread accesses: the
# written one-letter names are suggested
printf 'BPF typo1\n{\n0:r1=x; 0:r2=y;\n}\nP0 ;\n*(u32 *)(r1 + 0) = 1 ;\n*(u32 *)(r2 + 0) = 1 ;\nexists (x=1 /\\ w=1)\n' >"$tmp/typo1.litmus"
expect_rc 0 "one-letter typo" "$bpfmm" "$tmp/typo1.litmus"
grep -q "typo1.litmus:8:16: warning: location 'w' is accessed by no thread (a typo for 'x' or 'y'?)" "$tmp/err" \
	&& ok || ko "one-letter typo hint: $(cat "$tmp/err")"
# architecture keywords are case-sensitive, as in herd7
sed '1s/^BPF/BPf/' "$sb" >"$tmp/case.litmus"
expect_rc 1 "BPf keyword" "$bpfmm" "$tmp/case.litmus"
grep -q "case.litmus:1:1: error: unknown architecture 'BPf' (did you mean 'BPF'?" "$tmp/err" && ok || ko "keyword case: $(cat "$tmp/err")"
# herd7's options: -nohash and -through none change nothing, -o is -dot,
# -through all|invalid and drawing options are refused (exit 2)
"$bpfmm" -notime "$sb" >"$tmp/plain.out" 2>&1
expect_rc 0 "-nohash -through none" "$bpfmm" -nohash -through none -notime "$sb"
cmp -s "$tmp/out" "$tmp/plain.out" && ok || ko "-nohash -through none changed the output"
expect_rc 2 "-through invalid" "$bpfmm" -through invalid "$sb"
grep -q "bpfmm explain TEST STATE" "$tmp/err" && ok || ko "-through message: $(cat "$tmp/err")"
expect_rc 2 "-show prop" "$bpfmm" -show prop "$sb"
grep -q "with -dot DIR" "$tmp/err" && ok || ko "-show message: $(cat "$tmp/err")"
expect_rc 2 "-o without a folder" "$bpfmm" -o
expect_rc 0 "-o DIR" "$bpfmm" -o "$tmp/odir" "$sb"
[ -s "$tmp/odir/SB+plain.dot" ] && ok || ko "-o DIR: no SB+plain.dot"
expect_rc 2 "herd7 wrapper: -through all" sh "$root/scripts/herd7" -through all "$sb"

# a row with fewer cells than the test has threads is an error at its ';'
# (herd7: "mismatch in instruction lines"), not instructions of a thread
# whose '|' was forgotten given to another thread
printf 'BPF short\n{\n0:r1=x;\n1:r1=x;\n}\nP0 | P1 ;\n*(u32 *)(r1 + 0) = 1 ;\n| r4 = *(u32 *)(r1 + 0) ;\nexists (1:r4=1)\n' >"$tmp/short.litmus"
expect_rc 1 "a row shorter than the thread header" "$bpfmm" "$tmp/short.litmus" "$sb"
grep -qx "$tmp/short.litmus:7:22: error: row has 1 cell but the test has 2 threads (a missing '|'?)" "$tmp/err" \
	&& ok || ko "short row message: $(cat "$tmp/err")"
[ "$(grep -c '^Observation' "$tmp/out")" -eq 1 ] && grep -q '^Observation SB+plain ' "$tmp/out" \
	&& ok || ko "short row: only the other test checked: $(grep '^Observation' "$tmp/out")"

# herd7's -names/-excl/-oknames/-nonames choose the tests by the name in
# their header (FILE: a name per line, up to its first space, # comments);
# a test left out prints nothing
printf '# a comment\n\nMP+rel+acq and the rest of the line\n  SB+plain\n' >"$tmp/names"
expect_rc 0 "-names" "$bpfmm" -notime -names "$tmp/names" "$sb" "$mp"
[ "$(grep -c '^Test ' "$tmp/out")" -eq 1 ] && grep -q '^Test MP+rel+acq Allowed$' "$tmp/out" \
	&& ok || ko "-names: only MP+rel+acq (a name after blanks is none): $(grep '^Test ' "$tmp/out")"
expect_rc 0 "-excl" "$bpfmm" -notime -excl "$tmp/names" "$sb" "$mp"
[ "$(grep -c '^Test ' "$tmp/out")" -eq 1 ] && grep -q '^Test SB+plain Allowed$' "$tmp/out" \
	&& ok || ko "-excl: only SB+plain: $(grep '^Test ' "$tmp/out")"
expect_rc 0 "-oknames" "$bpfmm" -json -oknames "x,SB+plain" "$sb" "$mp"
[ "$(wc -l <"$tmp/out")" -eq 1 ] && grep -q '"test":"SB+plain"' "$tmp/out" && ok || ko "-oknames -json: $(cat "$tmp/out")"
expect_rc 0 "-nonames" "$bpfmm" -notime -nonames "SB+plain" "$sb" "$mp"
[ "$(grep -c '^Test ' "$tmp/out")" -eq 1 ] && grep -q '^Test MP+rel+acq ' "$tmp/out" && ok || ko "-nonames: $(grep '^Test ' "$tmp/out")"
printf 'SB+plain\n' >"$tmp/names2"
expect_rc 0 "-names twice: the union" "$bpfmm" -notime -names "$tmp/names" -names "$tmp/names2" "$sb" "$mp"
[ "$(grep -c '^Test ' "$tmp/out")" -eq 2 ] && ok || ko "-names twice: $(grep '^Test ' "$tmp/out")"
# a test left out that cannot be read is left out too (its header names it)
expect_rc 0 "-excl a test that cannot be read" "$bpfmm" -notime -nonames bad "$tmp/bad.litmus" "$mp"
[ -s "$tmp/err" ] && ko "-nonames bad: $(cat "$tmp/err")" || ok
expect_rc 1 "-names a test that cannot be read" "$bpfmm" -notime -oknames bad "$tmp/bad.litmus" "$mp"
grep -q "bad.litmus:6:2: error:" "$tmp/err" && ok || ko "-oknames bad: $(cat "$tmp/err")"
expect_rc 1 "-names with a missing file" "$bpfmm" -names "$tmp/nonames" "$sb"
grep -qx "$tmp/nonames: error: cannot open: No such file or directory" "$tmp/err" && ok || ko "-names missing file: $(cat "$tmp/err")"
expect_rc 2 "-names without a file" "$bpfmm" "$sb" -names
# -conds FILE: NAME "CONDITION" replaces a test's condition (herd7: the
# last line of a file, the first file naming the test); -kinds FILE: NAME
# Allowed|Forbidden|Required sets its quantifier
printf '# x\nMP+rel+acq "exists (1:r4=0)"\n  MP+rel+acq  "exists (1:r4=1 /\\ 1:r5=1)"  \n' >"$tmp/conds"
printf 'MP+rel+acq "forall (1:r4=0)"\nSB+plain "~exists (0:r4=1)"\n' >"$tmp/conds2"
expect_rc 0 "-conds" "$bpfmm" -notime -conds "$tmp/conds" "$mp" "$sb"
grep -q '^Condition exists (1:r4=1 /\\ 1:r5=1)$' "$tmp/out" && grep -qx 'Observation MP+rel+acq Sometimes 1 2' "$tmp/out" \
	&& grep -qx 'Observation SB+plain Sometimes 1 3' "$tmp/out" && ok || ko "-conds: $(grep '^Observation\|^Condition' "$tmp/out")"
expect_rc 0 "-conds twice" "$bpfmm" -notime -conds "$tmp/conds" -conds "$tmp/conds2" "$mp" "$sb"
grep -qx 'Observation MP+rel+acq Sometimes 1 2' "$tmp/out" && grep -q '^Test SB+plain Forbidden$' "$tmp/out" \
	&& grep -q '^Condition ~exists (0:r4=1)$' "$tmp/out" && ok || ko "-conds twice: $(grep '^Test\|^Condition' "$tmp/out")"
printf 'MP+rel+acq Forbidden\nSB+plain Required\n' >"$tmp/kinds"
expect_rc 0 "-kinds" "$bpfmm" -json -notime -kinds "$tmp/kinds" -conds "$tmp/conds" "$mp" "$sb"
grep -q '"test":"MP+rel+acq",.*"ok":false,.*"quantifier":"~exists","observation":"Sometimes"' "$tmp/out" \
	&& grep -q '"test":"SB+plain",.*"quantifier":"forall"' "$tmp/out" && ok || ko "-kinds -json: $(cat "$tmp/out")"
# errors in those files: FILE:LINE:COL, exit 1
printf 'MP+rel+acq Bogus\n' >"$tmp/kinds.bad"
expect_rc 1 "-kinds with a bad kind" "$bpfmm" -kinds "$tmp/kinds.bad" "$mp"
grep -qx "$tmp/kinds.bad:1:12: error: 'Bogus' is not a kind (Allowed, Forbidden or Required)" "$tmp/err" && [ ! -s "$tmp/out" ] \
	&& ok || ko "-kinds bad kind: $(cat "$tmp/err")"
printf 'MP+rel+acq exists (1:r4=1)\n' >"$tmp/conds.bad"
expect_rc 1 "-conds without quotes" "$bpfmm" -conds "$tmp/conds.bad" "$mp"
grep -qx "$tmp/conds.bad:1:12: error: expected \"CONDITION\" after the test name" "$tmp/err" && ok || ko "-conds no quotes: $(cat "$tmp/err")"
printf 'MP+rel+acq "1:r4=1"\nSB+plain "exists (0:r4=1 /\\ z=1)"\n' >"$tmp/conds.bad"
expect_rc 1 "-conds with bad conditions" "$bpfmm" -notime -conds "$tmp/conds.bad" "$mp" "$sb" "$root/tests/litmus/bpf/CoRR.litmus"
grep -qx "$tmp/conds.bad:1:13: error: expected exists, ~exists or forall, found '1'" "$tmp/err" \
	&& grep -qx "$tmp/conds.bad:2:29: error: location 'z' is not one of test SB+plain's" "$tmp/err" \
	&& [ "$(grep -c '^Observation' "$tmp/out")" -eq 1 ] && ok || ko "-conds bad conditions: $(cat "$tmp/err") $(grep '^Observation' "$tmp/out")"
printf '"MP+rel+acq" "exists (1:r4=1)"\n' >"$tmp/conds.bad"
expect_rc 1 "-conds with a line without a test name" "$bpfmm" -conds "$tmp/conds.bad" "$mp"
grep -qx "$tmp/conds.bad:1:1: error: expected a test name" "$tmp/err" && ok || ko "-conds no name: $(cat "$tmp/err")"
# explain takes none of them
expect_rc 2 "explain -conds" "$bpfmm" explain -conds "$tmp/conds" "$mp"
# the herd7 wrapper passes them on (it dropped them: Never 0 3 for
# herd7's Sometimes 1 2), and refuses, naming it, each herd7 option that
# would change the result that bpfmm does not implement
expect_rc 0 "herd7 wrapper: -conds" env BPFMM="$bpfmm" sh "$root/scripts/herd7" -conds "$tmp/conds" -names "$tmp/names" "$mp" "$sb"
grep -qx 'Observation MP+rel+acq Sometimes 1 2' "$tmp/out" && [ "$(grep -c '^Observation' "$tmp/out")" -eq 1 ] \
	&& ok || ko "herd7 wrapper -conds -names: $(grep '^Observation' "$tmp/out")"
expect_rc 0 "herd7 wrapper: -kinds -excl -nonames -oknames" env BPFMM="$bpfmm" sh "$root/scripts/herd7" -kinds "$tmp/kinds" \
	-excl "$tmp/names2" -oknames SB+plain,MP+rel+acq -nonames x "$mp" "$sb"
grep -q '^Test MP+rel+acq Forbidden$' "$tmp/out" && [ "$(grep -c '^Test' "$tmp/out")" -eq 1 ] && ok || ko "herd7 wrapper -kinds: $(grep '^Test' "$tmp/out")"
for o in "-rename $tmp/names" "-initwrites true" "-initwrites false" "-skipcheck sc" "-skipchecks sc,x" "-throughflag f" \
	"-badflag f" "-machsize quad" "-endian big" "-optace false" "-maxphantom 2" "-set-libdir $tmp" -switch -libdir -web -c11 \
	"-restrict observed" "-archcheck false" "-badexecs false" "-checkfilter false" "-exit true" "-candidates true" \
	"-outcomereads true" "-hexa true" "-dumpes true" "-dumpallfaults true" "-strictskip true" "-statelessrc11 true"; do
	set -- $o
	expect_rc 2 "herd7 wrapper refuses $o" env BPFMM="$bpfmm" sh "$root/scripts/herd7" "$@" "$mp"
	grep -q "^herd7 (bpfmm wrapper): $1 .*bpfmm does not implement it" "$tmp/err" && [ ! -s "$tmp/out" ] \
		&& ok || ko "herd7 wrapper $o message: $(cat "$tmp/err")"
done
# -macros: the kernel's linux-kernel.def is built in (taken, as in its
# linux-kernel.cfg); any other macros file would be ignored: refused, in
# the wrapper and in a -conf file
: >"$tmp/other.def"
expect_rc 2 "herd7 wrapper: -macros other.def" env BPFMM="$bpfmm" sh "$root/scripts/herd7" -macros "$tmp/other.def" "$mp"
grep -q "^herd7 (bpfmm wrapper): -macros .*other.def: bpfmm's C dialect has the macros of the kernel's linux-kernel.def built in" "$tmp/err" \
	&& ok || ko "-macros other.def: $(cat "$tmp/err")"
expect_rc 0 "herd7 wrapper: -macros linux-kernel.def" env BPFMM="$bpfmm" sh "$root/scripts/herd7" -macros /x/linux-kernel.def "$mp"
printf 'macros other.def\n' >"$tmp/macros.cfg"
expect_rc 2 "-conf with another macros file" "$bpfmm" -conf "$tmp/macros.cfg" "$mp"
grep -q "macros.cfg:1:1: error: macros other.def: " "$tmp/err" && ok || ko "-conf macros: $(cat "$tmp/err")"
# herd7's defaults change nothing: accepted; display-only options dropped
"$bpfmm" -notime "$mp" >"$tmp/plain.out"
expect_rc 0 "herd7 wrapper: default values" env BPFMM="$bpfmm" sh "$root/scripts/herd7" -notime -restrict none -archcheck true \
	-badexecs true -checkfilter true -exit false -candidates false -outcomereads false -hexa false -dumpes false \
	-dumpallfaults false -strictskip false -statelessrc11 false -showraw po -view gv -preview -showone true -tikz false "$mp"
cmp -s "$tmp/out" "$tmp/plain.out" && ok || ko "herd7 wrapper default values changed the output: $(cat "$tmp/err")"
# the same files give herd7's own answers (when ../shared has herd7)
herd=$root/../shared/tools/herd7/herd7
if [ -x "$herd" ]; then
	for sel in "-conds $tmp/conds" "-conds $tmp/conds2" "-kinds $tmp/kinds" "-names $tmp/names" "-excl $tmp/names" \
		"-conds $tmp/conds2 -conds $tmp/conds -kinds $tmp/kinds" "-oknames SB+plain"; do
		"$herd" -model "$root/models/bpf.cat" $sel "$mp" "$sb" 2>/dev/null | grep '^Test\|^Condition\|^Observation\|^Ok\|^No' >"$tmp/h.out"
		"$bpfmm" -model "$root/models/bpf.cat" $sel "$mp" "$sb" 2>/dev/null | grep '^Test\|^Condition\|^Observation\|^Ok\|^No' >"$tmp/b.out"
		[ -s "$tmp/h.out" ] && cmp -s "$tmp/h.out" "$tmp/b.out" && ok || ko "herd7 and bpfmm differ with $sel: $(diff "$tmp/h.out" "$tmp/b.out" | head -5)"
	done
else
	echo "SKIP: -names/-conds/-kinds against herd7 (no ../shared)"
fi

# -variant NAME that the model tests nowhere: an error naming the model and
# its variants (herd7 refuses a variant it does not know), not a silent
# no-op; the variants models test, and mixed, still work, also from -conf
expect_rc 1 "-variant the model never tests" "$bpfmm" -variant nosuchvariant "$mp" "$sb"
[ "$(grep -c "^$root/models/bpf.cat: error: variant 'nosuchvariant' is tested nowhere in this model, so it would change nothing (the model's variants: mixed)\$" "$tmp/err")" -eq 2 ] \
	&& [ ! -s "$tmp/out" ] && ok || ko "-variant nosuchvariant: $(cat "$tmp/err")"
expect_rc 0 "-variant mixed" "$bpfmm" -notime -variant mixed "$mp"
grep -qx 'Observation MP+rel+acq Never 0 3' "$tmp/out" && ok || ko "-variant mixed: $(cat "$tmp/out" "$tmp/err")"
printf '"no variants"\nacyclic po | rf as sc\n' >"$tmp/novar.cat"
expect_rc 0 "-variant mixed, a model without variants" "$bpfmm" -variant mixed -model "$tmp/novar.cat" "$mp"
expect_rc 1 "-variant x, a model without variants" "$bpfmm" -variant x -model "$tmp/novar.cat" "$mp"
grep -q "novar.cat: error: variant 'x' is tested nowhere in this model, so it would change nothing (the model tests no variant; mixed is always taken)" "$tmp/err" \
	&& ok || ko "-variant x, no variants: $(cat "$tmp/err")"
mips_t=$(ls "$root"/tests/litmus/mips/*.litmus | head -1)
printf 'model %s\nvariant llsc-mb,sc\n' "$root/models/mips.cat" >"$tmp/mips.cfg"
expect_rc 0 "-conf with the model's variants" "$bpfmm" -conf "$tmp/mips.cfg" "$mips_t"
printf 'model %s\nvariant llsc-mb,scc\n' "$root/models/mips.cat" >"$tmp/mips-typo.cfg"
expect_rc 1 "-conf with a variant the model never tests" "$bpfmm" -conf "$tmp/mips-typo.cfg" "$mips_t"
grep -q "mips.cat: error: variant 'scc' is tested nowhere in this model, so it would change nothing (the model's variants: mixed, llsc-mb, sc)" "$tmp/err" \
	&& ok || ko "-conf variant typo: $(cat "$tmp/err")"
expect_rc 1 "map --variant the native model never tests" "$bpfmm" map --mapping mips64-linux-6.12 --variant llsc-m "$sb"
grep -q "mips.cat: error: variant 'llsc-m' is tested nowhere in this model" "$tmp/err" && ok || ko "map --variant typo: $(cat "$tmp/err")"
expect_rc 1 "herd7 wrapper: -variant mixed,nosuch" env BPFMM="$bpfmm" sh "$root/scripts/herd7" -variant mixed,nosuch "$mp"
grep -q "bpf.cat: error: variant 'nosuch' is tested nowhere" "$tmp/err" && ok || ko "herd7 wrapper -variant list: $(cat "$tmp/err")"

# a -conf file's options that change which tests run or what they answer
# are refused unless at herd7's default, never ignored
printf 'model %s\nnames %s\n' "$root/models/bpf.cat" "$tmp/names" >"$tmp/names.cfg"
expect_rc 2 "-conf with names" "$bpfmm" -conf "$tmp/names.cfg" "$sb" "$mp"
grep -qx "$tmp/names.cfg:2:1: error: 'names $tmp/names' in a configuration file would change which tests run or what they answer, and bpfmm does not read it from one; give bpfmm's option on the command line where it has one" "$tmp/err" \
	&& [ ! -s "$tmp/out" ] && ok || ko "-conf names: $(cat "$tmp/err")"
printf 'model %s\nunroll 5\n' "$root/models/bpf.cat" >"$tmp/unroll.cfg"
expect_rc 2 "-conf with unroll" "$bpfmm" -conf "$tmp/unroll.cfg" "$sb"
printf 'model %s\nthrough none\nspeedcheck false\nhexa false\ngraph columns\n' "$root/models/bpf.cat" >"$tmp/defaults.cfg"
"$bpfmm" -notime "$sb" >"$tmp/plain.out"
expect_rc 0 "-conf with herd7's defaults" "$bpfmm" -notime -conf "$tmp/defaults.cfg" "$sb"
cmp -s "$tmp/out" "$tmp/plain.out" && ok || ko "-conf with herd7's defaults changed the output"
printf 'speedcheck true\n' >"$tmp/speed.cfg"
expect_rc 2 "-conf with speedcheck true" "$bpfmm" -conf "$tmp/speed.cfg" "$sb"
grep -q "speed.cfg:1:1: error: 'speedcheck true' in a configuration file .* (only herd7's default is accepted: false)" "$tmp/err" \
	&& ok || ko "-conf speedcheck true: $(cat "$tmp/err")"

# -bell FILE: the .bell next to the model is taken (bpfmm runs it anyway),
# another one refused, also through the herd7 wrapper (it dropped -bell)
cp "$root/models/bpf.cat" "$tmp/belled.cat"
printf '"bell"\n' >"$tmp/belled.bell"
printf '"other bell"\n' >"$tmp/other.bell"
expect_rc 0 "-bell of the model" "$bpfmm" -bell "$tmp/belled.bell" -model "$tmp/belled.cat" "$sb"
expect_rc 1 "-bell of another file" env BPFMM="$bpfmm" sh "$root/scripts/herd7" -bell "$tmp/other.bell" -model "$tmp/belled.cat" "$sb"
grep -q "error: bell file $tmp/other.bell: bpfmm runs the .bell next to the model with the same base name ($tmp/belled.cat), not another one" "$tmp/err" \
	&& ok || ko "-bell of another file: $(cat "$tmp/err")"

# Graphviz
mkdir "$tmp/dot"
expect_rc 0 "-dot" "$bpfmm" -dot "$tmp/dot" "$sb"
grep -q '^digraph "SB+plain"' "$tmp/dot/SB+plain.dot" && grep -q 'label="rf"' "$tmp/dot/SB+plain.dot" \
	&& ok || ko "-dot file"
# output folders, one convention: created when missing (with parents), a
# path that is no folder is a command-line error (exit 2); a file that
# cannot be written fails the run (exit 1) but its result line is printed
expect_rc 0 "-dot into a missing folder" "$bpfmm" -dot "$tmp/new/dot" "$sb"
[ -f "$tmp/new/dot/SB+plain.dot" ] && ok || ko "-dot did not create its folder"
: >"$tmp/plainfile"
expect_rc 2 "-dot onto a file" "$bpfmm" -dot "$tmp/plainfile" "$sb"
grep -q "bpfmm: -dot .*plainfile: not a folder" "$tmp/err" && ok || ko "-dot file message: $(cat "$tmp/err")"
expect_rc 2 "map --emit onto a file" "$bpfmm" map --arch riscv64 --emit "$tmp/plainfile" "$sb"
grep -q "bpfmm map: --emit .*plainfile: not a folder" "$tmp/err" && ok || ko "map --emit message: $(cat "$tmp/err")"
expect_rc 2 "map --dot onto a file" "$bpfmm" map --arch riscv64 --dot "$tmp/plainfile" "$sb"
# map --dot labels quote the generated test's instructions (the test only
# exists as text in memory without --emit)
expect_rc 0 "map --dot of an unsound table" "$bpfmm" map --mapping "$root/mappings/riscv64-before-20a759df3bba" \
	--dot "$tmp/mapdot" "$root/tests/litmus/bpf/SB+fetchadd+fetchadd.litmus"
grep -q 'label="RMW f0=0->1 \[AMO\]\\nline 8: amoadd.d s4, s4, (s3)"' "$tmp/mapdot/"*.dot && ok \
	|| ko "map --dot labels: $(grep -m2 label "$tmp/mapdot/"*.dot)"
expect_rc 2 "c2bpf --emit onto a file" "$bpfmm" c2bpf --emit "$tmp/plainfile" "$root/tests/litmus/c/lb-ctrl.litmus"
expect_rc 2 "lkmm-map --emit onto a file" "$bpfmm" lkmm-map --mapping all --emit "$tmp/plainfile" "$root/tests/litmus/c/lb-ctrl.litmus"
expect_rc 2 "-dot under a file" "$bpfmm" -dot "$tmp/plainfile/sub" "$sb"
grep -q "cannot create .*plainfile" "$tmp/err" && ok || ko "-dot under a file: $(cat "$tmp/err")"
expect_rc 0 "map --emit into a missing folder" "$bpfmm" map --arch riscv64 --emit "$tmp/new/emit" "$sb"
[ -f "$tmp/new/emit/SB+plain.litmus" ] && ok || ko "map --emit did not create its folder"
mkdir -p "$tmp/blocked/SB+plain.dot" "$tmp/blocked/SB+plain.litmus"   # a folder where the file goes
expect_rc 1 "-dot file not writable" "$bpfmm" -notime -dot "$tmp/blocked" "$sb"
grep -q '^Observation SB+plain' "$tmp/out" && grep -q "cannot write .*SB+plain.dot" "$tmp/err" \
	&& ok || ko "-dot write failure: $(cat "$tmp/out" "$tmp/err")"
expect_rc 1 "map --emit file not writable" "$bpfmm" map --arch riscv64 --emit "$tmp/blocked" "$sb"
grep -q '^Map SB+plain riscv64' "$tmp/out" && ok || ko "map --emit write failure dropped the Map line"

# A test that cannot run is an error, not "Never": MP whose P1 reads through
# a register that holds no address prints no result and exits 1
sed 's/^1:r1=x; 1:r2=y;/1:r2=y;/' "$mp" >"$tmp/noaddr.litmus"
grep -q '^1:r2=y;$' "$tmp/noaddr.litmus" && ok || ko "noaddr test not made"
expect_rc 1 "access through a register with no address" "$bpfmm" "$tmp/noaddr.litmus"
grep -q "noaddr.litmus:9:38: error: P1: r1 holds 0, not the address of a location" "$tmp/err" \
	&& ok || ko "no-address message: $(cat "$tmp/err")"
grep -q '^Observation\|^States' "$tmp/out" && ko "no-address test printed a result" || ok
# ... in every dialect (a model with no architecture-specific sets)
printf '"po and rf only"\nacyclic po | rf as order\n' >"$tmp/plain.cat"
printf 'C c-na\n{}\nP0(int **p)\n{\n\tint *r0 = READ_ONCE(*p);\n\tWRITE_ONCE(*r0, 1);\n}\nexists (0:r0=0)\n' >"$tmp/na-c.litmus"
printf 'RISCV rv-na\n{\n0:x5=x;\n}\n P0          ;\n li x7,1     ;\n sw x7,0(x6) ;\nexists (x=1)\n' >"$tmp/na-riscv.litmus"
printf 'AArch64 a64-na\n{\n0:X1=x;\n}\n P0          ;\n MOV W0,#1   ;\n STR W0,[X2] ;\nexists (x=1)\n' >"$tmp/na-aarch64.litmus"
printf 'X86_64 x86-na\n{\n}\n P0              ;\n movq $1,(%%rax) ;\nexists (x=1)\n' >"$tmp/na-x86.litmus"
printf 'PPC ppc-na\n{\n0:r2=x;\n}\n P0           ;\n li r1,1      ;\n stw r1,0(r3) ;\nexists (x=1)\n' >"$tmp/na-ppc.litmus"
printf 'S390X s390x-na\n{\n0:r2=x;\n}\n P0           ;\n lghi r1,1    ;\n stg r1,0(r3) ;\nexists (x=1)\n' >"$tmp/na-s390x.litmus"
printf 'LoongArch la-na\n{\n0:a0=x;\n}\n P0                ;\n ori $t0,$zero,1   ;\n st.w $t0,$a1,0    ;\nexists (x=1)\n' >"$tmp/na-loongarch.litmus"
printf 'MIPS mips-na\n{\n0:$2=x;\n}\n P0          ;\n li $4,1     ;\n sw $4,0($3) ;\nexists (x=1)\n' >"$tmp/na-mips.litmus"
for d in c riscv aarch64 x86 ppc s390x loongarch mips; do
	expect_rc 1 "$d: access through a register with no address" "$bpfmm" -model "$tmp/plain.cat" "$tmp/na-$d.litmus"
	grep -q "na-$d.litmus:[0-9]*:[0-9]*: error: P0: .* holds 0, not the address of a location" "$tmp/err" \
		&& ok || ko "$d no-address message: $(cat "$tmp/err")"
done
# like herd7 (its test A260), an access through no address on a path the
# model forbids is no error; with a model that allows that path, it is
cat >"$tmp/avoid.litmus" <<'EOF'
BPF CoRR-avoided-access
{
0:r1=x; 1:r1=x;
}
P0                   | P1 ;
*(u64 *)(r1 + 0) = 1 | r4 = *(u64 *)(r1 + 0) ;
                     | r5 = *(u64 *)(r1 + 0) ;
                     | if r4 != 1 goto L0 ;
                     | if r5 != 0 goto L0 ;
                     | r6 = *(u64 *)(r5 + 0) ;
                     | L0: ;
exists (1:r4=1 /\ 1:r5=0)
EOF
expect_rc 0 "no-address path the model forbids" "$bpfmm" -notime "$tmp/avoid.litmus"
grep -q '^Observation CoRR-avoided-access Never 0 3$' "$tmp/out" && ok || ko "avoided access: $(cat "$tmp/out" "$tmp/err")"
expect_rc 1 "no-address path the model allows" "$bpfmm" -model "$tmp/plain.cat" "$tmp/avoid.litmus"
grep -q "avoid.litmus:10:24: error: P1: r5 holds 0, not the address" "$tmp/err" && ok || ko "allowed bad path: $(cat "$tmp/err")"
# a model that forbids every candidate execution: herd7 prints States 0
# and so do we (a checked answer), with a warning
printf '"nothing"\nacyclic id as never\n' >"$tmp/nothing.cat"
expect_rc 0 "model that forbids everything" "$bpfmm" -notime -model "$tmp/nothing.cat" "$mp"
grep -q '^States 0$' "$tmp/out" && grep -q "warning: the model forbids all 4 candidate executions" "$tmp/err" \
	&& ok || ko "forbid-all: $(cat "$tmp/out" "$tmp/err")"
# filter: an execution it rejects counts nowhere; combinations of paths
# that already fail it are dropped before the model (the States and the
# counts are those of the executions it keeps, the witnesses all of them)
sed 's/^exists (1:r4=1 \/\\ 1:r5=0)$/filter (1:r4=1)\nexists (1:r5=0)/' "$mp" >"$tmp/mpf.litmus"
expect_rc 0 "filter" "$bpfmm" -notime "$tmp/mpf.litmus"
grep -q '^States 1$' "$tmp/out" && grep -q '^1:r5=1;$' "$tmp/out" \
	&& grep -q '^Observation MP+rel+acq Never 0 1$' "$tmp/out" && ok || ko "filter: $(cat "$tmp/out" "$tmp/err")"
sed 's/^exists (1:r4=1 \/\\ 1:r5=0)$/filter (1:r4=2)\nexists (1:r5=0)/' "$mp" >"$tmp/mpf.litmus"
expect_rc 0 "filter that no path passes" "$bpfmm" -notime "$tmp/mpf.litmus"
grep -q '^States 0$' "$tmp/out" && grep -q "warning: no execution passes both the filter and the model" "$tmp/err" \
	&& ok || ko "filter of nothing: $(cat "$tmp/out" "$tmp/err")"
sed 's/^exists (1:r4=1 \/\\ 1:r5=0)$/filter (1:r4=1 \/\\ 1:r5=0)\nexists (1:r5=0)/' "$mp" >"$tmp/mpf.litmus"
expect_rc 0 "filter the model excludes" "$bpfmm" -notime "$tmp/mpf.litmus"
grep -q '^States 0$' "$tmp/out" && grep -q "warning: no execution passes both the filter and the model" "$tmp/err" \
	&& ok || ko "filter against the model: $(cat "$tmp/out" "$tmp/err")"
# the final value of x is not known from the paths: the model allows
# executions where P0 reads P1's 2, and the filter rejects each (herd7:
# States 0, Never 0 0)
printf 'BPF filt\n{\n0:r1=x;\n1:r1=x;\n}\nP0 | P1 ;\n*(u32 *)(r1 + 0) = 1 | *(u32 *)(r1 + 0) = 2 ;\nr0 = *(u32 *)(r1 + 0) | ;\nfilter (0:r0=2 /\\ [x]=1)\nexists (0:r0=2)\n' >"$tmp/filt.litmus"
expect_rc 0 "filter of the allowed executions" "$bpfmm" -notime "$tmp/filt.litmus"
grep -q '^Observation filt Never 0 0$' "$tmp/out" && grep -q "warning: the filter excludes every allowed execution" "$tmp/err" \
	&& ok || ko "filter of every allowed execution: $(cat "$tmp/out" "$tmp/err")"
# typos warn (stderr, exit 0): a location the init sets and nobody
# accesses, a read location one edit from a written one, a register
# nobody writes
cat >"$tmp/typo.litmus" <<'EOF'
BPF MP-typos
{
0:r1=data; 0:r2=flag; 0:r6=1; dat=0;
1:r1=dta; 1:r2=flag;
}
P0                                 | P1 ;
*(u32 *)(r1 + 0) = 1               | r4 = load_acquire((u32 *)(r2 + 0)) ;
store_release((u32 *)(r2 + 0), r6) | r5 = *(u32 *)(r1 + 0) ;
exists (1:r4=1 /\ 1:r7=0)
EOF
expect_rc 0 "typos" "$bpfmm" "$tmp/typo.litmus"
grep -q "typo.litmus:3:31: warning: location 'dat' is accessed by no thread (a typo for 'data'?)" "$tmp/err" \
	&& ok || ko "init typo: $(cat "$tmp/err")"
grep -q "typo.litmus:8:38: warning: location 'dta' is read but never written nor initialised.*a typo for 'data'" "$tmp/err" \
	&& ok || ko "read-only typo: $(cat "$tmp/err")"
grep -q "typo.litmus:9:19: warning: 1:r7 is neither written by P1 nor set by the init" "$tmp/err" \
	&& ok || ko "register typo: $(cat "$tmp/err")"
expect_rc 0 "no warning on a clean test" "$bpfmm" "$mp"
[ -s "$tmp/err" ] && ko "clean test warns: $(cat "$tmp/err")" || ok

# errors that point at the mistake
sed 's/^exists/exist/' "$mp" >"$tmp/exist.litmus"
expect_rc 1 "exist (" "$bpfmm" "$tmp/exist.litmus"
grep -q "exist.litmus:10:1: error: unknown keyword 'exist' (did you mean 'exists'?)" "$tmp/err" && ok || ko "exist: $(cat "$tmp/err")"
# a mistyped instruction name: did you mean (BPF calls and keywords, RISC-V
# and AArch64 mnemonics); a word near no name gets no guess
printf 'BPF T\n{\n0:r2=x;\n}\n P0 ;\n r1 = load_aquire((u64 *)(r2 + 0)) ;\nexists (0:r1=0)\n' >"$tmp/insn1.litmus"
expect_rc 1 "load_aquire" "$bpfmm" "$tmp/insn1.litmus"
grep -q "insn1.litmus:6:2: error: unknown BPF instruction 'r1 = load_aquire((u64 \*)(r2 + 0))' (did you mean 'load_acquire'?)$" "$tmp/err" && ok || ko "load_aquire: $(cat "$tmp/err")"
printf 'BPF T\n{\n0:r2=x; 0:r1=1;\n}\n P0 ;\n store_relase((u64 *)(r2 + 0), r1) ;\nexists (x=1)\n' >"$tmp/insn2.litmus"
expect_rc 1 "store_relase" "$bpfmm" "$tmp/insn2.litmus"
grep -q "(did you mean 'store_release'?)$" "$tmp/err" && ok || ko "store_relase: $(cat "$tmp/err")"
printf 'RISCV T\n{\n0:x2=x;\n}\n P0 ;\n lw x1, 0(x2) ;\n fense rw,rw ;\nexists (0:x1=0)\n' >"$tmp/insn3.litmus"
expect_rc 1 "fense" "$bpfmm" "$tmp/insn3.litmus"
grep -q "insn3.litmus:7:2: error: unknown RISCV instruction 'fense rw,rw' (did you mean 'fence'?)$" "$tmp/err" && ok || ko "fense: $(cat "$tmp/err")"
printf 'AArch64 T\n{\n0:X2=x;\n}\n P0 ;\n LDRR W1, [X2] ;\nexists (0:X1=0)\n' >"$tmp/insn4.litmus"
expect_rc 1 "LDRR" "$bpfmm" "$tmp/insn4.litmus"
grep -q "(did you mean 'LDR'?)$" "$tmp/err" && ok || ko "LDRR: $(cat "$tmp/err")"
printf 'RISCV T\n{\n0:x2=x;\n}\n P0 ;\n frob x1, 0(x2) ;\nexists (0:x1=0)\n' >"$tmp/insn5.litmus"
expect_rc 1 "frob" "$bpfmm" "$tmp/insn5.litmus"
grep -q "unknown RISCV instruction 'frob x1, 0(x2)'$" "$tmp/err" && ok || ko "frob: $(cat "$tmp/err")"
sed 's/^BPF/C/' "$mp" >"$tmp/c-header.litmus"
expect_rc 1 "BPF body under a C header" "$bpfmm" "$tmp/c-header.litmus"
grep -q "c-header.litmus:7:1: error: the header says C, but the threads are a grid" "$tmp/err" && ok || ko "C header: $(cat "$tmp/err")"
expect_rc 1 "riscv.cat on a BPF test" "$bpfmm" -model riscv.cat "$mp"
grep -q "MP+rel+acq.litmus:1:1: error: model and test architectures differ: riscv.cat uses 'FencePR', an event set of RISCV tests, and this is a BPF test" "$tmp/err" \
	&& ok || ko "arch mismatch: $(cat "$tmp/err")"
expect_rc 2 "map --arch vax" "$bpfmm" map --arch vax "$mp"
# the architectures map knows (the front-ends' jit_arch), in the error and
# in --help: each names a table mappings/JIT-linux-6.12 (the Map line's
# ARCH), and together they cover every dialect (`arch` line) of the
# mappings/*-linux-6.12 tables (arm64-llsc-linux-6.12 is a second AArch64
# table, not an --arch name)
jit_err=$(sed -n "s/.*unknown architecture 'vax' (known: \([^;]*\); or --mapping FILE)$/\1/p" "$tmp/err" \
	| tr ' ' '\n' | LC_ALL=C sort | tr '\n' ' ')
# arch_row CMD: the help text of CMD's --arch row, its lines joined
arch_row() {
	"$bpfmm" "$1" --help | awk '/^  --arch ARCH/ { on = 1; sub(/^  --arch ARCH */, ""); printf "%s", $0; next }
		on && /^  *-/ { exit } on && /^   / { sub(/^ */, " "); printf "%s", $0; next } on { exit }'
}
jit_help=$(arch_row map | sed 's/ (the names.*//' | tr -d ' ' | tr ',' '\n' | LC_ALL=C sort | tr '\n' ' ')
jit_all=$(sed -n 's/^arch //p' "$root"/mappings/*-linux-6.12 | LC_ALL=C sort -u | tr '\n' ' ')
jit_tables=$(for a in $jit_err; do "$bpfmm" map --arch "$a" "$mp" 2>/dev/null | sed -n 's/^Map [^ ]* [^ ]* \([^ ]*\) .*/\1/p'; done)
jit_have=$(for t in $jit_tables; do sed -n 's/^arch //p' "$root/mappings/$t" 2>/dev/null; done | LC_ALL=C sort -u | tr '\n' ' ')
[ -n "$jit_err" ] && [ "$(echo $jit_tables | wc -w)" -eq "$(echo $jit_err | wc -w)" ] && [ "$jit_have" = "$jit_all" ] && ok \
	|| ko "map arch: '$jit_err' (tables '$jit_tables'; dialects '$jit_have', tables '$jit_all'): $(cat "$tmp/err")"
[ "$jit_help" = "$jit_err" ] && ok || ko "map --help --arch: '$jit_help', error: '$jit_err'"
# the guests `bpfmm run --arch` knows (the front-ends' qemu_arch), in the
# error and in --help, are exactly the arches kernel/run.sh boots
expect_rc 2 "run --arch mips" "$bpfmm" run --arch mips "$mp"
run_err=$(sed -n "s/^bpfmm run: unknown arch 'mips' (\(.*\))$/\1/p" "$tmp/err" | tr -d ' ' | tr ',' '\n' | LC_ALL=C sort | tr '\n' ' ')
run_help=$(arch_row run | sed 's/, as map.*//' | tr -d ' ' | tr ',' '\n' | LC_ALL=C sort | tr '\n' ' ')
run_sh=$(sed -n 's/^case "$arch" in \([a-z0-9_|]*\)) ;;.*/\1/p' "$root/kernel/run.sh" | tr '|' '\n' | LC_ALL=C sort | tr '\n' ' ')
[ -n "$run_err" ] && [ "$run_err" = "$run_help" ] && [ "$run_err" = "$run_sh" ] && ok \
	|| ko "run arches: error '$run_err', --help '$run_help', kernel/run.sh '$run_sh'"
# jit-check: a mistyped --arch with "did you mean", exit 2
expect_rc 2 "jit-check --arch riscv46" "$bpfmm" jit-check --arch riscv46 --dump "$mp" "$mp"
grep -q "^bpfmm jit-check: unknown arch 'riscv46': did you mean 'riscv64'? (riscv64, arm64, x86_64, mips64el, ppc64le, s390x, loongarch64)$" "$tmp/err" \
	&& ok || ko "jit-check --arch riscv46: $(cat "$tmp/err")"
# one architecture naming for map, run and jit-check: every guest name run
# takes, map takes too (and jit-check, for its six); the older spellings
# are read by each with a one-line note, and mean the same
for a in $run_err; do
	expect_rc 0 "map --arch $a" "$bpfmm" map --arch "$a" "$mp"
	[ -s "$tmp/err" ] && ko "map --arch $a: a note for the name itself: $(cat "$tmp/err")" || ok
done
for pair in x86-64:x86_64 aarch64:arm64 powerpc:ppc64le mips64:mips64el; do
	old=${pair%%:*} new=${pair#*:}
	"$bpfmm" map --arch "$new" "$sb" >"$tmp/new.out" 2>&1
	expect_rc 0 "map --arch $old" "$bpfmm" map --arch "$old" "$sb"
	[ "$(cat "$tmp/err")" = "note: '$old' is spelled '$new'" ] && cmp -s "$tmp/out" "$tmp/new.out" && ok \
		|| ko "map --arch $old: $(cat "$tmp/err" "$tmp/out")"
	expect_rc 0 "run --arch $old" "$bpfmm" run --arch "$old" --emit "$tmp/job-old" "$sb"
	"$bpfmm" run --arch "$new" --emit "$tmp/job-new" "$sb" 2>/dev/null
	[ "$(head -1 "$tmp/err")" = "note: '$old' is spelled '$new'" ] && cmp -s "$tmp/job-old" "$tmp/job-new" && ok \
		|| ko "run --arch $old: $(cat "$tmp/err")"
	expect_rc 2 "jit-check --arch $old" "$bpfmm" jit-check --arch "$old" "$sb"
	[ "$(head -1 "$tmp/err")" = "note: '$old' is spelled '$new'" ] && grep -q "dump needed" "$tmp/err" && ok \
		|| ko "jit-check --arch $old: $(cat "$tmp/err")"
done
# the Map line's ARCH names the table (the JIT's own spelling)
expect_rc 0 "map --arch x86_64" "$bpfmm" map --arch x86_64 "$mp"
grep -q "^Map MP+rel+acq x86-64 x86-64-linux-6.12 " "$tmp/out" && ok || ko "map --arch x86_64: $(cat "$tmp/out" "$tmp/err")"
expect_rc 2 "run --arch x86+64" "$bpfmm" run --arch x86+64 --emit "$tmp/job-x86" "$mp"
# explain: a second test is not a STATE; no test points at explain's help
expect_rc 2 "explain two tests" "$bpfmm" explain "$sb" "$mp"
grep -q "^bpfmm explain: '.*MP+rel+acq.litmus' is a litmus file, not a STATE" "$tmp/err" \
	&& grep -q "Try 'bpfmm explain --help'" "$tmp/err" && ok || ko "explain two tests: $(cat "$tmp/err")"
expect_rc 2 "explain without a test" "$bpfmm" explain
grep -q "Try 'bpfmm explain --help'" "$tmp/err" && ok || ko "explain without a test: $(cat "$tmp/err")"
# diff-models with one model and a test says the model is missing
expect_rc 2 "diff-models one model" "$bpfmm" diff-models "$root/models/bpf.cat" "$sb"
grep -q "is a litmus test, but model B is missing" "$tmp/err" && ok || ko "diff-models one model: $(cat "$tmp/err")"
# diff-models -json: a record per test (same, differ with the states only
# one model allows and the minimal test, error), then a summary record
expect_rc 2 "diff-models -json" "$bpfmm" diff-models -json "$root/models/bpf.cat" "$root/models/sc-bpf.cat" \
	"$mp" "$sb" "$tmp/nosuch.litmus"
[ "$(sed -n 1p "$tmp/out")" = "{\"file\":\"$mp\",\"result\":\"same\"}" ] &&
	sed -n 2p "$tmp/out" | grep -q "^{\"file\":\"$sb\",\"result\":\"differ\",\"only_a\":\[\"0:r4=0; 1:r4=0;\"\],\"only_b\":\[\],\"minimal\":{\"text\":\"BPF SB+plain.*,\"threads\":\[2,2\],\"instructions\":\[4,4\],\"only_a\":\[\"0:r4=0; 1:r4=0;\"\],\"only_b\":\[\]}}$" &&
	sed -n 3p "$tmp/out" | grep -q "^{\"file\":\"$tmp/nosuch.litmus\",\"result\":\"error\",\"error\":\"cannot read: " &&
	sed -n 4p "$tmp/out" | grep -q '^{"summary":{"tests":3,"differ":1,"errors":1,"seconds":[0-9.]*,"a":"[^"]*bpf.cat","b":"[^"]*sc-bpf.cat"}}$' &&
	ok || ko "diff-models -json records: $(cat "$tmp/out")"
# a missing -model is reported once, not once per test
expect_rc 1 "-model missing, two tests" "$bpfmm" -model "$tmp/nosuch.cat" "$sb" "$mp"
[ "$(grep -c "nosuch.cat' not found" "$tmp/err")" -eq 1 ] && ok || ko "-model missing reported $(grep -c "not found" "$tmp/err") times"
# run --emit names the tests it leaves out
printf 'BPF ByteAdd\n{\n0:r1=x; 0:r2=1;\n}\n P0 ;\n lock *(u8 *)(r1 + 0) += r2 ;\nexists (x=1)\n' >"$tmp/rel.litmus"
expect_rc 0 "run --emit with an unsupported test" "$bpfmm" run --emit "$tmp/job" "$sb" "$tmp/rel.litmus"
grep -q "ByteAdd: unsupported (8- or 16-bit atomic" "$tmp/err" && grep -q "1 test(s) in .*, 1 unsupported" "$tmp/err" \
	&& ok || ko "run --emit unsupported: $(cat "$tmp/err")"
# load_acquire / store_release go to the guest as Linux 6.15 encodes them
# (BPF_STX|BPF_ATOMIC|BPF_DW = 0xdb, imm 0x100 / 0x110): its verifier
# decides, a 6.12 one refuses them
printf 'BPF RelAcq\n{\n0:r1=x; 0:r2=1; 1:r1=x;\n}\n P0 | P1 ;\n store_release((u64 *)(r1 + 0), r2) | r3 = load_acquire((u64 *)(r1 + 0)) ;\nexists (1:r3=1)\n' >"$tmp/relacq.litmus"
expect_rc 0 "run --emit load_acquire / store_release" "$bpfmm" run --emit "$tmp/job" "$tmp/relacq.litmus"
if grep -q "1 test(s) in" "$tmp/err" && ! grep -q unsupported "$tmp/err"; then ok; else ko "run --emit acquire/release: $(cat "$tmp/err")"; fi
expect_rc 2 "map --mapping missing" "$bpfmm" map --mapping "$tmp/none" "$mp"
expect_rc 2 "map --budget x" "$bpfmm" map --arch arm64 --budget x "$mp"
sed 's/^exists (1:r4=1/exists ((1:r4=1/' "$mp" >"$tmp/paren.litmus"
expect_rc 1 "unclosed (" "$bpfmm" "$tmp/paren.litmus"
grep -q "paren.litmus:10:8: error: this '(' is never closed" "$tmp/err" && ok || ko "unclosed (: $(cat "$tmp/err")"

# a test name with '"', '\' and '/' gives a valid .dot file with a safe name
sed 's|^BPF MP+rel+acq|BPF MP"q\\x/y|' "$mp" >"$tmp/quoted.litmus"
expect_rc 0 "-dot of a name with quotes" "$bpfmm" -dot "$tmp/qdot" "$tmp/quoted.litmus"
[ "$(ls "$tmp/qdot")" = "MP_q_x_y.dot" ] && ok || ko "dot file name: $(ls "$tmp/qdot")"
head -1 "$tmp/qdot/MP_q_x_y.dot" | grep -qF 'digraph "MP\"q\\x/y" {' && ok || ko "dot escaping: $(head -2 "$tmp/qdot/"*)"

# -json: a test that cannot be read or run is a record too, with its error
expect_rc 1 "-json with failing tests" "$bpfmm" -json "$sb" "$tmp/noaddr.litmus" "$tmp/nonexistent.litmus"
[ "$(wc -l <"$tmp/out")" -eq 3 ] && ok || ko "-json: one record per file: $(cat "$tmp/out")"
grep -q '^{"file":"[^"]*noaddr.litmus","error":"[^"]*noaddr.litmus:9:38: error: P1: r1 holds 0, not the address' "$tmp/out" \
	&& ok || ko "-json error record: $(cat "$tmp/out")"
grep -q '^{"file":"[^"]*nonexistent.litmus","error":".*cannot open' "$tmp/out" && ok || ko "-json unreadable file record"
expect_rc 0 "-json warnings" "$bpfmm" -json "$tmp/typo.litmus"
grep -q '"warnings":\["[^"]*typo.litmus:3:31: warning: location '"'dat'"' is accessed by no thread' "$tmp/out" \
	&& ok || ko "-json warnings: $(cat "$tmp/out")"
# --help lists every field of a record
for field in file test states ok positive negative quantifier observation witnesses_exact flags warnings seconds error; do
	"$bpfmm" --help | grep -q "$field" && ok || ko "--help does not describe the JSON field $field"
done

# every JSON key a command writes is described by its --help (keys_of:
# the keys of the records in a file, one a line)
keys_of() { sed 's/"\([a-z_]*\)":/\n\1:KEY\n/g' "$1" | sed -n 's/:KEY$//p' | sort -u; }
help_has_keys() {   # help_has_keys WHAT RECORDS HELP-COMMAND...
	what=$1 recs=$2; shift 2
	"$@" >"$tmp/help" 2>&1
	k=$(keys_of "$recs")
	[ -n "$k" ] && ok || ko "$what: no JSON keys in $(head -c 300 "$recs")"
	for key in $k; do
		grep -q "$key" "$tmp/help" && ok || ko "$what --help does not describe the JSON field $key"
	done
}
"$bpfmm" -json "$sb" "$tmp/noaddr.litmus" "$tmp/typo.litmus" "$tmp/nonexistent.litmus" >"$tmp/recs" 2>/dev/null
help_has_keys bpfmm "$tmp/recs" "$bpfmm" --help

# -json for map, c2bpf and lkmm-map: one object per line, a "file" field,
# a record (with the error) for a test that could not be read or checked
loongarch_fetch=$root/tests/litmus/bpf/2+2W+fetchadd+fetchadd.litmus
expect_rc 1 "map --json" "$bpfmm" map --arch loongarch64 --json "$sb" "$loongarch_fetch" "$mp" \
	"$tmp/nonexistent.litmus" "$tmp/c.litmus"
[ "$(wc -l <"$tmp/out")" -eq 5 ] && ok || ko "map --json: one record per test: $(cat "$tmp/out")"
grep -q '^{"file":"[^"]*/SB+plain.litmus","test":"SB+plain","arch":"loongarch64","mapping":"loongarch64-linux-6.12","verdict":"sound","state":null,' "$tmp/out" \
	&& ok || ko "map --json sound record: $(head -1 "$tmp/out")"
grep -q '"test":"2+2W+fetchadd+fetchadd",.*"verdict":"unsound","state":"0:r9=0; 1:r9=0; \[f0\]=1; \[f1\]=1; \[x\]=1; \[y\]=1;",.*"execution":"  an execution of the LoongArch test' "$tmp/out" \
	&& ok || ko "map --json unsound record: $(sed -n 2p "$tmp/out")"
grep -q '"test":"MP+rel+acq",.*"verdict":"unsupported",.*"class":"store_release"' "$tmp/out" && ok || ko "map --json unsupported record"
grep -q '^{"file":"[^"]*nonexistent.litmus","error":"[^"]*nonexistent.litmus: error: cannot open' "$tmp/out" \
	&& ok || ko "map --json unreadable file record: $(cat "$tmp/out")"
grep -q '^{"file":"[^"]*/c.litmus","error":"[^"]*c.litmus: error: not a BPF test (C)"' "$tmp/out" \
	&& ok || ko "map --json non-BPF test record"
grep -q "c.litmus: error: not a BPF test (C)" "$tmp/err" && ok || ko "map --json: the error is on stderr too"
help_has_keys "map" "$tmp/out" "$bpfmm" map --help
# the text Map line and the JSON record say the same state
"$bpfmm" map --arch loongarch64 "$loongarch_fetch" >"$tmp/mapline" 2>&1
st=$(sed -n 's/^Map [^ ]* [^ ]* [^ ]* unsound //p' "$tmp/mapline")
[ -n "$st" ] && grep -qF "\"state\":\"$st\"" "$tmp/out" && ok || ko "map STATE '$st' differs from its JSON record"
c_ok=$root/tests/litmus/c/mp-rel-fetchadd-acq.litmus
if "$bpfmm" c2bpf "$c_ok" >/dev/null 2>&1; then
	expect_rc 1 "c2bpf --json" "$bpfmm" c2bpf --json "$c_ok" "$tmp/nonexistent.litmus" "$sb"
	[ "$(wc -l <"$tmp/out")" -eq 3 ] && ok || ko "c2bpf --json: one record per test: $(cat "$tmp/out")"
	grep -q '^{"file":"[^"]*/mp-rel-fetchadd-acq.litmus","test":"mp-rel-fetchadd-acq","lkmm":"Never","bpf":"Never","verdict":"sound","state":null,"reason":null}$' "$tmp/out" \
		&& ok || ko "c2bpf --json record: $(head -1 "$tmp/out")"
	grep -q '^{"file":"[^"]*nonexistent.litmus","error":".*cannot open' "$tmp/out" && ok || ko "c2bpf --json error record"
	grep -q '^{"file":"[^"]*SB+plain.litmus","error":".*not a C litmus test (BPF)' "$tmp/out" && ok || ko "c2bpf --json non-C record"
	"$bpfmm" c2bpf --json "$root"/tests/litmus/c/*.litmus >>"$tmp/out" 2>/dev/null
	grep -q '"verdict":"refused",.*"reason":"' "$tmp/out" && ok || ko "c2bpf --json refused record"
	help_has_keys "c2bpf" "$tmp/out" "$bpfmm" c2bpf --help
	expect_rc 1 "lkmm-map --json" "$bpfmm" lkmm-map --mapping all --json "$c_ok" "$tmp/nonexistent.litmus"
	[ "$(wc -l <"$tmp/out")" -eq 4 ] && ok || ko "lkmm-map --json: one record per test and mapping: $(cat "$tmp/out")"
	grep -q '^{"file":"[^"]*/mp-rel-fetchadd-acq.litmus","test":"mp-rel-fetchadd-acq","mapping":"riscv64-broken-acquire","lkmm":"Never","riscv":"Sometimes","verdict":"unsound","state":"1:r0=1; 1:r1=0;","reason":null}$' "$tmp/out" \
		&& ok || ko "lkmm-map --json unsound record: $(cat "$tmp/out")"
	grep -q '^{"file":"[^"]*nonexistent.litmus","error":".*cannot open' "$tmp/out" && ok || ko "lkmm-map --json error record"
	"$bpfmm" lkmm-map --mapping riscv64-broken-acquire "$c_ok" >"$tmp/lmline" 2>&1
	grep -q '^LKMM-MAP mp-rel-fetchadd-acq riscv64-broken-acquire LKMM=Never RISCV=Sometimes unsound 1:r0=1; 1:r1=0;$' "$tmp/lmline" \
		&& ok || ko "lkmm-map state on the line: $(cat "$tmp/lmline")"
	"$bpfmm" lkmm-map --mapping all --json "$root"/tests/litmus/c/*.litmus >>"$tmp/out" 2>/dev/null
	help_has_keys "lkmm-map" "$tmp/out" "$bpfmm" lkmm-map --help
	lkmm_ok=1
else
	echo "SKIP: c2bpf/lkmm-map --json (no kernel memory model; set LKMM_DIR)"
	lkmm_ok=0
fi

# every bad test (tests/bad) that fails when read is one record with its
# expected error in every command's -json, and on stderr
for t in "$root"/tests/bad/*.litmus; do
	exp=${t%.litmus}.expect
	[ "$(sed -n 2p "$exp")" = "run time" ] && continue
	want=$(head -1 "$exp")
	pos=${want%%: *} msg=${want#*: }
	for cmd in "" "map --arch riscv64" "c2bpf" "lkmm-map --mapping all"; do
		case $cmd in c2bpf|lkmm-map*) [ "$lkmm_ok" = 1 ] || continue ;; esac
		# shellcheck disable=SC2086
		"$bpfmm" $cmd -json "$t" >"$tmp/out" 2>"$tmp/err"
		rec=$(cat "$tmp/out")
		case $rec in
		"{\"file\":\"$t\",\"error\":\"$t:$pos: error: "*) ;;
		*) ko "${cmd:-bpfmm} -json $(basename "$t"): $rec"; continue ;;
		esac
		[ "$(wc -l <"$tmp/out")" -eq 1 ] && grep -qF -- "$msg" "$tmp/out" && grep -qF -- "$t:$pos: error: " "$tmp/err" \
			&& ok || ko "${cmd:-bpfmm} -json $(basename "$t"): want '$msg': $rec"
	done
done

# ONE syntax for final states, herd7's: the States block is herd7's own
# (memory as [x], registers as T:REG), -json "states" are those lines
cat >"$tmp/states.litmus" <<'EOF'
BPF states-syntax
{
0:r1=x; 0:r2=y; 0:r6=1;
1:r1=x; 1:r2=y;
}
P0                                 | P1 ;
*(u32 *)(r1 + 0) = 1               | r4 = *(u32 *)(r2 + 0) ;
*(u32 *)(r2 + 0) = 1               | r5 = *(u32 *)(r1 + 0) ;
locations [x; 1:r1]
exists (1:r4=1 /\ 1:r5=0)
EOF
"$bpfmm" -notime "$tmp/states.litmus" >"$tmp/block" 2>&1
"$bpfmm" -json "$tmp/states.litmus" >"$tmp/json" 2>&1
sed -n '/^States/,/^\(Ok\|No\)$/p' "$tmp/block" | sed '1d;$d' >"$tmp/lines"
[ "$(wc -l <"$tmp/lines")" -eq 4 ] && ok || ko "states block: $(cat "$tmp/block")"
sed 's/.*"states":\["//; s/"\],"ok".*//; s/","/\n/g' "$tmp/json" | cmp -s - "$tmp/lines" && ok \
	|| ko "-json states differ from the States lines: $(cat "$tmp/json")"
grep -qx '1:r1=x; 1:r4=1; 1:r5=0; \[x\]=1;' "$tmp/lines" && ok || ko "state syntax: $(cat "$tmp/lines")"
herd=$root/../shared/tools/herd7/herd7
if [ -x "$herd" ]; then
	"$herd" -model "$root/models/bpf.cat" "$tmp/states.litmus" 2>&1 | sed -n '/^States/,/^\(Ok\|No\)$/p' | sed '1d;$d' \
		| cmp -s - "$tmp/lines" && ok || ko "States lines are not herd7's"
fi

# the README says what the commands do: every lkmm-map mapping, what
# "Test NAME Allowed" means, the same witness wording as the -budget Note
for m in $("$bpfmm" lkmm-map --help | sed -n 's/.*--mapping NAME  //p; s/^ *\(riscv64-[a-z-]*\),.*/\1/p' | tr ',' ' '); do
	grep -q -- "$m" "$root/README.md" && ok || ko "README does not list lkmm-map mapping $m"
done
grep -q 'riscv64-broken-acquire' "$root/README.md" && ok || ko "README lacks riscv64-broken-acquire"
grep -q '`Test NAME Allowed`.*names the kind' "$root/README.md" && ok || ko "README does not explain Test NAME Allowed"
printf 'BPF budget\n{\n0:r1=x; 1:r1=x;\n}\nP0 | P1 ;\n*(u32 *)(r1 + 0) = 1 | *(u32 *)(r1 + 0) = 2 ;\n*(u32 *)(r1 + 0) = 3 | *(u32 *)(r1 + 0) = 4 ;\nexists (x=1)\n' >"$tmp/budget.litmus"
expect_rc 0 "-budget 1" "$bpfmm" -budget 1 "$tmp/budget.litmus"
note=$(sed -n 's/^Note budget: too many executions to count; witnesses count //p' "$tmp/out")
[ -n "$note" ] && grep -q "$note" "$root/README.md" && "$bpfmm" --help | tr '\n' ' ' | sed 's/  */ /g' | grep -q "$note" \
	&& ok || ko "-budget Note ('$note') not worded as in README and --help"
# the first co order of each rf choice is not counted: SB+plain has one
# co order per rf, so -budget 1 still counts every execution (no Note,
# the counts of a run without a budget)
expect_rc 0 "-budget 1, one co order per rf" "$bpfmm" -notime -budget 1 "$sb"
"$bpfmm" -notime -budget 0 "$sb" >"$tmp/nobudget.out"
! grep -q '^Note' "$tmp/out" && cmp -s "$tmp/out" "$tmp/nobudget.out" \
	&& ok || ko "-budget 1 on SB+plain is not the exact count: $(cat "$tmp/out")"

# BPF branches as bpftool and llvm-objdump print them: offsets from the
# next instruction (`goto +1`, `goto pc+1`, `goto -3 <LBB0_1>`) as well as labels
cat >"$tmp/goto.litmus" <<'EOF'
BPF goto-offsets
{
0:r1=x; 0:r2=y;
}
P0 ;
goto +1 ;
*(u32 *)(r1 + 0) = 1 ;
r3 = 0 ;
if r3 == 0 goto pc+1 ;
*(u32 *)(r1 + 0) = 2 ;
if r3 != 0 goto -3 <LBB0_1> ;
*(u32 *)(r2 + 0) = 1 ;
forall (y=1 /\ 0:r3=0)
EOF
expect_rc 0 "goto offsets" "$bpfmm" -notime "$tmp/goto.litmus"
grep -q '^Observation goto-offsets Always 1 0$' "$tmp/out" && ok || ko "goto offsets: $(cat "$tmp/out" "$tmp/err")"
sed 's/^goto +1 ;/goto +7 ;/' "$tmp/goto.litmus" >"$tmp/goto-out.litmus"
expect_rc 1 "goto past the thread" "$bpfmm" "$tmp/goto-out.litmus"
grep -q "goto-out.litmus:6:6: error: goto +7 leaves P0" "$tmp/err" && ok || ko "goto past the thread: $(cat "$tmp/err")"

# tests bpfmm writes run unmodified under herd7 (tests/scripts/emitted-herd7.sh,
# the emitted-herd7 suite on the whole corpus; here on two small tests):
# map --emit with every table (herd7 has no s390x, LoongArch or SPARC
# dialect: bpfmm reads those back), c2bpf --emit, lkmm-map --emit
cat >"$tmp/loc.litmus" <<'EOF'
BPF SB-locations
{
0:r1=x; 0:r2=y;
1:r1=x; 1:r2=y;
}
P0                    | P1 ;
*(u32 *)(r1 + 0) = 1  | *(u32 *)(r2 + 0) = 1 ;
r4 = *(u32 *)(r2 + 0) | r4 = *(u32 *)(r1 + 0) ;
locations [x; y; 0:r4]
exists (0:r4=0 /\ 1:r4=0)
EOF
c_sb c-locations "" "locations [x; y; 1:r0]" >"$tmp/cloc.litmus"
sh "$root/tests/scripts/emitted-herd7.sh" "$bpfmm" "$tmp/loc.litmus" "$sb" -- "$tmp/cloc.litmus" >"$tmp/emitted" 2>&1
if grep -q '^SKIP: herd7' "$tmp/emitted"; then
	echo "SKIP: emitted tests under herd7 (no herd7)"
else
	grep -q '^0 failed\|[0-9] passed, 0 failed$' "$tmp/emitted" && ok || ko "emitted tests under herd7: $(grep FAIL "$tmp/emitted" | head -5)"
	for t in riscv64-linux-6.12 arm64-linux-6.12 x86-64-linux-6.12 powerpc-linux-6.12; do
		grep -q "^map $t: 2 emitted tests, herd7 answers 2" "$tmp/emitted" && ok || ko "map $t under herd7: $(grep "map $t" "$tmp/emitted")"
	done
	for t in s390x-linux-6.12 loongarch64-linux-6.12 sparc64-linux-6.12; do
		grep -q "^map $t: 2 emitted tests, herd7 has no such dialect, bpfmm reads them back" "$tmp/emitted" \
			&& ok || ko "map $t: $(grep "map $t" "$tmp/emitted")"
	done
	if [ "$lkmm_ok" = 1 ]; then
		grep -q '^c2bpf: 1 emitted tests, herd7 answers 1' "$tmp/emitted" && ok || ko "c2bpf under herd7: $(grep c2bpf "$tmp/emitted")"
		[ "$(grep -c '^lkmm-map riscv64-[a-z0-9.-]*: 1 emitted tests, herd7 answers 1' "$tmp/emitted")" -eq 3 ] \
			&& ok || ko "lkmm-map under herd7: $(grep lkmm-map "$tmp/emitted")"
	fi
fi
# the docs say what herd7 cannot read
tr "\n" " " <"$root/docs/jit-mappings.md" | grep -q "herd7 has no s390x, LoongArch or SPARC dialect" && ok || ko "docs/jit-mappings.md: herd7 and s390x/LoongArch/SPARC"

# -speedcheck true|false|fast: herd7's output (tests/speedcheck/expected,
# written by herd7 with tests/speedcheck/regen.sh) on every case of
# tests/speedcheck/list (BPF, RISC-V, C with the kernel's model; exists,
# ~exists, forall, satisfied or not); against herd7 itself too when
# ../shared has it
. "$root/tests/speedcheck/lib.sh"
herd7=${HERD7:-$root/../shared/tools/herd7/herd7}
[ -x "$herd7" ] || { herd7=; echo "SKIP: -speedcheck against live herd7 (no ../shared)"; }
slkmm=${LKMM_DIR:-$(sh "$root/scripts/lkmm-tree.sh" 2>/dev/null)}
[ -n "$slkmm" ] || echo "SKIP: -speedcheck on C tests (no kernel sources; set LKMM_DIR)"
mkdir "$tmp/speed"
abs_bpfmm=$(cd "$(dirname "$bpfmm")" && pwd)/$(basename "$bpfmm")   # C cases run in the LKMM tree
grep -v '^#' "$root/tests/speedcheck/list" | while read -r kind entry; do
	[ "$kind" = c ] && [ -z "$slkmm" ] && continue
	f=$(speed_file "$kind" "$entry" "$tmp/speed")
	for v in false true fast; do
		exp=$root/tests/speedcheck/expected/$(speed_name "$f").$v
		speed_run "bpfmm $abs_bpfmm" "$kind" "$f" "$v" "$slkmm" >"$tmp/speed/got"
		cmp -s "$exp" "$tmp/speed/got" && echo ok ||
			echo "ko -speedcheck $v $entry: $(diff "$exp" "$tmp/speed/got" | head -6 | tr '\n' ' ')"
		[ -n "$herd7" ] || continue
		speed_run "herd7 $herd7" "$kind" "$f" "$v" "$slkmm" >"$tmp/speed/herd"
		cmp -s "$exp" "$tmp/speed/herd" && echo ok ||
			echo "ko -speedcheck $v $entry: herd7 here no longer prints tests/speedcheck/expected"
	done
done >"$tmp/speed/log"
while read -r r rest; do
	if [ "$r" = ok ]; then ok; else ko "$rest"; fi
done <"$tmp/speed/log"
expect_rc 2 "-speedcheck with a bad value" "$bpfmm" -speedcheck yes "$sb"
grep -q "bad -speedcheck 'yes'" "$tmp/err" && ok || ko "-speedcheck bad value message: $(cat "$tmp/err")"
expect_rc 2 "-speedcheck without a value" "$bpfmm" "$sb" -speedcheck
# -j 2 prints what -j 1 does
"$bpfmm" -notime -speedcheck fast -j 1 "$root"/tests/litmus/bpf/*.litmus >"$tmp/speed/j1" 2>&1
"$bpfmm" -notime -speedcheck fast -j 2 "$root"/tests/litmus/bpf/*.litmus >"$tmp/speed/j2" 2>&1
cmp -s "$tmp/speed/j1" "$tmp/speed/j2" && ok || ko "-speedcheck fast: -j 2 differs from -j 1"
# the herd7 wrapper passes -unroll on: P0 spins until it reads P1's
# write, one execution per allowed pass of the loop
printf 'BPF spin+writer\n{ 0:r1=x; 1:r1=x; }\n P0                      | P1                   ;\nL: r2 = *(u32 *)(r1 + 0) | *(u32 *)(r1 + 0) = 1 ;\n if r2 == 0 goto L       |                      ;\nexists (0:r2=1)\n' >"$tmp/spin.litmus"
for u in 0 3; do
	BPFMM=$bpfmm "$root/scripts/herd7" -unroll $u -model "$root/models/bpf.cat" "$tmp/spin.litmus" 2>/dev/null \
		| grep -qx "Observation spin+writer Always $((u + 1)) 0" && ok || ko "herd7 wrapper -unroll $u"
done
# -json's record carries every warning stderr shows, herd7's unrolling
# warning (printed after the result) too, and stderr stays as without -json
"$bpfmm" -notime "$tmp/spin.litmus" >/dev/null 2>"$tmp/spin.err"
"$bpfmm" -json -notime "$tmp/spin.litmus" >"$tmp/out" 2>"$tmp/err"
unroll_w="Warning: File \\\"$tmp/spin.litmus\\\": unrolling limit exceeded at L, legal outcomes may be missing."
grep -qF "Warning: File \"$tmp/spin.litmus\": unrolling limit exceeded at L," "$tmp/spin.err" && cmp -s "$tmp/err" "$tmp/spin.err" \
	&& ok || ko "-json changed stderr: $(cat "$tmp/err")"
grep -qF "\"warnings\":[\"$unroll_w\"]}" "$tmp/out" && ok || ko "-json: no unrolling warning in the record: $(cat "$tmp/out")"
# with a reader's warning before it (a register the condition names that P0
# never writes), both, in stderr's order
sed 's/^exists (0:r2=1)$/exists (0:r2=1 \/\\ 0:r7=0)/' "$tmp/spin.litmus" >"$tmp/spin2.litmus"
"$bpfmm" -notime "$tmp/spin2.litmus" >/dev/null 2>"$tmp/spin.err"
"$bpfmm" -json -notime "$tmp/spin2.litmus" >"$tmp/out" 2>"$tmp/err"
[ "$(wc -l <"$tmp/err")" -eq 2 ] && cmp -s "$tmp/err" "$tmp/spin.err" && ok || ko "two warnings on stderr: $(cat "$tmp/err")"
grep -q '"warnings":\["[^"]*spin2.litmus:6:[0-9]*: warning: 0:r7 is neither written[^]]*","Warning: File \\"[^]]*spin2.litmus\\": unrolling limit exceeded at L, legal outcomes may be missing."\]}$' "$tmp/out" \
	&& ok || ko "-json: both warnings in the record: $(cat "$tmp/out")"
# the herd7 wrapper passes -speedcheck on
BPFMM=$bpfmm "$root/scripts/herd7" -notime -speedcheck fast -model "$root/models/bpf.cat" \
	"$root/tests/litmus/bpf/MP+plain.litmus" | grep -v '^Time ' >"$tmp/speed/w"
cmp -s "$tmp/speed/w" "$root/tests/speedcheck/expected/MP+plain.fast" && ok || ko "herd7 wrapper -speedcheck fast"

# -timeout S: as herd7, a test past S seconds of CPU time prints nothing,
# the next test runs, the exit status stays 0 (the 16-process RCU ring
# takes seconds of CPU without -speedcheck, even with a model that checks
# nothing, tests/speedcheck/rcu-free.cat); -json gives a timeout record
big=$(sh "$root/bench/rcu-shape.sh" "$tmp/speed" 16)
expect_rc 0 "-timeout" "$bpfmm" -notime -timeout 0.2 -model "$root/tests/speedcheck/rcu-free.cat" "$big" "$mp"
[ "$(grep -c '^Test ' "$tmp/out")" -eq 1 ] && grep -q '^Test MP+rel+acq ' "$tmp/out" && [ ! -s "$tmp/err" ] \
	&& ok || ko "-timeout: only the second test's block: $(head -3 "$tmp/out") $(head -3 "$tmp/err")"
expect_rc 0 "-timeout -json" "$bpfmm" -json -timeout 0.2 -model "$root/tests/speedcheck/rcu-free.cat" "$big"
grep -q '^{"file":"[^"]*/C-RW-R+[^"]*[.]litmus","test":"C-RW-R+[^"]*","timeout":0.2,"warnings":\[\]}$' "$tmp/out" \
	&& ok || ko "-timeout -json record: $(cat "$tmp/out")"
# one test on two threads: the slices share the process's CPU clock
expect_rc 0 "-timeout -j 2 -json" "$bpfmm" -json -j 2 -timeout 0.2 -model "$root/tests/speedcheck/rcu-free.cat" "$big"
grep -q '^{"file":"[^"]*/C-RW-R+[^"]*[.]litmus","test":"C-RW-R+[^"]*","timeout":0.2,"warnings":\[\]}$' "$tmp/out" \
	&& ok || ko "-timeout -j 2 -json record: $(cat "$tmp/out")"
expect_rc 0 "-timeout 0 (no limit)" "$bpfmm" -timeout 0 "$mp"
grep -q '^Observation MP+rel+acq' "$tmp/out" && ok || ko "-timeout 0 checks the test"
expect_rc 2 "-timeout -1" "$bpfmm" -timeout -1 "$mp"
expect_rc 2 "-timeout 1x" "$bpfmm" -timeout 1x "$mp"
# -maxpaths N: a thread with more than N paths makes the test an error
# (exit 1) that names the option; 0 removes the limit. many-paths has
# 531441 paths in P2 (past the default), SB+plain 2 per thread.
many=$root/tests/cli/many-paths.litmus
expect_rc 1 "-maxpaths default on many-paths" "$bpfmm" -variant mixed "$many"
grep -q 'error: thread P2 has more than 200000 paths; the test is too large (-maxpaths N raises the limit, 0 removes it)$' "$tmp/err" \
	&& ok || ko "-maxpaths default: $(cat "$tmp/err")"
expect_rc 1 "-maxpaths 1" "$bpfmm" -maxpaths 1 "$sb"
grep -q 'error: thread P[01] has more than 1 paths' "$tmp/err" && ok || ko "-maxpaths 1: $(cat "$tmp/err")"
expect_rc 0 "-maxpaths 2" "$bpfmm" -maxpaths 2 "$sb"
grep -q '^Observation SB+plain' "$tmp/out" && ok || ko "-maxpaths 2 checks SB+plain"
expect_rc 0 "-maxpaths 0 on many-paths" "$bpfmm" -notime -variant mixed -maxpaths 0 "$many"
grep -q '^Observation many-paths Never 0 4334$' "$tmp/out" && ok || ko "-maxpaths 0: $(tail -3 "$tmp/out")"
expect_rc 2 "-maxpaths -1" "$bpfmm" -maxpaths -1 "$sb"
expect_rc 2 "-maxpaths 1x" "$bpfmm" -maxpaths 1x "$sb"
expect_rc 2 "explain -maxpaths" "$bpfmm" explain -maxpaths 0 "$sb" "0:r1=0"
BPFMM=$bpfmm "$root/scripts/herd7" -timeout 0.2 -model "$root/tests/speedcheck/rcu-free.cat" "$big" "$mp" \
	>"$tmp/out" 2>&1
[ "$(grep -c '^Test ' "$tmp/out")" -eq 1 ] && ok || ko "herd7 wrapper -timeout: $(head -3 "$tmp/out")"

# the bundled model is found after make install, from any directory
if make -s -C "$root" install PREFIX="$tmp/inst" >/dev/null 2>&1; then
	(cd / && "$tmp/inst/bin/bpfmm" -notime "$sb") >"$tmp/out" 2>&1 &&
		grep -q '^Observation SB+plain' "$tmp/out" && ok || ko "installed bpfmm: $(cat "$tmp/out")"
	# named without "bin/..": error messages and explain print it
	"$tmp/inst/bin/bpfmm" --model-dir | grep -qx "$(cd "$tmp/inst/share/bpfmm/models" && pwd -P)" && ok || ko "installed model dir: $("$tmp/inst/bin/bpfmm" --model-dir)"
	(cd / && "$tmp/inst/bin/bpfmm" map --arch riscv64 "$sb") >"$tmp/out" 2>&1 &&
		grep -q '^Map SB+plain riscv64 riscv64-linux-6.12 sound' "$tmp/out" && ok || ko "installed map: $(cat "$tmp/out")"
	# documentation and the herd7 wrapper: bpfmm-herd7 in bin (it cannot
	# shadow a real herd7), herd7 in libexec/bpfmm for who puts it first
	[ -f "$tmp/inst/share/doc/bpfmm/README.md" ] && [ -f "$tmp/inst/share/doc/bpfmm/docs/litmus-format.md" ] \
		&& ok || ko "installed documentation"
	[ ! -e "$tmp/inst/bin/herd7" ] && [ -x "$tmp/inst/bin/bpfmm-herd7" ] && ok || ko "installed wrapper name"
	(cd / && env -u BPFMM "$tmp/inst/libexec/bpfmm/herd7" -notime "$sb") >"$tmp/out" 2>&1 &&
		grep -q '^Observation SB+plain' "$tmp/out" && ok || ko "installed herd7 wrapper: $(cat "$tmp/out")"
	# the kernel's checklitmus.sh with the installed copy standing in for herd7
	lkmm=${LKMM_DIR:-$(sh "$root/scripts/lkmm-tree.sh" 2>/dev/null)}
	if [ -n "$lkmm" ] && [ -f "$lkmm/scripts/checklitmus.sh" ]; then
		mkdir -p "$tmp/dest/litmus-tests"
		(cd "$lkmm" && PATH="$tmp/inst/libexec/bpfmm:$PATH" BPFMM= LKMM_DESTDIR="$tmp/dest" \
			LKMM_HERD_OPTIONS="-conf linux-kernel.cfg" LKMM_HW_MAP_FILE= \
			sh scripts/checklitmus.sh litmus-tests/SB+fencembonceonces.litmus) >"$tmp/out" 2>&1 \
			&& grep -q '^Observation SB+fencembonceonces Never' "$tmp/dest/litmus-tests/SB+fencembonceonces.litmus.out" \
			&& ok || ko "checklitmus.sh with the installed wrapper: $(head -5 "$tmp/out")"
	else
		echo "SKIP: checklitmus.sh with the installed wrapper (no kernel sources; set LKMM_DIR)"
	fi
else
	ko "make install"
fi
# The options several commands share come from one table
# (src/kit/options.c): the same checks and messages in each command, each
# pointing at its own --help.
for cmd in "" map c2bpf lkmm-map clang2bpf; do
	expect_rc 2 "${cmd:-bpfmm} -j x" "$bpfmm" $cmd -j x "$sb"
	grep -q "^bpfmm${cmd:+ $cmd}: bad number of jobs 'x'\$" "$tmp/err" &&
		grep -q "^Try 'bpfmm${cmd:+ $cmd} --help'.\$" "$tmp/err" && ok || ko "${cmd:-bpfmm} -j x: $(cat "$tmp/err")"
done
for cmd in "" map diff-models jit-check; do
	expect_rc 2 "${cmd:-bpfmm} -budget without a number" "$bpfmm" $cmd -budget
	grep -q "^bpfmm${cmd:+ $cmd}: -budget needs a number\$" "$tmp/err" && ok || ko "${cmd:-bpfmm} -budget: $(cat "$tmp/err")"
done
# jit-check's bpftool inputs (docs/jit-check.md, "bpftool"): an option
# without its path is a usage error; an input it cannot read, and a hold
# line it cannot parse, FILE:LINE:COL errors and exit 1, before any
# disassembly
expect_rc 2 "jit-check --bpftool without a path" "$bpfmm" jit-check --arch arm64 --dump /dev/null "$sb" --bpftool
grep -q "^bpfmm jit-check: --bpftool needs an argument\$" "$tmp/err" && ok || ko "jit-check --bpftool: $(cat "$tmp/err")"
expect_rc 1 "jit-check --image of a missing file" "$bpfmm" jit-check --arch arm64 --dump /dev/null --image "$tmp/nothere.bin" "$sb"
grep -q "^$tmp/nothere.bin: error: cannot read it: No such file or directory\$" "$tmp/err" && ok ||
	ko "jit-check --image of a missing file: $(cat "$tmp/err")"
printf 'bpfmm-run: hold SB 0 12\n' > "$tmp/hold.txt"
: > "$tmp/empty.bin"
expect_rc 1 "jit-check: a short hold line, an empty image" "$bpfmm" jit-check --arch arm64 --dump "$tmp/hold.txt" --image "$tmp/empty.bin" "$sb"
grep -q "^$tmp/hold.txt:1:12: error: bad hold line: not \"hold TEST T ID NAME\"\$" "$tmp/err" &&
	grep -q "^$tmp/empty.bin: error: an empty image\$" "$tmp/err" && ok || ko "jit-check hold line, empty image: $(cat "$tmp/err")"
expect_rc 2 "explain -model without a file" "$bpfmm" explain -model
grep -q "^Try 'bpfmm explain --help'.\$" "$tmp/err" && ok || ko "explain's option errors point at its own --help: $(cat "$tmp/err")"

# --- the commands a newcomer stumbles on
# --help lists every sub-command from the table that dispatches them, each
# with a one-line summary, and each listed name is one the binary runs
"$bpfmm" --help >"$tmp/help.txt"
cmds=$(sed -n 's/^  bpfmm \([a-z0-9-]*\) .*/\1/p' "$tmp/help.txt")
for c in map jit-check run explain c2bpf clang2bpf lkmm-map diy diff-models; do
	echo "$cmds" | grep -qx "$c" && ok || ko "bpfmm --help does not list $c"
done
for c in $cmds; do
	"$bpfmm" "$c" --help >/dev/null 2>&1 && ok || ko "bpfmm $c --help (listed by --help) fails"
	sed -n "/^  bpfmm $c /{n;p;}" "$tmp/help.txt" | grep -q '^        [a-zA-Z]' && ok || ko "no summary line for $c in --help"
done
# a mistyped sub-command: did you mean, exit 2 (not a test that cannot be opened)
expect_rc 2 "bpfmm jitcheck" "$bpfmm" jitcheck "$sb"
grep -q "^bpfmm: unknown command 'jitcheck' (did you mean 'jit-check'?)\$" "$tmp/err" && ok || ko "jitcheck: $(cat "$tmp/err")"
expect_rc 2 "bpfmm mpa" "$bpfmm" mpa --arch riscv64 "$sb"
grep -q "^bpfmm: unknown command 'mpa' (did you mean 'map'?)\$" "$tmp/err" && ok || ko "mpa: $(cat "$tmp/err")"
# ... but a file of that name is a test, as before
abs_bpfmm=$(cd "$(dirname "$bpfmm")" && pwd)/$(basename "$bpfmm")
(cd "$tmp" && cp "$sb" mpa && "$abs_bpfmm" mpa >/dev/null 2>&1) && ok || ko "a test file named mpa is not checked"
# a mistyped option of each command: did you mean (from the command's --help)
for c in "" explain map run jit-check c2bpf clang2bpf lkmm-map diy diff-models; do
	case $c in
	"" | explain) bad=-modle good=-model ;;
	map | run | jit-check) bad=--arhc good=--arch ;;
	c2bpf | lkmm-map) bad=--emti good=--emit ;;
	clang2bpf) bad=--mpcu good=--mcpu ;;
	diy) bad=-sise good=-size ;;
	diff-models) bad=--randmo good=--random ;;
	esac
	expect_rc 2 "bpfmm $c $bad" "$bpfmm" $c $bad x "$sb"
	grep -q "^bpfmm${c:+ $c}: unknown option '$bad' (did you mean '$good'?)\$" "$tmp/err" &&
		grep -q "^Try 'bpfmm${c:+ $c} --help'.\$" "$tmp/err" && ok || ko "bpfmm $c $bad: $(cat "$tmp/err")"
done
# an option too far from any is unknown, without a guess ("-x" is no typo of "-j")
expect_rc 2 "map -x" "$bpfmm" map -x "$sb"
grep -q "^bpfmm map: unknown option '-x'\$" "$tmp/err" && ok || ko "map -x: $(cat "$tmp/err")"
# what is missing is named, not the whole usage dumped
for args in "map $sb|bpfmm map: --arch or --mapping needed" "run $sb|bpfmm run: --arch needed (or --emit JOBFILE, --judge LOG)" \
	"run --arch riscv64|bpfmm run: no litmus file given" "lkmm-map $sb|bpfmm lkmm-map: no --mapping given" \
	"c2bpf|bpfmm c2bpf: no litmus file given" "clang2bpf|bpfmm clang2bpf: no litmus file given (or --primitives)" \
	"jit-check $sb|bpfmm jit-check: --arch needed" "jit-check --arch arm64 $sb|bpfmm jit-check: --dump needed"; do
	expect_rc 2 "${args%%|*}" "$bpfmm" ${args%%|*}
	[ "$(head -1 "$tmp/err")" = "${args#*|}" ] && [ "$(wc -l <"$tmp/err")" -eq 2 ] && ok \
		|| ko "bpfmm ${args%%|*}: $(cat "$tmp/err")"
done

# explain reads a state as the condition writes it, as a States line
# prints it and as map prints an unsound one (';' items, the last ';'
# optional, blanks anywhere, [x] or x): the same answer for each
"$bpfmm" explain "$mp" "1:r4=1 /\\ 1:r5=0" >"$tmp/cond.out" 2>&1
for st in "1:r4=1; 1:r5=0;" "1:r4=1; 1:r5=0" " 1:r4=1 ;1:r5=0 ; " "1:r4=1;1:r5=0;"; do
	expect_rc 0 "explain STATE '$st'" "$bpfmm" explain "$mp" "$st"
	cmp -s "$tmp/out" "$tmp/cond.out" && ok || ko "explain '$st': $(head -2 "$tmp/out" "$tmp/err")"
done
expect_rc 0 "explain a States line with memory" "$bpfmm" explain "$mp" "[x]=1; 1:r4=1; 1:r5=0;"
grep -q "^Test MP+rel+acq: the state \[x\]=1 /\\\\ 1:r4=1 /\\\\ 1:r5=0 is forbidden" "$tmp/out" && ok || ko "explain [x]=1;: $(head -2 "$tmp/out" "$tmp/err")"
# every States line of a test, pasted: allowed
for st in $("$bpfmm" -notime "$sb" | sed -n '/^States/,/^Ok\|^No/p' | sed '1d;$d' | tr ' ' '_'); do
	st=$(echo "$st" | tr '_' ' ')
	expect_rc 0 "explain States line '$st'" "$bpfmm" explain "$sb" "$st"
	grep -q "^Test SB+plain: the state .* is allowed" "$tmp/out" && ok || ko "explain '$st': $(head -2 "$tmp/out" "$tmp/err")"
done
# map's unsound state, pasted: forbidden by bpf.cat
fa=$root/tests/litmus/bpf/SB+fetchadd+fetchadd.litmus
st=$("$bpfmm" map --arch loongarch64 "$fa" | sed -n 's/^Map [^ ]* [^ ]* [^ ]* unsound //p')
expect_rc 0 "explain map's unsound state" "$bpfmm" explain "$fa" "$st"
[ -n "$st" ] && grep -q "^Test SB+fetchadd+fetchadd: the state .* is forbidden" "$tmp/out" && ok || ko "explain '$st': $(head -2 "$tmp/out" "$tmp/err")"
# an empty item is still an error at its column
expect_rc 1 "explain '1:r4=1;;'" "$bpfmm" explain "$mp" "1:r4=1;;"
grep -q "^STATE:1:" "$tmp/err" && ok || ko "explain '1:r4=1;;': $(cat "$tmp/err")"

# map's and jit-check's executions cite lines of the test they generate:
# the heading says where those lines are (--emit DIR, or how to get it),
# and the cited line is the instruction the event comes from
expect_rc 0 "map unsound without --emit" "$bpfmm" map --arch loongarch64 "$fa"
grep -q "^  an execution of the LoongArch test that reaches it (lines of the generated test: --emit DIR writes it):\$" "$tmp/out" \
	&& ok || ko "map execution heading: $(cat "$tmp/out")"
expect_rc 0 "map unsound with --emit" "$bpfmm" map --arch loongarch64 --emit "$tmp/em" "$fa"
grep -q "^  an execution of the LoongArch test that reaches it (lines of $tmp/em/SB+fetchadd+fetchadd.litmus):\$" "$tmp/out" \
	&& ok || ko "map --emit execution heading: $(cat "$tmp/out")"
ln=$(sed -n 's/^    co x: init=0, P0 line \([0-9]*\)=1$/\1/p' "$tmp/out")
[ -n "$ln" ] && sed -n "${ln}p" "$tmp/em/SB+fetchadd+fetchadd.litmus" | grep -q '^ *st\.w ' && ok \
	|| ko "map: line $ln of the emitted test is not P0's store: $(sed -n "${ln}p" "$tmp/em/SB+fetchadd+fetchadd.litmus")"
if command -v llvm-objdump-19 >/dev/null 2>&1; then
	expect_rc 1 "jit-check unsound" "$bpfmm" jit-check --arch riscv64 --dump "$root/tests/jit-check/fixtures/riscv64-brokenjit.console" \
		"$root/tests/litmus/bpf/SB+xchg64+xchg64.litmus"
	grep -q "^  an execution of the RISCV test that reaches it (lines of the generated test: --emit DIR writes it):\$" "$tmp/out" \
		&& ok || ko "jit-check execution heading: $(cat "$tmp/out" "$tmp/err")"
else
	echo "SKIP: jit-check's execution heading (llvm-objdump-19 missing)"
fi

# one vocabulary and a summary line for map, c2bpf, clang2bpf and lkmm-map
# (jit-check has its own): the per-test words are those the summary counts,
# and the summary's counts are those of the lines above it
sumre='[0-9]* tests, [0-9]* verdicts: [0-9]* sound, [0-9]* sound-stronger, [0-9]* unsound, [0-9]* refused, [0-9]* unsupported, [0-9]* unchecked; [0-9]* errors'
summary_agrees() {   # summary_agrees WHAT FIRST-WORD VERDICT-FIELD
	last=$(tail -1 "$tmp/out")
	echo "$last" | grep -q "^$1: $sumre\$" || { ko "$1: no summary line: $last"; return; }
	for w in sound sound-stronger unsound refused unsupported unchecked; do
		n=$(awk -v f="$2" -v k="$3" -v w="$w" '$1 == f && $k == w' "$tmp/out" | wc -l)
		echo "$last" | grep -q "[:,] $n $w[,;]" || { ko "$1: $n $w lines, summary '$last'"; return; }
	done
	bad=$(awk -v f="$2" -v k="$3" '$1 == f && $k !~ /^(sound|sound-stronger|unsound|refused|unsupported|unchecked)$/ { print $k }' "$tmp/out")
	[ -z "$bad" ] && ok || ko "$1: verdict words outside the vocabulary: $bad"
}
expect_rc 1 "map with a summary" "$bpfmm" map --arch loongarch64 "$sb" "$fa" "$mp" "$tmp/nothere.litmus"
summary_agrees "map loongarch64-linux-6.12" Map 5
tail -1 "$tmp/out" | grep -q "^map loongarch64-linux-6.12: 4 tests, 3 verdicts: 1 sound, 0 sound-stronger, 1 unsound, 0 refused, 1 unsupported, 0 unchecked; 1 errors\$" \
	&& ok || ko "map summary: $(tail -1 "$tmp/out")"
# no summary under --json (the records are there) nor in a shard of several
"$bpfmm" map --arch loongarch64 --json "$sb" "$fa" | grep -q '^map ' && ko "map --json prints a summary line" || ok
"$bpfmm" map --arch loongarch64 --shard 1/2 "$sb" "$fa" | grep -q '^map ' && ko "map --shard 1/2 prints a summary line" || ok
"$bpfmm" map --arch loongarch64 --shard 1/1 "$sb" "$fa" | tail -1 | grep -q "^map loongarch64-linux-6.12: 2 tests," && ok || ko "map --shard 1/1: no summary"
ctests=$(ls "$root"/tests/litmus/c/*.litmus | head -12)
if "$bpfmm" c2bpf $ctests >"$tmp/out" 2>"$tmp/err"; then
	summary_agrees c2bpf C2BPF 5
	"$bpfmm" lkmm-map --mapping all $ctests >"$tmp/out" 2>"$tmp/err"
	summary_agrees lkmm-map LKMM-MAP 6
	tail -1 "$tmp/out" | grep -q "^lkmm-map: 12 tests, 36 verdicts: " && ok || ko "lkmm-map summary: $(tail -1 "$tmp/out")"
else
	echo "SKIP: c2bpf / lkmm-map summaries (no linux-kernel.cat: scripts/lkmm-tree.sh)"
fi
if command -v clang-19 >/dev/null 2>&1 && "$bpfmm" c2bpf "$root/tests/litmus/c/$(ls "$root/tests/litmus/c" | head -1)" >/dev/null 2>&1; then
	"$bpfmm" clang2bpf --mcpu v4 $(echo $ctests | cut -d' ' -f1-4) >"$tmp/out" 2>"$tmp/err"
	summary_agrees clang2bpf CLANG2BPF 7
else
	echo "SKIP: clang2bpf summary (clang-19 or linux-kernel.cat missing)"
fi

# long steps say what they do on stderr before they start: the LKMM
# extraction (once: a cached tree says nothing), bpfmm run's guest (which
# builds a kernel or installs packages first, and says so: kernel/run.sh),
# and a test still running after a minute ($BPFMM_NOTE_SECONDS shortens it)
mkdir -p "$tmp/ksrc/linux-source-6.12/tools/memory-model" "$tmp/ksrc/linux-source-6.12/Documentation/litmus-tests"
echo 'C d' >"$tmp/ksrc/linux-source-6.12/Documentation/litmus-tests/d.litmus"
echo '"fake"' >"$tmp/ksrc/linux-source-6.12/tools/memory-model/linux-kernel.cat"
tar -cJf "$tmp/k.tar.xz" -C "$tmp/ksrc" linux-source-6.12
LINUX_SOURCE_TARBALL="$tmp/k.tar.xz" BPFMM_LKMM_CACHE="$tmp/lkc" sh "$root/scripts/lkmm-tree.sh" >"$tmp/out" 2>"$tmp/err"
grep -q "^lkmm-tree.sh: extracting the kernel's memory model .* from $tmp/k.tar.xz into $tmp/lkc, once" "$tmp/err" \
	&& [ "$(cat "$tmp/out")" = "$tmp/lkc/linux-source-6.12/tools/memory-model" ] && ok || ko "lkmm-tree.sh says nothing: $(cat "$tmp/err")"
LINUX_SOURCE_TARBALL="$tmp/k.tar.xz" BPFMM_LKMM_CACHE="$tmp/lkc" sh "$root/scripts/lkmm-tree.sh" >"$tmp/out" 2>"$tmp/err"
[ ! -s "$tmp/err" ] && ok || ko "lkmm-tree.sh with a cached tree: $(cat "$tmp/err")"
mkdir -p "$tmp/fakekernel"
printf 'echo "fake run.sh" >&2\nexit 1\n' >"$tmp/fakekernel/run.sh"
expect_rc 1 "run with a failing kernel/run.sh" env TMPDIR="$tmp" BPFMM_KERNEL_DIR="$tmp/fakekernel" "$bpfmm" run --arch riscv64 "$sb"
grep -A1 "^bpfmm run: booting a riscv64 guest through $tmp/fakekernel/run.sh (it first installs missing packages and builds the kernel once when needed, and says so)\$" "$tmp/err" \
	| tail -1 | grep -q "^fake run.sh\$" && ok || ko "run's stderr before its guest: $(cat "$tmp/err")"
grep -q 'log "=== $v: kernel missing or configured otherwise: building it once into $b' "$root/kernel/run.sh" \
	&& grep -q 'log "installing Debian packages (apt-get, a few minutes): $missing"' "$root/kernel/lib.sh" && ok \
	|| ko "kernel/run.sh does not say it builds, or kernel/lib.sh that it installs"
{
	printf 'BPF scale-N4-K3\n{\n0:r1=x;\n1:r1=x;\n2:r1=x;\n3:r1=x;\n}\n P0 | P1 | P2 | P3 ;\n'
	for k in 1 2 3; do printf ' *(u32 *)(r1 + 0) = %d | *(u32 *)(r1 + 0) = %d | *(u32 *)(r1 + 0) = %d | *(u32 *)(r1 + 0) = %d ;\n' $k $((k + 3)) $((k + 6)) $((k + 9)); done
	printf ' r2 = *(u32 *)(r1 + 0) | r2 = *(u32 *)(r1 + 0) | r2 = *(u32 *)(r1 + 0) | r2 = *(u32 *)(r1 + 0) ;\nexists (0:r2=6 /\\ 1:r2=9)\n'
} >"$tmp/slow.litmus"
expect_rc 0 "a slow test" env BPFMM_NOTE_SECONDS=0.05 "$bpfmm" -notime "$tmp/slow.litmus"
[ "$(cat "$tmp/err")" = "note: still running scale-N4-K3 (0.05 s)..." ] && grep -q '^Observation scale-N4-K3 ' "$tmp/out" && ok \
	|| ko "slow test note: $(cat "$tmp/err")"
expect_rc 0 "a test under a minute" "$bpfmm" -notime "$tmp/slow.litmus"
[ ! -s "$tmp/err" ] && ok || ko "a note for a test under a minute: $(cat "$tmp/err")"

# One include-path rule for every command (src/kit/model_load.c): the
# model's directory, the -I directories in order, MODELDIR/lib, MODELDIR.
mkdir -p "$tmp/incm" "$tmp/inci"
printf '"top"\ninclude "extra.cat"\n' >"$tmp/incm/top.cat"
printf 'let extra-po = po\nacyclic extra-po as extra-acyclic\n' >"$tmp/inci/extra.cat"
expect_rc 0 "an include found in an -I directory" "$bpfmm" -I "$tmp/inci" -model "$tmp/incm/top.cat" "$sb"
expect_rc 1 "an include in no directory of the rule" "$bpfmm" -model "$tmp/incm/top.cat" "$sb"
grep -q 'cannot find include file "extra.cat"' "$tmp/err" && ok || ko "include error: $(cat "$tmp/err")"
expect_rc 1 "diff-models: -I repeatable, the first directory searched too" \
	"$bpfmm" diff-models -I "$tmp/inci" -I "$tmp/incm" "$tmp/incm/top.cat" "$root/models/sc-bpf.cat" "$sb"
grep -q '^diff-models: 1 tests, 1 differ, 0 errors' "$tmp/out" && ok || ko "diff-models with two -I: $(cat "$tmp/out" "$tmp/err" | tail -3)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
